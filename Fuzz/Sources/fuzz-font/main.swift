import FuzzDriver

// The `font` target (docs/fuzzing.md); the libFuzzer entry point is FuzzDriver's.
runFuzzer(.font)
