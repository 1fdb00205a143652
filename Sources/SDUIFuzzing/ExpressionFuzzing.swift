public import SDUISchema

/// The libFuzzer-style entry point for expressions: bytes in, the whole pipeline run (compile, check, evaluate).
///
/// A fuzz harness calls `ExpressionFuzzing.run(_:)` with each input (`LLVMFuzzerTestOneInput` in C terms); it
/// always returns 0. Inputs are read as a binding string (invalid UTF-8 is replaced, as a payload's strings
/// never hold it) and compiled in a scope with a state of every type and a template's `item` and `index`, then
/// run. Bad input must give a diagnostic; what the harness catches is anything else: a trap, a hang (each run
/// is bounded by `ExpressionLimits`), or a broken invariant, which stops the process with a message naming it.
public enum ExpressionFuzzing {
    /// The state the inputs are evaluated against: one variable of each type.
    public static let state = ScreenState([
        ("count", .int(3)), ("price", .number(19.99)), ("name", .string("Ada")), ("flag", .bool(true)),
        ("none", .null), ("items", .array([.int(1), .string("two"), .array([]), .object(StateObject(keys: ["k"], values: [.int(1)]))])),
        ("user", .object(StateObject(keys: ["name", "tags"], values: [.string("Ada"), .array([.string("a"), .string("b")])]))),
        ("empty", .array([])),
    ])

    static let locals: [(name: String, value: StateValue)] = [
        ("item", .object(StateObject(keys: ["id", "price"], values: [.string("p1"), .int(129)]))),
        ("index", .int(0)),
    ]

    /// Runs one input; returns 0. A broken property stops the process with a message naming it (what libFuzzer
    /// records as a crash, with the input).
    @discardableResult
    public static func run(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        run(Array(bytes.bindMemory(to: UInt8.self)))
    }

    /// Runs one input; returns 0 (see `run(_:)`).
    @discardableResult
    public static func run(_ bytes: [UInt8]) -> Int32 {
        let broken = failures(bytes)
        if !broken.isEmpty { fatalError("ExpressionFuzzing: " + broken.joined(separator: "; ")) }
        return 0
    }

    /// Runs one input and returns the properties it broke (empty: none) — the form the fuzz harness's targets
    /// take (`SDUIFuzzing`'s `FuzzTarget`).
    ///
    /// Properties: a diagnostic's column points into the string (or just past it) and has a message; an
    /// interpolation gives a string; an exact binding gives a value of the type it was checked as (or null); no
    /// number is infinite or NaN; compiling the same input twice gives the same program.
    public static func failures(_ bytes: [UInt8]) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        let scope = locals.reduce(ExpressionScope(schema: state.schema)) { $0.adding($1.name, $1.value.type) }
        let characters = text.unicodeScalars.count
        var broken: [String] = []
        func check(_ diagnostic: ExpressionDiagnostic, _ stage: String) {
            if diagnostic.column < 0 || diagnostic.column > characters + 1 {
                broken.append("\(stage) diagnostic column \(diagnostic.column) outside a string of \(characters) characters: \(diagnostic)")
            }
            if diagnostic.message.isEmpty { broken.append("\(stage) diagnostic without a message") }
        }
        let binding: StateBinding
        do {
            binding = try StateBinding(compiling: text, in: scope)
        } catch {
            check(error, "compile")
            return broken
        }
        if let again = try? StateBinding(compiling: text, in: scope), again.program != binding.program {
            broken.append("compiling \(text.debugDescription) twice gives two programs")
        }
        do {
            let value = try binding.evaluate(in: state, locals: locals.map(\.value))
            if !binding.isExact, !value.fits(.string) {
                broken.append("the interpolation \(text.debugDescription) gave \(value.brief), not a string")
            }
            if binding.isExact, binding.resultType != .any, value != .null, !value.fits(binding.resultType) {
                broken.append("\(text.debugDescription) was checked as \(binding.resultType) and gave \(value.brief)")
            }
            if case .number(let n) = value, !n.isFinite { broken.append("\(text.debugDescription) gave a non-finite number") }
        } catch {
            check(error, "runtime")
        }
        return broken
    }
}
