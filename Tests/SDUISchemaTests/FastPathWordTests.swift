import Foundation
import SDUIFuzzing
import Testing
import SDUIEnvironment
@testable import SDUISchema

/// The fast path's word readers (`FastScanner+Words.swift`) and the strings and id set built on them, against the
/// general path: keys, type names and ids of every length around the 8- and 16-byte words, at every distance
/// from the input's end, with every byte they must not take.
@Suite struct FastPathWordTests {
    @Test func `small ASCII strings made from words are the standard library's own`() {
        #expect(SmallASCIIString.layoutHolds)
        for n in 1...15 {
            let bytes = (0..<n).map { UInt8(0x30 + ($0 * 5 + n) % 70) }
            let made = SmallASCIIString.make(FastWord(bytes))
            #expect(made == String(decoding: bytes, as: UTF8.self), "\(n) bytes")
            #expect(Array(made.utf8) == bytes && made.count == n && made.hashValue == String(decoding: bytes, as: UTF8.self).hashValue)
        }
    }

    /// A payload of one hstack with three colors whose ids are `ids`, written with `space` after every `:` and `,`.
    static func payload(ids: [String], space: String = " ", key: String = "\"id\"", tail: String = "") -> [UInt8] {
        let children = ids.map { "{\"type\":\(space)\"color\",\(space)\(key):\(space)\"\($0)\"}" }.joined(separator: ",\(space)")
        return Array("{\"schemaVersion\":\(space)1,\(space)\"root\":\(space){\"type\":\(space)\"hstack\",\(space)\"children\":\(space)[\(children)]}\(tail)}".utf8)
    }

    @Test func `ids of every length near the word sizes decode as on the general path`() {
        var handled = 0
        for n in 1...34 {
            let id = String((0..<n).map { Character(UnicodeScalar(UInt8(0x61 + $0 % 26))) })
            let variants = [[id, id + "x", "x" + id], [id, id], [id + "1", id + "2", id + "3"],
                            ["é" + id, id, "a"], [id + "\\u0041", "b", "c"], [id + "\\\"", "b", "c"]]
            for ids in variants {
                for space in ["", " ", "\n\t  "] {
                    let bytes = Self.payload(ids: ids, space: space)
                    let problem = FastPathAgreement.problem(bytes)
                    #expect(problem == nil, "\(ids) \(space.debugDescription): \(problem ?? "")")
                    if FastPathAgreement.handles(bytes) { handled += 1 }
                }
            }
        }
        // Distinct plain ids take the fast path, duplicates and escaped ones the general path.
        #expect(handled >= 34 * 3 * 2)
        #expect(!FastPathAgreement.handles(Self.payload(ids: ["same-id-of-20-bytes!", "same-id-of-20-bytes!", "c"])))
        #expect(!FastPathAgreement.handles(Self.payload(ids: ["short", "short", "c"])))
    }

    @Test func `tokens at every distance from the input's end decode as on the general path`() {
        // The readers load 8 or 16 bytes past a token's opening quote: end the input right after the last child,
        // with padding of every length (whitespace, then nothing) so each token crosses the end at some offset.
        for n in [1, 7, 8, 9, 15, 16, 17] {
            let id = String(repeating: "k", count: n)
            for pad in 0...20 {
                let bytes = Self.payload(ids: ["a", "b", id], space: "", tail: String(repeating: " ", count: pad))
                let problem = FastPathAgreement.problem(bytes)
                #expect(problem == nil, "\(n), \(pad): \(problem ?? "")")
                #expect(FastPathAgreement.handles(bytes), "\(n), \(pad)")
            }
        }
    }

    @Test func `keys and type names the readers must not take bail or agree`() {
        let keys = ["\"i\\u0064\"", "\"id \"", "\"idd\"", "\"\"", "\"children\\\"\"", "\"aspectRatioX\"", "\"i\u{1}d\"",
                    "\"flipsForRightToLeftLayoutDirection\"", "\"id\" ", "\"id\"\n"]
        for key in keys {
            let bytes = Self.payload(ids: ["a", "b", "c"], key: key)
            let problem = FastPathAgreement.problem(bytes)
            #expect(problem == nil, "\(key): \(problem ?? "")")
        }
        let types = ["\"colo\"", "\"colorr\"", "\"col\\u006fr\"", "\"color\" \"text\"", "\"leading\" \"color\"", "\"c\u{0}lor\"",
                     "\"viewThatFits\"", "\"divider\"", "\"\"", "5"]
        for type in types {
            let bytes = Array("{\"schemaVersion\": 1, \"root\": {\"type\": \(type), \"id\": \"x\"}}".utf8)
            let problem = FastPathAgreement.problem(bytes)
            #expect(problem == nil, "\(type): \(problem ?? "")")
        }
        #expect(FastPathAgreement.handles(Array("{\"schemaVersion\": 1, \"root\": {\"type\": \"divider\", \"id\": \"x\"}}".utf8)))
    }

    @Test func `the id set finds duplicates of every length among many ids`() {
        // Past the set's first size (it grows), with ids that share their first and last eight bytes.
        var ids = (0..<3000).map { "card-\($0 % 10)-\(String(repeating: "m", count: $0 % 20))-\($0)-end" }
        ids += (0..<300).map { String($0) }
        let unique = Self.payload(ids: ids)
        #expect(FastPathAgreement.problem(unique) == nil)
        #expect(FastPathAgreement.handles(unique))
        for duplicate in [ids[2999], ids[7], ids[3299], ids[3000]] {
            let bytes = Self.payload(ids: ids + [duplicate])
            #expect(!FastPathAgreement.handles(bytes), "\(duplicate)")
            #expect(PayloadDecoder().decodeGeneral(bytes).errors.contains { $0.description.contains("duplicate") || $0.description.contains(duplicate) })
        }
    }

