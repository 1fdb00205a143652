import Foundation
import SDUIEnvironment
@testable import SDUILayout
import SDUISchema
import Testing

/// Numbers a payload (or a screen built in code) can carry that used to trap the engine or poison frames:
/// each is laid out exactly and rounded, every frame must be finite, and what was clamped is
/// reported.
@Suite struct HostileInputTests {
    /// Every frame of `screen` laid out in each window, exact and rounded to pixels.
    static func layouts(_ screen: Screen, windows: [WindowEnvironment] = [window(375, 667), window(1, 1), device("ipad-pro-13-m4")])
        -> [LayoutResult] {
        windows.flatMap { environment in
            [false, true].map { rounds in
                LayoutEngine(options: .init(roundsToPixels: rounds)).layout(screen, in: environment, traits: environment.traitCollection())
            }
        }
    }

    static func expectFinite(_ results: [LayoutResult], sourceLocation: SourceLocation = #_sourceLocation) {
        for result in results {
            for node in result.nodes {
                let f = node.frame
                #expect(f.x.isFinite && f.y.isFinite && f.width.isFinite && f.height.isFinite && f.width >= 0 && f.height >= 0,
                        "\(node.id): \(f)", sourceLocation: sourceLocation)
            }
            // Every diagnostic's message can be made (formatting huge sizes trapped in `formatSize`).
            for d in result.diagnostics { #expect(!d.message.isEmpty, sourceLocation: sourceLocation) }
        }
    }

    static func color(_ id: String) -> ComponentNode { ComponentNode(type: .color, id: id) }

