import Foundation
import SDUIFuzzing
import Testing
import SDUIEnvironment
@testable import SDUISchema

/// The fast path's key table (`FastKeys`) against the general path: a key it accepts on a type is one the
/// general path gives that type, and with any value it reads exactly what the general path reads (or bails).
@Suite struct FastPathKeyTests {
    /// The types the fast path decodes (the others bail: `FastTypes` has no bit for inputs, sections, viewThatFits,
    /// flow, hgrid and label).
    static let types = ComponentType.builtIn.filter { !FastTypes($0).isEmpty }

    @Test func `every key the fast path accepts on a type is one the general path gives that type`() {
        for key in FastKeys.node {
            let types = Self.types.filter { key.types.contains(FastTypes($0)) }
            #expect(!types.isEmpty, "\(key.name) applies to no type")
            for type in types {
                #expect(DecodingContext.knownKeys(for: type).contains(key.name), "the fast path reads \"\(key.name)\" on a \(type), the general path does not")
            }
        }
        // One slot per key and type: entries of the same name apply to different types.
        for (i, a) in FastKeys.node.enumerated() {
            for b in FastKeys.node[(i + 1)...] where a.name == b.name {
                #expect(a.types.isDisjoint(with: b.types), "\"\(a.name)\" has two entries for one type")
            }
        }
    }

