import SDUISchema

/// SDUIKit's fuzz targets: what one fuzzer input exercises, and the properties it must keep.
///
/// libFuzzer drives them through the executables of the `Fuzz/` package (`Scripts/fuzz TARGET SECONDS`, see
/// docs/fuzzing.md); the normal test suite replays every seed and every regression input through the same
/// functions (`Tests/SDUIFuzzingTests`), so a crash found once stays fixed. A target returns the properties an
/// input broke; a crash, a trap or a hang is a failure by itself.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// Decoding bytes as a payload: errors carry JSON Pointers, and a decoded screen survives encode → decode.
    case decode
    /// Decode, then lay out on tiny, huge and ordinary windows at every Dynamic Type size (spread over the
    /// inputs), relayout against fresh layouts, rounded and viewport layouts, HTML and SVG render.
    case layout
    /// A random sequence of `sdui simulate`-style steps on the runtime, checked by `LifeCycleAudit`.
    case runtime
    /// A binding string compiled, checked and evaluated against a state of every type
    /// (`ExpressionFuzzing`): diagnostics, never a trap or a hang; values of the checked type.
    case expression
    /// Bytes from a client read by `sdui serve`'s HTTP request parser and WebSocket frame decoder (`HTTPTarget`):
    /// the same in any split, requests that read back as themselves, only allowed error statuses, safe paths.
    case http
    /// Any bytes read as a font file (`FontTarget`): an error naming the file or faces whose character map and
    /// shaping stay inside the face and the text.
    case font
    /// A payload hosted in a `ScreenViewController`, then random state changes and taps (`StateTarget`): after each,
    /// the frames, diagnostics, display items and reading order equal a fresh decode and layout's in the new state.
    case state

    /// Runs one input and returns the properties it broke (empty: none).
    @MainActor
    public func run(_ bytes: [UInt8]) -> [String] {
        switch self {
        case .decode: return DecodeTarget.run(bytes)
        case .layout: return LayoutTarget.run(bytes)
        case .runtime: return RuntimeTarget.run(bytes)
        case .expression: return ExpressionFuzzing.failures(bytes)
        case .http: return HTTPTarget.run(bytes)
        case .font: return FontTarget.run(bytes)
        case .state: return StateTarget.run(bytes)
        }
    }

    /// What the input does, for people (the runtime target's steps; the payload's size otherwise).
    @MainActor
    public func describe(_ bytes: [UInt8]) -> String {
        switch self {
        case .decode, .layout, .expression, .http, .font, .state: return "\(bytes.count) bytes"
        case .runtime: return RuntimeTarget.describe(bytes)
        }
    }

    /// The libFuzzer entry point's body: runs the input and stops the process (a crash libFuzzer records,
    /// with the input) when it broke a property.
    @MainActor
    public func runOrTrap(_ bytes: [UInt8]) {
        let failures = run(bytes)
        guard !failures.isEmpty else { return }
        var message = "fuzz target \(rawValue): \(failures.count) propert\(failures.count == 1 ? "y" : "ies") broken\n"
        if self == .runtime { message += "steps: \(describe(bytes))\n" }
        for failure in failures.prefix(20) { message += "  " + failure + "\n" }
        fatalError(message)
    }
}

/// FNV-1a over the input: a stable choice of environments per input (the same input always chooses the same).
func stableHash(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
}
