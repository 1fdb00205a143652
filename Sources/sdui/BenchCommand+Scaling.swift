import Dispatch
import SDUIEnvironment
import SDUILayout
import SDUISchema
import SDUIFixtures

/// `sdui bench --filter scaling`: how layout cost grows with nesting depth and with the number of children.
/// Opt-in (the curves take tens of seconds and would crowd the peer comparison's table).
extension BenchCommand {
    static let scalingDepths = [1, 2, 4, 8, 16, 32, 60, 64, 128]
    static let scalingChildCounts = [10, 100, 1_000, 10_000, 100_000, 199_999]

    /// Every scaling benchmark's name: `scaling-nesting-D` (hstack › vstack › … D deep around a text),
    /// `scaling-nesting-siblings-D` (the same with a text and a color beside each nested stack, so every level
    /// probes its flexible children), `scaling-priorities-N` (a vstack of N children with distinct layoutPriority).
    static var scalingNames: [String] {
        scalingDepths.map { "scaling-nesting-\($0)" } + scalingDepths.map { "scaling-nesting-siblings-\($0)" }
            + scalingChildCounts.map { "scaling-priorities-\($0)" }
    }

    static let scalingHelp = """
      scaling-nesting-D          (only with --filter scaling…) a fresh layout (new engine) of an hstack › vstack ›
                                 hstack … chain D deep (D = 1, 2, 4, 8, 16, 32, 60, 64, 128) around one text
      scaling-nesting-siblings-D the same with a text and a color beside each nested stack (every level probes)
      scaling-priorities-N       a vstack of N colors with distinct layoutPriority (N = 10 … 199 999), new engine
                                 each run; runs are capped so each benchmark takes about a second
    """

    /// Runs the scaling benchmarks `selected` picks (each a fresh layout on a new engine: nothing remembered).
    static func scalingBenchmarks(runs: Int, in window: WindowEnvironment, selected: (String) -> Bool) -> [Measurement] {
        let traits = window.traitCollection()
        var results: [Measurement] = []
        func measure(_ name: String, _ screen: @autoclosure () -> Screen) {
            guard selected(name) else { return }
            let screen = screen()
            _ = LayoutEngine().layout(screen, in: window, traits: traits)  // the screen's flat tree, made once
            results.append(timeWithinBudget(name, maxRuns: runs) { _ in
                LayoutEngine().layout(screen, in: window, traits: traits).nodeCount
            })
        }
        for depth in scalingDepths { measure("scaling-nesting-\(depth)", BenchmarkFixtures.nestedStacks(depth: depth)) }
        for depth in scalingDepths {
            measure("scaling-nesting-siblings-\(depth)", BenchmarkFixtures.nestedStacks(depth: depth, siblings: true))
        }
        for count in scalingChildCounts { measure("scaling-priorities-\(count)", BenchmarkFixtures.prioritizedStack(count: count)) }
        return results
    }

    /// `time` with as many runs as fit in about a second (at least 3, at most `maxRuns`), judged by one untimed call.
    static func timeWithinBudget(_ name: String, maxRuns: Int, _ body: (Int) -> Int) -> Measurement {
        let start = DispatchTime.now().uptimeNanoseconds
        _ = body(0)
        let once = max(1, DispatchTime.now().uptimeNanoseconds - start)
        let fitting = Int(min(Double(maxRuns), 1e9 / Double(once)))
        return time(name, max(3, min(maxRuns, fitting)), body)
    }
}
