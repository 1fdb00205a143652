import Dispatch
import Foundation
import SDUIEnvironment
import SDUILayout
import SDUISchema

/// One distinct finding of a lint run: a code at a node, with every configuration it was seen in.
package struct LintFinding {
    package var code: String
    package var node: Int
    /// The highest severity the engine reported it with.
    package var severity: LayoutDiagnostic.Severity
    /// The message of its first occurrence (in configuration order).
    package var message: String
    /// The configuration it was first seen in (messages are taken from there: the serial run's message).
    package var firstConfiguration: Int
    /// Bit c set: seen in configuration c (`LintRunner.configuration(c)`).
    package var places: [UInt64]
    package var occurrences: Int
    /// The JSON Pointer of a finding about a place in the payload rather than a node (a misspelt key, a key newer
    /// than `--target-version`): reported as it is, never grouped with others. Nil: the node's pointer.
    package var pointer: String?

    package init(code: String, node: Int, severity: LayoutDiagnostic.Severity, message: String, firstConfiguration: Int,
                 places: [UInt64], occurrences: Int, pointer: String? = nil) {
        (self.code, self.node, self.severity, self.message) = (code, node, severity, message)
        (self.firstConfiguration, self.places, self.occurrences, self.pointer) = (firstConfiguration, places, occurrences, pointer)
    }
}

