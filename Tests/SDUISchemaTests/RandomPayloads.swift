import SDUIEnvironment
@testable import SDUISchema

/// Random screens and random mutations of payload bytes for the decoder's differential tests.
///
/// Trees use every property and modifier, with size-class maps, light/dark colors and every action; now and
/// then a value outside its range, a duplicate id, a modifier chain or GridItem columns (which the fast path
/// leaves to the general path).
enum RandomPayloads {
    static let containers: [ComponentType] = [.vstack, .hstack, .zstack, .grid, .scroll]
    static let leaves: [ComponentType] = [.text, .image, .button, .spacer, .divider, .color]

    static func chance(_ n: Int, _ g: inout SplitMix) -> Bool { Int.random(in: 0..<n, using: &g) == 0 }

    static func number(_ g: inout SplitMix) -> Double {
        switch Int.random(in: 0..<12, using: &g) {
        case 0: return 0
        case 1: return Double(Int.random(in: 0...10, using: &g)) / 4
        case 2: return 16.0 / 9.0
        case 3: return Double.random(in: 0...1000, using: &g)
        case 4: return chance(4, &g) ? -1 : 0.1
        case 5: return 1e-7 * Double(Int.random(in: 1...99, using: &g))
        case 6: return Double(Int.random(in: 0...9_999_999_999_999_999, using: &g))  // 16 digits and more
        case 7: return 123_456.789e3
        default: return Double(Int.random(in: 0...400, using: &g))
        }
    }

    static func responsive<T>(_ g: inout SplitMix, _ value: (inout SplitMix) -> T) -> Responsive<T> {
        switch Int.random(in: 0..<6, using: &g) {
        case 0: return .sizeClass(compact: value(&g), regular: value(&g))
        case 1: return .sizeClass(compact: value(&g), regular: nil)
        case 2: return .sizeClass(compact: nil, regular: value(&g))
        default: return .fixed(value(&g))
        }
    }

    static func color(_ g: inout SplitMix) -> Color {
        let names = ["#F80", "#FF8800", "#11223344", "accent", "secondary", "red", "clear"]
        let light = Color(parsing: names.randomElement(using: &g) ?? "red") ?? Color(light: .init(red: 0, green: 0, blue: 0))
        guard chance(3, &g) else { return light }
        let dark = Color(parsing: names.randomElement(using: &g) ?? "red") ?? light
        return Color(light: light.light, dark: dark.dark)
    }

    static func string(_ g: inout SplitMix) -> String {
        let words = ["Buy", "café", "$12.99", "quote \" and \\ backslash", "line\nbreak", "tab\t", "emoji ☕️", "עברית", "",
                     "a long title that goes on for a while to be over fifteen bytes", "\u{0001}control", "😀 𝄞"]
        return words.randomElement(using: &g) ?? ""
    }

    static func node(depth: Int, _ g: inout SplitMix, counter: inout Int) -> ComponentNode {
        let isContainer = depth < 4 && Bool.random(using: &g)
        let type = (isContainer ? containers : leaves).randomElement(using: &g) ?? .divider
        counter += 1
        var node = ComponentNode(type: type, id: chance(8, &g) ? nil : (chance(60, &g) ? "dup" : "n\(counter)-\(depth)"))
        if chance(80, &g) { node.id = "nœud-\(counter)" }
        if isContainer {
            node.children = (0..<Int.random(in: 0...4, using: &g)).map { _ in Self.node(depth: depth + 1, &g, counter: &counter) }
            if Bool.random(using: &g) { node.spacing = responsive(&g, number) }
            if type == .grid {
                if chance(6, &g) {
                    node.gridItems = .fixed([GridItem(.flexible()), GridItem(.fixed(70))])
                } else {
                    node.columns = responsive(&g) { chance(20, &$0) ? 65 : Int.random(in: 1...6, using: &$0) }
                }
                if Bool.random(using: &g) { node.minColumnWidth = responsive(&g, number) }
                if chance(3, &g) { node.rowSpacing = .fixed(number(&g)) }
                if chance(3, &g) { node.columnSpacing = .fixed(number(&g)) }
            }
            if type == .scroll && Bool.random(using: &g) { node.axis = responsive(&g) { Axis.allCases.randomElement(using: &$0) ?? .vertical } }
            if Bool.random(using: &g) {
                let allowed: [Alignment] = chance(10, &g) ? Alignment.allCases
                    : type == .hstack ? Alignment.vertical : type == .zstack ? Alignment.allCases : Alignment.horizontal
                node.alignment = responsive(&g) { allowed.randomElement(using: &$0) ?? .center }
            }
        }
        switch type {
        case .text:
            node.text = responsive(&g, string)
            if Bool.random(using: &g) { node.style = .fixed(TextStyle.allCases.randomElement(using: &g) ?? .body) }
            if chance(3, &g) { node.weight = .fixed(FontWeight.allCases.randomElement(using: &g) ?? .bold) }
            if chance(3, &g) { node.lineLimit = responsive(&g) { Int.random(in: chance(20, &$0) ? 0...2 : 1...3, using: &$0) } }
            if chance(3, &g) { node.color = responsive(&g, color) }
            if chance(4, &g) { node.alignment = .fixed(Alignment.horizontal.randomElement(using: &g) ?? .center) }
        case .image:
            node.url = .fixed("https://img.example/\(counter).jpg")
            if Bool.random(using: &g) { node.alt = .fixed(string(&g)) }
            if chance(3, &g) { node.placeholder = .fixed(ImagePlaceholder.allCases.randomElement(using: &g) ?? .none) }
            node.modifiers.aspectRatio = responsive(&g, number)
            if Bool.random(using: &g) { node.modifiers.contentMode = .fixed(ContentMode.allCases.randomElement(using: &g) ?? .fit) }
        case .button:
            node.title = .fixed(string(&g))
            if Bool.random(using: &g) { node.buttonStyle = .fixed(ButtonStyle.allCases.randomElement(using: &g) ?? .plain) }
            if chance(3, &g) { node.color = .fixed(color(&g)) }
        case .spacer:
            if Bool.random(using: &g) { node.minLength = responsive(&g, number) }
        case .color:
            node.color = responsive(&g, color)
        default: break
        }
        if chance(3, &g) {
            node.modifiers.padding = Bool.random(using: &g) ? Padding(responsive(&g, number))
                : Padding(top: .fixed(number(&g)), leading: responsive(&g, number), bottom: 0, trailing: .fixed(number(&g)))
        }
        if chance(3, &g) {
            func maybe(_ g: inout SplitMix) -> Responsive<Double>? { Bool.random(using: &g) ? responsive(&g, number) : nil }
            node.modifiers.frame = Frame(width: maybe(&g), height: maybe(&g), minWidth: maybe(&g),
                                         maxWidth: chance(3, &g) ? .fixed(.infinity) : maybe(&g), minHeight: maybe(&g),
                                         maxHeight: chance(4, &g) ? .sizeClass(compact: .infinity, regular: 40) : maybe(&g),
                                         alignment: chance(3, &g) ? .fixed(Alignment.allCases.randomElement(using: &g) ?? .top) : nil)
        }
        if chance(5, &g) { node.modifiers.background = responsive(&g, color) }
        if chance(6, &g) { node.modifiers.cornerRadius = .fixed(number(&g)) }
        if chance(8, &g) { node.modifiers.visible = responsive(&g) { Bool.random(using: &$0) } }
        if chance(6, &g) { node.modifiers.layoutPriority = .fixed(number(&g) - 2) }
        if chance(6, &g) {
            let actions: [Action] = [.navigate(screen: "next"), .open(url: "https://x.example"), .dismiss,
                                     .present(screen: "sheet", style: PresentationStyle.allCases.randomElement(using: &g) ?? .automatic)]
            node.modifiers.action = actions.randomElement(using: &g)
        }
        if chance(25, &g) { node.modifiers.chain = [.padding(Padding(8)), .opacity(0.5)] }
        if chance(40, &g) { node.modifiers.lint = LintSettings(disable: [.init(code: "text-truncated", reason: "ok")]) }
        return node
    }

