import Foundation
import SDUIFuzzing
import Testing
import SDUIEnvironment
@testable import SDUISchema

/// Every valid payload this repository holds: examples, the benchmark payload, layout fixtures, DSL fixtures.
enum RepositoryPayloads {
    static func all() throws -> [(name: String, bytes: [UInt8])] {
        var payloads: [(String, [UInt8])] = []
        for url in try exampleFiles() { payloads.append(("Examples/" + url.lastPathComponent, Array(try Data(contentsOf: url)))) }
        let cards = packageRoot.appendingPathComponent("Benchmarks/cards-100.json")
        payloads.append(("Benchmarks/cards-100.json", Array(try Data(contentsOf: cards))))
        let fixtures = packageRoot.appendingPathComponent("Tests/SDUILayoutTests/Fixtures")
        // (No pending fixture is no `pending/` folder: git keeps no empty folder.)
        for directory in [fixtures, fixtures.appendingPathComponent("pending")] where FileManager.default.fileExists(atPath: directory.path) {
            let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "json" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
            for file in files {
                var parser = JSONParser(bytes: Array(try Data(contentsOf: file)), maxDepth: 512, maxStringBytes: 1 << 20)
                guard let payload = try? parser.parseDocument()["payload"] else { continue }
                payloads.append(("fixture " + file.lastPathComponent, Array(payload.serialized(pretty: true).utf8)))
            }
        }
        for (name, screen) in DSLFixtures.all {
            payloads.append(("DSL " + name, Array(screen.jsonData(pretty: false))))
            payloads.append(("DSL " + name + " (pretty)", Array(screen.jsonData(pretty: true))))
        }
        return payloads
    }
}

@Suite struct FastPathDifferentialTests {
    @Test func `the fast path decodes every valid payload in the repository exactly as the general path`() throws {
        let payloads = try RepositoryPayloads.all()
        #expect(payloads.count > 40)
        var handled = 0
        for (name, bytes) in payloads {
            let problem = FastPathAgreement.problem(bytes)
            #expect(problem == nil, "\(name): \(problem ?? "")")
            if FastPathAgreement.handles(bytes) { handled += 1 }
        }
        // Not vacuous: the payloads without forms the fast path leaves to the general path (modifier chains,
        // lint settings, GridItem columns) go the fast way.
        #expect(handled >= payloads.count / 2, "the fast path decoded only \(handled) of \(payloads.count)")
    }

    /// Examples written with the newer vocabulary (modifier chains, GridItem columns, sections, viewThatFits,
    /// flow, labels and symbols), or with state and bindings (the order), take the general path, which the fast path
    /// leaves those forms to.
    static let generalPathExamples: Set<String> = ["Examples/storefront.json", "Examples/settings.json", "Examples/profile.json",
                                                   "Examples/order.json"]

    @Test func `the examples and the benchmark payload take the fast path`() throws {
        for (name, bytes) in try RepositoryPayloads.all() where name.hasPrefix("Examples/") || name.hasPrefix("Benchmarks/") {
            let handled = FastPathAgreement.handles(bytes)
            if Self.generalPathExamples.contains(name) {
                #expect(!handled, "\(name) takes the fast path now: take it out of generalPathExamples")
            } else {
                #expect(handled, "\(name) falls back to the general path")
            }
        }
    }

    @Test func `random trees decode the same on both paths, and the fast path takes every one of its forms`() {
        var g = SplitMix(seed: 0xDEC0DE)
        var handled = 0, expected = 0
        for i in 0..<300 {
            let screen = Screen(id: "random-\(i)", title: i % 3 == 0 ? "T\(i)" : nil, root: RandomPayloads.node(depth: 0, &g))
            for pretty in [false, true] {
                let bytes = Array(screen.jsonData(pretty: pretty))
                let problem = FastPathAgreement.problem(bytes)
                #expect(problem == nil, "tree \(i): \(problem ?? "")\n\(String(decoding: bytes, as: UTF8.self))")
                let fast = FastPathAgreement.handles(bytes)
                if fast { handled += 1 }
                // A payload without problems that uses only what the fast path reads must take it.
                if PayloadDecoder().decodeGeneral(bytes).issues.isEmpty && RandomPayloads.usesOnlyFastForms(screen.root) {
                    expected += 1
                    #expect(fast, "tree \(i) took the general path\n\(String(decoding: bytes, as: UTF8.self))")
                }
            }
        }
        #expect(expected > 200 && handled >= expected, "\(handled) of 600 random payloads took the fast path, \(expected) expected to")
    }

