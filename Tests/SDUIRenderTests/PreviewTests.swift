import Foundation
import Testing
import SDUIEnvironment
import SDUISchema
import SDUILayout
@testable import SDUIRender

@Suite struct PreviewTests {
    @Test func `the default matrix has the required windows, each a real catalog configuration`() throws {
        let windows = PreviewMatrix.defaultWindows()
        #expect(windows.count == PreviewMatrix.defaultEntries.count)
        let names = Set(windows.map { "\($0.device.slug):\($0.orientation.rawValue):\($0.mode.description)" })
        for required in ["iphone-se-3:portrait:full", "iphone-16:portrait:full", "iphone-16-pro-max:portrait:full",
                         "ipad-mini-7:portrait:full", "ipad-pro-13-m4:portrait:full", "ipad-pro-13-m4:landscape:full",
                         "ipad-pro-13-m4:landscape:split-1/3", "ipad-pro-13-m4:landscape:split-1/2", "ipad-pro-13-m4:landscape:split-2/3"] {
            #expect(names.contains(required), "missing \(required)")
        }
    }

    @Test(arguments: [
        ("iphone-se-3:sideways", "orientation must be portrait or landscape"),
        ("ipad-pro-13-m4:portrait:split-1/2", "offers no Split View ½ in portrait"),
        ("iphone-16:portrait:split-1/3", "offers no Split View ⅓"),
        ("ipad-pro-13-m4:landscape:quarter", "mode must be"),
        ("pixel-9", "unknown device 'pixel-9'"),
        ("a:b:c:d", "expected DEVICE[:ORIENTATION[:MODE]]"),
    ])
    func `a bad devices entry is refused with a message naming it`(_ entry: String, _ message: String) {
        #expect {
            _ = try PreviewMatrix.windows(parsing: "iphone-16," + entry)
        } throws: { error in
            guard let e = error as? PreviewMatrixError else { return false }
            return e.entry == entry && e.description.contains(message)
        }
    }

    @Test func `the grid column count is the number of distinct x origins of the grid's children`() throws {
        let screen = try Examples.screen("storefront")
        let phone = Examples.layout(screen, try Examples.window("iphone-se-3"))
        let pad = Examples.layout(screen, try Examples.window("ipad-pro-13-m4"))
        let third = Examples.layout(screen, try Examples.window("ipad-pro-13-m4:landscape:split-1/3"))
        #expect(PreviewPage.gridColumnCounts(phone).first?.columns == 2)
        #expect(PreviewPage.gridColumnCounts(pad).first?.columns == 4)
        #expect(PreviewPage.gridColumnCounts(third).first?.columns == 2)
        // By hand: two children side by side and one below the first → 2 columns.
        let w = try Examples.window("iphone-16")
        let nodes = [
            LayoutNode(id: "g", path: "root", pointer: "/root", type: .grid, parent: -1, frame: Rect(x: 0, y: 0, width: 300, height: 200)),
            LayoutNode(id: "a", path: "root.0", pointer: "/root/children/0", type: .color, parent: 0, frame: Rect(x: 0, y: 0, width: 100, height: 100)),
            LayoutNode(id: "b", path: "root.1", pointer: "/root/children/1", type: .color, parent: 0, frame: Rect(x: 150, y: 0, width: 100, height: 100)),
            LayoutNode(id: "c", path: "root.2", pointer: "/root/children/2", type: .color, parent: 0, frame: Rect(x: 0, y: 100, width: 100, height: 100)),
        ]
        let layout = LayoutResult(screenID: "g", environment: w, traits: w.traitCollection(), nodes: nodes, diagnostics: [])
        #expect(PreviewPage.gridColumnCounts(layout).map(\.columns) == [2])
    }

    @Test func `each panel is labelled with name, size, size classes and columns, with diagnostics beside it`() throws {
        let screen = try Examples.screen("storefront")
        let engine = LayoutEngine()
        let page = PreviewPage(screen: screen, windows: [try Examples.window("ipad-pro-13-m4:landscape:split-1/3")],
                               contentSizes: [.large], options: .init(fonts: .omitted)) { engine.layout($0, in: $1, traits: $2) }
        let html = page.html()
        let layout = try #require(page.variants.first?.layouts.first)
        #expect(html.contains("<b>iPad Pro 13-inch (M4)</b> · Split View ⅓"))
        #expect(html.contains("\(layout.environment.size.description) pt · landscape · w compact / h regular"))
        #expect(html.contains("grid: 2 columns"))
        #expect(html.contains("class=\"pv-diagnostics\""))
        for d in layout.diagnostics { #expect(html.contains(HTMLEscaping.text(d.message))) }
    }

    @Test func `variants are one per Dynamic Type size, the first shown, and the controls switch them`() throws {
        let screen = try Examples.screen("news-feed")
        let engine = LayoutEngine()
        let page = PreviewPage(screen: screen, windows: [try Examples.window("iphone-se-3")],
                               contentSizes: [.large, .accessibility3, .large], isDark: true, options: .init(fonts: .omitted)) {
            engine.layout($0, in: $1, traits: $2)
        }
        #expect(page.variants.map(\.contentSize) == [.large, .accessibility3])
        let html = page.html()
        #expect(html.contains("<main class=\"pv-variant\" data-content-size=\"Large\">"))
        #expect(html.contains("<main class=\"pv-variant\" data-content-size=\"AX3\" hidden>"))
        #expect(html.contains("<body class=\"sdui-dark\""))
        #expect(html.contains("id=\"pv-orientation\"") && html.contains("id=\"pv-size\"") && html.contains("id=\"pv-dark\""))
        #expect(PreviewPage.pageRules.contains(".pv-variant[hidden]{display:none}"))
    }

    @Test func `the built-in storefront is Examples slash storefront dot json and decodes`() throws {
        let file = try Examples.json("storefront")
        #expect(BuiltInExamples.storefrontJSON == String(file.dropLast(file.hasSuffix("\n") ? 1 : 0)),
                "regenerate with `python3 Scripts/generate_builtin_examples.py`")
        #expect(try Screen(json: BuiltInExamples.storefrontJSON).id == "storefront")
    }

    @Test func `the embedded fonts are made from the bundled font files`() throws {
        #expect(EmbeddedFonts.faces.map { "\($0.family) \($0.weight)" } == [
            "SDUI Inter 400", "SDUI Inter 500", "SDUI Inter 600", "SDUI Inter 700",
            "SDUI Noto Sans Hebrew 400", "SDUI Noto Sans Hebrew 700", "SDUI Noto Sans Arabic 400", "SDUI Noto Sans Arabic 700"])
        for face in EmbeddedFonts.faces {
            let bundled = try #require(BundledFonts.faces.first { $0.fileName == face.sourceFile })
            #expect("SDUI " + bundled.family == face.family && bundled.weight == face.weight)
            let url = try #require(BundledFonts.url(of: bundled))
            let data = try #require(FileManager.default.contents(atPath: url.path), "missing \(face.sourceFile)")
            #expect(SHA256.hex([UInt8](data)) == face.sourceSHA256,
                    "\(face.sourceFile) changed: regenerate with `python3 Scripts/generate_embedded_fonts.py`")
            let woff2 = try #require(Data(base64Encoded: face.base64))
            #expect(woff2.starts(with: Array("wOF2".utf8)))
        }
    }

    @Test func `the element budget counts nodes, text lines and diagnostics, and stops laying out once passed`() throws {
        let screen = try Examples.screen("news-feed")
        let window = try Examples.window("iphone-se-3")
        let one = Examples.layout(screen, window)
        let lines = one.nodes.reduce(0) { $0 + ($1.text?.lines.count ?? 0) }
        #expect(lines > 0)
        #expect(PreviewPage.elementCount(of: one) == one.nodeCount + lines + one.diagnostics.count)
        let perLayout = PreviewPage.elementCount(of: one)
        var laidOut = 0
        let layout: (Screen, WindowEnvironment, TraitCollection) -> LayoutResult = { screen, window, traits in
            laidOut += 1
            return LayoutEngine().layout(screen, in: window, traits: traits)
        }
        // Room for exactly two layouts' elements: the third passes the limit and nothing after it is laid out.
        #expect(throws: PreviewPageTooLarge.self) {
            _ = try PreviewPage(screen: screen, windows: [window, window], contentSizes: [.large, .xxxLarge],
                                maxElements: 2 * perLayout, layout: layout)
        }
        #expect(laidOut == 3)
        do {
            _ = try PreviewPage(screen: screen, windows: [window], contentSizes: [.large, .large], maxElements: perLayout, layout: layout)
        } catch {
            Issue.record("a page of exactly the limit is allowed: \(error)")
        }
        // The budgeted page is the same page.
        let budgeted = try PreviewPage(screen: screen, windows: [window], contentSizes: [.large], maxElements: perLayout, layout: layout)
        let plain = PreviewPage(screen: screen, windows: [window], contentSizes: [.large], layout: layout)
        #expect(budgeted.html() == plain.html())
    }
}

