import SDUIEnvironment

extension Modifier {
    /// The chain element in the canonical encoding: `{"name": value}`, each value in its shortest spelling
    /// (an aspect ratio without a content mode as a number, a fixed size on both axes as `true` …).
    public var jsonValue: JSONValue { .object([(name, value)]) }

    /// The element's value.
    private var value: JSONValue {
        switch self {
        case .padding(let p): return p.jsonValue
        case .frame(let f): return f.jsonValue
        case .aspectRatio(let a):
            if a.contentMode == nil, let ratio = a.ratio { return ratio.jsonValue }
            var pairs: [(key: String, value: JSONValue)] = []
            if let ratio = a.ratio { pairs.append(("ratio", ratio.jsonValue)) }
            if let mode = a.contentMode { pairs.append(("contentMode", mode.jsonValue)) }
            return .object(pairs)
        case .background(let d), .overlay(let d): return d.jsonValue
        case .offset(let o):
            var pairs: [(key: String, value: JSONValue)] = []
            if o.x != .fixed(0) { pairs.append(("x", o.x.jsonValue)) }
            if o.y != .fixed(0) { pairs.append(("y", o.y.jsonValue)) }
            return .object(pairs)
        case .opacity(let v), .cornerRadius(let v), .layoutPriority(let v): return v.jsonValue
        case .clipShape(let shape):
            switch shape {
            case .circle: return "circle"
            case .capsule: return "capsule"
            case .ellipse: return "ellipse"
            case .rectangle: return "rectangle"
            case .roundedRectangle(let r): return .object([("roundedRectangle", r.jsonValue)])
            }
        case .border(let b):
            guard let width = b.width else { return b.color.jsonValue }
            return .object([("color", b.color.jsonValue), ("width", width.jsonValue)])
        case .shadow(let s):
            var pairs: [(key: String, value: JSONValue)] = []
            if let color = s.color { pairs.append(("color", color.jsonValue)) }
            pairs.append(("radius", s.radius.jsonValue))
            if let x = s.x { pairs.append(("x", x.jsonValue)) }
            if let y = s.y { pairs.append(("y", y.jsonValue)) }
            return .object(pairs)
        case .fixedSize(let f):
            if f.horizontal == f.vertical, case .fixed(let b) = f.horizontal { return .bool(b) }
            return .object([("horizontal", f.horizontal.jsonValue), ("vertical", f.vertical.jsonValue)])
        case .ignoresSafeArea(let edges):
            if edges == .all { return true }
            if edges.isEmpty { return false }
            let names: [(Edge.Set, String)] = [(.top, "top"), (.leading, "leading"), (.bottom, "bottom"), (.trailing, "trailing")]
            return .object([("edges", .array(names.filter { edges.contains($0.0) }.map { .string($0.1) }))])
        case .hidden(let h): return h.jsonValue
        case .unknown(_, let value): return value
        }
    }
}

extension Decoration {
    /// A bare color when only a color is set; otherwise `{"content" | "color", "alignment", "ignoresSafeArea"}`.
    public var jsonValue: JSONValue {
        if case .color(let color) = content, alignment == nil, ignoresSafeArea == nil { return color.jsonValue }
        var pairs: [(key: String, value: JSONValue)] = []
        switch content {
        case .color(let color): pairs.append(("color", color.jsonValue))
        case .view(let node): pairs.append(("content", node.jsonValue))
        }
        if let alignment { pairs.append(("alignment", alignment.jsonValue)) }
        if let ignoresSafeArea { pairs.append(("ignoresSafeArea", ignoresSafeArea.jsonValue)) }
        return .object(pairs)
    }
}

extension GridItem {
    /// `{"fixed": N}`, `{"flexible": {…}}` or `{"adaptive": {…}}` with the bounds that differ from SwiftUI's
    /// defaults (an infinite maximum as `"infinity"`), then `spacing` and `alignment` when set.
    public var jsonValue: JSONValue {
        func bound(_ v: Double) -> JSONValue { v == .infinity ? "infinity" : .number(v) }
        var pairs: [(key: String, value: JSONValue)] = []
        switch size {
        case .fixed(let v): pairs.append(("fixed", .number(v)))
        case .flexible(let minimum, let maximum):
            var bounds: [(key: String, value: JSONValue)] = []
            if minimum != GridItem.defaultFlexibleMinimum { bounds.append(("minimum", .number(minimum))) }
            if maximum != GridItem.defaultMaximum { bounds.append(("maximum", bound(maximum))) }
            pairs.append(("flexible", .object(bounds)))
        case .adaptive(let minimum, let maximum):
            var bounds: [(key: String, value: JSONValue)] = [("minimum", .number(minimum))]
            if maximum != GridItem.defaultMaximum { bounds.append(("maximum", bound(maximum))) }
            pairs.append(("adaptive", .object(bounds)))
        }
        if let spacing { pairs.append(("spacing", .number(spacing))) }
        if let alignment { pairs.append(("alignment", alignment.jsonValue)) }
        return .object(pairs)
    }
}

extension Responsive where Value == [GridItem] {
    /// The array, or a size-class map of arrays.
    var jsonValue: JSONValue { jsonValue { .array($0.map(\.jsonValue)) } }
}