    /// Whether a tree uses only forms the fast path reads: no modifier chain, lint settings or GridItem columns,
    /// ASCII ids.
    static func usesOnlyFastForms(_ node: ComponentNode) -> Bool {
        node.modifiers.chain.isEmpty && node.modifiers.lint == nil && node.gridItems == nil
            && (node.id?.utf8.allSatisfy { $0 < 0x80 } ?? true) && node.children.allSatisfy(usesOnlyFastForms)
    }

    static func node(depth: Int, _ g: inout SplitMix) -> ComponentNode {
        var counter = 0
        return node(depth: depth, &g, counter: &counter)
    }

    /// Pieces of payload text a mutation inserts.
    static let tokens: [String] = [
        "{", "}", "[", "]", ",", ":", "\"", "\\", " ", "\n", "-", "0", "-0", "01", "1.", "1e", "1e400", "1.5", "-1", "2.0",
        "65", "1e-7", "null", "true", "false", "\"compact\":", "\"regular\":", "\"light\":", "\"dark\":", "\"type\":",
        "\"id\":", "\"children\":", "\"text\"", "\"infinity\"", "\"leading\"", "\"top\"", "\"#FFF\"", "\"@{x}\"", "\\u00e9",
        "\\ud800", "\"spacing\":", "\"frame\":{", "\"padding\":{", "\"modifiers\":[", "\u{00E9}", "\u{212A}", "\u{0}",
    ]

    /// `bytes` with one to three random edits: a byte deleted, flipped or duplicated, a token inserted, a run cut.
    static func mutate(_ bytes: [UInt8], _ g: inout SplitMix) -> [UInt8] {
        var out = bytes
        for _ in 0...Int.random(in: 0...2, using: &g) {
            guard !out.isEmpty else { break }
            let at = Int.random(in: 0..<out.count, using: &g)
            switch Int.random(in: 0..<6, using: &g) {
            case 0: out.remove(at: at)
            case 1: out[at] ^= UInt8(1) << UInt8.random(in: 0...7, using: &g)
            case 2: out.insert(contentsOf: Array((tokens.randomElement(using: &g) ?? "").utf8), at: at)
            case 3: out.removeSubrange(at..<min(out.count, at + Int.random(in: 1...12, using: &g)))
            case 4: out.insert(out[at], at: at)
            default:
                // Replace a digit run (numbers are where range checks live).
                if out[at] >= 48 && out[at] <= 57 {
                    var end = at
                    while end < out.count, out[end] >= 48 && out[end] <= 57 { end += 1 }
                    let replacement = ["0", "-3", "100001", "64", "65", "1e308", "0.001", "10000", "10001"].randomElement(using: &g) ?? "0"
                    out.replaceSubrange(at..<end, with: Array(replacement.utf8))
                }
            }
        }
        return out
    }
}