/// Named-state previews: the payload's `previews` (or `sdui preview --state`) side by side in every window.
@Suite struct PreviewStateTests {
    static let cart = #"""
    {"schemaVersion": 1, "id": "cart", "state": {"count": 0, "wide": false},
     "previews": {"empty cart": {"count": 0}, "three items": {"count": 3, "wide": true}},
     "root": {"type": "vstack", "spacing": 8, "padding": 16, "children": [
       {"type": "text", "id": "badge", "text": "@{count} in cart", "visible": "@{count > 0}"},
       {"type": "grid", "id": "items", "columns": "@{wide ? 3 : 2}", "spacing": 8, "children": [
         {"type": "color", "color": "#3366CC", "frame": {"height": 40}}, {"type": "color", "color": "#3366CC", "frame": {"height": 40}},
         {"type": "color", "color": "#3366CC", "frame": {"height": 40}}]},
       {"type": "button", "id": "checkout", "title": "Check out @{count}", "style": "borderedProminent"}]}}
    """#

    static func page(windows: [WindowEnvironment]) throws -> PreviewPage {
        let screen = try #require(PayloadDecoder().decode(Array(cart.utf8)).screen)
        let (states, failures) = PreviewState.states(of: screen)
        #expect(failures.isEmpty)
        let engine = LayoutEngine()
        return PreviewPage(screen: screen, states: states, windows: windows, contentSizes: [.large, .accessibility3]) {
            engine.layout($0, in: $1, traits: $2)
        }
    }

    @Test func `every window shows one panel per named state, in the payload's order, each laid out in its state`() throws {
        let windows = [try Examples.window("iphone-16"), try Examples.window("ipad-pro-13-m4:landscape:split-1/3")]
        let page = try Self.page(windows: windows)
        #expect(page.states.map(\.name) == ["empty cart", "three items"])
        for variant in page.variants {
            #expect(variant.layouts.count == windows.count * 2)
            for (w, window) in windows.enumerated() {
                let empty = variant.layouts[w * 2], full = variant.layouts[w * 2 + 1]
                #expect(empty.environment == window && full.environment == window)
                // Each panel is the layout of the screen resolved in its state.
                let resolved = try #require(page.screen.resolved(in: page.screen.previews[1].state).screen)
                let fresh = LayoutEngine().layout(resolved, in: window, traits: full.traits)
                #expect(full.nodes == fresh.nodes)
                #expect(empty.nodes.first { $0.id == "badge" }?.isHidden == true)
                #expect(full.nodes.first { $0.id == "badge" }?.text?.lines == ["3 in cart"])
                #expect(PreviewPage.gridColumnCounts(empty).first?.columns == 2)
                #expect(PreviewPage.gridColumnCounts(full).first?.columns == 3)
            }
        }
        let html = page.html()
        #expect(html.components(separatedBy: "class=\"sdui-panel\"").count - 1 == windows.count * 2 * 2)
        #expect(html.components(separatedBy: "<figure class=\"pv-state\" data-state=\"three items\">").count - 1 == windows.count * 2)
        #expect(html.contains("<select id=\"pv-state\">"))
        #expect(html.contains("<figcaption><b>three items</b> · grid: 3 columns</figcaption>"))
    }

    @Test func `a page without named states has no state control and one panel per window`() throws {
        let screen = try Examples.screen("storefront")
        let page = PreviewPage(screen: screen, windows: [try Examples.window("iphone-16")], contentSizes: [.large]) {
            LayoutEngine().layout($0, in: $1, traits: $2)
        }
        let html = page.html()
        #expect(!html.contains("id=\"pv-state\"") && !html.contains("<figure"))
        #expect(html.components(separatedBy: "class=\"sdui-panel\"").count - 1 == 1)
    }
}

/// SHA-256 (FIPS 180-4), to check the embedded fonts against the files they were made from.
enum SHA256 {
    static func hex(_ message: [UInt8]) -> String {
        var h: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
        let k: [UInt32] = [
            0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
            0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
            0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
            0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
            0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
            0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
            0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
            0xc67178f2,
        ]
        var bytes = message + [0x80]
        while bytes.count % 64 != 56 { bytes.append(0) }
        let bits = UInt64(message.count) * 8
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { x >> n | x << (32 - n) }
        var w = [UInt32](repeating: 0, count: 64)
        for block in stride(from: 0, to: bytes.count, by: 64) {
            for t in 0..<16 {
                w[t] = (0..<4).reduce(0) { $0 << 8 | UInt32(bytes[block + t * 4 + $1]) }
            }
            for t in 16..<64 {
                let s0 = rotate(w[t - 15], 7) ^ rotate(w[t - 15], 18) ^ (w[t - 15] >> 3)
                let s1 = rotate(w[t - 2], 17) ^ rotate(w[t - 2], 19) ^ (w[t - 2] >> 10)
                w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
            for t in 0..<64 {
                let t1 = hh &+ (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) &+ ((e & f) ^ (~e & g)) &+ k[t] &+ w[t]
                let t2 = (rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
                (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
            }
            for (i, value) in [a, b, c, d, e, f, g, hh].enumerated() { h[i] = h[i] &+ value }
        }
        return h.map { String(format: "%08x", $0) }.joined()
    }
}
