import SDUIEnvironment

/// Decoding of the `modifiers` chain and of GridItem columns.
extension DecodingContext {
    /// Most modifiers on one node (a chain is a node's layers in the layout: bounded like the tree).
    static let maxModifiers = 64

    /// A node's `modifiers`: an array of one-key objects (`[{"padding": 8}, {"background": "#F00"}]`), each a
    /// `Modifier`. `node` is the node's number (for the pointers of nodes inside `background`/`overlay`).
    mutating func modifierChain(_ value: JSONValue, node: Int, depth: Int) -> [Modifier] {
        guard case .array(let items) = value else {
            error(.wrongType, "must be an array of modifiers like [{\"padding\": 8}, {\"background\": \"#F00\"}], got \(value.typeDescription)")
            return []
        }
        if items.count > Self.maxModifiers {
            error(.limitExceeded, "\(items.count) modifiers on one node, more than the limit of \(Self.maxModifiers)")
            return []
        }
        var chain: [Modifier] = []
        chain.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            path.append(.index(i))
            defer { path.removeLast() }
            guard case .object(let pairs) = item, pairs.count == 1, let (name, element) = pairs.first else {
                let got = item.typeDescription == "an object" ? "an object with \(item.objectCount) keys" : item.typeDescription
                error(.wrongType, "must be an object with exactly one modifier, like {\"padding\": 8}; got \(got)")
                continue
            }
            path.append(.key(name))
            defer { path.removeLast() }
            if let modifier = modifier(named: name, written: name, element, node: node, index: i, depth: depth) { chain.append(modifier) }
        }
        return chain
    }

    /// The modifier `name` with value `value`, written `written` (the path is at `/modifiers/index/written`; `name`
    /// differs when a misspelt modifier is checked as the one it most likely means).
    private mutating func modifier(named name: String, written: String, _ value: JSONValue, node: Int, index: Int, depth: Int) -> Modifier? {
        switch name {
        case "padding": return padding(value).map(Modifier.padding)
        case "frame": return frame(value).map(Modifier.frame)
        case "aspectRatio": return aspectRatioModifier(value).map(Modifier.aspectRatio)
        case "background", "overlay":
            let slot = "/modifiers/\(index)/\(written)/content"
            guard let decoration = decoration(value, node: node, slot: slot, depth: depth) else { return nil }
            return name == "background" ? .background(decoration) : .overlay(decoration)
        case "offset":
            guard case .object(let pairs) = value else {
                error(.wrongType, "must be an object {\"x\": …, \"y\": …} in points; got \(value.brief)")
                return nil
            }
            var offset = Offset()
            var ok = true
            for (key, item) in pairs {
                switch key {
                case "x": if let x = at(key, { $0.responsive(item) { $0.number($1, .signedLength) } }) { offset.x = x } else { ok = false }
                case "y": if let y = at(key, { $0.responsive(item) { $0.number($1, .signedLength) } }) { offset.y = y } else { ok = false }
                default: error(.invalidValue, at: key, "offset takes x and y; got \"\(key)\""); ok = false
                }
            }
            return ok ? .offset(offset) : nil
        case "opacity": return responsive(value) { $0.fraction($1) }.map(Modifier.opacity)
        case "cornerRadius": return responsive(value) { $0.number($1, .length) }.map(Modifier.cornerRadius)
        case "clipShape": return clipShape(value).map(Modifier.clipShape)
        case "border": return border(value).map(Modifier.border)
        case "shadow": return shadow(value).map(Modifier.shadow)
        case "fixedSize": return fixedSize(value).map(Modifier.fixedSize)
        case "layoutPriority": return responsive(value) { $0.number($1, .layoutPriority) }.map(Modifier.layoutPriority)
        case "ignoresSafeArea": return safeAreaEdges(value).map(Modifier.ignoresSafeArea)
        case "hidden": return responsive(value) { $0.bool($1) }.map(Modifier.hidden)
        default:
            // A misspelt modifier's value is checked as the modifier it most likely means (and then not used).
            if let guess = reportUnknown(name, "unknown modifier \"\(name)\": kept, and ignored by layout and drawing", known: Modifier.knownNames) {
                _ = checkingTypo { $0.modifier(named: guess, written: name, value, node: node, index: index, depth: depth) }
            }
            return .unknown(name: name, value: value)
        }
    }

    /// `1.5`, a size-class map of ratios, or `{"ratio": …, "contentMode": "fit" | "fill"}`.
    private mutating func aspectRatioModifier(_ value: JSONValue) -> AspectRatio? {
        if case .object(let pairs) = value, pairs.contains(where: { $0.key == "ratio" || $0.key == "contentMode" }) {
            var result = AspectRatio()
            var ok = true
            for (key, item) in pairs {
                switch key {
                case "ratio": result.ratio = at(key) { $0.responsive(item) { $0.number($1, .aspectRatio) } }; ok = ok && result.ratio != nil
                case "contentMode": result.contentMode = at(key) { $0.responsive(item) { $0.enumeration($1, ContentMode.self) } }; ok = ok && result.contentMode != nil
                default: error(.invalidValue, at: key, "aspectRatio takes ratio and contentMode; got \"\(key)\""); ok = false
                }
            }
            return ok ? result : nil
        }
        return responsive(value) { $0.number($1, .aspectRatio) }.map { AspectRatio(ratio: $0) }
    }

    /// A color (`"#F00"`, a system name, a light/dark pair, a size-class map) or
    /// `{"content": NODE | "color": COLOR, "alignment": A, "ignoresSafeArea": BOOL}`.
    private mutating func decoration(_ value: JSONValue, node: Int, slot: String, depth: Int) -> Decoration? {
        let keys = Self.decorationKeys
        // The object form: it has content or color (or a key a small edit away from one of its keys, reported below).
        guard case .object(let pairs) = value,
              pairs.contains(where: { $0.key == "content" || $0.key == "color" || !keys.contains($0.key) && Spelling.closest(to: $0.key, among: keys) != nil })
        else {
            return responsive(value) { $0.color($1) }.map { Decoration(.color($0)) }
        }
        var content: Decoration.Content?
        var alignment: Responsive<Alignment>?
        var ignores: Responsive<Bool>?
        var ok = true
        for (key, item) in pairs {
            path.append(.key(key))
            defer { path.removeLast() }
            switch key {
            case "content":
                if content != nil { error(.invalidValue, "give content or color, not both"); ok = false; continue }
                let location = NodeLocation(parent: node, index: -1, slot: slot)
                if let view = decodeNode(item, at: location, depth: depth + 1) { content = .view(view) } else { ok = false }
            case "color":
                if content != nil { error(.invalidValue, "give content or color, not both"); ok = false; continue }
                if let color = responsive(item, { $0.color($1) }) { content = .color(color) } else { ok = false }
            case "alignment":
                alignment = responsive(item) { $0.alignment($1, Alignment.allCases) }; ok = ok && alignment != nil
            case "ignoresSafeArea":
                ignores = responsive(item) { $0.bool($1) }; ok = ok && ignores != nil
            default:
                ok = false
                guard let guess = Spelling.closest(to: key, among: keys) else {
                    error(.invalidValue, "takes content or color, alignment and ignoresSafeArea; got \"\(key)\"")
                    continue
                }
                // A misspelt content: its view is checked (and not used).
                error(.probableTypo, "takes content or color, alignment and ignoresSafeArea; got \"\(key)\" — did you mean \"\(guess)\"?")
                if guess == "content", value["content"] == nil {
                    _ = checkingTypo { $0.decodeNode(item, at: NodeLocation(parent: node, index: -1, slot: String(slot.dropLast("content".count)) + key), depth: depth + 1) }
                }
            }
        }
        guard ok, let content else { return nil }
        return Decoration(content, alignment: alignment, ignoresSafeArea: ignores)
    }

    /// `"circle"`, `"capsule"`, `"ellipse"`, `"rectangle"` or `{"roundedRectangle": N}`.
    private mutating func clipShape(_ value: JSONValue) -> ClipShape? {
        switch value {
        case .string("circle"): return .circle
        case .string("capsule"): return .capsule
        case .string("ellipse"): return .ellipse
        case .string("rectangle"): return .rectangle
        case .object(let pairs) where pairs.count == 1 && pairs[0].key == "roundedRectangle":
            return at("roundedRectangle") { $0.responsive(pairs[0].value) { $0.number($1, .length) } }
                .map { ClipShape.roundedRectangle(cornerRadius: $0) }
        default:
            error(.invalidValue, "must be one of \(ClipShape.simpleNames.joined(separator: ", ")) or {\"roundedRectangle\": radius}; got \(value.brief)")
            return nil
        }
    }

    /// A color (width 1) or `{"color": COLOR, "width": N}`.
    private mutating func border(_ value: JSONValue) -> Border? {
        guard case .object(let pairs) = value, pairs.contains(where: { $0.key == "color" || $0.key == "width" }) else {
            return responsive(value) { $0.color($1) }.map { Border(color: $0) }
        }
        var color: Responsive<Color>?
        var width: Responsive<Double>?
        var ok = true
        for (key, item) in pairs {
            switch key {
            case "color": color = at(key) { $0.responsive(item) { $0.color($1) } }; ok = ok && color != nil
            case "width": width = at(key) { $0.responsive(item) { $0.number($1, .length) } }; ok = ok && width != nil
            default: error(.invalidValue, at: key, "border takes color and width; got \"\(key)\""); ok = false
            }
        }
        guard let color else {
            if ok { error(.missingProperty, at: "color", "required: the border's color") }
            return nil
        }
        return ok ? Border(color: color, width: width) : nil
    }

    /// `{"radius": N, "color": COLOR, "x": N, "y": N}` (radius required).
    private mutating func shadow(_ value: JSONValue) -> Shadow? {
        guard case .object(let pairs) = value else {
            error(.wrongType, "must be an object {\"radius\": …, \"color\": …, \"x\": …, \"y\": …}; got \(value.brief)")
            return nil
        }
        var result = Shadow(radius: 0)
        var sawRadius = false
        var ok = true
        for (key, item) in pairs {
            switch key {
            case "radius":
                sawRadius = true
                if let r = at(key, { $0.responsive(item) { $0.number($1, .length) } }) { result.radius = r } else { ok = false }
            case "color": result.color = at(key) { $0.responsive(item) { $0.color($1) } }; ok = ok && result.color != nil
            case "x": result.x = at(key) { $0.responsive(item) { $0.number($1, .signedLength) } }; ok = ok && result.x != nil
            case "y": result.y = at(key) { $0.responsive(item) { $0.number($1, .signedLength) } }; ok = ok && result.y != nil
            default: error(.invalidValue, at: key, "shadow takes radius, color, x and y; got \"\(key)\""); ok = false
            }
        }
        if !sawRadius { error(.missingProperty, at: "radius", "required: the shadow's blur radius in points"); return nil }
        return ok ? result : nil
    }

    /// `true`, `false` or `{"horizontal": BOOL, "vertical": BOOL}` (each default true).
    private mutating func fixedSize(_ value: JSONValue) -> FixedSize? {
        if case .bool(let b) = value { return FixedSize(horizontal: .fixed(b), vertical: .fixed(b)) }
        guard case .object(let pairs) = value, pairs.allSatisfy({ $0.key == "horizontal" || $0.key == "vertical" }) else {
            error(.wrongType, "must be true or {\"horizontal\": true|false, \"vertical\": true|false}; got \(value.brief)")
            return nil
        }
        var result = FixedSize()
        var ok = true
        for (key, item) in pairs {
            guard let b = at(key, { $0.responsive(item) { $0.bool($1) } }) else { ok = false; continue }
            if key == "horizontal" { result.horizontal = b } else { result.vertical = b }
        }
        return ok ? result : nil
    }

    /// `true` (every edge), `false` (none) or `{"edges": ["top", "bottom", "horizontal", …]}`.
    private mutating func safeAreaEdges(_ value: JSONValue) -> Edge.Set? {
        if case .bool(let b) = value { return b ? .all : [] }
        guard case .object(let pairs) = value, pairs.count == 1, pairs[0].key == "edges", case .array(let names) = pairs[0].value else {
            error(.wrongType, "must be true, false or {\"edges\": [\"top\", \"bottom\", …]}; got \(value.brief)")
            return nil
        }
        var edges: Edge.Set = []
        var ok = true
        for (i, name) in names.enumerated() {
            path.append(.key("edges")); path.append(.index(i))
            defer { path.removeLast(); path.removeLast() }
            switch name {
            case .string("top"): edges.insert(.top)
            case .string("leading"): edges.insert(.leading)
            case .string("bottom"): edges.insert(.bottom)
            case .string("trailing"): edges.insert(.trailing)
            case .string("horizontal"): edges.formUnion(.horizontal)
            case .string("vertical"): edges.formUnion(.vertical)
            case .string("all"): edges.formUnion(.all)
            default:
                error(.invalidValue, "must be one of top, leading, bottom, trailing, horizontal, vertical, all; got \(name.brief)")
                ok = false
            }
        }
        return ok ? edges : nil
    }

    /// A number in 0…1.
    mutating func fraction(_ value: JSONValue) -> Double? {
        guard let v = number(value, .length) else { return nil }
        guard v <= 1 else { error(.invalidValue, "must be between 0 and 1, got \(JSONValue.format(v))"); return nil }
        return v
    }

    // MARK: GridItems

    /// Whether a grid's `columns` is the GridItem form: an array, or a size-class map whose values are arrays.
    func gridColumnsAreItems(_ value: JSONValue) -> Bool {
        switch value {
        case .array: return true
        case .object(let pairs): return pairs.contains { if case .array = $0.value { return true } else { return false } }
        default: return false
        }
    }

    /// An array of 1…64 GridItems: `{"fixed": N}`, `{"flexible": {"minimum": N, "maximum": N | "infinity"}}`,
    /// `{"adaptive": {"minimum": N, "maximum": N | "infinity"}}`, each with optional `spacing` and `alignment`.
    mutating func gridItems(_ value: JSONValue) -> [GridItem]? {
        guard case .array(let items) = value else {
            error(.wrongType, "must be an array of GridItems like [{\"fixed\": 70}, {\"adaptive\": {\"minimum\": 40}}] (or a column count), got \(value.brief)")
            return nil
        }
        guard (1...GridItem.maxCount).contains(items.count) else {
            error(.invalidValue, "must have 1 to \(GridItem.maxCount) GridItems, got \(items.count)")
            return nil
        }
        var result: [GridItem] = []
        var ok = true
        for (i, item) in items.enumerated() {
            path.append(.index(i))
            defer { path.removeLast() }
            if let gridItem = gridItem(item) { result.append(gridItem) } else { ok = false }
        }
        return ok ? result : nil
    }

    private mutating func gridItem(_ value: JSONValue) -> GridItem? {
        guard case .object(let pairs) = value else {
            error(.wrongType, "must be a GridItem object like {\"flexible\": {}}, got \(value.brief)")
            return nil
        }
        var size: GridItem.Size?
        var spacing: Double?
        var alignment: Alignment?
        var ok = true
        for (key, item) in pairs {
            path.append(.key(key))
            defer { path.removeLast() }
            switch key {
            case "fixed", "flexible", "adaptive":
                if size != nil { error(.invalidValue, "a GridItem has one size: fixed, flexible or adaptive"); ok = false; continue }
                if key == "fixed" {
                    if let v = number(item, .length) { size = .fixed(v) } else { ok = false }
                } else if let bounds = gridBounds(item, minimumRequired: key == "adaptive") {
                    size = key == "adaptive" ? .adaptive(minimum: bounds.0, maximum: bounds.1) : .flexible(minimum: bounds.0, maximum: bounds.1)
                } else {
                    ok = false
                }
            case "spacing":
                if let v = number(item, .length) { spacing = v } else { ok = false }
            case "alignment":
                if let a = self.alignment(item, Alignment.allCases) { alignment = a } else { ok = false }
            default:
                error(.invalidValue, "a GridItem takes fixed, flexible or adaptive, spacing and alignment; got \"\(key)\"")
                ok = false
            }
        }
        guard let size else {
            if ok { error(.missingProperty, "required: the GridItem's size, one of fixed, flexible, adaptive") }
            return nil
        }
        return ok ? GridItem(size, spacing: spacing, alignment: alignment) : nil
    }

    /// `{"minimum": N, "maximum": N | "infinity"}` (flexible: both optional, SwiftUI's 10…infinity; adaptive:
    /// a minimum > 0 is required). A minimum above the maximum is an error.
    private mutating func gridBounds(_ value: JSONValue, minimumRequired: Bool) -> (Double, Double)? {
        guard case .object(let pairs) = value else {
            error(.wrongType, "must be an object {\"minimum\": …, \"maximum\": …}, got \(value.brief)")
            return nil
        }
        var minimum: Double? = nil
        var maximum = GridItem.defaultMaximum
        var ok = true
        for (key, item) in pairs {
            path.append(.key(key))
            defer { path.removeLast() }
            switch key {
            case "minimum":
                if let v = number(item, minimumRequired ? .positiveLength : .length) { minimum = v } else { ok = false }
            case "maximum":
                if let v = dimension(item) { maximum = v } else { ok = false }
            default:
                error(.invalidValue, "takes minimum and maximum; got \"\(key)\""); ok = false
            }
        }
        if minimumRequired && minimum == nil && ok {
            error(.missingProperty, at: "minimum", "required: the narrowest column an adaptive GridItem makes (> 0)")
            return nil
        }
        let low = minimum ?? GridItem.defaultFlexibleMinimum
        guard ok else { return nil }
        guard low <= maximum else {
            error(.invalidValue, "minimum \(JSONValue.format(low)) is above maximum \(JSONValue.format(maximum))")
            return nil
        }
        return (low, maximum)
    }
}