    @Test func `mutated payloads: the fast path bails or agrees`() throws {
        var g = SplitMix(seed: 0xBADC0DE)
        let seeds = try RepositoryPayloads.all().map(\.bytes).filter { $0.count < 20_000 }
        var checked = 0
        for seed in seeds {
            for _ in 0..<60 {
                let bytes = RandomPayloads.mutate(seed, &g)
                let problem = FastPathAgreement.problem(bytes)
                #expect(problem == nil, "\(problem ?? "")\n\(String(decoding: bytes, as: UTF8.self))")
                checked += 1
            }
        }
        #expect(checked > 1000)
    }

    @Test func `limits apply on the fast path as on the general path`() throws {
        let cards = Array(try Data(contentsOf: packageRoot.appendingPathComponent("Benchmarks/cards-100.json")))
        let limits: [PayloadDecoder.Options] = [
            .init(maxBytes: cards.count - 1), .init(maxBytes: cards.count),
            .init(maxNodeDepth: 4), .init(maxNodeDepth: 5), .init(maxNodeDepth: 0), .init(maxNodeDepth: -1),
            .init(maxNodes: 801), .init(maxNodes: 802), .init(maxNodes: 0),
            .init(maxStringBytes: 11), .init(maxStringBytes: 12), .init(maxStringBytes: 0), .init(maxStringBytes: -3),
        ]
        for options in limits {
            let problem = FastPathAgreement.problem(cards, options: options)
            #expect(problem == nil, "\(options): \(problem ?? "")")
        }
        // Within the limits the fast path decodes; past them it bails and the general path reports them.
        // (Booleans first: an expectation on the call would print the whole payload.)
        let within = [FastPathAgreement.handles(cards, options: .init(maxNodes: 802)),
                      FastPathAgreement.handles(cards, options: .init(maxNodeDepth: 5)),
                      FastPathAgreement.handles(cards, options: .init(maxBytes: cards.count))]
        let beyond = [FastPathAgreement.handles(cards, options: .init(maxNodes: 801)),
                      FastPathAgreement.handles(cards, options: .init(maxNodeDepth: 4)),
                      FastPathAgreement.handles(cards, options: .init(maxBytes: cards.count - 1))]
        #expect(within == [true, true, true])
        #expect(beyond == [false, false, false])
    }

    @Test func `a byte order mark is skipped on the fast path too`() throws {
        let cards = Array(try Data(contentsOf: packageRoot.appendingPathComponent("Benchmarks/cards-100.json")))
        let marked = [0xEF, 0xBB, 0xBF] + cards
        let handled = FastPathAgreement.handles(marked)
        #expect(handled)
        #expect(FastPathAgreement.problem(marked) == nil)
        #expect(PayloadDecoder().decode(marked).screen == PayloadDecoder().decode(cards).screen)
    }

