import SDUIEnvironment

/// Range a number must fall in.
enum NumberConstraint {
    case any, nonNegative, positive

    func check(_ v: Double) -> String? {
        switch self {
        case .any: return nil
        case .nonNegative: return v >= 0 ? nil : "must be ≥ 0, got \(JSONValue.format(v))"
        case .positive: return v > 0 ? nil : "must be > 0, got \(JSONValue.format(v))"
        }
    }
}

extension DecodingContext {
    /// A scalar or a `{"compact": …, "regular": …}` map of scalars.
    mutating func responsive<T>(_ value: JSONValue, _ pointer: String,
                                _ scalar: (inout DecodingContext, JSONValue, String) -> T?) -> Responsive<T>? {
        if case .object(let pairs) = value, let first = pairs.first, first.key == "compact" || first.key == "regular" {
            var compact: T?, regular: T?
            var ok = true
            for (key, item) in pairs {
                let p = JSONPointer.appending(pointer, key)
                switch key {
                case "compact": compact = scalar(&self, item, p); ok = ok && compact != nil
                case "regular": regular = scalar(&self, item, p); ok = ok && regular != nil
                default:
                    error(.invalidValue, p, "a size-class map takes only \"compact\" and \"regular\", got \"\(key)\"")
                    ok = false
                }
            }
            guard ok, compact != nil || regular != nil else { return nil }
            return .sizeClass(compact: compact, regular: regular)
        }
        return scalar(&self, value, pointer).map { .fixed($0) }
    }

    mutating func number(_ value: JSONValue, _ pointer: String, _ constraint: NumberConstraint) -> Double? {
        guard case .number(let v) = value else {
            error(.wrongType, pointer, "must be a number, got \(value.brief)")
            return nil
        }
        guard v.isFinite else { error(.invalidValue, pointer, "must be a finite number"); return nil }
        if let problem = constraint.check(v) { error(.invalidValue, pointer, problem); return nil }
        return v
    }

    mutating func integer(_ value: JSONValue, _ pointer: String, _ range: ClosedRange<Int>) -> Int? {
        guard case .number(let v) = value else {
            error(.wrongType, pointer, "must be an integer, got \(value.brief)")
            return nil
        }
        guard v.isFinite, v == v.rounded(), let i = Int(exactly: v) else {
            error(.wrongType, pointer, "must be an integer, got \(JSONValue.format(v))")
            return nil
        }
        guard range.contains(i) else {
            error(.invalidValue, pointer, "must be between \(range.lowerBound) and \(range.upperBound), got \(i)")
            return nil
        }
        return i
    }

    mutating func string(_ value: JSONValue, _ pointer: String) -> String? {
        guard case .string(let s) = value else {
            error(.wrongType, pointer, "must be a string, got \(value.brief)")
            return nil
        }
        return s
    }

    mutating func bool(_ value: JSONValue, _ pointer: String) -> Bool? {
        guard case .bool(let b) = value else {
            error(.wrongType, pointer, "must be true or false, got \(value.brief)")
            return nil
        }
        return b
    }

    mutating func enumeration<E: RawRepresentable & CaseIterable>(_ value: JSONValue, _ pointer: String, _ type: E.Type) -> E? where E.RawValue == String {
        guard case .string(let s) = value else {
            error(.wrongType, pointer, "must be one of \(E.allCases.map(\.rawValue).joined(separator: ", ")), got \(value.brief)")
            return nil
        }
        guard let e = E(rawValue: s) else {
            error(.invalidValue, pointer, "must be one of \(E.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(s)\"")
            return nil
        }
        return e
    }

    mutating func alignment(_ value: JSONValue, _ pointer: String, _ allowed: [Alignment]) -> Alignment? {
        guard let a = enumeration(value, pointer, Alignment.self) else { return nil }
        guard allowed.contains(a) else {
            error(.invalidValue, pointer, "must be one of \(allowed.map(\.rawValue).joined(separator: ", ")) here, got \"\(a.rawValue)\"")
            return nil
        }
        return a
    }

    mutating func color(_ value: JSONValue, _ pointer: String) -> Color? {
        switch value {
        case .string(let s):
            guard let c = Color(parsing: s) else {
                error(.invalidValue, pointer, "must be #RGB, #RRGGBB, #RRGGBBAA or a system color (\(Color.system.keys.sorted().joined(separator: ", "))), got \"\(s)\"")
                return nil
            }
            return c
        case .object(let pairs):
            var light: Color?, dark: Color?
            for (key, item) in pairs {
                let p = JSONPointer.appending(pointer, key)
                switch key {
                case "light": light = color(item, p)
                case "dark": dark = color(item, p)
                default: error(.invalidValue, p, "a color object takes only \"light\" and \"dark\", got \"\(key)\"")
                }
            }
            guard let light else {
                if value["light"] == nil { error(.missingProperty, JSONPointer.appending(pointer, "light"), "required: the light-appearance color") }
                return nil
            }
            return Color(light: light.light, dark: (dark ?? light).dark)
        default:
            error(.wrongType, pointer, "must be a color string like \"#FF8800\" or {\"light\": …, \"dark\": …}, got \(value.brief)")
            return nil
        }
    }