extension JSONValue {
    /// The number of keys of an object (0 for anything else).
    var objectCount: Int { if case .object(let pairs) = self { return pairs.count } else { return 0 } }
}

// MARK: - Sections, containers, text styling, symbols

extension DecodingContext {
    /// The properties of sections, `viewThatFits`, `flow`, `hgrid`, `label`, symbols and text
    /// styling (`SectionAndStyleProperties`); `header`/`footer` are decoded with the node (they are nodes).
    mutating func decodeSectionOrStyleProperty(_ key: NodeKey, _ item: JSONValue, type: ComponentType, into properties: inout NodeProperties) {
        switch key {
        case .pinnedViews:
            guard case .array(let names) = item else {
                error(.wrongType, "must be an array of \"sectionHeaders\", \"sectionFooters\", got \(item.brief)")
                return
            }
            var pinned: PinnedScrollableViews = []
            for (i, name) in names.enumerated() {
                path.append(.index(i))
                defer { path.removeLast() }
                if case .string(let s) = name, let match = PinnedScrollableViews.names.first(where: { $0.0 == s }) {
                    pinned.insert(match.1)
                } else {
                    error(.invalidValue, "must be \"sectionHeaders\" or \"sectionFooters\", got \(name.brief)")
                    return
                }
            }
            properties.sectionAndStyle.pinnedViews = pinned
        case .axes:
            var axes: Axis.Set = []
            let items: [JSONValue]
            if case .array(let a) = item { items = a } else { items = [item] }
            for (i, name) in items.enumerated() {
                switch name {
                case .string("horizontal"): axes.insert(.horizontal)
                case .string("vertical"): axes.insert(.vertical)
                default:
                    if case .array = item { path.append(.index(i)) }
                    error(.invalidValue, "must be \"horizontal\", \"vertical\" or an array of them, got \(name.brief)")
                    if case .array = item { path.removeLast() }
                    return
                }
            }
            if axes.isEmpty { error(.invalidValue, "must name at least one axis"); return }
            properties.sectionAndStyle.axes = axes
        case .lineSpacing: properties.sectionAndStyle.lineSpacing = responsive(item) { $0.number($1, .length) }
        case .strikethrough: properties.sectionAndStyle.strikethrough = responsive(item) { $0.bool($1) }
        case .underline: properties.sectionAndStyle.underline = responsive(item) { $0.bool($1) }
        case .monospacedDigit: properties.sectionAndStyle.monospacedDigit = responsive(item) { $0.bool($1) }
        case .truncationMode: properties.sectionAndStyle.truncationMode = responsive(item) { $0.enumeration($1, TruncationMode.self) }
        case .minimumScaleFactor:
            properties.sectionAndStyle.minimumScaleFactor = responsive(item) { c, v in
                guard let f = c.fraction(v) else { return nil }
                guard f > 0 else { c.error(.invalidValue, "must be greater than 0 (1: the font never shrinks)"); return nil }
                return f
            }
        case .systemImage, .systemName:
            let symbol = responsive(item) { c, v -> String? in
                guard let s = c.string(v) else { return nil }
                guard !s.isEmpty else { c.error(.invalidValue, "must be an SF Symbol name such as \"star.fill\""); return nil }
                return s
            }
            if key == .systemImage { properties.sectionAndStyle.systemImage = symbol } else { properties.sectionAndStyle.systemName = symbol }
        case .rows:
            if case .number = item {
                // A row count: that many `.flexible()` rows.
                if let n = integer(item, ValueLimits.columns) {
                    properties.gridItems = .fixed(Array(repeating: GridItem(.flexible()), count: n))
                }
            } else {
                properties.gridItems = responsive(item) { $0.gridItems($1) }
            }
        case .multilineTextAlignment:
            if properties.alignment != nil {
                error(.invalidValue, "give alignment or multilineTextAlignment, not both (they are the same property of a text)")
                return
            }
            properties.alignment = responsive(item) { $0.alignment($1, Alignment.horizontal) }
        default: break
        }
    }
}
