import Dispatch
import Foundation
import SDUIEnvironment
import SDUILayout
import SDUISchema

/// `sdui bench`: times the layout engine on the benchmark screens (build in release: `swift build -c release`).
enum BenchCommand {
    static let summary = "time the layout engine on the benchmark screens (median and p90)"
    static let help = """
    USAGE: sdui bench [--json] [--runs N]

    Times, after a warm-up, each benchmark N times and prints the median and 90th percentile:
      cards-100-fresh            the cards-100 screen (802 nodes) → LayoutResult: build + compute + output,
                                 on an engine whose cached tree is dropped before each run
      cards-100-fresh-new-engine the same with a new engine (cold buffers) each run
      cards-100-relayout         the same engine after a window-width change (375 ↔ 414 pt each run)
      cards-100-text-cold        cards whose titles and prices are text nodes, new engine each run
      cards-100-text-warm        the same, engine (and its text cache) kept, tree rebuilt each run
      cards-100-text-relayout    the same after a width change
      feed-100k-first-viewport   a 100 000-item grid, first viewport, new engine each run
      feed-100k-first-viewport-warm  the same on a kept engine
      feed-100k-scroll-middle    a viewport in the middle of the feed on a kept engine
    and the peak memory (VmHWM growth) of 2 000 viewport layouts for 1 000 vs 100 000 items.

    OPTIONS:
      --json                 {"benchmarks": [{"name","engine","nodes","medianMicroseconds","p90Microseconds","runs"}],
                              "memory": [{"name","items","baselineKB","peakGrowthKB"}]}
      --runs N               timed runs per benchmark (default 2000; warm-up is N/10)
      --filter TEXT          run only the benchmark named TEXT, or those whose name contains it ("memory": the memory check)

    Times are wall-clock on this machine; compare engines only within one run (Benchmarks/compare.py).
    """

    struct Measurement {
        var name: String
        var nodes: Int
        var median: Double
        var p90: Double
        var runs: Int
    }

