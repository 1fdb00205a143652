import SDUIEnvironment

/// Range a number must fall in (bounds: `ValueLimits`).
enum NumberConstraint {
    /// A length in points: 0 … `ValueLimits.maxLength`.
    case length
    /// A length that must be > 0: up to `ValueLimits.maxLength`.
    case positiveLength
    /// An offset: −`ValueLimits.maxLength` … `ValueLimits.maxLength`.
    case signedLength
    /// An aspect ratio: > 0, within `ValueLimits.aspectRatio`.
    case aspectRatio
    /// A layout priority: within `ValueLimits.layoutPriority`.
    case layoutPriority
    /// A stepper's bound: within `ValueLimits.stepperValue`.
    case stepperValue
    /// A stepper's step: > 0, up to `ValueLimits.stepperValue`'s upper bound.
    case stepperStep
    /// A font size in points: within `ValueLimits.fontSize`.
    case fontSize

    func check(_ v: Double) -> String? {
        switch self {
        case .length:
            if !(v >= 0) { return "must be ≥ 0, got \(JSONValue.format(v))" }
            if v > ValueLimits.maxLength { return "must be at most \(JSONValue.format(ValueLimits.maxLength)) pt, got \(JSONValue.format(v))" }
            return nil
        case .positiveLength:
            if !(v > 0) { return "must be > 0, got \(JSONValue.format(v))" }
            if v > ValueLimits.maxLength { return "must be at most \(JSONValue.format(ValueLimits.maxLength)) pt, got \(JSONValue.format(v))" }
            return nil
        case .signedLength:
            return Self.range(v, -ValueLimits.maxLength...ValueLimits.maxLength)
        case .aspectRatio:
            if !(v > 0) { return "must be > 0, got \(JSONValue.format(v))" }
            return Self.range(v, ValueLimits.aspectRatio)
        case .layoutPriority:
            return Self.range(v, ValueLimits.layoutPriority)
        case .stepperValue:
            return Self.range(v, ValueLimits.stepperValue)
        case .stepperStep:
            if !(v > 0) { return "must be > 0, got \(JSONValue.format(v))" }
            return Self.range(v, 0...ValueLimits.stepperValue.upperBound)
        case .fontSize:
            return Self.range(v, ValueLimits.fontSize)
        }
    }

    private static func range(_ v: Double, _ range: ClosedRange<Double>) -> String? {
        range.contains(v) ? nil
            : "must be between \(JSONValue.format(range.lowerBound)) and \(JSONValue.format(range.upperBound)), got \(JSONValue.format(v))"
    }
}

extension DecodingContext {
    /// Reports every number in `value` that is NaN or infinite (possible only in a document made in code), each at
    /// its JSON Pointer; nesting deeper than the parser allows is reported once and not walked.
    /// - Complexity: O(size of `value`).
    mutating func reportNonFiniteNumbers(in value: JSONValue, depth: Int = 0) {
        if depth > options.maxJSONDepth {
            error(.limitExceeded, "nesting deeper than \(options.maxJSONDepth) levels")
            return
        }
        switch value {
        case .number(let n) where !n.isFinite:
            error(.invalidValue, "must be a finite number, got \(n.isNaN ? "NaN" : n > 0 ? "infinity" : "-infinity")")
        case .array(let items):
            for (i, item) in items.enumerated() {
                path.append(.index(i))
                reportNonFiniteNumbers(in: item, depth: depth + 1)
                path.removeLast()
            }
        case .object(let pairs):
            for (key, item) in pairs {
                path.append(.key(key))
                reportNonFiniteNumbers(in: item, depth: depth + 1)
                path.removeLast()
            }
        default:
            break
        }
    }

    /// The keys of a size-class map.
    static let sizeClassKeys = ["compact", "regular"]

    /// Whether an object whose first key is neither `compact` nor `regular` is a size-class map with misspelt keys
    /// (`{"compat": 2, "regular": 4}`): at most two keys, each one of them or a small edit away.
    /// - Complexity: O(1); the edit distances only for keys of 5 to 9 bytes that are not a color's (`light`, `dark`:
    /// the other object that reaches here, many times in a payload).
    static func isMisspeltSizeClassMap(_ pairs: [(key: String, value: JSONValue)]) -> Bool {
        guard pairs.count <= 2 else { return false }
        for pair in pairs {
            let count = pair.key.utf8.count
            guard (5...9).contains(count), pair.key != "light" else { return false }
        }
        return pairs.allSatisfy { sizeClassKeys.contains($0.key) || Spelling.closest(to: $0.key, among: sizeClassKeys) != nil }
    }

