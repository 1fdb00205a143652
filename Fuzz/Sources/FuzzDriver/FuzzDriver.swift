import Foundation
public import SDUIFuzzing

// What every fuzz executable shares: the libFuzzer entry point and the hand-over of SwiftPM's main to libFuzzer's
// driver. Each `fuzz-NAME/main.swift` is one call, `runFuzzer(.NAME)`.

/// The target this process fuzzes, set once by `runFuzzer(_:)` before libFuzzer's driver starts.
nonisolated(unsafe) private var selectedTarget: FuzzTarget = .decode

/// One input through the selected target; a broken property stops the process (libFuzzer records the input).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let target = selectedTarget
    MainActor.assumeIsolated { target.runOrTrap(bytes) }
    return 0
}

// libFuzzer's driver runs the input loop (corpus, mutations, -max_total_time …) and calls the function above with
// each input. SwiftPM gives every executable a main of its own, so that main hands control to the driver.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// Fuzzes `target` with libFuzzer's driver and the process's arguments (`SDUI_FUZZ_DICTIONARY=1`: prints the
/// payload dictionary instead), then exits with the driver's status.
@MainActor
public func runFuzzer(_ target: FuzzTarget) -> Never {
    if ProcessInfo.processInfo.environment["SDUI_FUZZ_DICTIONARY"] != nil {
        print(FuzzDictionary.text(for: target), terminator: "")
        exit(0)
    }
    selectedTarget = target
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv) { fuzzOneInput($0, $1) })
}
