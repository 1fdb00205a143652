import Dispatch
import Foundation
import SDUIEnvironment
import SDUILayout
import SDUISchema

/// `cards-100-relayout-toggle` (a width laid out before, issue 15.5) and `cards-100-two-threads` (issue 15.6).
extension BenchCommand {
    static func rememberingBenchmarks(cards: Screen, runs: Int, selected: (String) -> Bool) -> [Measurement] {
        var results: [Measurement] = []
        func phone(_ width: Double) -> WindowEnvironment {
            try! WindowEnvironment(WindowConfiguration(device: DeviceCatalog.device(named: "iphone-16")!,
                                                       mode: .window(Size(width: width, height: 667))))
        }
        if selected("cards-100-relayout-toggle") {
            let engine = LayoutEngine()
            let toggle = [phone(375), phone(376)]
            let traits = toggle.map { $0.traitCollection() }
            results.append(time("cards-100-relayout-toggle", runs) { i in
                engine.layout(cards, in: toggle[i % 2], traits: traits[i % 2]).nodeCount
            })
        }
        if selected("cards-100-two-threads") {
            results.append(twoThreads(runs: runs, window: phone(375)))
        }
        return results
    }

    /// Two different screens (cards-100, built twice: equal content, separate values and flat trees), each laid out
    /// fresh (`invalidate()` then `layout`, as `cards-100-fresh`) `batch` times by its own engine: once one after
    /// the other on this thread, once at the same time on two threads. Rounds alternate the two ways; the medians
    /// per layout of each way give the speedup.
    static func twoThreads(runs: Int, window: WindowEnvironment) -> Measurement {
        let traits = window.traitCollection()
        let screens = [BenchmarkFixtures.cards(), BenchmarkFixtures.cards()]
        // Engines are not Sendable: each is used by one thread at a time (here: thread k uses engine k only).
        nonisolated(unsafe) let engines = [LayoutEngine(), LayoutEngine()]
        for k in 0..<2 { _ = engines[k].layout(screens[k], in: window, traits: traits) }  // trees made, buffers warm
        // Short batches (≈ 0.4 ms), many rounds, medians: on a loaded machine a long batch is preempted and its
        // time measures the other processes; the median round is one that ran undisturbed.
        let batch = 25
        @Sendable func work(_ k: Int) -> Int {
            var nodes = 0
            for _ in 0..<batch {
                engines[k].invalidate()
                nodes &+= engines[k].layout(screens[k], in: window, traits: traits).nodeCount
            }
            return nodes
        }
        let rounds = max(3, min(401, runs / 5))
        var one: [Double] = [], two: [Double] = []
        var nodes = 0
        for round in 0..<(rounds + 1) {
            var start = DispatchTime.now().uptimeNanoseconds
            nodes = work(0) + work(1)
            let serial = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000 / Double(2 * batch)
            start = DispatchTime.now().uptimeNanoseconds
            DispatchQueue.concurrentPerform(iterations: 2) { k in _ = work(k) }
            let parallel = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000 / Double(2 * batch)
            if round > 0 { one.append(serial); two.append(parallel) }  // round 0 warms the threads up
        }
        one.sort(); two.sort()
        let median1 = one[one.count / 2], median2 = two[two.count / 2]
        return Measurement(name: "cards-100-two-threads", nodes: nodes / (2 * batch), median: median2,
                           p90: two[min(two.count - 1, two.count * 9 / 10)], runs: rounds,
                           extra: [("speedup", median1 / median2), ("oneThreadMedianMicroseconds", median1),
                                   ("loadAverage", loadAverage())])
    }

    /// The 1-minute load average (/proc/loadavg; 0 where unavailable): how busy the machine was.
    static func loadAverage() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8),
              let first = text.split(separator: " ").first, let value = Double(first) else { return 0 }
        return value
    }
}