    @Test func `escaped and non-ASCII strings decode to the same text`() {
        let texts = [#"caf\u00e9 \"quoted\" \\ \/ \b\f\n\r\t"#, "café ☕️ 𝄞 עברית", #"\ud834\udd1e pair"#, #"\u0000 nul"#,
                     #"\ud834 lone"#, #"\udd1e low"#, #"bad \x escape"#, #"\u12G4"#, "tab\there"]
        for text in texts {
            let payload = #"{"schemaVersion": 1, "id": "s", "root": {"type": "text", "id": "t", "text": "\#(text)"}}"#
            let bytes = Array(payload.utf8)
            #expect(FastPathAgreement.problem(bytes) == nil, "\(text)")
        }
        // Invalid UTF-8 inside a string, truncated sequences, surrogates and overlong forms bail.
        for bad: [UInt8] in [[0xC3], [0xC3, 0x28], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF], [0xC0, 0xAF]] {
            let bytes = Array(#"{"schemaVersion": 1, "root": {"type": "text", "text": "a"#.utf8) + bad + Array(#""}}"#.utf8)
            #expect(!FastPathAgreement.handles(bytes))
            #expect(PayloadDecoder().decode(bytes).errors.first?.code == .invalidUTF8)
        }
    }

    @Test func `text styling and symbols of the new vocabulary take the fast path and decode as on the general path`() {
        let roots = [
            #"{"type": "text", "text": "$89", "strikethrough": true, "underline": false, "monospacedDigit": true}"#,
            #"{"type": "text", "text": "a b c", "lineSpacing": 6, "truncationMode": "middle", "lineLimit": 1}"#,
            #"{"type": "text", "text": "x", "strikethrough": {"compact": true, "regular": false}, "truncationMode": {"compact": "head"}}"#,
            #"{"type": "vstack", "children": [{"type": "image", "systemName": "star.fill"}, {"type": "image", "systemName": "wifi", "alt": "Wi-Fi"}]}"#,
        ]
        for root in roots {
            let bytes = Array(#"{"schemaVersion": 1, "id": "s", "root": \#(root)}"#.utf8)
            #expect(FastPathAgreement.handles(bytes), "\(root)")
            #expect(FastPathAgreement.problem(bytes) == nil, "\(root)")
            #expect(PayloadDecoder().decode(bytes).screen == PayloadDecoder().decodeGeneral(bytes).screen)
        }
        // Invalid values bail: the general path reports them where they are.
        let invalid = [
            #"{"type": "text", "text": "x", "strikethrough": "yes"}"#,
            #"{"type": "text", "text": "x", "truncationMode": "end"}"#,
            #"{"type": "text", "text": "x", "lineSpacing": -1}"#,
            #"{"type": "image", "systemName": ""}"#,
            #"{"type": "button", "title": "x", "strikethrough": true}"#,   // not a button's key
            #"{"type": "text", "text": "x", "systemName": "star"}"#,       // not a text's key
        ]
        for root in invalid {
            let bytes = Array(#"{"schemaVersion": 1, "id": "s", "root": \#(root)}"#.utf8)
            #expect(!FastPathAgreement.handles(bytes), "\(root)")
            #expect(FastPathAgreement.problem(bytes) == nil, "\(root)")
            #expect(!PayloadDecoder().decodeGeneral(bytes).issues.isEmpty, "\(root)")
        }
    }

    @Test func `the fast path leaves what it does not read to the general path`() {
        let roots = [
            #"{"type": "card", "title": "x"}"#,                                  // a custom type
            #"{"type": "text", "text": "x", "modifiers": [{"padding": 8}]}"#,    // a modifier chain
            #"{"type": "text", "text": "x", "lint": {"disable": []}}"#,
            #"{"type": "grid", "columns": [{"flexible": {}}]}"#,                  // GridItem columns
            #"{"id": "a", "type": "text", "text": "x"}"#,                         // type not first
            #"{"type": "text", "text": "x", "colour": "red"}"#,                  // an unknown key (a warning)
            #"{"type": "text", "text": "x", "action": {"type": "share"}}"#,      // an unknown action (a warning)
            #"{"type": "text", "text": "x", "frame": {"width": 1, "depth": 2}}"#, // an unknown frame key (a warning)
        ]
        for root in roots {
            let bytes = Array(#"{"schemaVersion": 1, "id": "s", "root": \#(root)}"#.utf8)
            #expect(!FastPathAgreement.handles(bytes), "\(root)")
            #expect(PayloadDecoder().decode(bytes).screen == PayloadDecoder().decodeGeneral(bytes).screen)
        }
    }

    @Test func `duplicate ids and keys bail to the general path, which reports them`() {
        let roots = [
            #"{"type": "vstack", "children": [{"type": "divider", "id": "a"}, {"type": "divider", "id": "a"}]}"#,
            #"{"type": "vstack", "spacing": 1, "spacing": 2}"#,
            #"{"type": "vstack", "frame": {"width": 1, "width": 2}}"#,
            #"{"type": "vstack", "spacing": {"compact": 1, "compact": 2}}"#,
            #"{"type": "image", "url": "a", "url": "b"}"#,
            #"{"type": "image", "url": "a", "aspectRatio": 1, "url": {"compact": "b", "regular": "c"}}"#,
            #"{"type": "image", "aspectRatio": 1, "url": {"compact": "b", "regular": "c"}, "url": "a"}"#,
        ]
        for root in roots {
            let bytes = Array(#"{"schemaVersion": 1, "id": "s", "root": \#(root)}"#.utf8)
            #expect(!FastPathAgreement.handles(bytes), "\(root)")
            #expect(!PayloadDecoder().decode(bytes).errors.isEmpty, "\(root)")
        }
    }

    /// An image's URL string is the node's (`ComponentNode.fixedURL`), not its box's: the images of a feed, which
    /// differ only in their URL, share one box — and an image shares no URL with another.
    @Test func `images that differ only in their URL share a box, and none takes another's URL`() throws {
        let images = [
            #"{"type":"image","id":"a","url":"https://example.com/a.jpg","aspectRatio":1.5}"#,
            #"{"type":"image","id":"b","url":"https://example.com/b.jpg","aspectRatio":1.5}"#,
            #"{"type":"image","id":"none","aspectRatio":1.5}"#,                                  // no URL at all
            #"{"type":"image","id":"after","aspectRatio":1.5,"url":"https://example.com/c.jpg"}"#, // URL after the run
            #"{"type":"image","id":"map","url":{"compact":"s.jpg","regular":"l.jpg"},"aspectRatio":1.5}"#,
            #"{"type":"image","id":"short","url":"d","aspectRatio":1.5}"#,
            #"{"type":"image","id":"onlyURL","url":"https://example.com/e.jpg"}"#,
            #"{"type":"image","url":"https://example.com/f.jpg","id":"idAfter","aspectRatio":1.5}"#,
        ]
        let compact = #"{"schemaVersion":1,"id":"s","root":{"type":"vstack","children":["# + images.joined(separator: ",") + "]}}"
        let decoded = try #require(PayloadDecoder().decode(Array(compact.utf8)).screen)
        for bytes in [Array(compact.utf8), Array(decoded.jsonData(pretty: false)), Array(decoded.jsonData(pretty: true))] {
            #expect(FastPathAgreement.handles(bytes), "\(String(decoding: bytes, as: UTF8.self))")
            #expect(FastPathAgreement.problem(bytes) == nil)
        }
        let fast = try #require(Array(compact.utf8).withUnsafeBufferPointer { PayloadDecoder().decodeFast($0) })
        let byID = Dictionary(uniqueKeysWithValues: fast.root.children.map { ($0.id ?? "", $0) })
        #expect(byID["a"]?.url == .fixed("https://example.com/a.jpg") && byID["b"]?.url == .fixed("https://example.com/b.jpg"))
        #expect(byID["none"]?.url == nil)
        #expect(byID["after"]?.url == .fixed("https://example.com/c.jpg"))
        #expect(byID["map"]?.url == .sizeClass(compact: "s.jpg", regular: "l.jpg"))
        #expect(byID["short"]?.url == .fixed("d") && byID["onlyURL"]?.url == .fixed("https://example.com/e.jpg"))
        #expect(byID["idAfter"]?.url == .fixed("https://example.com/f.jpg"))
        // One box for the fixed-URL and URL-less images with the same other properties; the map's is its own.
        let box = try #require(byID["a"]?.geometryPointer)
        for id in ["b", "none", "after", "short", "idAfter"] { #expect(byID[id]?.geometryPointer == box, "\(id)") }
        #expect(byID["map"]?.geometryPointer != box)
    }
}
