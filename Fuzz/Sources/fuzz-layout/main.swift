import FuzzDriver

// The `layout` target (docs/fuzzing.md); the libFuzzer entry point is FuzzDriver's.
runFuzzer(.layout)
