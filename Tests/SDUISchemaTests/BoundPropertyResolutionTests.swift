import Testing
import SDUIEnvironment
@testable import SDUISchema

/// A state change resolves a node's bound properties by decoding only its bound keys again
/// (`PayloadDecoder.reboundProperties`); the general path decodes the whole node again
/// (`redecodedProperties`). On random nodes with random bindings, in random states — values the properties reject
/// too — both give the same node (properties, geometry record, image URL) and the same diagnostics at the same
/// JSON Pointers.
@Suite struct BoundPropertyResolutionTests {
    /// The state every node reads: `n`, `m` numbers, `s`, `t` strings, `b` a bool.
    static let state = #"{"n": 10, "m": 2, "s": "red", "t": "hello", "b": true, "email": "", "q": 1}"#

    /// Bound keys any node takes (a member of the node's object, as JSON text).
    static let common = [
        #""visible": "@{b}""#, #""visible": "@{n > 3}""#, #""padding": "@{n}""#, #""padding": {"horizontal": "@{n}", "top": 4}"#,
        #""frame": {"width": "@{n * 10}", "height": 20}"#, #""frame": {"maxWidth": "@{n}", "alignment": "@{s}"}"#,
        #""aspectRatio": "@{m}""#, #""background": "@{s}""#, #""cornerRadius": "@{n - 5}""#, #""layoutPriority": "@{m}""#,
        #""accessibility": {"label": "@{t}", "hidden": "@{b}"}"#, #""modifiers": [{"padding": "@{n}"}, {"opacity": "@{m / 4}"}]"#,
        #""modifiers": [{"overlay": {"content": {"type": "text", "text": "New"}, "alignment": "topTrailing"}}, {"opacity": "@{m}"}]"#,
        #""modifiers": [{"background": {"content": {"type": "color", "color": "blue"}}}, {"frame": {"height": "@{n}"}}]"#,
        #""contentMode": "@{s}""#,
    ]

    /// Bound keys of one type, and the type's fixed keys.
    static let typed: [(type: String, fixed: String, bound: [String])] = [
        ("text", #""text": "x""#, [#""text": "@{t}""#, #""lineLimit": "@{m}""#, #""color": "@{s}""#, #""fontSize": "@{n}""#,
                                   #""style": "@{s}""#, #""weight": "@{s}""#, #""alignment": "@{s}""#, #""minimumScaleFactor": "@{m / 4}""#]),
        ("image", #""systemName": "star""#, [#""url": "@{t}""#, #""alt": "@{t}""#, #""color": "@{s}""#, #""placeholder": "@{s}""#]),
        ("vstack", #""children": [{"type": "text", "text": "a"}]"#, [#""spacing": "@{n}""#, #""alignment": "@{s}""#]),
        ("hstack", #""children": [{"type": "text", "text": "a"}]"#, [#""spacing": "@{n - 20}""#]),
        ("grid", #""children": [{"type": "text", "text": "a"}]"#, [#""columns": "@{m}""#, #""spacing": "@{n}""#, #""minColumnWidth": "@{n}""#]),
        ("button", #""title": "Go""#, [#""title": "@{t}""#, #""style": "@{s}""#, #""color": "@{s}""#]),
        ("spacer", "", [#""minLength": "@{n}""#]),
        ("color", #""color": "red""#, [#""color": "@{s}""#]),
        ("textField", #""text": "@{email}""#, [#""placeholder": "@{t}""#, #""secure": "@{b}""#, #""fontSize": "@{n}""#]),
        ("stepper", #""value": "@{q}""#, [#""label": "@{t}""#]),
        ("toggle", #""isOn": "@{b}""#, [#""label": "@{t}""#]),
    ]

    /// Values of the variables, some the properties reject (negative lengths, unknown colors, an empty text).
    static let numbers: [StateValue] = [.int(10), .int(0), .int(-5), .number(3.5), .number(1e300), .int(1000), .int(2)]
    static let strings: [StateValue] = [.string("red"), .string("#ff000080"), .string("bogus"), .string(""), .string("leading"),
                                        .string("title"), .string("bold"), .string("fit"), .string("hello"), .string("https://x.test/a.png")]

    @Test func reboundKeysEqualTheWholeNodeDecodedAgain() throws {
        var generator = SplitMix(seed: 0x27B0)
        var rebound = 0, rejected = 0
        for _ in 0..<300 {
            let kind = Self.typed[generator.next(Self.typed.count)]
            let pool = kind.bound + Self.common
            var members: [String] = kind.fixed.isEmpty ? [] : [kind.fixed]
            var keys: Set<String> = []
            for _ in 0..<(1 + generator.next(3)) {
                let member = pool[generator.next(pool.count)]
                let key = String(member.split(separator: ":")[0])
                if keys.insert(key).inserted { members.append(member) }
            }
            let node = #"{"type": "\#(kind.type)", "id": "node", \#(members.joined(separator: ", "))}"#
            let json = payload(state: Self.state, #"{"type": "vstack", "children": [\#(node)]}"#)
            let decoding = PayloadDecoder().decode(Array(json.utf8))
            guard let screen = decoding.screen, decoding.issues.isEmpty else { continue }
            let old = screen.root.children[0]
            let decoder = PayloadDecoder()
            for _ in 0..<6 {
                var state = screen.state
                _ = state.set("n", to: Self.numbers[generator.next(Self.numbers.count)])
                _ = state.set("m", to: Self.numbers[generator.next(Self.numbers.count)])
                _ = state.set("s", to: Self.strings[generator.next(Self.strings.count)])
                _ = state.set("t", to: Self.strings[generator.next(Self.strings.count)])
                _ = state.set("b", to: .bool(generator.next() % 2 == 0))
                let whole = decoder.redecodedProperties(of: old, in: state, depth: 2)
                let keysOnly = try #require(decoder.reboundProperties(of: old, in: state, depth: 2), "\(node)")
                rebound += 1
                if !whole.issues.isEmpty { rejected += 1 }
                #expect(keysOnly.issues.map(\.description) == whole.issues.map(\.description), "\(node)")
                // The whole node's bindings come in the encoding's key order; the kept node's in the payload's.
                var a = keysOnly.node, b = whole.node
                a?.bindings.sort { $0.description < $1.description }
                b?.bindings.sort { $0.description < $1.description }
                #expect(a == b, "\(node)")
                #expect(a?.geometry == b?.geometry, "\(node)")
                #expect(a?.url == b?.url, "\(node)")
                #expect(keysOnly.node?.bindings == old.bindings, "\(node)")
                #expect((decoder.resolvedProperties(of: old, in: state, depth: 2) != nil) == whole.issues.isEmpty)
            }
        }
        // Both kinds of state were tried: ones every property takes and ones some property rejects.
        #expect(rebound > 1000)
        #expect(rejected > 100 && rejected < rebound - 100)
    }

    /// A binding under a key the node's type does not take, a fallback or a template item: decoded whole.
    @Test func nodesWhoseKeysCannotBeTakenAloneAreDecodedWhole() throws {
        let json = payload(state: Self.state, #"{"type": "vstack", "children": [{"type": "text", "text": "a", "minimumVersion": "1.0", "visible": "@{b}"}]}"#)
        let screen = try #require(PayloadDecoder().decode(Array(json.utf8)).screen)
        let node = screen.root.children[0]
        #expect(PayloadDecoder().reboundProperties(of: node, in: screen.state, depth: 2) == nil)
        #expect(PayloadDecoder().resolvedProperties(of: node, in: screen.state, depth: 2) == node)
    }
}
