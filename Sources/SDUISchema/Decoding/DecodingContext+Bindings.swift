import SDUIEnvironment

/// The decoder's view of bindings: what expressions at the value being decoded can read, and whether and
/// against what they are resolved.
///
/// At the top of a screen the scope is the screen's state and bindings are resolved against its values (the
/// payload's initial values, or the state given to `PayloadDecoder.decode(_:state:)`). Inside a `forEach`'s
/// template the scope adds `item` and `index`: the template is decoded once as its definition (bindings checked,
/// not resolved: `localValues` is nil) and once per item with that item's values (`isExpanding`: problems that do
/// not depend on the item were reported with the definition and are not repeated).
struct BindingContext {
    /// False when the payload's bytes hold no `@{`: no string is looked at.
    var mayHaveBindings = true
    /// The state to resolve against instead of the payload's initial values (`decode(_:state:)`).
    var stateOverride: ScreenState?
    /// The types a screen resolved again declared for its variables (`Screen.resolved(in:)`): its encoding writes the
    /// variables' current values, and a current value can say less than the initial one did (an empty array).
    var declaredTypes: StateSchema?
    /// The screen's state, once decoded.
    var state = ScreenState()
    /// What expressions here can read.
    var scope = ExpressionScope()
    /// The locals' values; nil where bindings are checked but not resolved (a template's definition).
    var localValues: [StateValue]? = []
    /// The locals' names and types, as a cache key (`""` at the top).
    var localsSignature = ""
    /// Bindings compiled so far, by locals signature and source: a template's bindings are compiled once.
    var cache: [String: StateBinding] = [:]
    /// Decoding a template for one of its items: only item-dependent problems are reported.
    var isExpanding = false
    /// The item a template is being made for (for messages: "for item 3").
    var resolutionItem: Int?
    /// Resolving against a state given to the decoder, not the payload's initial values.
    var resolvesGivenState = false
    /// How problems found by resolving name the state: "in the initial state", "for item 3".
    var resolutionLabel: String {
        if let resolutionItem { return "for item \(resolutionItem)" }
        return resolvesGivenState ? "in the given state" : "in the initial state"
    }
    /// JSON Pointers of the template of each node a template made (by node number), for duplicate-id reports.
    var templatePointers: [Int: String] = [:]
    /// The bindings of the node being decoded, and where its object is on the decoder's path.
    var nodeBindings: [PropertyBinding] = []
    var nodeBase = 0
    /// Nodes templates have made so far, against `PayloadDecoder.Options.maxTemplateNodes`.
    var templateNodes = 0
    var reportedTemplateLimit = false

    /// Whether bindings here are resolved (not a template's definition).
    var resolves: Bool { localValues != nil }

    /// The part of the context a template's scope changes (what `popLocals` restores).
    struct SavedScope {
        var scope: ExpressionScope
        var localValues: [StateValue]?
        var localsSignature: String
        var isExpanding: Bool
        var resolutionItem: Int?
    }

    /// The cache key part that names `locals`' names and types.
    static func signature(of locals: [(name: String, type: StateType)]) -> String {
        locals.map { "\($0.name):\($0.type);" }.joined()
    }

    /// Adds `locals` (whose `signature` is given), with `values` (nil: not resolved); returns what to restore.
    /// Only the scope is saved, not the tables (copying those would copy them on every later insert).
    mutating func pushLocals(_ locals: [(name: String, type: StateType)], signature: String? = nil, values: [StateValue]?) -> SavedScope {
        let saved = SavedScope(scope: scope, localValues: localValues, localsSignature: localsSignature, isExpanding: isExpanding,
                               resolutionItem: resolutionItem)
        for local in locals { scope = scope.adding(local.name, local.type) }
        localsSignature += signature ?? Self.signature(of: locals)
        if let values, let current = localValues { localValues = current + values } else { localValues = nil }
        return saved
    }

    /// Starts collecting the bindings of a node whose object is at depth `base` of the path; returns the outer
    /// node's, for `endNode`.
    mutating func beginNode(at base: Int) -> (bindings: [PropertyBinding], base: Int) {
        let saved = (nodeBindings, nodeBase)
        nodeBindings = []
        nodeBase = base
        return saved
    }

    /// The bindings collected since `beginNode`, the outer node's restored.
    mutating func endNode(_ saved: (bindings: [PropertyBinding], base: Int)) -> [PropertyBinding] {
        let collected = nodeBindings
        (nodeBindings, nodeBase) = saved
        return collected
    }

    /// Restores the scope `saved` describes, keeping what was learnt since (the cache, counts, pointers).
    mutating func popLocals(to saved: SavedScope) {
        scope = saved.scope
        localValues = saved.localValues
        localsSignature = saved.localsSignature
        isExpanding = saved.isExpanding
        resolutionItem = saved.resolutionItem
    }
}

