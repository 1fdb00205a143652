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

    /// Runs one input; returns 0.
    @discardableResult
    public static func run(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        run(Array(bytes.bindMemory(to: UInt8.self)))
    }

    /// Runs one input; returns 0.
    @discardableResult
    public static func run(_ bytes: [UInt8]) -> Int32 {
        let text = String(decoding: bytes, as: UTF8.self)
        let scope = locals.reduce(ExpressionScope(schema: state.schema)) { $0.adding($1.name, $1.value.type) }
        let characters = text.unicodeScalars.count
        func check(_ diagnostic: ExpressionDiagnostic, _ stage: String) {
            // A column points into the string (or just past its end), never elsewhere.
            guard diagnostic.column >= 0, diagnostic.column <= characters + 1 else {
                fatalError("ExpressionFuzzing: \(stage) diagnostic column \(diagnostic.column) outside a string of \(characters) characters: \(diagnostic)")
            }
            guard !diagnostic.message.isEmpty else { fatalError("ExpressionFuzzing: \(stage) diagnostic without a message") }
        }
        let binding: StateBinding
        do {
            binding = try StateBinding(compiling: text, in: scope)
        } catch {
            check(error, "compile")
            return 0
        }
        do {
            let value = try binding.evaluate(in: state, locals: locals.map(\.value))
            // An interpolation is a string; a checked type is what the value is.
            if !binding.isExact, case .string = value {} else if !binding.isExact {
                fatalError("ExpressionFuzzing: the interpolation \(text.debugDescription) gave \(value.brief), not a string")
            }
            if binding.isExact, binding.resultType != .any, !value.fits(binding.resultType), !(value == .null) {
                fatalError("ExpressionFuzzing: \(text.debugDescription) was checked as \(binding.resultType) and gave \(value.brief)")
            }
            if case .number(let n) = value, !n.isFinite { fatalError("ExpressionFuzzing: \(text.debugDescription) gave a non-finite number") }
        } catch {
            check(error, "runtime")
        }
        return 0
    }
}
