import Foundation
import SDUIFuzzing

/// One input through the `expression` target; a broken property stops the process (libFuzzer records the input).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    MainActor.assumeIsolated { FuzzTarget.expression.runOrTrap(bytes) }
    return 0
}

// libFuzzer's driver runs the input loop (corpus, mutations, -max_total_time …) and calls the function above with
// each input. SwiftPM gives every executable a main of its own, so that main hands control to the driver.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

if ProcessInfo.processInfo.environment["SDUI_FUZZ_DICTIONARY"] != nil {
    print(FuzzDictionary.text(), terminator: "")
    exit(0)
}
var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { fuzzOneInput($0, $1) })
