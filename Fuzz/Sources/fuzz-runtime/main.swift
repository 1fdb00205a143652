import FuzzDriver

// The `runtime` target (docs/fuzzing.md); the libFuzzer entry point is FuzzDriver's.
runFuzzer(.runtime)