    /// A scalar, a `{"compact": …, "regular": …}` map of scalars, or a binding (`"@{expr}"`, or text with
    /// `@{…}` in it), resolved against the state (`bindingSource`, then `boundValue`).
    ///
    /// The plain value and a binding's value are made once per `T` and `scalar` (the common cases); a size-class map goes
    /// through `sizeClassMap`, compiled once for every `T` (the decoder has dozens of `scalar`s, and a specialised copy
    /// of the map's reading for each was code an app carried).
    mutating func responsive<T>(_ value: JSONValue, _ scalar: (inout DecodingContext, JSONValue) -> T?) -> Responsive<T>? {
        if bindings.mayHaveBindings, case .string(let s) = value {
            switch bindingSource(s, (T.self as? any BindableScalar.Type)?.bindingExpectation ?? .unknown) {
            case .notBinding: break
            case .unescaped(let text): return scalar(&self, .string(text)).map { .fixed($0) }
            case .unresolved: return nil
            case .resolved(let json, let bound): return boundValue(json, bound, of: s, scalar)
            }
        }
        if case .object(let pairs) = value, let first = pairs.first, first.key == "compact" || first.key == "regular" || Self.isMisspeltSizeClassMap(pairs) {
            return sizeClassMap(value, pairs, scalar)
        }
        return scalar(&self, value).map { .fixed($0) }
    }

    /// A size-class map (`{"compact": …, "regular": …}`, or one with a misspelt class) of `T`s.
    @_semantics("optimize.sil.specialize.generic.never") @inline(never)
    mutating func sizeClassMap<T>(_ value: JSONValue, _ pairs: [(key: String, value: JSONValue)],
                                  _ scalar: (inout DecodingContext, JSONValue) -> T?) -> Responsive<T>? {
        var compact: T?, regular: T?
        var ok = true
        func classValue(_ context: inout DecodingContext, _ item: JSONValue) -> T? {
            if context.bindings.mayHaveBindings, case .string(let s) = item, StateBinding.isBinding(s) {
                context.error(.invalidValue, "a size-class map holds plain values: bind the whole property instead (\"@{wide ? 4 : 2}\")")
                return nil
            }
            return scalar(&context, item)
        }
        for (key, item) in pairs {
            switch key {
            case "compact": compact = at(key) { classValue(&$0, item) }; ok = ok && compact != nil
            case "regular": regular = at(key) { classValue(&$0, item) }; ok = ok && regular != nil
            default:
                ok = false
                guard let guess = Spelling.closest(to: key, among: Self.sizeClassKeys) else {
                    error(.invalidValue, at: key, "a size-class map takes only \"compact\" and \"regular\", got \"\(key)\"")
                    continue
                }
                // A misspelt class: its value is checked too.
                error(.probableTypo, at: key, "a size-class map takes only \"compact\" and \"regular\", got \"\(key)\" — did you mean \"\(guess)\"?")
                if value[guess] == nil { _ = at(key) { classValue(&$0, item) } }
            }
        }
        guard ok, compact != nil || regular != nil else { return nil }
        return .sizeClass(compact: compact, regular: regular)
    }

    mutating func number(_ value: JSONValue, _ constraint: NumberConstraint) -> Double? {
        guard case .number(let v) = value else {
            error(.wrongType, "must be a number, got \(value.brief)")
            return nil
        }
        guard v.isFinite else { error(.invalidValue, "must be a finite number"); return nil }
        if let problem = constraint.check(v) { error(.invalidValue, problem); return nil }
        return v
    }

    mutating func integer(_ value: JSONValue, _ range: ClosedRange<Int>) -> Int? {
        guard case .number(let v) = value else {
            error(.wrongType, "must be an integer, got \(value.brief)")
            return nil
        }
        guard v.isFinite, v == v.rounded(), let i = Int(exactly: v) else {
            error(.wrongType, "must be an integer, got \(JSONValue.format(v))")
            return nil
        }
        guard range.contains(i) else {
            error(.invalidValue, "must be between \(range.lowerBound) and \(range.upperBound), got \(i)")
            return nil
        }
        return i
    }