extension PayloadIssue.Code {
    /// A binding's or an action's value has a type its place cannot take (`"columns": "@{email}"`), or an
    /// expression combines values of the wrong types. The expression codes (`ExpressionDiagnostic.Code`:
    /// `expression-syntax`, `unknown-member`, `division-by-zero`, …) are used as they are.
    public static let typeMismatch = PayloadIssue.Code(rawValue: ExpressionDiagnostic.Code.typeMismatch.rawValue)
    /// A name that is not a state variable (in an expression, an action's `name`, an input's binding).
    public static let unknownName = PayloadIssue.Code(rawValue: ExpressionDiagnostic.Code.unknownName.rawValue)
}

/// What a bound property needs its value to be, for the static check (see `BindableScalar`).
enum BindingExpectation {
    /// A number (whole numbers too).
    case number
    /// A bool.
    case bool
    /// Text: a string, or a number, bool or null shown as text (an exact binding of a string property).
    case text
    /// A string (a color, an enumeration's value).
    case string
    /// Not known: checked when resolved.
    case unknown
}

/// A model type a property may bind, and what its binding must give.
protocol BindableScalar {
    static var bindingExpectation: BindingExpectation { get }
}

extension Double: BindableScalar { static var bindingExpectation: BindingExpectation { .number } }
extension Int: BindableScalar { static var bindingExpectation: BindingExpectation { .number } }
extension Bool: BindableScalar { static var bindingExpectation: BindingExpectation { .bool } }
extension String: BindableScalar { static var bindingExpectation: BindingExpectation { .text } }
extension Color: BindableScalar { static var bindingExpectation: BindingExpectation { .string } }
extension Alignment: BindableScalar { static var bindingExpectation: BindingExpectation { .string } }
extension Axis: BindableScalar { static var bindingExpectation: BindingExpectation { .string } }
extension ContentMode: BindableScalar { static var bindingExpectation: BindingExpectation { .string } }
extension ImagePlaceholder: BindableScalar { static var bindingExpectation: BindingExpectation { .string } }
extension ButtonStyle: BindableScalar { static var bindingExpectation: BindingExpectation { .string } }
extension TextStyle: BindableScalar { static var bindingExpectation: BindingExpectation { .string } }
extension FontWeight: BindableScalar { static var bindingExpectation: BindingExpectation { .string } }

/// What a string that may be a binding gives before a property decodes it (see `DecodingContext.bindingSource`).
enum BindingSource {
    case notBinding
    case unescaped(String)
    /// A binding whose value the property does not get: it takes its default.
    case unresolved
    /// A binding's value as JSON for the property to decode, and the value itself (for what its checks report).
    case resolved(JSONValue, StateValue)
}

extension DecodingContext {
    /// The binding `source` compiled in the current scope, from the cache when it was compiled before; nil
    /// with the problem reported at the value being decoded.
    mutating func compileBinding(_ source: String) -> StateBinding? {
        let key = bindings.localsSignature + "\u{0}" + source
        if let cached = bindings.cache[key] { return cached }
        do {
            let binding = try StateBinding(compiling: source, in: bindings.scope, limits: options.expressionLimits)
            bindings.cache[key] = binding
            return binding
        } catch {
            expressionError(error)
            return nil
        }
    }

    /// Reports an expression's problem at the value being decoded (`/root/text: column 3: …`).
    mutating func expressionError(_ diagnostic: ExpressionDiagnostic) {
        let place = diagnostic.column > 0 ? "column \(diagnostic.column): " : ""
        error(PayloadIssue.Code(rawValue: diagnostic.code.rawValue), place + diagnostic.message)
    }

    /// A problem found by resolving a binding: a warning (an error in strict mode) that names the state, reported
    /// for every item of a template; the property takes its default.
    mutating func resolutionIssue(_ code: PayloadIssue.Code, _ message: String) {
        let saved = bindings.isExpanding
        bindings.isExpanding = false
        lenient(code, "\(bindings.resolutionLabel): \(message); the property takes its default")
        bindings.isExpanding = saved
    }

    /// The value of a binding's result `json` (its value `value`) as a `T`, decoded by `scalar` with the property's
    /// own checks: what they find is about this state, not the payload (`boundValueFits`). The one step of a binding
    /// that touches a `T`, made once per `T` and `scalar`.
    mutating func boundValue<T>(_ json: JSONValue, _ value: StateValue, of s: String,
                                _ scalar: (inout DecodingContext, JSONValue) -> T?) -> Responsive<T>? {
        let mark = issues.count
        let saved = bindings.isExpanding
        bindings.isExpanding = false
        let typed = scalar(&self, json)
        bindings.isExpanding = saved
        guard boundValueFits(s, value, issuesSince: mark) else { return nil }
        return typed.map { .fixed($0) }
    }

