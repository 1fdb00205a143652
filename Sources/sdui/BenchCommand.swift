import Dispatch
import Foundation
import SDUIEnvironment
import SDUILayout
import SDUISchema
import SDUIFixtures

/// `sdui bench`: times the layout engine on the benchmark screens (build in release: `swift build -c release`).
enum BenchCommand {
    static let spec = CommandSpec(
        name: "bench",
        summary: "time the layout engine on the benchmark screens (median and p90)",
        positionals: .none,
        about: """
        Times, after a warm-up, each benchmark N times and prints the median and 90th percentile. "Kept engine"
        means one LayoutEngine that has laid the screens out before (its buffers are reused); only the call
        named is timed, any reset before it is not.
          cards-100-first-layout     the cards-100 screen (802 nodes) laid out for the first time: flatten the
                                     payload (build) + compute + output; a new Screen value (equal nodes, nothing
                                     derived from it yet) each run, on a kept engine
          cards-100-flatten          its build step alone: the same new Screen value each run flattened into the
                                     engine's flat tree (LayoutEngine.prepare), no compute, no output
          cards-100-decode           the cards-100 payload's JSON bytes (compact, 53 KB) → Screen: parse,
                                     check and build the payload model (PayloadDecoder), no layout
          cards-100-bytes-to-frames  the same bytes → Screen → LayoutResult on a kept engine: what a
                                     newly received payload costs before its frames are known
          cards-100-fresh            an engine's first layout of the decoded cards-100 screen, decoded Screen →
                                     LayoutResult: kept engine whose tree is dropped before each run; the screen's
                                     flat tree was made by its first layout (as a Yoga tree is built before its
                                     timed layout) and is taken, fonts resolved, + compute + output
          cards-100-fresh-read-nodes the same, then every LayoutNode read (result.nodes: ids, paths, text runs are
                                     made on first read) — the cost a caller adds by reading the nodes
          cards-100-fresh-new-engine the same with a new engine each run (cold buffers)
          cards-100-compute          compute + output only, on a tree taken (untimed) just before and never laid
                                     out: the boundary of Yoga's timed YGNodeCalculateLayout call
          cards-100-relayout         the kept engine after a window-width change to a width it does not remember
                                     (375 → 414 → 390 pt, cycling: the engine keeps the last two passes' placements)
          cards-100-relayout-toggle  the kept engine going back and forth between 375 and 376 pt: each width was laid
                                     out two passes before, so its placements are reused (Yoga: cache warm, same toggle)
          cards-100-two-threads      two different cards-100 screens laid out fresh on two threads at once, an engine
                                     each (pinned to cores 0 and 1 on Linux), in 4-ms slices alternating with
                                     slices of each thread alone; the median time per layout, and "speedup": layouts
                                     per slice on two threads ÷ on one (2 on an idle 2-core machine; "loadAverage"
                                     and "otherProcessesCPU", the cores other processes used meanwhile, say how idle
                                     it was)
          cards-100-text-first-layout  cards whose titles and prices are text nodes (200 strings), laid out for
                                     the first time: build + compute with real text measurement + output; a new
                                     Screen value each run, alternating two equal screens built separately (strings
                                     in other storage), kept engine, text-measurement cache warm
          cards-100-text-first-layout-custom-font  the same with the titles and prices in a font read from a file (the
                                     bundled Inter OTFs given to the engine as a FontCollection: shaped, kerning and
                                     ligatures on), beside cards-100-text-first-layout in the same run
          cards-100-text-fresh-warm-cache  the text cards, an engine's first layout of the decoded screen (as
                                     cards-100-fresh) with real text measurement, text-measurement cache warm
          cards-100-text-fresh-warm-cache-new-strings  the same, alternating two equal text screens built separately
                                     (as two decodings of one payload are): equal strings in other storage, so each is
                                     found in the cache by its bytes, not by the identity of a string seen before
          cards-100-text-fresh-cold-cache  the same with the text cache emptied before each run (every string
                                     measured from scratch; buffers still reused)
          cards-100-text-new-engine  the same with a new engine each run (cold buffers and cold text cache)
          cards-100-text-relayout    the text cards after a width change to a width not remembered (kept engine,
                                     375 → 414 → 390 pt, as cards-100-relayout)
          font-load-inter-regular    reading the bundled Inter-Regular.otf (258 KB) into a face: table directory,
                                     metrics, character map, GDEF, GSUB/GPOS headers and the shaping plan
          font-load-<file name>      (with --font FILE) the same for FILE, every face of it
          text-200-measure-built-in  200 strings (product titles and prices) measured at 160 pt, 2 lines, cache
                                     emptied each run, in the built-in Inter (shaped from the bundled file)
          text-200-measure-loaded-face  the same in Inter read from the bundled file again as a loaded face
          feed-100k-first-viewport   a 100 000-item grid, first viewport, new engine each run
          feed-100k-first-viewport-warm  the same on a kept engine
          feed-100k-scroll-middle    a viewport in the middle of the feed on a kept engine
          cards-100-state-change     the cards with a badge text per card bound to its own state variable; one
                                     card's badge count changes (1 ↔ 2): StateUpdater evaluates the one binding
                                     that reads it and patches the text, the kept engine lays out that text and
                                     its ancestors up to the first one whose size is unchanged (its row) and
                                     writes the frames inside it (LayoutEngine.layout(applying:))
          cards-100-state-change-model  its model part alone: StateUpdater's evaluation and patch (the rest is layout)
          cards-100-state-change-full  the same new states laid out in full: each a screen value never laid out
                                     (flatten + compute + output on a kept engine), the peer "speedup" is against
          cards-100-state-change-general  the general path: the payload resolved again in the new state
                                     (Screen.resolved(in:)) and laid out in full
          cards-100-state-change-color  the same cards with each button's colour bound too; one button's colour
                                     changes: a paint-only change (the node resolved again on its own, the
                                     kept layout; "speedup" is against -general)
          cards-100-state-change-visible  one card's subtitle (its visibility bound) hides and shows again: the
                                     node resolved again on its own, built again in the kept tree and laid out
                                     upward
          cards-100-state-change-size  one card's title height (bound) changes back and forth: the same path
          cards-100-state-change-runtime  the same change through the headless runtime: setState on a launched
                                     ScreenViewController — update, incremental layout, display list with its
                                     accessibility pass, the reconciler updating the views in place, the event
                                     logged
        \(BenchCommand.shopHelp)
          template-1000-decode       1 000 product cards sent as state + one forEach template (JSON bytes) →
                                     Screen: parse, check the template once, make its 7 nodes per item with
                                     their bindings resolved
          template-1000-expanded-decode  the same cards as a static payload (the template's output frozen) →
                                     Screen: what a server sending no template makes the app decode
        and the peak memory (VmHWM growth) of 2 000 viewport layouts for 1 000 vs 100 000 items.
        \(BenchCommand.scalingHelp)
        With --payload FILE, instead: FILE's bytes decoded by SDUIKit (PayloadDecoder, and its general path
        alone), Foundation's JSONSerialization and JSONDecoder (a Codable mirror of the node tree), each timed
        and the peak memory of one decode each (Benchmarks/decode_compare.py runs it beside Python's decoders).
        """,
        options: [
            .value("--runs", "N", "timed runs per benchmark (default 2000; warm-up is N/10)"),
            .value("--filter", "TEXT", "run only the benchmark named TEXT, or those whose name contains it (\"memory\": the\nmemory check)"),
            .value("--payload", "FILE", "time decoding FILE instead: SDUIKit, its general path, JSONSerialization and JSONDecoder"),
            .list("--font", "FILE", "also time reading FILE into faces (font-load-<file name>, beside font-load-inter-regular);\nrepeatable"),
            .value("--format", "text|json", "text (default) or json: {\"benchmarks\": [{\"name\", \"engine\", \"nodes\",\n\"medianMicroseconds\", \"p90Microseconds\", \"runs\", \"bytes\" (decoding)}], \"memory\": [{\"name\",\n\"items\", \"baselineKB\", \"peakGrowthKB\"}]}"),
            .alias("--json", sets: "--format", to: "json", "the same as --format json"),
            .value("--output", short: "-o", "FILE", "write the results to FILE instead of standard output"),
        ],
        epilogue: "Times are wall-clock on this machine; compare engines only within one run (Benchmarks/compare.py).\n\nEXIT: 0 measured, 64 usage, 65 a --font FILE is not a font, 66 a --font FILE cannot be read, 73 cannot write.",
        run: run)