    mutating func string(_ value: JSONValue) -> String? {
        guard case .string(let s) = value else {
            error(.wrongType, "must be a string, got \(value.brief)")
            return nil
        }
        return s
    }

    mutating func bool(_ value: JSONValue) -> Bool? {
        guard case .bool(let b) = value else {
            error(.wrongType, "must be true or false, got \(value.brief)")
            return nil
        }
        return b
    }

    mutating func enumeration<E: RawRepresentable & CaseIterable>(_ value: JSONValue, _ type: E.Type) -> E? where E.RawValue == String {
        enumeration(value, Array(E.allCases))
    }

    /// One of `allowed` (the values allowed at this place, which may be fewer than the type has: a vstack's
    /// alignment is horizontal). The message lists only those, with the closest as a suggestion.
    @_semantics("optimize.sil.specialize.generic.never") @inline(never)
    mutating func enumeration<E: RawRepresentable>(_ value: JSONValue, _ allowed: [E], here: Bool = false) -> E? where E.RawValue == String {
        if case .string(let s) = value, let e = allowed.first(where: { $0.rawValue == s }) { return e }
        enumerationError(value, names: allowed.map(\.rawValue), here: here)
        return nil
    }

    /// Reports `value`, which is not one of `names` (see `enumeration`); not generic, so not a copy per enumeration.
    @inline(never)
    mutating func enumerationError(_ value: JSONValue, names: [String], here: Bool) {
        let list = names.joined(separator: ", ")
        guard case .string(let s) = value else {
            error(.wrongType, "must be one of \(list)\(here ? " here" : ""), got \(value.brief)")
            return
        }
        let guess = Spelling.closest(to: s, among: names) ?? Self.synonyms[s].flatMap { names.contains($0) ? $0 : nil }
        error(.invalidValue, "must be one of \(list)\(here ? " here" : ""), got \"\(s)\"" + (guess.map { " — did you mean \"\($0)\"?" } ?? ""))
    }

    /// Words from other layout systems and the payload value SwiftUI names the same thing with.
    static let synonyms: [String: String] = ["left": "leading", "right": "trailing", "start": "leading", "end": "trailing",
                                             "middle": "center", "centre": "center", "centered": "center",
                                             "topLeft": "topLeading", "topRight": "topTrailing",
                                             "bottomLeft": "bottomLeading", "bottomRight": "bottomTrailing"]

    mutating func alignment(_ value: JSONValue, _ allowed: [Alignment]) -> Alignment? {
        enumeration(value, allowed, here: allowed.count < Alignment.allCases.count)
    }

    /// `{"disable": [{"code": "…", "reason": "…"}]}`.
    mutating func lint(_ value: JSONValue) -> LintSettings? {
        guard case .object(let pairs) = value else {
            error(.wrongType, "must be an object like {\"disable\": [{\"code\": \"text-truncated\", \"reason\": \"…\"}]}, got \(value.brief)")
            return nil
        }
        var settings = LintSettings()
        var sawDisable = false
        for (key, item) in pairs {
            guard key == "disable" else {
                reportUnknown(key, at: key, "unknown lint setting \"\(key)\"", known: Self.objectKeys["lint"] ?? [])
                continue
            }
            sawDisable = true
            guard case .array(let entries) = item else {
                error(.wrongType, at: key, "must be an array of {\"code\", \"reason\"} objects, got \(item.typeDescription)")
                continue
            }
            path.append(.key(key))
            for (i, entry) in entries.enumerated() {
                path.append(.index(i))
                if let suppression = lintSuppression(entry) { settings.disable.append(suppression) }
                path.removeLast()
            }
            path.removeLast()
        }
        if !sawDisable { error(.missingProperty, at: "disable", "required: the findings to silence, [{\"code\", \"reason\"}]") }
        return settings
    }

