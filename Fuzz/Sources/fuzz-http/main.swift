import FuzzDriver

// The `http` target (docs/fuzzing.md); the libFuzzer entry point is FuzzDriver's.
runFuzzer(.http)
