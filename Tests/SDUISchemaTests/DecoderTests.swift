import Foundation
import Testing
@testable import SDUISchema
import SDUIEnvironment

private func decode(_ json: String, strict: Bool = false) -> PayloadDecoding {
    PayloadDecoder(options: .init(strict: strict)).decode(Array(json.utf8))
}

private func errors(_ json: String, strict: Bool = false) -> [String] {
    decode(json, strict: strict).errors.map(\.description)
}

private func wrap(_ root: String) -> String { #"{"schemaVersion": 1, "id": "t", "root": \#(root)}"# }

@Test func `a valid payload decodes with responsive values and modifiers`() throws {
    let screen = try Screen(json: wrap("""
    {"type": "scroll", "children": [
      {"type": "grid", "id": "g", "columns": {"compact": 2, "regular": 4}, "minColumnWidth": 150, "spacing": 12,
       "padding": {"horizontal": 16, "top": 8}, "children": [
        {"type": "image", "url": "https://x/y.png", "aspectRatio": 1.5, "contentMode": "fit", "cornerRadius": 8},
        {"type": "text", "text": "Hi", "style": "headline", "weight": "bold", "lineLimit": 2, "color": {"light": "#000", "dark": "#FFFFFF"}},
        {"type": "button", "title": "Buy", "style": "borderedProminent", "action": {"type": "present", "screen": "checkout", "style": "pageSheet"}},
        {"type": "color", "color": "accent", "frame": {"maxWidth": "infinity", "height": 20, "alignment": "topLeading"}, "layoutPriority": 1, "visible": {"compact": false, "regular": true}}
      ]}
    ]}
    """))
    let grid = screen.root.children[0]
    #expect(grid.columns?.resolved(for: .compact) == 2)
    #expect(grid.columns?.resolved(for: .regular) == 4)
    #expect(grid.modifiers.padding == Padding(top: 8, leading: 16, bottom: 0, trailing: 16))
    #expect(grid.children[0].modifiers.aspectRatio == .fixed(1.5))
    #expect(grid.children[0].modifiers.contentMode == .fixed(.fit))
    #expect(grid.children[1].style == .fixed(.headline))
    #expect(grid.children[1].color?.resolved(for: .compact).dark == Color.RGBA(red: 255, green: 255, blue: 255))
    #expect(grid.children[2].buttonStyle == .fixed(.borderedProminent))
    #expect(grid.children[2].modifiers.action == .present(screen: "checkout", style: .pageSheet))
    #expect(grid.children[3].modifiers.frame?.maxWidth == .fixed(.infinity))
    #expect(grid.children[3].modifiers.visible?.resolved(for: .compact) == false)
}

@Test func `a size-class map missing one class falls back to the other`() throws {
    let screen = try Screen(json: wrap(#"{"type": "grid", "columns": {"regular": 4}}"#))
    #expect(screen.root.columns?.resolved(for: .compact) == 4)
}

@Test(arguments: [
    (#"{"type": "image", "aspectRatio": -1}"#, "/root/aspectRatio: must be > 0, got -1"),
    (#"{"type": "image", "aspectRatio": 0}"#, "/root/aspectRatio: must be > 0, got 0"),
    (#"{"type": "grid", "columns": 0}"#, "/root/columns: must be between 1 and 64, got 0"),
    (#"{"type": "grid", "columns": "2"}"#, "/root/columns: must be an integer, got \"2\""),
    (#"{"type": "grid", "columns": 2.5}"#, "/root/columns: must be an integer, got 2.5"),
    (#"{"type": "grid", "columns": {"compact": 0}}"#, "/root/columns/compact: must be between 1 and 64, got 0"),
    (#"{"type": "vstack", "children": {}}"#, "/root/children: must be an array of nodes, got an object"),
    (#"{"type": "vstack", "spacing": "wide"}"#, "/root/spacing: must be a number, got \"wide\""),
    (#"{"type": "vstack", "children": [1]}"#, "/root/children/0: must be an object (a node with a \"type\"), got a number"),
    (#"{"type": "text"}"#, "/root/text: required: the text to show"),
    (#"{"type": "text", "text": "a", "children": []}"#, "/root/children: a text cannot have children (containers: vstack, hstack, zstack, grid, scroll)"),
    (#"{"type": "vstack", "alignment": "top"}"#, "/root/alignment: must be one of leading, center, trailing here, got \"top\""),
    (##"{"type": "color", "color": "#12"}"##, "/root/color: must be #RGB, #RRGGBB, #RRGGBBAA or a system color"),
    (#"{"type": "color", "frame": {"maxWidth": "huge"}}"#, "/root/frame/maxWidth: must be a number ≥ 0 or \"infinity\", got \"huge\""),
    (#"{"type": "color", "frame": {"width": "infinity"}}"#, "/root/frame/width: must be a number, got \"infinity\""),
    (#"{"type": "color", "padding": -4}"#, "/root/padding: must be ≥ 0, got -4"),
    (#"{"type": "color", "action": {"type": "navigate"}}"#, "/root/action/screen: required by a navigate action"),
    (#"{"type": "color", "visible": "yes"}"#, "/root/visible: must be true or false, got \"yes\""),
    (#"{"type": "spacer", "minLength": {"compact": 1, "large": 2}}"#, "/root/minLength/large: a size-class map takes only \"compact\" and \"regular\""),
    (#"{"id": "x"}"#, "/root/type: required"),
])
func `bad values are errors with the JSON Pointer of the problem`(root: String, expected: String) {
    let found = errors(wrap(root))
    #expect(found.contains { $0.hasPrefix(expected) }, "got \(found)")
}

@Test func `every error in a payload is reported, not only the first`() {
    let found = errors(wrap(#"{"type": "vstack", "children": [{"type": "image", "aspectRatio": -1}, {"type": "grid", "columns": 0}, {"type": "text"}]}"#))
    #expect(found.count == 3)
    #expect(found[0].hasPrefix("/root/children/0/aspectRatio"))
    #expect(found[1].hasPrefix("/root/children/1/columns"))
    #expect(found[2].hasPrefix("/root/children/2/text"))
}

@Test func `duplicate ids name both places`() {
    let found = errors(wrap(#"{"type": "vstack", "children": [{"type": "spacer", "id": "a"}, {"type": "vstack", "children": [{"type": "divider", "id": "a"}]}]}"#))
    #expect(found == [#"/root/children/1/children/0/id: duplicate id "a": already used at /root/children/0/id"#])
}

@Test func `schemaVersion is checked first and names the supported versions`() {
    #expect(errors(#"{"schemaVersion": 2, "root": {"type": "bogus", "columns": -1}}"#) == ["/schemaVersion: unsupported version 2; this build supports 1"])
    #expect(errors(#"{"root": {"type": "vstack"}}"#).first?.hasPrefix("/schemaVersion: required") == true)
    #expect(errors(#"{"schemaVersion": "1", "root": {"type": "vstack"}}"#).first?.hasPrefix("/schemaVersion: must be an integer") == true)
}

@Test func `a missing root is an error`() {
    #expect(errors(#"{"schemaVersion": 1, "id": "x"}"#) == ["/root: required: the screen's root node"])
}

@Test(arguments: [
    ("", "/: the input is empty"),
    ("{", "/: unexpected end of input, expected a key or '}' at line 1, column 2"),
    (#"{"schemaVersion": 1, "root": {"type": "vstack", "children": [{"type": "text""#, "/root/children/0: unexpected end of input"),
    (#"{"schemaVersion": 1,}"#, "/: unexpected '}', expected a string key"),
    ("[1, 2]", "/: a payload must be a JSON object, got an array"),
    (#"{"a": 1} x"#, "/: unexpected 'x' after the end of the JSON value"),
    (#"{"schemaVersion": 1, "schemaVersion": 1}"#, "/schemaVersion: duplicate key"),
    (#"{"schemaVersion": 01}"#, "/schemaVersion: invalid number: leading zero"),
    (#"{"s": "\q"}"#, "/s: invalid escape"),
    (#"{"s": "\ud800"}"#, "/s: unpaired UTF-16 surrogate"),
    ("{\"s\": \"a\u{01}\"}", "/s: control character"),
    (#"{"schemaVersion": 1e999, "root": {"type": "vstack"}}"#, "/schemaVersion: number 1e999 is out of range"),
])
func `malformed JSON is reported with a pointer and a line and column`(json: String, expected: String) {
    let found = errors(json)
    #expect(found.count == 1)
    #expect(found.first?.hasPrefix(expected) == true, "got \(found)")
}

@Test func `invalid UTF-8 is refused with its byte offset`() {
    var bytes = Array(#"{"schemaVersion": 1, "root": {"type": "text", "text": ""#.utf8)
    let offset = bytes.count
    bytes += [0xC3, 0x28] + Array("\"}}".utf8)
    let result = PayloadDecoder().decode(bytes)
    #expect(result.errors.map(\.description) == ["/: invalid UTF-8 at byte offset \(offset)"])
    #expect(firstInvalidUTF8Offset(Array("héllo 👋🏽".utf8)) == nil)
    #expect(firstInvalidUTF8Offset([0xED, 0xA0, 0x80]) == 0)  // an encoded surrogate
    #expect(firstInvalidUTF8Offset([0xC0, 0x80]) == 0)        // overlong
}

@Test func `hostile nesting is refused fast without deep recursion`() {
    let n = 100_000
    let json = #"{"schemaVersion": 1, "root": "# + String(repeating: #"{"type": "vstack", "children": ["#, count: n)
        + #"{"type": "spacer"}"# + String(repeating: "]}", count: n) + "}"
    let start = ContinuousClock.now
    let result = PayloadDecoder().decode(Array(json.utf8))
    let elapsed = ContinuousClock.now - start
    #expect(result.screen == nil)
    #expect(result.errors.first?.code == .limitExceeded)
    #expect(elapsed < .seconds(5), "must be refused quickly, took \(elapsed)")  // generous: debug build on a loaded CI box
}

@Test func `node depth and node count limits are enforced`() {
    let deep = wrap(String(repeating: #"{"type": "vstack", "children": ["#, count: 10) + #"{"type": "spacer"}"# + String(repeating: "]}", count: 10))
    let limited = PayloadDecoder(options: .init(maxNodeDepth: 5)).decode(Array(deep.utf8))
    #expect(limited.errors.first?.code == .limitExceeded)
    #expect(PayloadDecoder(options: .init(maxNodeDepth: 11)).decode(Array(deep.utf8)).screen != nil)
    let many = wrap(#"{"type": "vstack", "children": ["# + Array(repeating: #"{"type": "spacer"}"#, count: 50).joined(separator: ",") + "]}")
    let counted = PayloadDecoder(options: .init(maxNodes: 20)).decode(Array(many.utf8))
    #expect(counted.errors.map(\.message) == ["more than 20 nodes in one screen"])
    let big = PayloadDecoder(options: .init(maxBytes: 100)).decode(Array(many.utf8))
    #expect(big.errors.first?.code == .limitExceeded)
}

@Test func `unknown types and properties are warnings, errors when strict`() throws {
    let json = wrap(#"{"type": "vstack", "children": [{"type": "carousel", "speed": 3, "children": [{"type": "spacer"}]}, {"type": "spacer", "colour": "red"}]}"#)
    let lenient = decode(json)
    #expect(lenient.screen != nil)
    #expect(lenient.warnings.map(\.code) == [.unknownType, .unknownProperty])
    #expect(lenient.warnings.map(\.pointer) == ["/root/children/0/type", "/root/children/1/colour"])
    // Not shown (no fallback): a stand-in that keeps its place and id, laid out as `visible: false` is.
    let carousel = try #require(lenient.screen?.root.children[0])
    #expect(carousel.type == .custom("carousel"))
    #expect(carousel.droppedReason == "unknown type \"carousel\" without a fallback")
    #expect(carousel.children.isEmpty && carousel.modifiers.visible == .fixed(false))
    #expect(lenient.warnings[0].message.contains("not shown"))
    let strict = decode(json, strict: true)
    #expect(strict.screen == nil)
    #expect(strict.errors.count == 2)
    // An app that draws carousels keeps the node, its own keys and its children.
    let drawn = PayloadDecoder(options: .init(customTypes: ["carousel"])).decode(Array(json.utf8))
    #expect(drawn.warnings.map(\.code) == [.unknownProperty])
    let kept = try #require(drawn.screen?.root.children[0])
    #expect(kept.type == .custom("carousel") && kept.droppedReason == nil)
    #expect(kept.extra["speed"] == .number(3))
    #expect(kept.children.count == 1)
}

@Test func `string escapes and unicode decode exactly`() throws {
    let screen = try Screen(json: wrap(#"{"type": "text", "text": "a\"b\\c\n\u00e9\ud83d\ude00 日本"}"#))
    #expect(screen.root.text == .fixed("a\"b\\c\né😀 日本"))
}

@Test func `the examples decode`() throws {
    let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples")
    let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") }
    #expect(files.count >= 3)
    for file in files {
        let result = PayloadDecoder(options: .init(strict: true)).decode(try Data(contentsOf: dir.appendingPathComponent(file)))
        #expect(result.issues.isEmpty, "\(file): \(result.issues)")
    }
}

@Test func `JSON Pointer tokens escape ~ and / as RFC 6901 says, and plain tokens are kept`() {
    #expect(JSONPointer.escape("aspectRatio") == "aspectRatio")
    #expect(JSONPointer.escape("a/b") == "a~1b")
    #expect(JSONPointer.escape("m~n") == "m~0n")
    #expect(JSONPointer.escape("~/é/~") == "~0~1é~1~0")
    #expect(JSONPointer.appending("/root", "x/y") == "/root/x~1y")
    #expect(JSONPointer.appending("/root/children", 3) == "/root/children/3")
    // In a payload: an unknown property whose name holds both characters is reported at the escaped pointer.
    let result = decode(wrap(#"{"type": "color", "we/ird~key": 1}"#))
    #expect(result.issues.contains { $0.pointer == "/root/we~1ird~0key" })
}

@Test func `issues deep in a node's properties name the exact pointer`() {
    // Pointers are made from the decoder's path only when an issue is reported: each level must be on it.
    let json = wrap(#"""
    {"type": "vstack", "id": "top", "children": [
      {"type": "hstack", "children": [
        {"type": "color", "id": "a", "frame": {"maxHeight": {"compact": "huge"}, "we/ird": 1},
         "background": {"regular": {"light": "#12", "dark": 3}}, "padding": {"top": {"compact": -1}, "left": 2}},
        {"type": "button", "title": "B", "action": {"type": "present", "screen": "s", "style": "sideways"}},
        {"type": "text", "text": {"compact": 1}, "id": "top"}
      ]},
      {"type": "spacer", "id": "a", "minLength": {"compact": 1, "tiny": 1}}
    ]}
    """#)
    #expect(decode(json).issues.map(\.description) == [
        #"/root/children/0/children/0/frame/maxHeight/compact: must be a number ≥ 0 or "infinity", got "huge""#,
        #"/root/children/0/children/0/frame/we~1ird: unknown frame property "we/ird" (known: width, height, minWidth, maxWidth, minHeight, maxHeight, alignment)"#,
        "/root/children/0/children/0/background/regular/light: must be #RGB, #RRGGBB, #RRGGBBAA or a system color (\(Color.system.keys.sorted().joined(separator: ", "))), got \"#12\"",
        ##"/root/children/0/children/0/background/regular/dark: must be a color string like "#FF8800" or {"light": …, "dark": …}, got 3"##,
        "/root/children/0/children/0/padding/top/compact: must be ≥ 0, got -1",
        #"/root/children/0/children/0/padding/left: padding takes top, leading, bottom, trailing, horizontal, vertical; got "left""#,
        "/root/children/0/children/1/action/style: must be one of \(PresentationStyle.allCases.map(\.rawValue).joined(separator: ", ")), got \"sideways\"",
        "/root/children/0/children/2/text/compact: must be a string, got 1",
        #"/root/children/0/children/2/id: duplicate id "top": already used at /root/id"#,
        #"/root/children/1/id: duplicate id "a": already used at /root/children/0/children/0/id"#,
        #"/root/children/1/minLength/tiny: a size-class map takes only "compact" and "regular", got "tiny""#,
    ])
}

@Test(arguments: ["0", "-0", "7", "-42", "123456789012345", "-123456789012345", "1234567890123456", "12345678901234567890",
                  "1.5", "-0.0", "2e3", "1E-2", "0.1", "1.7976931348623157e308"])
func `numbers parse to the Double their text reads as`(literal: String) throws {
    var parser = JSONParser(bytes: Array(literal.utf8), maxDepth: 8, maxStringBytes: 64)
    let value = try parser.parseDocument()
    let expected = try #require(Double(literal))
    guard case .number(let n) = value else { Issue.record("got \(value)"); return }
    #expect(n.bitPattern == expected.bitPattern, "\(literal): \(n) ≠ \(expected)")
}

@Test func `invalid UTF-8 after long ASCII runs is found at its exact offset`() {
    for prefix in 0..<24 {
        let bytes = Array(String(repeating: "a", count: prefix).utf8) + [0xE2, 0x82] + Array("bcdefghijklmnop".utf8)
        #expect(firstInvalidUTF8Offset(bytes) == prefix)
        #expect(firstInvalidUTF8Offset(Array(String(repeating: "a", count: prefix).utf8) + [0xE2, 0x82, 0xAC] + Array("bcdefghij".utf8)) == nil)
    }
}

@Test func `node keys are named by their exact text only`() {
    for key in DecodingContext.NodeKey.allCases {
        #expect(DecodingContext.NodeKey(key.rawValue) == key)
        // The same length and first byte, another last byte; one byte longer or shorter; another case.
        let name = key.rawValue
        #expect(DecodingContext.NodeKey(String(name.dropLast()) + (name.last == "x" ? "y" : "x")) == nil)
        #expect(DecodingContext.NodeKey(name + "s") == nil)
        #expect(DecodingContext.NodeKey(String(name.dropLast())) == nil)
        #expect(DecodingContext.NodeKey(name.uppercased()) == nil)
    }
    #expect(DecodingContext.NodeKey("") == nil)
    #expect(DecodingContext.NodeKey("tex\u{301}t") == nil)
    // A near miss on a type that takes the real key is an unknown property, and the real key still decodes.
    let result = decode(wrap(##"{"type": "text", "text": "a", "texy": "b", "tyep": "c", "colr": "#fff", "color": "#fff"}"##))
    #expect(result.warnings.map(\.pointer) == ["/root/texy", "/root/tyep", "/root/colr"])
    #expect(result.screen?.root.text == .fixed("a") && result.screen?.root.color != nil)
}

@Test func `hex colors read exactly as the digits say`() {
    /// The digits as a reference reads them: each of #RGB doubled, then two digits a component.
    func reference(_ text: String) -> Color.RGBA? {
        guard text.first == "#" else { return nil }
        var digits = Array(text.utf8.dropFirst())
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        guard digits.count == 6 || digits.count == 8 else { return nil }
        var bytes: [UInt8] = []
        for i in stride(from: 0, to: digits.count, by: 2) {
            guard let pair = UInt8(String(decoding: digits[i...i + 1], as: UTF8.self), radix: 16),
                  digits[i...i + 1].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") }) else { return nil }
            bytes.append(pair)
        }
        return Color.RGBA(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 255)
    }
    let digits = Array("0123456789abcdefABCDEFgG+ é")
    var texts = ["", "#", "red", "#red", "#fff", "#FFFFFF", "#00000000", "#12345", "#1234567", "#123456789", "blue", "#\u{301}12", "＃fff"]
    for length in [3, 6, 8] {
        for seed in 0..<200 {
            texts.append("#" + String((0..<length).map { digits[($0 * 7 + seed * 13 + seed / 7) % (seed < 150 ? 22 : digits.count)] }))
        }
    }
    for text in texts {
        #expect(Color.parseHex(text) == reference(text), "\(text)")
        let expected = Color.system[text] ?? reference(text).map { Color(light: $0, name: text) }
        #expect(Color(parsing: text) == expected, "\(text)")
    }
}

@Test func `strings end, stop and hit the length limit at the exact byte after runs of every length`() {
    for run in 0..<20 {
        let text = String(repeating: "a", count: run)
        // Each special byte right after the run: the string ends, an escape follows, or a control byte is refused.
        #expect(decode(wrap(#"{"type": "text", "text": "\#(text)"}"#)).screen?.root.text == .fixed(text))
        #expect(decode(wrap(#"{"type": "text", "text": "\#(text)\n\#(text)é"}"#)).screen?.root.text == .fixed(text + "\n" + text + "é"))
        let control = errors(wrap("{\"type\": \"text\", \"text\": \"\(text)\u{1F}b\"}"))
        #expect(control.count == 1 && control[0].hasSuffix("control character byte 0x1F inside a string (escape it) at line 1, column \(67 + run)"), "\(control)")
        // A limit of `limit` bytes refuses the (limit + 1)th byte, before any later problem in the string. (The
        // parser itself, with an empty key: every string counts, keys too.)
        for limit in (run - 1)...(run + 3) where limit >= 0 {
            for tail in ["\"}", "\u{1F}\"}", "\\n\"}", ""] {
                var parser = JSONParser(bytes: Array(("{\"\": \"" + text + "é" + tail).utf8), maxDepth: 8, maxStringBytes: limit)
                var found: [String] = []
                do { _ = try parser.parseDocument() } catch { found = [error.pointer + ": " + error.message] }
                let context = "run \(run) limit \(limit) tail \(tail): \(found)"
                // Columns: the string's first byte is column 7, "é" is one column.
                if run + 2 > limit || (tail.hasPrefix("\\") && run + 3 > limit) {
                    let at = run + 2 > limit ? 7 + min(run + 1, limit + 1) : 10 + run  // (after the escape)
                    #expect(found == ["/: string longer than \(limit) bytes at line 1, column \(at)"], "\(context)")
                } else if tail.isEmpty {
                    #expect(found == ["/: unexpected end of input inside a string at line 1, column \(8 + run)"], "\(context)")
                } else if tail.hasPrefix("\u{1F}") {
                    #expect(found == ["/: control character byte 0x1F inside a string (escape it) at line 1, column \(8 + run)"], "\(context)")
                } else {
                    #expect(found.isEmpty, "\(context)")
                }
            }
        }
    }
}
