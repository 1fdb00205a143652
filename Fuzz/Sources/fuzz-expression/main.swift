import FuzzDriver

// The `expression` target (docs/fuzzing.md); the libFuzzer entry point is FuzzDriver's.
runFuzzer(.expression)