    @Test func `a huge frame built in code is clamped and reported, and its diagnostics are printable`() {
        // Used to trap: `Int64` of 1e300 in the content-overflow message (formatSize).
        var big = Self.color("big")
        big.modifiers.frame = Frame(width: 1e300, height: 1e300)
        var text = ComponentNode(type: .text, id: "after")
        text.text = "after"
        let results = Self.layouts(Screen(id: "s", root: ComponentNode(type: .vstack, id: "stack", children: [big, text])))
        Self.expectFinite(results)
        for result in results {
            // (Within a pixel: rounded frames snap their edges to the pixel grid.)
            #expect(result.frame("big").map { abs($0.width - ValueLimits.maxLength) <= 1 } == true)
            #expect(result.diagnostics.contains { $0.code == "value-out-of-range" && $0.path == "big" && $0.message.contains("frame") })
            // The next sibling sits below the clamped frame, not at y = 0 after an infinite one.
            if let big = result.frame("big"), let after = result.frame("after") { #expect(after.y > big.y) }
        }
    }

    @Test func `huge spacing, padding, minLength and priority built in code are clamped`() {
        var stack = ComponentNode(type: .vstack, id: "stack", children: [Self.color("a"), Self.color("b"), Self.color("c")])
        stack.spacing = 1e308
        var padded = Self.color("padded")
        padded.modifiers.padding = Padding(1e308)
        padded.modifiers.layoutPriority = 1e300
        var spacer = ComponentNode(type: .spacer, id: "spacer")
        spacer.minLength = 1e308
        var row = ComponentNode(type: .hstack, id: "row", children: [padded, spacer, Self.color("d")])
        row.spacing = -1e308
        let results = Self.layouts(Screen(id: "s", root: ComponentNode(type: .vstack, children: [stack, row])))
        Self.expectFinite(results)
        for result in results {
            let reported = Set(result.diagnostics.filter { $0.code == "value-out-of-range" }.map(\.path))
            #expect(reported == ["stack", "padded", "spacer", "row"])
        }
    }

    @Test func `extreme aspect ratios and a column count built in code are clamped`() {
        var thin = Self.color("thin")
        thin.modifiers.aspectRatio = 1e-300
        var wide = ComponentNode(type: .image, id: "wide")
        wide.modifiers.aspectRatio = 1e300
        var grid = ComponentNode(type: .grid, id: "grid", children: (0..<5).map { Self.color("cell-\($0)") })
        grid.columns = 1_000_000_000
        var text = ComponentNode(type: .text, id: "text")
        text.text = "lines"
        text.lineLimit = .fixed(Int.max)
        let results = Self.layouts(Screen(id: "s", root: ComponentNode(type: .scroll, children: [thin, wide, grid, text])))
        Self.expectFinite(results)
        for result in results {
            let reported = Set(result.diagnostics.filter { $0.code == "value-out-of-range" }.map(\.path))
            #expect(reported == ["thin", "wide", "grid", "text"])
            #expect(result.frame("thin").map { $0.height <= $0.width * 1000 + 0.5 && $0.height > 0 } ?? false)
        }
    }

    @Test func `aspect-ratio fill boxes nested 128 deep stay finite and are reported`() {
        // Within every payload limit (ratios 1000 and 0.001), each `fill` box grows by up to 1000× per level.
        var node = Self.color("leaf")
        for level in 0..<127 {
            var wrapper = ComponentNode(type: .zstack, id: "z\(level)", children: [node])
            wrapper.modifiers.aspectRatio = .fixed(level % 2 == 0 ? 1000 : 0.001)
            wrapper.modifiers.contentMode = .fixed(.fill)
            node = wrapper
        }
        let results = Self.layouts(Screen(id: "s", root: node))
        Self.expectFinite(results)
        for result in results {
            #expect(result.diagnostics.contains { $0.code == "layout-overflow" })
            #expect(result.nodes.allSatisfy { $0.frame.width <= LayoutLimits.maxLength + 1 && $0.frame.height <= LayoutLimits.maxLength + 1 })
        }
    }

    @Test func `a 64-column grid in a 1-pt window lays out finite frames`() throws {
        let json = """
        {"schemaVersion": 1, "root": {"type": "grid", "columns": 64, "minColumnWidth": 100000, "columnSpacing": 100000,
          "children": [{"type": "text", "text": "hello world, a long line of text"}, {"type": "button", "title": "Buy"},
                       {"type": "color", "aspectRatio": 0.001}, {"type": "image", "aspectRatio": 1000},
                       {"type": "vstack", "spacing": 100000, "children": [{"type": "spacer", "minLength": 100000}, {"type": "divider"}]}]}}
        """
        let screen = try Screen(json: json)
        Self.expectFinite(Self.layouts(screen, windows: [window(1, 1), window(0.5, 10_000), window(10_000, 1)]))
    }

    @Test func `diagnostic sizes of any magnitude are formatted without trapping`() {
        #expect(formatSize((1e300, -1e300)) == "1e+300×-1e+300")
        #expect(formatSize((9.3e18, 12.345)) == "9.3e+18×12.35")
        #expect(formatSize((.nan, .infinity)) == "nil×∞")
        #expect(formatSize((1e15, 0)) == "1000000000000000×0")
    }

    @Test func `pixel rounding keeps frames finite near the largest Double`() {
        let frame = Rect(x: 1.7e308, y: -1.7e308, width: 1e308, height: 1e308)
        let rounded = roundToPixels(frame, scale: 3)
        #expect(rounded.x.isFinite && rounded.y.isFinite && rounded.width.isFinite && rounded.height.isFinite)
    }

    @Test func `a text offered a height far below its padding is not converted out of Int's range`() {
        // Used to be `Int` of (height − padding) / lineHeight with no lower bound.
        let lines = TextFace.subunits(fitting: -1e300, pointsPerSubunit: 1e-6)
        #expect(lines == -1)
        #expect(TextFace.subunits(fitting: 1e300, pointsPerSubunit: 1e-6) == Int.max / 4)
    }

    @Test func `a viewport row model with no usable estimate never converts NaN`() {
        var rows = LazyRowModel()
        rows.reset(grid: 0, columns: 1, columnWidth: 10)
        rows.tops = [0]; rows.heights = [.infinity]; rows.heightSum = .infinity
        #expect(rows.firstRow(atOrBelow: .infinity, spacing: 0, rowCount: 10) >= 0)
        rows.heights = [.nan]; rows.heightSum = .nan
        #expect(rows.firstRow(atOrBelow: 5, spacing: 0, rowCount: 10) >= 0)
    }
}