    mutating func padding(_ value: JSONValue, _ pointer: String) -> Padding? {
        if case .object(let pairs) = value, let first = pairs.first, first.key != "compact", first.key != "regular" {
            var horizontal: Responsive<Double>?, vertical: Responsive<Double>?
            var edges: [String: Responsive<Double>] = [:]
            for (key, item) in pairs {
                let p = JSONPointer.appending(pointer, key)
                switch key {
                case "top", "leading", "bottom", "trailing":
                    if let v = responsive(item, p, { $0.number($1, $2, .nonNegative) }) { edges[key] = v }
                case "horizontal": horizontal = responsive(item, p) { $0.number($1, $2, .nonNegative) }
                case "vertical": vertical = responsive(item, p) { $0.number($1, $2, .nonNegative) }
                default:
                    error(.invalidValue, p, "padding takes top, leading, bottom, trailing, horizontal, vertical; got \"\(key)\"")
                }
            }
            let zero = Responsive<Double>.fixed(0)
            return Padding(top: edges["top"] ?? vertical ?? zero, leading: edges["leading"] ?? horizontal ?? zero,
                           bottom: edges["bottom"] ?? vertical ?? zero, trailing: edges["trailing"] ?? horizontal ?? zero)
        }
        guard let all = responsive(value, pointer, { $0.number($1, $2, .nonNegative) }) else { return nil }
        return Padding(all)
    }

    mutating func frame(_ value: JSONValue, _ pointer: String) -> Frame? {
        guard case .object(let pairs) = value else {
            error(.wrongType, pointer, "must be an object with width, height, minWidth, maxWidth, minHeight, maxHeight, alignment; got \(value.brief)")
            return nil
        }
        var frame = Frame()
        for (key, item) in pairs {
            let p = JSONPointer.appending(pointer, key)
            switch key {
            case "width": frame.width = responsive(item, p) { $0.number($1, $2, .nonNegative) }
            case "height": frame.height = responsive(item, p) { $0.number($1, $2, .nonNegative) }
            case "minWidth": frame.minWidth = responsive(item, p) { $0.number($1, $2, .nonNegative) }
            case "minHeight": frame.minHeight = responsive(item, p) { $0.number($1, $2, .nonNegative) }
            case "maxWidth": frame.maxWidth = responsive(item, p) { $0.dimension($1, $2) }
            case "maxHeight": frame.maxHeight = responsive(item, p) { $0.dimension($1, $2) }
            case "alignment": frame.alignment = responsive(item, p) { $0.alignment($1, $2, Alignment.allCases) }
            default:
                lenient(.unknownProperty, p, "unknown frame property \"\(key)\" (known: width, height, minWidth, maxWidth, minHeight, maxHeight, alignment)")
            }
        }
        return frame
    }

    /// A number ≥ 0 or the string "infinity".
    mutating func dimension(_ value: JSONValue, _ pointer: String) -> Double? {
        if case .string(let s) = value {
            if s == "infinity" { return .infinity }
            error(.invalidValue, pointer, "must be a number ≥ 0 or \"infinity\", got \"\(s)\"")
            return nil
        }
        return number(value, pointer, .nonNegative)
    }

    mutating func action(_ value: JSONValue, _ pointer: String) -> Action? {
        guard case .object = value else {
            error(.wrongType, pointer, "must be an action object like {\"type\": \"navigate\", \"screen\": \"…\"}, got \(value.brief)")
            return nil
        }
        let typePointer = JSONPointer.appending(pointer, "type")
        guard let typeValue = value["type"] else {
            error(.missingProperty, typePointer, "required: navigate, open, present or dismiss")
            return nil
        }
        guard let type = string(typeValue, typePointer) else { return nil }
        func required(_ ctx: inout DecodingContext, _ key: String) -> String? {
            let p = JSONPointer.appending(pointer, key)
            guard let v = value[key] else { ctx.error(.missingProperty, p, "required by a \(type) action"); return nil }
            return ctx.string(v, p)
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
                guard let parsed = enumeration(s, JSONPointer.appending(pointer, "style"), PresentationStyle.self) else { return nil }
                style = parsed
            }
            return .present(screen: screen, style: style)
        case "dismiss":
            return .dismiss
        default:
            lenient(.unknownAction, typePointer, "unknown action type \"\(type)\" (known: navigate, open, present, dismiss)")
            return .custom(type: type, payload: value)
        }
    }
}
