import FuzzDriver

// The `state` target (docs/fuzzing.md); the libFuzzer entry point is FuzzDriver's.
runFuzzer(.state)