/// Lays a screen out in every configuration (window × content size) on all cores and merges the diagnostics.
///
/// The decoded screen — and with it the flat trees it keeps per size class — is shared by every configuration;
/// each thread has its own `LayoutEngine` (an engine is not thread-safe) and takes configurations from a shared
/// counter. Each thread keeps its findings unnamed (code, node index, a bit per configuration); the merge unions
/// them and keeps, per finding, the message of its first configuration, so the result does not depend on which
/// thread laid out what: it is the serial run's (`jobs: 1`), which a test checks.
package struct LintRunner {
    package let screen: Screen
    package let index: ScreenIndex
    package let windows: [WindowEnvironment]
    package let sizes: [ContentSizeCategory]
    /// Whether to look for overlapping tap targets (a check of lint's own, on the laid-out frames).
    package var checksOverlaps = true
    /// The layout direction of every configuration.
    package var layoutDirection = LayoutDirection.leftToRight
    /// Lay the screen out embedded at this proposal in every configuration (`LayoutEngine.layout(_:proposal:in:traits:)`:
    /// the windows give the traits only); nil: in each window.
    package var proposal: ProposedViewSize?
    /// The fonts every configuration's engine measures text in (the payload's `fontFamily` faces).
    package var fonts = FontCollection()

    package init(screen: Screen, index: ScreenIndex, windows: [WindowEnvironment], sizes: [ContentSizeCategory]) {
        (self.screen, self.index, self.windows, self.sizes) = (screen, index, windows, sizes)
    }

    package var configurationCount: Int { windows.count * sizes.count }
    package func configuration(_ c: Int) -> (window: Int, size: Int) { (c / sizes.count, c % sizes.count) }
    package var words: Int { (configurationCount + 63) / 64 }

    /// What a layout of the screen depends on: the window's size and safe area and the traits. Devices share
    /// windows (the iPhone 15, 15 Pro and 16; iPads' Split View sizes), so of the catalog's 121 windows 63 differ.
    package struct LayoutInputs: Hashable {
        var size: Size
        var safeArea: EdgeInsets
        var traits: TraitCollection
    }

    /// `screen` laid out by `engine` in `window` — at `proposal` when there is one.
    package func layout(_ screen: Screen, with engine: LayoutEngine, in window: WindowEnvironment,
                        traits: TraitCollection) -> LayoutResult {
        if let proposal { return engine.layout(screen, proposal: proposal, in: window, traits: traits) }
        return engine.layout(screen, in: window, traits: traits)
    }

    /// The traits configuration `c` is laid out with.
    package func traits(_ c: Int) -> TraitCollection {
        let (w, s) = configuration(c)
        return windows[w].traitCollection(contentSize: sizes[s], layoutDirection: layoutDirection)
    }

    /// The configurations grouped by equal `LayoutInputs`, each group in increasing order: one layout stands for
    /// its group (the engine's result is a function of those inputs), its findings placed on every member.
    package func sameLayoutGroups() -> [[Int]] {
        var groups: [[Int]] = []
        var groupOf: [LayoutInputs: Int] = [:]
        for c in 0..<configurationCount {
            let window = windows[configuration(c).window]
            // An embedded layout depends on the traits only, not on the window's size or safe area.
            let inputs = proposal == nil ? LayoutInputs(size: window.size, safeArea: window.safeAreaInsets, traits: traits(c))
                : LayoutInputs(size: Size(width: 0, height: 0), safeArea: .zero, traits: traits(c))
            if let g = groupOf[inputs] { groups[g].append(c) } else {
                groupOf[inputs] = groups.count
                groups.append([c])
            }
        }
        return groups
    }

    /// Every distinct finding, merged over all configurations, in (node, code) order. `groups` (every
    /// configuration in exactly one, each in increasing order) says which share a layout: `sameLayoutGroups()`,
    /// or one configuration each to lay every one out (a test compares the two).
    package func run(jobs: Int, groups: [[Int]]? = nil) -> [LintFinding] {
        let groups = groups ?? sameLayoutGroups()
        let jobs = max(1, min(jobs, groups.count))
        // Laid out grouped by content size and size class, so an engine keeps the same flat tree (fonts resolved,
        // texts prepared) from one layout to the next and only the window changes; the merge does not depend on
        // the order. A group is laid out as its first (smallest) configuration.
        let order = groups.indices.sorted { x, y in
            let a = groups[x][0], b = groups[y][0]
            let (wa, sa) = configuration(a), (wb, sb) = configuration(b)
            if sa != sb { return sa < sb }
            let ca = windows[wa].horizontalSizeClass == .compact, cb = windows[wb].horizontalSizeClass == .compact
            if ca != cb { return ca }
            return a < b
        }
        let next = Counter()
        let collected = Collected()
        DispatchQueue.concurrentPerform(iterations: jobs) { _ in
            var worker = Worker(runner: self)
            while let k = next.take(below: groups.count) { worker.lay(groups[order[k]]) }
            collected.add(worker.findings)
        }
        return merge(collected.all)
    }

    /// The findings of all parts (the threads', or the accessibility audits'), one per (code, node): places and
    /// occurrences added up, the highest severity and the first configuration's message kept.
    package func merge(_ parts: [[LintFinding]]) -> [LintFinding] {
        struct Key: Hashable { var node: Int; var code: String }
        var merged: [LintFinding] = []
        var positions: [Key: Int] = [:]
        for part in parts {
            for finding in part {
                let key = Key(node: finding.node, code: finding.code)
                guard let k = positions[key] else { positions[key] = merged.count; merged.append(finding); continue }
                for w in 0..<words { merged[k].places[w] |= finding.places[w] }
                merged[k].occurrences += finding.occurrences
                merged[k].severity = max(merged[k].severity, finding.severity)
                if finding.firstConfiguration < merged[k].firstConfiguration {
                    merged[k].firstConfiguration = finding.firstConfiguration
                    merged[k].message = finding.message
                }
            }
        }
        return merged.sorted { $0.node != $1.node ? $0.node < $1.node : $0.code < $1.code }
    }

    /// One thread's engine and findings.
    package struct Worker {
        let runner: LintRunner
        let engine: LayoutEngine
        var findings: [LintFinding] = []
        /// Where each finding is in `findings`, by node · 64 + its code's position in `codes` (this thread's).
        var positions: [Int: Int] = [:]
        /// Codes seen, by position.
        var codes: [String] = []
        /// Nodes named by build-step diagnostics' pointers.
        var pointerNodes: [String: Int] = [:]
        /// Scratch for the overlap check.
        var boxes: [(node: Int, frame: Rect)] = []

        init(runner: LintRunner) {
            self.runner = runner
            engine = LayoutEngine(fonts: runner.fonts)
        }

        /// Lays out the first of `group` (configurations of equal `LayoutInputs`, in increasing order) and records
        /// what it finds on every configuration of the group.
        mutating func lay(_ group: [Int]) {
            let c = group[0]
            let window = runner.windows[runner.configuration(c).window]
            let result = runner.layout(runner.screen, with: engine, in: window, traits: runner.traits(c))
            for record in result.diagnosticRecords {
                var node = record.node
                if node < 0, let named = record.named {
                    if let known = pointerNodes[named.pointer] { node = known } else {
                        node = runner.index.node(atPointer: named.pointer) ?? 0
                        pointerNodes[named.pointer] = node
                    }
                }
                note(record.code, node: node, severity: record.severity, configurations: group) { record.message }
            }
            if runner.checksOverlaps { checkOverlaps(result, configurations: group) }
        }

        /// Records one occurrence in each of `group` (in increasing order); `message` is made only for a finding's
        /// first occurrence on this thread.
        mutating func note(_ code: String, node: Int, severity: LayoutDiagnostic.Severity, configurations group: [Int],
                           message: () -> String) {
            let position: Int
            if let known = codes.firstIndex(of: code) { position = known } else { position = codes.count; codes.append(code) }
            let key = node &* 64 &+ position
            let c = group[0]
            if let k = positions[key] {
                for m in group { findings[k].places[m / 64] |= UInt64(1) << UInt64(m % 64) }
                findings[k].occurrences += group.count
                if severity > findings[k].severity { findings[k].severity = severity }
                if c < findings[k].firstConfiguration {
                    findings[k].firstConfiguration = c
                    findings[k].message = message()
                }
            } else {
                var places = [UInt64](repeating: 0, count: runner.words)
                for m in group { places[m / 64] |= UInt64(1) << UInt64(m % 64) }
                positions[key] = findings.count
                findings.append(LintFinding(code: code, node: node, severity: severity, message: message(),
                                            firstConfiguration: c, places: places, occurrences: group.count))
            }
        }

        /// `tap-targets-overlap`: two tap targets, neither inside the other in the tree, whose frames overlap by
        /// more than half a point each way — a tap there may reach either. (A button inside a tappable card is
        /// nested, not overlapping: the inner one takes the tap, as in SwiftUI.) A sweep over the targets sorted
        /// by their top edge: O(t log t) per layout.
        mutating func checkOverlaps(_ result: LayoutResult, configurations group: [Int]) {
            let index = runner.index
            guard index.tappable.count > 1 else { return }
            boxes.removeAll(keepingCapacity: true)
            for t in index.tappable {
                let i = Int(t)
                guard i < result.nodeCount else { continue }
                let frame = result.frame(at: i)
                if frame.width > 0.5 && frame.height > 0.5 { boxes.append((i, frame)) }
            }
            boxes.sort { $0.frame.y != $1.frame.y ? $0.frame.y < $1.frame.y : $0.node < $1.node }
            var active: [Int] = []  // positions in `boxes` whose bottom is below the current top
            for (k, box) in boxes.enumerated() {
                active.removeAll { boxes[$0].frame.maxY <= box.frame.y + 0.5 }
                for a in active {
                    let other = boxes[a]
                    if index.contains(other.node, box.node) || index.contains(box.node, other.node) { continue }
                    let width = min(other.frame.maxX, box.frame.maxX) - max(other.frame.x, box.frame.x)
                    let height = min(other.frame.maxY, box.frame.maxY) - max(other.frame.y, box.frame.y)
                    guard width > 0.5 && height > 0.5 else { continue }
                    let (first, second) = other.node < box.node ? (other.node, box.node) : (box.node, other.node)
                    note("tap-targets-overlap", node: second, severity: .warning, configurations: group) {
                        "tap target overlaps the tap target \(index.id(first)) by \(LintRunner.points(width))×\(LintRunner.points(height)) pt: a tap there may reach either"
                    }
                }
                active.append(k)
            }
        }
    }

    /// Points with at most two decimals.
    package static func points(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : String(rounded)
    }

    /// The next configuration to lay out, shared by the threads.
    package final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 0
        package init() {}
        package func take(below limit: Int) -> Int? {
            lock.lock(); defer { lock.unlock() }
            guard next < limit else { return nil }
            next += 1
            return next - 1
        }
    }

    /// The threads' findings.
    package final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var parts: [[LintFinding]] = []
        package init() {}
        package func add(_ part: [LintFinding]) { lock.lock(); parts.append(part); lock.unlock() }
        package var all: [[LintFinding]] { lock.lock(); defer { lock.unlock() }; return parts }
    }
}