    static func run(_ arguments: [String]) -> Int32 {
        runCommand("bench") { () throws(CLIError) -> Int32 in
            let args = try Arguments(arguments, options: ["--runs", "--filter"], flags: ["--json"])
            let filter = args["--filter"]
            let names = ["cards-100-fresh", "cards-100-fresh-new-engine", "cards-100-relayout", "cards-100-text-cold", "cards-100-text-warm",
                         "cards-100-text-relayout", "feed-100k-first-viewport", "feed-100k-first-viewport-warm", "feed-100k-scroll-middle"]
            /// A benchmark runs when there is no filter, the filter names it exactly, or (naming none exactly) is part of its name.
            func selected(_ name: String) -> Bool {
                guard let filter else { return true }
                return names.contains(filter) ? name == filter : name.contains(filter)
            }
            var runs = 2000
            if let text = args["--runs"] {
                guard let n = Int(text), n >= 1, n <= 1_000_000 else { throw .usage("--runs: expected a whole number 1…1000000, got \"\(text)\"") }
                runs = n
            }
            #if DEBUG
            if !args.has("--json") { printError("sdui bench: this is a debug build; build with `swift build -c release` for meaningful times") }
            #endif
            var results: [Measurement] = []
            let narrow = try! WindowEnvironment(WindowConfiguration(device: DeviceCatalog.device(named: "iphone-16")!, mode: .window(Size(width: 375, height: 667))))
            let wide = try! WindowEnvironment(WindowConfiguration(device: DeviceCatalog.device(named: "iphone-16")!, mode: .window(Size(width: 414, height: 896))))
            let narrowTraits = narrow.traitCollection(), wideTraits = wide.traitCollection()

            // cards-100
            let cards = BenchmarkFixtures.cards()
            let kept = LayoutEngine()
            if selected("cards-100-fresh") {
                results.append(time("cards-100-fresh", runs) { _ in
                    kept.invalidate(); return kept.layout(cards, in: narrow, traits: narrowTraits).nodeCount
                })
            }
            if selected("cards-100-fresh-new-engine") {
                results.append(time("cards-100-fresh-new-engine", runs) { _ in
                    LayoutEngine().layout(cards, in: narrow, traits: narrowTraits).nodeCount
                })
            }
            let relayout = LayoutEngine()
            if selected("cards-100-relayout") {
                results.append(time("cards-100-relayout", runs) { i in
                    i % 2 == 0 ? relayout.layout(cards, in: wide, traits: wideTraits).nodeCount
                               : relayout.layout(cards, in: narrow, traits: narrowTraits).nodeCount
                })
            }

            // cards-100 with text
            let textCards = BenchmarkFixtures.cards(textTitles: true)
            if selected("cards-100-text-cold") {
                results.append(time("cards-100-text-cold", runs) { _ in
                    LayoutEngine().layout(textCards, in: narrow, traits: narrowTraits).nodeCount
                })
            }
            let textEngine = LayoutEngine()
            if selected("cards-100-text-warm") {
                results.append(time("cards-100-text-warm", runs) { _ in
                    textEngine.invalidate(); return textEngine.layout(textCards, in: narrow, traits: narrowTraits).nodeCount
                })
            }
            if selected("cards-100-text-relayout") {
                results.append(time("cards-100-text-relayout", runs) { i in
                    i % 2 == 0 ? textEngine.layout(textCards, in: wide, traits: wideTraits).nodeCount
                               : textEngine.layout(textCards, in: narrow, traits: narrowTraits).nodeCount
                })
            }

            // feed-100k
            let feed = names.contains(where: { $0.hasPrefix("feed") && selected($0) }) ? BenchmarkFixtures.feed(count: 100_000) : BenchmarkFixtures.feed(count: 0)
            let top = ScrollViewport(offset: 0)
            if selected("feed-100k-first-viewport") {
                results.append(time("feed-100k-first-viewport", runs) { _ in
                    LayoutEngine().layout(feed, in: narrow, traits: narrowTraits, viewport: top).nodeCount
                })
            }
            let feedEngine = LayoutEngine()
            if selected("feed-100k-first-viewport-warm") {
                results.append(time("feed-100k-first-viewport-warm", runs) { _ in
                    feedEngine.layout(feed, in: narrow, traits: narrowTraits, viewport: top).nodeCount
                })
            }
            let middle = ScrollViewport(offset: 50_000 / 2 * 216.09375)
            if selected("feed-100k-scroll-middle") {
                results.append(time("feed-100k-scroll-middle", runs) { _ in
                    feedEngine.layout(feed, in: narrow, traits: narrowTraits, viewport: middle).nodeCount
                })
            }

            // Peak memory of viewport layouts, 1k vs 100k items.
            var memory: [(String, Int, Int, Int)] = []
            for count in [1_000, 100_000] where selected("memory") {
                let screen = BenchmarkFixtures.feed(count: count)
                let engine = LayoutEngine()
                let rowHeight = 216.09375
                let length = Double((count + 1) / 2) * rowHeight
                let baseline = resetPeakRSS()
                var sink = 0
                for i in 0..<2000 {
                    let offset = Double(i % 100) / 100 * length
                    sink &+= engine.layout(screen, in: narrow, traits: narrowTraits, viewport: ScrollViewport(offset: offset)).nodeCount
                }
                let peak = readStatusKB("VmHWM")
                memory.append(("feed-\(count / 1000)k-viewport-peak-memory", count, baseline, max(0, peak - baseline)))
                if sink == 42 { printError("") }
            }

            if args.has("--json") {
                let items: [JSONValue] = results.map { m in
                    .object([("name", .string(m.name)), ("engine", .string("sdui")), ("nodes", .number(Double(m.nodes))),
                             ("medianMicroseconds", .number(round3(m.median))), ("p90Microseconds", .number(round3(m.p90))),
                             ("runs", .number(Double(m.runs)))])
                }
                let mem: [JSONValue] = memory.map { m in
                    .object([("name", .string(m.0)), ("items", .number(Double(m.1))), ("baselineKB", .number(Double(m.2))),
                             ("peakGrowthKB", .number(Double(m.3)))])
                }
                printOut(JSONValue.object([("benchmarks", .array(items)), ("memory", .array(mem))]).serialized(pretty: true))
            } else {
                printOut("benchmark                          nodes    median µs      p90 µs   runs")
                for m in results {
                    printOut(m.name.padding(toLength: 32, withPad: " ", startingAt: 0)
                             + String(m.nodes).leftPad(8) + String(format: "%13.2f", m.median) + String(format: "%12.2f", m.p90)
                             + String(m.runs).leftPad(7))
                }
                for m in memory {
                    printOut("\(m.0): \(m.1) items, RSS before \(m.2) KB, peak growth over 2000 viewport layouts \(m.3) KB")
                }
            }
            return ExitCode.ok
        }
    }

    /// Median and p90 of `runs` timed calls after `runs / 10` warm-up calls.
    static func time(_ name: String, _ runs: Int, _ body: (Int) -> Int) -> Measurement {
        var nodes = 0
        for i in 0..<max(1, runs / 10) { nodes = body(i) }
        var samples = [Double](repeating: 0, count: runs)
        for i in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            nodes = body(i)
            let end = DispatchTime.now().uptimeNanoseconds
            samples[i] = Double(end - start) / 1000
        }
        samples.sort()
        return Measurement(name: name, nodes: nodes, median: samples[runs / 2], p90: samples[min(runs - 1, runs * 9 / 10)], runs: runs)
    }

    static func round3(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }

    /// Resets the kernel's peak-RSS counter (Linux: `echo 5 > /proc/self/clear_refs`) and returns the current RSS in KB.
    static func resetPeakRSS() -> Int {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        return readStatusKB("VmRSS")
    }

    /// A `kB` field of /proc/self/status (0 when unavailable).
    static func readStatusKB(_ field: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(String(line.unicodeScalars.filter { $0.properties.numericType != nil })) ?? 0
        }
        return 0
    }
}

extension String {
    func leftPad(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