    struct Measurement {
        var name: String
        var nodes: Int
        var median: Double
        var p90: Double
        var runs: Int
        /// The size of the input decoded, for decoding benchmarks.
        var bytes: Int? = nil
        /// Who did the work (`sdui`, or a peer).
        var engine = "sdui"
        /// Fields some benchmarks add to their JSON entry (`speedup`, `loadAverage`).
        var extra: [(String, Double)] = []
    }

    static func run(_ args: Arguments) throws(CLIError) -> Int32 {
            let json = try args.choice("--format", ["text", "json"], default: "text") == "json"
            var lines: [String] = []
            let filter = args["--filter"]
            let names = ["cards-100-first-layout", "cards-100-flatten", "cards-100-decode", "cards-100-bytes-to-frames", "cards-100-fresh", "cards-100-fresh-read-nodes", "cards-100-accessibility", "cards-100-fresh-new-engine", "cards-100-compute",
                         "cards-100-relayout", "cards-100-relayout-toggle", "cards-100-two-threads", "cards-100-text-first-layout", "cards-100-text-first-layout-custom-font", "cards-100-text-fresh-warm-cache", "cards-100-text-fresh-warm-cache-new-strings",
                         "cards-100-text-fresh-cold-cache",
                         "cards-100-text-new-engine", "cards-100-text-relayout", "font-load-inter-regular", "text-200-measure-built-in",
                         "text-200-measure-loaded-face", "feed-100k-first-viewport",
                         "feed-100k-first-viewport-warm", "feed-100k-scroll-middle", "template-1000-decode", "template-1000-expanded-decode",
                         "cards-100-state-change", "cards-100-state-change-model", "cards-100-state-change-full", "cards-100-state-change-general",
                         "cards-100-state-change-color", "cards-100-state-change-visible", "cards-100-state-change-size",
                         "cards-100-state-change-runtime"]
                + shopNames
            /// A benchmark runs when there is no filter, the filter names it exactly, or (naming none exactly) is part of its name.
            /// The scaling curves run only when a filter picks them.
            func selected(_ name: String) -> Bool {
                guard let filter else { return !name.hasPrefix("scaling-") }
                return names.contains(filter) || scalingNames.contains(filter) ? name == filter : name.contains(filter)
            }
            var runs = 2000
            if let text = args["--runs"] {
                guard let n = Int(text), n >= 1, n <= 1_000_000 else { throw .usage("--runs: expected a whole number 1…1000000, got \"\(text)\"") }
                runs = n
            }
            #if DEBUG
            if !json { printError("sdui bench: this is a debug build; build with `swift build -c release` for meaningful times") }
            #endif
            if let payload = args["--payload"] {
                let (results, memory) = try decodingBenchmarks(payload, runs: runs)
                try writeOutput(report(results, memory: memory, json: json), to: args["--output"])
                return ExitCode.ok
            }
            var results: [Measurement] = []
            let narrow = try! WindowEnvironment(WindowConfiguration(device: DeviceCatalog.device(named: "iphone-16")!, mode: .window(Size(width: 375, height: 667))))
            let wide = try! WindowEnvironment(WindowConfiguration(device: DeviceCatalog.device(named: "iphone-16")!, mode: .window(Size(width: 414, height: 896))))
            let narrowTraits = narrow.traitCollection(), wideTraits = wide.traitCollection()

            /// A value equal to `screen` with nothing derived from it yet (never laid out: its first layout flattens it).
            func newValue(_ screen: Screen) -> Screen {
                Screen(schemaVersion: screen.schemaVersion, id: screen.id, title: screen.title, root: screen.root)
            }

            // cards-100
            let cards = BenchmarkFixtures.cards()
            let cardsNodeCount = cards.root.subtreeCount
            let kept = LayoutEngine()
            _ = kept.layout(BenchmarkFixtures.cards(textTitles: true), in: wide, traits: wideTraits)  // another screen first
            if selected("cards-100-first-layout") {
                var screen = cards
                results.append(time("cards-100-first-layout", runs, setup: { _ in
                    kept.invalidate()
                    screen = newValue(cards)
                }) { _ in
                    kept.layout(screen, in: narrow, traits: narrowTraits).nodeCount
                })
            }
            if selected("cards-100-flatten") {
                var screen = cards
                results.append(time("cards-100-flatten", runs, setup: { _ in
                    kept.invalidate()
                    screen = newValue(cards)
                }) { _ in
                    kept.prepare(screen, traits: narrowTraits)
                    return cardsNodeCount
                })
            }
            let cardsJSON = cards.jsonData(pretty: false)
            let cardsNodes = cards.root.subtreeCount
            // The screen decoded by a run is kept until the next run's setup, so freeing it is not timed.
            var decoded: [Screen] = []
            if selected("cards-100-decode") {
                var m = time("cards-100-decode", runs, setup: { _ in decoded.removeAll(keepingCapacity: true) }) { _ in
                    guard let screen = try? Screen(jsonData: cardsJSON) else { fatalError("cards-100 does not decode") }
                    decoded.append(screen)
                    return screen.id.isEmpty ? 0 : cardsNodes
                }
                m.bytes = cardsJSON.count
                results.append(m)
            }
            if selected("cards-100-bytes-to-frames") {
                var m = time("cards-100-bytes-to-frames", runs, setup: { _ in kept.invalidate(); decoded.removeAll(keepingCapacity: true) }) { _ in
                    guard let screen = try? Screen(jsonData: cardsJSON) else { fatalError("cards-100 does not decode") }
                    decoded.append(screen)
                    return kept.layout(screen, in: narrow, traits: narrowTraits).nodeCount
                }
                m.bytes = cardsJSON.count
                results.append(m)
            }
            decoded = []
            _ = kept.layout(cards, in: narrow, traits: narrowTraits)  // the screen's first layout (flat tree made)
            if selected("cards-100-fresh") {
                results.append(time("cards-100-fresh", runs, setup: { _ in kept.invalidate() }) { _ in
                    kept.layout(cards, in: narrow, traits: narrowTraits).nodeCount
                })
            }
            if selected("cards-100-fresh-read-nodes") {
                results.append(time("cards-100-fresh-read-nodes", runs, setup: { _ in kept.invalidate() }) { _ in
                    kept.layout(cards, in: narrow, traits: narrowTraits).nodes.count
                })
            }
            if selected("cards-100-accessibility") {
                // The accessibility pass over a finished layout (nodes made): what `sdui accessibility`, the HTML's
                // ARIA and the runtime add to a layout, beside cards-100-fresh-read-nodes (the layout itself).
                let laid = kept.layout(cards, in: narrow, traits: narrowTraits)
                _ = laid.nodes
                results.append(time("cards-100-accessibility", runs) { _ in
                    AccessibilityTree(layout: laid).exposure.count
                })
            }
            if selected("cards-100-fresh-new-engine") {
                results.append(time("cards-100-fresh-new-engine", runs) { _ in
                    LayoutEngine().layout(cards, in: narrow, traits: narrowTraits).nodeCount
                })
            }
            if selected("cards-100-compute") {
                results.append(time("cards-100-compute", runs, setup: { _ in kept.invalidate(); kept.prepare(cards, traits: narrowTraits) }) { _ in
                    kept.layout(cards, in: narrow, traits: narrowTraits).nodeCount
                })
            }
            let relayout = LayoutEngine()
            let medium = try! WindowEnvironment(WindowConfiguration(device: DeviceCatalog.device(named: "iphone-16")!, mode: .window(Size(width: 390, height: 844))))
            let widths = [(wide, wideTraits), (medium, medium.traitCollection()), (narrow, narrowTraits)]
            if selected("cards-100-relayout") {
                // Three widths in turn: each was last laid out three passes before, so none is remembered.
                results.append(time("cards-100-relayout", runs) { i in
                    relayout.layout(cards, in: widths[i % 3].0, traits: widths[i % 3].1).nodeCount
                })
            }
            results += rememberingBenchmarks(cards: cards, runs: runs, selected: selected)

            // cards-100 with text
            let textCards = BenchmarkFixtures.cards(textTitles: true)
            // Built separately: equal content, separate string storage (titles are heap strings), as two decodings
            // of one payload are.
            let twins = [textCards, BenchmarkFixtures.cards(textTitles: true)]
            let textEngine = LayoutEngine()
            _ = textEngine.layout(cards, in: wide, traits: wideTraits)  // another screen first: buffers grown
            if selected("cards-100-text-first-layout") {
                var screen = textCards
                results.append(time("cards-100-text-first-layout", runs, setup: { i in
                    textEngine.invalidate()
                    screen = newValue(twins[i % 2])
                }) { _ in
                    textEngine.layout(screen, in: narrow, traits: narrowTraits).nodeCount
                })
            }
            results += try customFontBenchmarks(runs: runs, selected: selected, in: narrow, traits: narrowTraits, warmUp: (cards, wide, wideTraits))
            _ = textEngine.layout(textCards, in: narrow, traits: narrowTraits)  // the screen's first layout
            if selected("cards-100-text-fresh-warm-cache") {
                results.append(time("cards-100-text-fresh-warm-cache", runs, setup: { _ in textEngine.invalidate() }) { _ in
                    textEngine.layout(textCards, in: narrow, traits: narrowTraits).nodeCount
                })
            }
            if selected("cards-100-text-fresh-warm-cache-new-strings") {
                results.append(time("cards-100-text-fresh-warm-cache-new-strings", runs, setup: { _ in textEngine.invalidate() }) { i in
                    textEngine.layout(twins[i % 2], in: narrow, traits: narrowTraits).nodeCount
                })
            }
            if selected("cards-100-text-fresh-cold-cache") {
                results.append(time("cards-100-text-fresh-cold-cache", runs, setup: { _ in
                    textEngine.invalidate(); textEngine.removeCachedTextLayouts()
                }) { _ in
                    textEngine.layout(textCards, in: narrow, traits: narrowTraits).nodeCount
                })
            }
            if selected("cards-100-text-new-engine") {
                results.append(time("cards-100-text-new-engine", runs) { _ in
                    LayoutEngine().layout(textCards, in: narrow, traits: narrowTraits).nodeCount
                })
            }
            if selected("cards-100-text-relayout") {
                results.append(time("cards-100-text-relayout", runs) { i in
                    textEngine.layout(textCards, in: widths[i % 3].0, traits: widths[i % 3].1).nodeCount
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

            // template-1000: a list sent as data and a template, against the same list expanded.
            if selected("template-1000-decode") || selected("template-1000-expanded-decode") {
                let template = Array(BenchmarkFixtures.templateCards(count: 1_000).serialized().utf8)
                guard let expanded = BenchmarkFixtures.templateCardsExpanded(count: 1_000).map({ Array($0.serialized().utf8) }) else {
                    throw CLIError(message: "sdui bench: the template-1000 payload does not decode", exitCode: ExitCode.software)
                }
                for (name, bytes) in [("template-1000-decode", template), ("template-1000-expanded-decode", expanded)] where selected(name) {
                    var kept: [Screen] = []
                    results.append(time(name, max(1, runs / 20), setup: { _ in kept.removeAll(keepingCapacity: true) }) { _ in
                        guard let screen = PayloadDecoder().decode(bytes).screen else { return 0 }
                        kept.append(screen)
                        return screen.root.subtreeCount
                    })
                }
            }
            results += try stateChangeBenchmarks(runs: runs, in: narrow, selected: selected)
            results += try fontBenchmarks(runs: runs, selected: selected, files: args.all("--font"))
            let runtime: Result<[Measurement], CLIError> = MainActor.assumeIsolated {
                do throws(CLIError) { return .success(try runtimeStateChangeBenchmark(runs: runs, in: narrow, selected: selected)) } catch {
                    return .failure(error)
                }
            }
            results += try runtime.get()
            results += try shopStateChangeBenchmarks(runs: runs, in: narrow, selected: selected)
            let taps: Result<[Measurement], CLIError> = MainActor.assumeIsolated {
                do throws(CLIError) { return .success(try tapBenchmarks(runs: runs, in: narrow, selected: selected)) } catch {
                    return .failure(error)
                }
            }
            results += try taps.get()
            results += scalingBenchmarks(runs: runs, in: narrow, selected: selected)

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

            let memoryRows = memory.map { MemoryMeasurement(name: $0.0, items: $0.1, baselineKB: $0.2, peakGrowthKB: $0.3) }
            lines.append(report(results, memory: memoryRows, json: json))
            try writeOutput(lines.joined(separator: "\n"), to: args["--output"])
            return ExitCode.ok
    }

    /// A peak-memory row: the growth of the process's peak resident set over `baselineKB` while doing `items` of something.
    struct MemoryMeasurement {
        var name: String
        var items: Int
        var baselineKB: Int
        var peakGrowthKB: Int
    }

    /// The results as JSON or as a text table.
    static func report(_ results: [Measurement], memory: [MemoryMeasurement], json: Bool) -> String {
        if json {
            let items: [JSONValue] = results.map { m in
                var pairs: [(key: String, value: JSONValue)] = [
                    ("name", .string(m.name)), ("engine", .string(m.engine)), ("nodes", .number(Double(m.nodes))),
                    ("medianMicroseconds", .number(round3(m.median))), ("p90Microseconds", .number(round3(m.p90))),
                    ("runs", .number(Double(m.runs)))]
                if let bytes = m.bytes { pairs.append(("bytes", .number(Double(bytes)))) }
                return .object(pairs + m.extra.map { ($0.0, .number(round3($0.1))) })
            }
            let mem: [JSONValue] = memory.map { m in
                .object([("name", .string(m.name)), ("items", .number(Double(m.items))), ("baselineKB", .number(Double(m.baselineKB))),
                         ("peakGrowthKB", .number(Double(m.peakGrowthKB)))])
            }
            return JSONValue.object([("benchmarks", .array(items)), ("memory", .array(mem))]).serialized(pretty: true)
        }
        var lines = ["benchmark                                      nodes    median µs      p90 µs   runs"]
        for m in results {
            lines.append(m.name.padding(toLength: 44, withPad: " ", startingAt: 0)
                         + String(m.nodes).leftPad(8) + String(format: "%13.2f", m.median) + String(format: "%12.2f", m.p90)
                         + String(m.runs).leftPad(7) + (m.bytes.map { "   \($0) bytes" } ?? "")
                         + m.extra.map { "  \($0.0) \(round3($0.1))" }.joined())
        }
        for m in memory {
            lines.append(m.name.hasSuffix("-viewport-peak-memory")
                ? "\(m.name): \(m.items) items, RSS before \(m.baselineKB) KB, peak growth over 2000 viewport layouts \(m.peakGrowthKB) KB"
                : "\(m.name): \(m.items) bytes, RSS before \(m.baselineKB) KB, peak growth \(m.peakGrowthKB) KB")
        }
        return lines.joined(separator: "\n")
    }

    /// Median and p90 of `runs` timed calls of `body` after `runs / 10` warm-up calls; `setup` runs untimed
    /// before each call.
    static func time(_ name: String, _ runs: Int, setup: (Int) -> Void = { _ in }, _ body: (Int) -> Int) -> Measurement {
        var nodes = 0
        for i in 0..<max(1, runs / 10) { setup(i); nodes = body(i) }
        var samples = [Double](repeating: 0, count: runs)
        for i in 0..<runs {
            setup(i)
            let start = DispatchTime.now().uptimeNanoseconds
            nodes = body(i)
            let end = DispatchTime.now().uptimeNanoseconds
            samples[i] = Double(end - start) / 1000
        }
        samples.sort()
        return Measurement(name: name, nodes: nodes, median: samples[runs / 2], p90: samples[min(runs - 1, runs * 9 / 10)], runs: runs)
    }

    static func round3(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }

    /// `cards-100-state-change` and its peers, measured in the same run (see the help).
    static func stateChangeBenchmarks(runs: Int, in environment: WindowEnvironment, selected: (String) -> Bool) throws(CLIError) -> [Measurement] {
        let names = ["cards-100-state-change", "cards-100-state-change-model", "cards-100-state-change-full", "cards-100-state-change-general",
                     "cards-100-state-change-color", "cards-100-state-change-visible", "cards-100-state-change-size"]
        guard names.contains(where: selected) else { return [] }
        guard let base = BenchmarkFixtures.cardsWithBadges(count: 100) else {
            throw CLIError(message: "sdui bench: the cards-100-state payload does not decode", exitCode: ExitCode.software)
        }
        let traits = environment.traitCollection()
        let states: [ScreenState] = [1, 2].map { count in
            var state = base.state
            state.set("badge42", to: .int(count))
            return state
        }
        var results: [Measurement] = []
        // Incremental: the runtime's path.
        var updater = StateUpdater(screen: base)
        let engine = LayoutEngine()
        _ = engine.layout(base, in: environment, traits: traits)
        let incrementalBefore = engine.incrementalLayoutCount
        var incremental = time("cards-100-state-change", runs) { i in
            guard let update = updater.update(to: states[i % 2], changedNames: ["badge42"]) else { return 0 }
            return engine.layout(applying: update, in: environment, traits: traits).nodeCount
        }
        guard engine.incrementalLayoutCount - incrementalBefore == runs + max(1, runs / 10) else {
            throw CLIError(message: "sdui bench: cards-100-state-change did not take the incremental path", exitCode: ExitCode.software)
        }
        // Full: the same new screens, each a value never laid out.
        var newScreens: [Screen] = []
        for state in states {
            var copy = StateUpdater(screen: base)
            guard let update = copy.update(to: state, changedNames: ["badge42"]) else { continue }
            newScreens.append(update.screen)
        }
        let fullEngine = LayoutEngine()
        var next = base
        _ = fullEngine.layout(base, in: environment, traits: traits)
        let full = time("cards-100-state-change-full", runs, setup: { i in
            next = newScreens[i % newScreens.count]
            next.root = next.root  // a new value: its layout tree is not kept yet
        }) { _ in fullEngine.layout(next, in: environment, traits: traits).nodeCount }
        incremental.extra.append(("speedupOverFull", full.median / max(incremental.median, 1e-9)))
        if selected("cards-100-state-change") { results.append(incremental) }
        if selected("cards-100-state-change-model") {
            // The model's part alone (the binding evaluated, the tree patched): the rest is the engine's.
            // (The update is dropped at once: one kept would hold the tree and make the next update copy it.)
            var modelUpdater = StateUpdater(screen: base)
            results.append(time("cards-100-state-change-model", runs) { i in
                modelUpdater.update(to: states[i % 2], changedNames: ["badge42"])?.textChanges?.count ?? 0
            })
        }
        if selected("cards-100-state-change-full") { results.append(full) }
        if selected("cards-100-state-change-general") {
            let generalEngine = LayoutEngine()
            var general = time("cards-100-state-change-general", max(1, runs / 20)) { i in
                guard let screen = base.resolved(in: states[i % 2]).screen else { return 0 }
                return generalEngine.layout(screen, in: environment, traits: traits).nodeCount
            }
            general.extra.append(("incrementalSpeedup", general.median / max(incremental.median, 1e-9)))
            results.append(general)
        }
        try propertyChangeBenchmarks(runs: runs, in: environment, selected: selected, general: results.first { $0.name == "cards-100-state-change-general" }?.median,
                                     into: &results)
        return results
    }

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
