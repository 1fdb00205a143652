import FuzzDriver

// The `decode` target (docs/fuzzing.md); the libFuzzer entry point is FuzzDriver's.
runFuzzer(.decode)