    @Test func `eight digits read at once are the digits' value, and any other byte stops them`() {
        var g = SplitMix(seed: 0x8D16)
        for _ in 0..<5000 {
            var bytes = (0..<8).map { _ in UInt8(48 + Int.random(in: 0...9, using: &g)) }
            let value = bytes.reduce(UInt64(0)) { $0 * 10 + UInt64($1 - 48) }
            bytes.withUnsafeBufferPointer { #expect(FastScanner.eightDigits($0.baseAddress!, at: 0, end: 8) == value) }
            // A byte just outside 0…9 (or anything else) anywhere among them: not eight digits.
            let place = Int.random(in: 0..<8, using: &g)
            bytes[place] = [0x2F, 0x3A, 0x2E, 0x65, 0x00, 0xB0, 0x20, 0x7F, UInt8.random(in: 0x3A...0xFF, using: &g)][Int.random(in: 0..<9, using: &g)]
            bytes.withUnsafeBufferPointer { #expect(FastScanner.eightDigits($0.baseAddress!, at: 0, end: 8) == nil, "\(bytes)") }
            bytes.withUnsafeBufferPointer { #expect(FastScanner.eightDigits($0.baseAddress!, at: 1, end: 8) == nil) }
        }
    }
}

/// The compact shapes the node reader recognises by word compares (`FastScanner+Shapes.swift`), against their text.
@Suite struct FastPathShapeTests {
    static func word(_ text: String, at offset: Int = 0) -> UInt64 {
        let bytes = Array(text.utf8.dropFirst(offset).prefix(8))
        return bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    @Test func `the shapes' words are their text's bytes`() {
        typealias Shape = FastScanner.Shape
        #expect(Shape.typeKeyHead == Self.word(#"{"type":"#))
        #expect(Shape.idKey == Self.word(#","id":"#))
        #expect(Shape.idKeyQuoted == Self.word(#","id""#))
        #expect(Shape.childrenKeyStart == Self.word(#","children":["#))
        #expect(Shape.childrenKeyEnd == Self.word(#","children":["#, at: 5))
        #expect(Shape.commaQuote == Self.word(#",""#))
    }

    @Test func `nodes in and out of the compact shapes decode as on the general path`() {
        let roots = [
            ##"{"type":"vstack","id":"a","spacing":8,"children":[{"type":"color","id":"b","color":"#FF0000"},{"type":"color","id":"c","color":"#FF0000"}]}"##,
            ##"{"type":"vstack","spacing":8,"id":"a","children":[{"type":"color","color":"#FF0000","id":"b"},{"type":"color","id":"c"}]}"##,
            ##"{"type":"vstack","children":[{"type":"divider"}],"id":"a"}"##,
            ##"{"type":"vstack","id":"a","children":[],"spacing":4}"##,
            ##"{"type":"vstack","id":"a","children":[ ]}"##,
            ##"{"type":"vstack","id":"a","children" :[{"type":"divider"}]}"##,
            ##"{"type":"vstack","id":"a","children":[{"type":"divider"}],"children":[]}"##,
            ##"{"type":"vstack","id":"a","id":"b"}"##,
            ##"{"type":"color","id":"a","children":[]}"##,
            ##"{"type":"color","id" :"a"}"##,
            ##"{"type":"color","idx":"a"}"##,
            ##"{"type":"color","childrenx":"a"}"##,
            ##"{ "type":"color","id":"a"}"##,
            ##"{"type": "color", "id": "a", "color": "#FF0000"}"##,
            ##"{"type":"hstack","id":"r","children":[{"type":"color","id":"p","color":"#C8C8C8","frame":{"width":60,"height":20}},{"type":"spacer","id":"s"},{"type":"color","id":"q","color":"#C8C8C8","frame":{"width":60,"height":20}},{"type":"color","id":"t","color":"#C8C8C8","frame":{"height":20}}]}"##,
        ]
        for root in roots {
            for ending in ["", " "] {
                let bytes = Array(##"{"schemaVersion":1,"id":"s","root":\##(root)\##(ending)}"##.utf8)
                #expect(FastPathAgreement.problem(bytes) == nil, "\(root)")
            }
        }
        #expect(FastPathAgreement.handles(Array(#"{"schemaVersion":1,"id":"s","root":\#(roots[0])}"#.utf8)))
        #expect(!FastPathAgreement.handles(Array(#"{"schemaVersion":1,"id":"s","root":\#(roots[7])}"#.utf8)))
    }

    @Test func `children arrays of every length near the literal sizes decode as on the general path`() {
        for n in 0...7 {
            let children = (0..<n).map { ##"{"type":"color","id":"c\##($0)","color":"#FF0000"}"## }.joined(separator: ",")
            let bytes = Array(#"{"schemaVersion":1,"id":"s","root":{"type":"vstack","id":"v","children":[\#(children)]}}"#.utf8)
            #expect(FastPathAgreement.problem(bytes) == nil, "\(n)")
            #expect(FastPathAgreement.handles(bytes), "\(n)")
            let screen = bytes.withUnsafeBufferPointer { PayloadDecoder().decodeFast($0) }
            #expect(screen?.root.children.map { $0.id ?? "" } == (0..<n).map { "c\($0)" })
        }
    }
}