    @Test func `the key lookup finds every entry by its bytes and nothing else`() {
        for key in FastKeys.node {
            for type in Self.types where key.types.contains(FastTypes(type)) {
                #expect(Self.slot(key.name, type) == key.slot, "\(key.name) on \(type)")
            }
        }
        for name in ["typ", "types", "ID", "Id", "child", "childrens", "paddings", "colour", "x", "spacin", "spacingg", "modifiers", "lint"] {
            for type in Self.types { #expect(Self.slot(name, type) == nil, "\(name)") }
        }
    }

    @Test func `the type lookup finds every type the fast path decodes by its name and nothing else`() {
        for type in Self.types where !FastTypes(type).isEmpty {
            #expect(Self.type(type.rawValue) == type, "\(type)")
        }
        for name in ["", "v", "vstac", "vstacks", "Vstack", "texts", "tex", "dividers", "colour", "custom", "hgrid"] {
            #expect(Self.type(name) == nil, "\(name)")
        }
    }

    static func type(_ name: String) -> ComponentType? {
        let bytes = Array(name.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            guard let scanner = FastScanner(buffer, maxStringBytes: 100) else { return nil }
            return FastKeys.type(of: FastSlice(start: 0, count: bytes.count), in: scanner)
        }
    }

    static func slot(_ name: String, _ type: ComponentType) -> FastSlot? {
        let bytes = Array(name.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            guard let scanner = FastScanner(buffer, maxStringBytes: 100) else { return nil }
            return FastKeys.slot(of: FastSlice(start: 0, count: bytes.count), in: scanner, type: FastTypes(type))
        }
    }

    /// Values of every JSON kind and of every form a property takes, valid and not.
    static let values: [String] = [
        "0", "-0", "1", "-1", "0.5", "2.0", "2.5", "8", "64", "65", "1000", "1001", "10000", "10001", "1e3", "1.7777777777777777",
        "100000", "100001", "1e308", "-1e6", "0.001", "0.0001", "1E-3",
        #""""#, #""x""#, #""leading""#, #""top""#, #""center""#, #""trailing""#, #""bottom""#, #""topLeading""#, #""fill""#,
        #""fit""#, #""horizontal""#, #""vertical""#, #""bold""#, #""headline""#, #""body""#, #""borderedProminent""#, #""plain""#,
        #""skeleton""#, #""none""#, ##""#FFF""##, ##""#FF8800""##, ##""#11223344""##, ##""#12""##, #""accent""#, #""notacolor""#,
        #""infinity""#, #""café""#, #""caf\u00e9""#, #""@{x}""#, #""l\u0065ading""#,
        "true", "false", "null", "[]", "[1]", #"[{"flexible": {}}]"#, #"[{"type": "divider"}]"#,
        "{}", #"{"compact": 1}"#, #"{"regular": 2}"#, #"{"compact": 1, "regular": "x"}"#, #"{"compact": "leading", "regular": "trailing"}"#,
        #"{"compact": true}"#, #"{"compact": "x"}"#, #"{"regular": [1]}"#, #"{"compact": 1, "other": 2}"#,
        ##"{"light": "#000"}"##, ##"{"light": "#000", "dark": "#FFF"}"##, ##"{"dark": "#FFF"}"##, ##"{"compact": {"light": "#000"}}"##,
        ##"{"light": {"light": "#000"}}"##, #"{"top": 1}"#, #"{"horizontal": 2, "top": 3}"#, #"{"top": {"compact": 4}}"#, #"{"left": 1}"#,
        #"{"width": 10}"#, #"{"maxWidth": "infinity", "minHeight": 2}"#, #"{"width": {"compact": 1}}"#, #"{"alignment": "top"}"#,
        #"{"width": -1}"#, #"{"maxHeight": "wide"}"#,
        #"{"type": "navigate", "screen": "a"}"#, #"{"type": "open", "url": "u"}"#, #"{"type": "present", "screen": "s", "style": "fullScreen"}"#,
        #"{"type": "present", "screen": "s"}"#, #"{"type": "present", "screen": "s", "style": "bogus"}"#, #"{"type": "dismiss"}"#,
        #"{"type": "share"}"#, #"{"type": "navigate"}"#, #"{"type": "navigate", "screen": 1}"#, #"{"type": "open", "url": "u", "screen": "s"}"#,
        #"{"disable": []}"#, #"{"type": "text", "text": "x"}"#,
    ]

    @Test func `every key with every value decodes the same on both paths, on every type`() {
        var handled = 0
        var keys = Set(FastKeys.node.map(\.name))
        for type in Self.types { keys.formUnion(DecodingContext.knownKeys(for: type)) }
        keys.formUnion(["type", "modifiers", "lint", "unknown"])
        for type in Self.types {
            for key in keys.sorted() {
                for value in Self.values {
                    var members = [#""type": "\#(type.rawValue)""#]
                    if type == .text && key != "text" { members.append(#""text": "t""#) }
                    if type == .button && key != "title" { members.append(#""title": "b""#) }
                    members.append(#""\#(key)": \#(value)"#)
                    let payload = #"{"schemaVersion": 1, "id": "s", "root": {\#(members.joined(separator: ", "))}}"#
                    let bytes = Array(payload.utf8)
                    let problem = FastPathAgreement.problem(bytes)
                    #expect(problem == nil, "\(payload): \(problem ?? "")")
                    if FastPathAgreement.handles(bytes) { handled += 1 }
                }
            }
        }
        #expect(handled > 1000, "only \(handled) payloads took the fast path")
    }

    @Test func `numbers have the same value on both paths`() throws {
        var g = SplitMix(seed: 0x5EED)
        var texts = ["0", "-0", "0.0", "-0.0", "1", "1.0", "0.1", "0.2", "0.3", "1.7777777777777777", "123456789012345", "1234567890123456",
                     "12345678901234567", "123456789012345678", "1234567890123456789", "12345678901234567890", "9007199254740993",
                     "9007199254740992.5", "0.30000000000000004", "2.2250738585072014e-308", "1e22", "1e23", "1e-19", "1e-20",
                     "4.9406564584124654e-324", "1.7976931348623157e308", "0.1e1", "1E+2", "5e-1", "3.14159265358979323846",
                     "0.000000000000000000001", "100000000000000000000", "7.2057594037927933e16", "1.00000000000000011102230246251565",
                     "0.00123456789012", "0.12345678", "0.123456789", "0.1234567890123456789", "12345678901.2345678901234",
                     "1.12345678e5", "1.1234567e5", "0.00000000123456781234567812345678", "98765432.87654321"]
        for _ in 0..<20_000 {
            var t = Bool.random(using: &g) ? "-" : ""
            let digits = Int.random(in: 1...20, using: &g)
            var integer = String(Int.random(in: 1...9, using: &g))
            for _ in 1..<max(1, Int.random(in: 1...digits, using: &g)) { integer += String(Int.random(in: 0...9, using: &g)) }
            t += Int.random(in: 0..<5, using: &g) == 0 ? "0" : integer
            if Bool.random(using: &g) {
                t += "."
                for _ in 0..<Int.random(in: 1...19, using: &g) { t += String(Int.random(in: 0...9, using: &g)) }
            }
            if Int.random(in: 0..<3, using: &g) == 0 { t += "e" + (Bool.random(using: &g) ? "-" : "") + String(Int.random(in: 0...25, using: &g)) }
            texts.append(t)
        }
        for text in texts {
            let bytes = Array(text.utf8)
            var parser = JSONParser(bytes: bytes, maxDepth: 10, maxStringBytes: 100)
            guard case .number(let general)? = try? parser.parseDocument() else { Issue.record("\(text) does not parse"); continue }
            let fast: Double? = bytes.withUnsafeBufferPointer { buffer in
                guard var scanner = FastScanner(buffer, maxStringBytes: 100) else { return nil }
                return try? scanner.number()
            }
            #expect(fast?.bitPattern == general.bitPattern, "\(text): fast \(String(describing: fast)), general \(general)")
        }
    }
}
