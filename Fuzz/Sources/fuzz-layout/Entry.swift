import SDUIFuzzing

/// libFuzzer's entry point: one input through the `layout` target; a broken property stops the process.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    MainActor.assumeIsolated { FuzzTarget.layout.runOrTrap(bytes) }
    return 0
}