    /// String `s` where a value of `expectation` is expected: not a binding, an escaped one, or a binding —
    /// compiled, type-checked and recorded — with its value as JSON for the property to decode (`.unresolved`: in a
    /// template's definition, or it could not be computed — reported — so the property takes its default).
    mutating func bindingSource(_ s: String, _ expectation: BindingExpectation) -> BindingSource {
        guard StateBinding.isBinding(s) else {
            return s.utf8.count >= 3 && s.contains("@@{") ? .unescaped(StateBinding.unescaped(s)) : .notBinding
        }
        guard let binding = compileBinding(s) else { return .unresolved }
        guard checkBindingType(binding, expectation) else { return .unresolved }
        recordBinding(binding)
        guard bindings.resolves, let locals = bindings.localValues else { return .unresolved }
        let value: StateValue
        do {
            value = try binding.evaluate(globals: bindings.state.values, locals: locals, limits: options.expressionLimits)
        } catch {
            resolutionIssue(PayloadIssue.Code(rawValue: error.code.rawValue), (error.column > 0 ? "column \(error.column): " : "") + error.message)
            return .unresolved
        }
        if expectation == .text {
            guard value.fits(.string) || value.type.isScalar else {
                resolutionIssue(.wrongType, "\(s) gives \(value.type.withArticle), not text")
                return .unresolved
            }
            return .resolved(.string(value.interpolationText), value)
        }
        return .resolved(value.jsonValue, value)
    }

    /// Whether the property's checks found nothing in binding `s`'s `value` since issue `mark`; what they found is
    /// taken back and reported as a resolution issue of this state.
    mutating func boundValueFits(_ s: String, _ value: StateValue, issuesSince mark: Int) -> Bool {
        guard issues.count > mark else { return true }
        let found = issues[mark...]
        issues.removeSubrange(mark...)
        for issue in found {
            resolutionIssue(issue.code, "\(s) gives \(value.brief): \(issue.message)")
        }
        return false
    }

    /// Records `binding` at the value being decoded in the node's bindings; a padding edge by its edge (the
    /// payload's `horizontal`, `vertical` or one value for every edge becomes the edges it sets).
    mutating func recordBinding(_ binding: StateBinding) {
        var steps: [PropertyBinding.Step] = []
        steps.reserveCapacity(max(0, path.count - bindings.nodeBase))
        for token in path[min(bindings.nodeBase, path.count)...] {
            switch token {
            case .key(let key): steps.append(.key(key))
            case .index(let index): steps.append(.index(index))
            }
        }
        var edges: [String] = []
        if case .key("padding")? = steps.last {
            edges = ["top", "leading", "bottom", "trailing"]
        } else if steps.count >= 2, case .key("padding") = steps[steps.count - 2], case .key(let edge)? = steps.last {
            if edge == "horizontal" { edges = ["leading", "trailing"] } else if edge == "vertical" { edges = ["top", "bottom"] }
            if !edges.isEmpty { steps.removeLast() }
        }
        if edges.isEmpty {
            bindings.nodeBindings.append(PropertyBinding(path: steps, binding: binding))
        } else {
            for edge in edges { bindings.nodeBindings.append(PropertyBinding(path: steps + [.key(edge)], binding: binding)) }
        }
    }

    /// Whether `binding`'s type can give what the property expects (reports it when not).
    mutating func checkBindingType(_ binding: StateBinding, _ expectation: BindingExpectation) -> Bool {
        let type = binding.resultType
        let fits: Bool
        let needed: String
        switch expectation {
        case .number: fits = type.mayBe(.number); needed = "a number"
        case .bool: fits = type.mayBe(.bool); needed = "true or false"
        case .string: fits = type.mayBe(.string); needed = "a string"
        case .text: fits = type.isScalar; needed = "text (a string, number, bool or null)"
        case .unknown: return true
        }
        if !fits {
            error(.typeMismatch, "must be \(needed); \(binding.source) gives \(type.withArticle)")
        }
        return fits
    }

    /// A node's `id` as given, or — inside a template — with its bindings resolved for the item
    /// (`"card-@{item.id}"`); nil with the problem reported.
    mutating func resolveID(_ s: String) -> String? {
        guard bindings.mayHaveBindings else { return s }
        guard StateBinding.isBinding(s) else { return s.contains("@@{") ? StateBinding.unescaped(s) : s }
        guard !bindings.scope.locals.isEmpty else {
            error(.invalidValue, "an id can be bound only inside a forEach template (\"card-@{item.id}\"): ids name nodes for the runtime, so they do not change with the state")
            return nil
        }
        guard let binding = compileBinding(s) else { return nil }
        guard binding.readSlots.isEmpty else {
            error(.invalidValue, "a template's id may read only \(bindings.scope.locals.map(\.name).joined(separator: ", ")) and literals, not state variables: an item's node keeps its id while the state changes")
            return nil
        }
        guard checkBindingType(binding, .text) else { return nil }
        guard let locals = bindings.localValues else { return s }
        do {
            let text = try binding.evaluate(globals: bindings.state.values, locals: locals, limits: options.expressionLimits).interpolationText
            guard !text.isEmpty else {
                resolutionIssue(.invalidValue, "\(s) gives an empty id")
                return nil
            }
            return text
        } catch {
            resolutionIssue(PayloadIssue.Code(rawValue: error.code.rawValue), (error.column > 0 ? "column \(error.column): " : "") + error.message)
            return nil
        }
    }
}
