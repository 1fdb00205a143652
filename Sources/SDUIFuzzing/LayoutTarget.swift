import SDUIEnvironment
import SDUILayout
import SDUIRender
import SDUISchema

/// The `layout` target: a payload decoded, then laid out and drawn in every window of `environments`.
///
/// Each window gets a Dynamic Type size, an appearance and a layout direction chosen from a hash of the input, so
/// every content size is reached across inputs and an input always reproduces. Per window:
/// - one kept engine lays the screen out after the previous window (a relayout), and a new engine lays out a new
///   `Screen` value (no kept flat tree: the build step runs again) — the two must agree, frames and diagnostics;
/// - every frame is finite with a non-negative size, parents come before their children, every node is laid
///   out once, text runs have one width per line, all finite;
/// - a pixel-rounded layout and a viewport (lazy) layout have finite frames too;
/// - the HTML panel and the SVG open and close every element they write.
enum LayoutTarget {
    /// Tiny, huge, extreme and ordinary windows on phones and iPads.
    static let environments: [WindowEnvironment] = {
        let specs: [(String, InterfaceOrientation, WindowMode)] = [
            ("iphone-se-3", .portrait, .fullScreen),
            ("ipad-pro-13-m4", .landscape, .splitView(.oneThird)),
            ("ipad-pro-13-m4", .portrait, .window(Size(width: 1, height: 1))),
            ("iphone-16", .landscape, .window(Size(width: 100_000, height: 100_000))),
            ("ipad-mini-7", .portrait, .window(Size(width: 100_000, height: 0.5))),
        ]
        return specs.compactMap { name, orientation, mode in
            guard let device = DeviceCatalog.device(named: name) else { return nil }
            return try? WindowEnvironment(WindowConfiguration(device: device, orientation: orientation, mode: mode))
        }
    }()

    /// Inputs whose screens have more nodes are decoded only (each input must stay fast for the fuzzer).
    static let maxNodes = 4_000

    static func run(_ bytes: [UInt8]) -> [String] {
        guard let screen = PayloadDecoder().decode(bytes).screen else { return [] }
        let nodeCount = screen.root.subtreeCount
        guard nodeCount <= maxNodes else { return [] }
        var failures: [String] = []
        let hash = stableHash(bytes)
        let sizes = ContentSizeCategory.allCases
        let kept = LayoutEngine()
        let viewportEngine = LayoutEngine()
        let rounding = LayoutEngine(options: .init(roundsToPixels: true))
        for (i, environment) in environments.enumerated() {
            // 5 and 12 are coprime: the five windows get five different sizes, and inputs reach all twelve.
            let size = sizes[Int((hash &+ UInt64(i) &* 5) % UInt64(sizes.count))]
            let style: UserInterfaceStyle = (hash >> UInt64(8 + i)) & 1 == 0 ? .light : .dark
            let direction: LayoutDirection = (hash >> UInt64(16 + i)) & 1 == 0 ? .leftToRight : .rightToLeft
            let traits = environment.traitCollection(contentSize: size, style: style, layoutDirection: direction)
            let place = "\(environment.device.slug) \(environment.mode) \(size.rawValue)"

            let result = kept.layout(screen, in: environment, traits: traits)
            check(result, nodeCount: nodeCount, at: place, into: &failures)
            // A new value of the same screen (its state too: a text field shows its variable, or its placeholder).
            var newValue = Screen(schemaVersion: screen.schemaVersion, id: screen.id, title: screen.title, root: screen.root)
            newValue.state = screen.state
            let fresh = LayoutEngine().layout(newValue, in: environment, traits: traits)
            if fresh.nodes != result.nodes {
                let index = zip(fresh.nodes, result.nodes).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? min(fresh.nodes.count, result.nodes.count)
                failures.append("\(place): relayout differs from a fresh layout at node \(index)")
            }
            if fresh.diagnostics != result.diagnostics { failures.append("\(place): relayout diagnostics differ from a fresh layout's") }

            check(rounding.layout(screen, in: environment, traits: traits), nodeCount: nodeCount, at: place + " rounded", into: &failures)
            let offset = Double(hash % 4096) * (i.isMultiple(of: 2) ? 1 : 40)
            let windowed = viewportEngine.layout(screen, in: environment, traits: traits, viewport: ScrollViewport(offset: offset))
            check(windowed, nodeCount: nil, at: place + " viewport \(offset)", into: &failures)

            checkRender(result, screen: screen, at: place, into: &failures)
            if failures.count > 20 { break }
        }
        return failures
    }

    /// Frames finite and non-negative, pre-order parents, text runs consistent.
    static func check(_ result: LayoutResult, nodeCount: Int?, at place: String, into failures: inout [String]) {
        let nodes = result.nodes
        if let nodeCount, nodes.count != nodeCount {
            failures.append("\(place): \(nodes.count) nodes laid out, the screen has \(nodeCount)")
        }
        for (index, node) in nodes.enumerated() {
            let f = node.frame
            if !(f.x.isFinite && f.y.isFinite && f.width.isFinite && f.height.isFinite) {
                failures.append("\(place): \(node.id) has a non-finite frame \(f)")
            } else if f.width < 0 || f.height < 0 {
                failures.append("\(place): \(node.id) has a negative size \(f)")
            }
            if index == 0 ? node.parent >= 0 : !(0..<index).contains(node.parent) {
                failures.append("\(place): \(node.id) at \(index) has parent \(node.parent)")
            }
            if let run = node.text {
                if run.lines.count != run.lineWidths.count {
                    failures.append("\(place): \(node.id) has \(run.lines.count) lines and \(run.lineWidths.count) widths")
                }
                if !run.lineWidths.allSatisfy(\.isFinite) || !run.fontSize.isFinite || !run.lineHeight.isFinite {
                    failures.append("\(place): \(node.id) has a non-finite text metric")
                }
            }
            if failures.count > 20 { return }
        }
    }

    /// Every element the renderers open is closed (payload text is escaped, so it cannot add any).
    static func checkRender(_ result: LayoutResult, screen: Screen, at place: String, into failures: inout [String]) {
        let html = HTMLRenderer(options: .init(fonts: .omitted)).panel(result)
        let divs = occurrences(of: "<div", in: html), closed = occurrences(of: "</div>", in: html)
        if divs != closed { failures.append("\(place): the HTML panel opens \(divs) elements and closes \(closed)") }
        let svg = SVGRenderer(fonts: .omitted).render(result)
        let groups = occurrences(of: "<g ", in: svg) + occurrences(of: "<g>", in: svg)
        let closedGroups = occurrences(of: "</g>", in: svg)
        if groups != closedGroups { failures.append("\(place): the SVG opens \(groups) groups and closes \(closedGroups)") }
    }

    static func occurrences(of needle: String, in text: String) -> Int {
        let pattern = Array(needle.utf8)
        var count = 0
        var matched = 0
        for byte in text.utf8 {
            if byte == pattern[matched] {
                matched += 1
                if matched == pattern.count { count += 1; matched = 0 }
            } else {
                matched = byte == pattern[0] ? 1 : 0
            }
        }
        return count
    }
}