    private mutating func lintSuppression(_ value: JSONValue) -> LintSettings.Suppression? {
        guard case .object(let pairs) = value else {
            error(.wrongType, "must be an object {\"code\": \"…\", \"reason\": \"…\"}, got \(value.brief)")
            return nil
        }
        var code: String?, reason: String?
        for (key, item) in pairs {
            switch key {
            case "code":
                guard let s = at(key, { $0.string(item) }) else { continue }
                let valid = !s.isEmpty && s.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
                    && s.utf8.first.map { $0 >= 0x61 && $0 <= 0x7A } == true
                if valid { code = s } else { error(.invalidValue, at: key, "must be a lint code such as \"text-truncated\" (lowercase letters, digits and -), got \"\(s)\"") }
            case "reason":
                guard let s = at(key, { $0.string(item) }) else { continue }
                if s.trimmingCharacters(in: .whitespaces).isEmpty { error(.invalidValue, at: key, "must say why the finding is not a problem here (a non-empty string)") } else { reason = s }
            default:
                reportUnknown(key, at: key, "unknown property \"\(key)\"", known: Self.objectKeys["lintSuppression"] ?? [])
            }
        }
        if code == nil && value["code"] == nil { error(.missingProperty, at: "code", "required: the lint code to silence") }
        if reason == nil && value["reason"] == nil { error(.missingProperty, at: "reason", "required: why the finding is not a problem here") }
        guard let code, let reason else { return nil }
        return LintSettings.Suppression(code: code, reason: reason)
    }

    mutating func color(_ value: JSONValue) -> Color? {
        switch value {
        case .string(let s):
            guard let c = Color(parsing: s) else {
                error(.invalidValue, "must be #RGB, #RRGGBB, #RRGGBBAA or a system color (\(Color.system.keys.sorted().joined(separator: ", "))), got \"\(s)\"")
                return nil
            }
            return c
        case .object(let pairs):
            var light: Color?, dark: Color?
            for (key, item) in pairs {
                switch key {
                case "light": light = at(key) { $0.color(item) }
                case "dark": dark = at(key) { $0.color(item) }
                default: error(.invalidValue, at: key, "a color object takes only \"light\" and \"dark\", got \"\(key)\"")
                }
            }
            guard let light else {
                if value["light"] == nil { error(.missingProperty, at: "light", "required: the light-appearance color") }
                return nil
            }
            return Color(light: light.light, dark: (dark ?? light).dark)
        default:
            error(.wrongType, "must be a color string like \"#FF8800\" or {\"light\": …, \"dark\": …}, got \(value.brief)")
            return nil
        }
    }

    mutating func padding(_ value: JSONValue) -> Padding? {
        if case .object(let pairs) = value, pairs.isEmpty {
            error(.invalidValue, "must be a length or an object of edges naming at least one of top, leading, bottom, trailing, horizontal, vertical; got {}")
            return nil
        }
        if case .object(let pairs) = value, let first = pairs.first, first.key != "compact", first.key != "regular" {
            // Plain variables, not a dictionary of edges: an object never repeats a key (the parser refuses it).
            var top: Responsive<Double>?, leading: Responsive<Double>?, bottom: Responsive<Double>?, trailing: Responsive<Double>?
            var horizontal: Responsive<Double>?, vertical: Responsive<Double>?
            for (key, item) in pairs {
                switch key {
                case "top": top = at(key) { $0.edge(item) }
                case "leading": leading = at(key) { $0.edge(item) }
                case "bottom": bottom = at(key) { $0.edge(item) }
                case "trailing": trailing = at(key) { $0.edge(item) }
                case "horizontal": horizontal = at(key) { $0.edge(item) }
                case "vertical": vertical = at(key) { $0.edge(item) }
                default:
                    error(.invalidValue, at: key, "padding takes top, leading, bottom, trailing, horizontal, vertical; got \"\(key)\"")
                }
            }
            let zero = Responsive<Double>.fixed(0)
            return Padding(top: top ?? vertical ?? zero, leading: leading ?? horizontal ?? zero,
                           bottom: bottom ?? vertical ?? zero, trailing: trailing ?? horizontal ?? zero)
        }
        guard let all = edge(value) else { return nil }
        return Padding(all)
    }

    /// One padding edge: a number ≥ 0, or a size-class map of them.
    private mutating func edge(_ value: JSONValue) -> Responsive<Double>? {
        responsive(value) { $0.number($1, .length) }
    }

    mutating func frame(_ value: JSONValue) -> Frame? {
        guard case .object(let pairs) = value else {
            error(.wrongType, "must be an object with width, height, minWidth, maxWidth, minHeight, maxHeight, alignment; got \(value.brief)")
            return nil
        }
        var frame = Frame()
        for (key, item) in pairs {
            path.append(.key(key))
            defer { path.removeLast() }
            if frameMember(key, item, into: &frame) { continue }
            // A misspelt key's value is checked as the key it most likely means (and not used).
            if let guess = reportUnknown(key, "unknown frame property \"\(key)\"", known: Self.objectKeys["frame"] ?? []), value[guess] == nil {
                var scratch = Frame()
                _ = checkingTypo { $0.frameMember(guess, item, into: &scratch) }
            }
        }
        return frame
    }

    /// Decodes the frame member `key` (its value at the top of `path`) into `frame`; false when `key` is not one.
    private mutating func frameMember(_ key: String, _ item: JSONValue, into frame: inout Frame) -> Bool {
        switch key {
        case "width": frame.width = responsive(item) { $0.number($1, .length) }
        case "height": frame.height = responsive(item) { $0.number($1, .length) }
        case "minWidth": frame.minWidth = responsive(item) { $0.number($1, .length) }
        case "minHeight": frame.minHeight = responsive(item) { $0.number($1, .length) }
        case "maxWidth": frame.maxWidth = responsive(item) { $0.dimension($1) }
        case "maxHeight": frame.maxHeight = responsive(item) { $0.dimension($1) }
        case "alignment": frame.alignment = responsive(item) { $0.alignment($1, Alignment.allCases) }
        default: return false
        }
        return true
    }

    /// A number ≥ 0 or the string "infinity".
    mutating func dimension(_ value: JSONValue) -> Double? {
        if case .string(let s) = value {
            if s == "infinity" { return .infinity }
            error(.invalidValue, "must be a number ≥ 0 or \"infinity\", got \"\(s)\"")
            return nil
        }
        return number(value, .length)
    }

    mutating func action(_ value: JSONValue) -> Action? {
        guard case .object = value else {
            error(.wrongType, "must be an action object like {\"type\": \"navigate\", \"screen\": \"…\"}, got \(value.brief)")
            return nil
        }
        guard let typeValue = value["type"] else {
            error(.missingProperty, at: "type", "required: one of \(Action.builtInTypes.joined(separator: ", "))")
            return nil
        }
        guard let type = at("type", { $0.string(typeValue) }) else { return nil }
        if let known = Self.actionKeys[type] {
            checkActionKeys(type, value, known: known)
            return knownAction(type, value)
        }
        // A misspelt action type: the action is checked as the type it most likely means (and kept as written, for
        // the host app, as any unknown action).
        if let guess = Spelling.closest(to: type, among: Action.builtInTypes) {
            probableTypo(at: "type", "unknown action type \"\(type)\" — did you mean \"\(guess)\"? (kept for the host app; known: \(Action.builtInTypes.joined(separator: ", ")))")
            checkActionKeys(guess, value, known: Self.actionKeys[guess] ?? [])
            _ = checkingTypo { $0.knownAction(guess, value) }
        } else {
            lenient(.unknownAction, at: "type", "unknown action type \"\(type)\" (known: \(Action.builtInTypes.joined(separator: ", ")))")
        }
        return .custom(type: type, payload: value)
    }

    /// The built-in action `type` that `value` describes (its keys already checked).
    private mutating func knownAction(_ type: String, _ value: JSONValue) -> Action? {
        func required(_ ctx: inout DecodingContext, _ key: String) -> String? {
            guard let v = value[key] else { ctx.error(.missingProperty, at: key, "required by a \(type) action"); return nil }
            return ctx.at(key) { $0.actionString(v) }
        }
        switch type {
        case "navigate":
            return required(&self, "screen").map { .navigate(screen: $0) }
        case "open":
            return required(&self, "url").map { .open(url: $0) }
        case "present":
            guard let screen = required(&self, "screen") else { return nil }
            var style = PresentationStyle.automatic
            if let s = value["style"] {
                guard let parsed = at("style", { $0.enumeration(s, PresentationStyle.self) }) else { return nil }
                style = parsed
            }
            return .present(screen: screen, style: style)
        case "dismiss":
            return .dismiss
        default:
            return stateAction(type, value)
        }
    }
}
