import Dispatch
import Foundation
import SDUIEnvironment
import SDUILayout
import SDUISchema
import SDUIFixtures

/// `cards-100-relayout-toggle` (a width laid out before) and `cards-100-two-threads` (one engine per thread).
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
    /// fresh (`invalidate()` then `layout`, as `cards-100-fresh`) by its own engine, as many times as fit in a
    /// slice of time. Slices cycle through three kinds: this thread alone (engine 0), a second thread alone (engine
    /// 1), both at once. One thread's throughput is the mean of the two alone kinds' medians (so a virtual CPU
    /// that runs slower than the other, as this VM's sometimes do, weighs the same on both sides); the speedup is
    /// the median layouts of a two-thread slice over it.
    ///
    /// The second thread is one long-lived `Thread`, woken by a semaphore for its slices. Alone, its slice starts
    /// when it wakes; together, both threads stop at the same deadline set before the wake-up, so its wake-up
    /// counts against the speedup. Slices are short (4 ms, ≈ 250 layouts; 25 layouts where they take longer), so
    /// on a busy machine the median slice is one that ran undisturbed; `otherProcessesCPU` says how busy the machine was (cores used by other
    /// processes during the run, from /proc/stat; 0 where unavailable).
    static func twoThreads(runs: Int, window: WindowEnvironment) -> Measurement {
        let traits = window.traitCollection()
        let screens = [BenchmarkFixtures.cards(), BenchmarkFixtures.cards()]
        // Engines are not Sendable: each is used by one thread at a time (engine 0 by this thread, engine 1 by the
        // partner thread only).
        nonisolated(unsafe) let engines = [LayoutEngine(), LayoutEngine()]
        var nodes = 0
        for k in 0..<2 { nodes = engines[k].layout(screens[k], in: window, traits: traits).nodeCount }  // trees made
        // 4 ms, or 25 layouts where one takes longer (a debug build), so every slice holds many layouts.
        let start = DispatchTime.now().uptimeNanoseconds
        engines[0].invalidate()
        nodes = engines[0].layout(screens[0], in: window, traits: traits).nodeCount
        let slice = max(4_000_000, 25 * (DispatchTime.now().uptimeNanoseconds - start))  // ns
        /// Layouts by engine `k` until `deadline` (uptime ns); the number finished before it.
        @Sendable func work(_ k: Int, until deadline: UInt64) -> Int {
            var count = 0, nodes = 0
            while DispatchTime.now().uptimeNanoseconds < deadline {
                engines[k].invalidate()
                nodes &+= engines[k].layout(screens[k], in: window, traits: traits).nodeCount
                if DispatchTime.now().uptimeNanoseconds <= deadline { count += 1 }
            }
            return nodes == -1 ? 0 : count  // `nodes` read, so the layouts cannot be dropped
        }
        // Each thread on a core of its own where the system lets us choose (Linux): a thread woken on a busy machine is
        // otherwise often placed on its waker's core and stays there for the whole slice.
        let pinned = CorePinning()
        pinned?.pin(core: 0)
        defer { pinned?.restore() }
        let partner = SliceThread(work: { deadline in work(1, until: deadline) }, core: pinned.map { _ in 1 })
        let rounds = max(3, min(401, runs / 10))
        let busyBefore = otherProcessesCPUTicks()
        let wallBefore = DispatchTime.now().uptimeNanoseconds
        var here: [Double] = [], there: [Double] = [], two: [Double] = []
        for round in 0..<(rounds + 1) {
            let alone = work(0, until: DispatchTime.now().uptimeNanoseconds + slice)
            partner.start(slice: slice)
            let partnerAlone = partner.wait()
            let deadline = DispatchTime.now().uptimeNanoseconds + slice
            partner.start(until: deadline)
            let together = work(0, until: deadline) + partner.wait()
            if round > 0 {  // round 0 warms the thread up
                here.append(Double(alone)); there.append(Double(partnerAlone)); two.append(Double(together))
            }
        }
        let busyAfter = otherProcessesCPUTicks()
        let wallSeconds = Double(DispatchTime.now().uptimeNanoseconds - wallBefore) / 1e9
        partner.stop()
        // At least one layout per slice counted (only a slice far longer than its layouts could hold none).
        here = here.map { max(1, $0) }.sorted(); there = there.map { max(1, $0) }.sorted(); two = two.map { max(1, $0) }.sorted()
        // Per layout: the slice over the layouts finished in it (both threads' for two).
        let perLayout1 = Double(slice) / 1000 / ((here[here.count / 2] + there[there.count / 2]) / 2)
        let perLayout2 = Double(slice) / 1000 / two[two.count / 2]
        // The 10th percentile of throughput is the 90th of time per layout.
        let p90 = Double(slice) / 1000 / two[two.count / 10]
        var extra: [(String, Double)] = [("speedup", perLayout1 / perLayout2), ("oneThreadMedianMicroseconds", perLayout1),
                                         ("firstThreadAloneMicroseconds", Double(slice) / 1000 / here[here.count / 2]),
                                         ("secondThreadAloneMicroseconds", Double(slice) / 1000 / there[there.count / 2]),
                                         ("loadAverage", loadAverage())]
        if let before = busyBefore, let after = busyAfter {
            extra.append(("otherProcessesCPU", Double(after - before) / Double(ticksPerSecond) / wallSeconds))
        }
        return Measurement(name: "cards-100-two-threads", nodes: nodes, median: perLayout2, p90: p90,
                           runs: rounds, extra: extra)
    }

    /// Clock ticks per second of /proc's CPU times (USER_HZ).
    static let ticksPerSecond = max(1, sysconf(Int32(_SC_CLK_TCK)))

    /// CPU time of other processes so far, in clock ticks: the machine's busy time (/proc/stat: user, nice, system,
    /// irq, softirq, steal) less this process's (/proc/self/stat: utime, stime); nil where unavailable.
    static func otherProcessesCPUTicks() -> Int? {
        guard let machine = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
              let own = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let cpu = machine.split(separator: "\n").first, cpu.hasPrefix("cpu "),
              let close = own.lastIndex(of: ")") else { return nil }
        let times = cpu.split(separator: " ").dropFirst().compactMap { Int($0) }
        // After the command name: state is field 3, utime and stime fields 14 and 15.
        let fields = own[own.index(after: close)...].split(separator: " ")
        guard times.count >= 8, fields.count >= 13, let utime = Int(fields[11]), let stime = Int(fields[12]) else { return nil }
        let busy = times[0] + times[1] + times[2] + times[5] + times[6] + times[7]
        return busy - utime - stime
    }

    /// The 1-minute load average (/proc/loadavg; 0 where unavailable): how busy the machine was.
    static func loadAverage() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8),
              let first = text.split(separator: " ").first, let value = Double(first) else { return 0 }
        return value
    }
}

/// A long-lived second thread for `cards-100-two-threads`: runs `work(deadline)` once per `start`.
final class SliceThread: @unchecked Sendable {
    // @unchecked: `deadline`, `result` and `isStopping` are written by one side before a semaphore signal and read by
    // the other after the matching wait (the semaphore orders them).
    private let go = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
    private var deadline: UInt64 = 0, slice: UInt64 = 0, result = 0, isStopping = false
    private let work: @Sendable (UInt64) -> Int

    /// `core`: the core the thread runs on (see `CorePinning`), nil for any.
    init(work: @escaping @Sendable (UInt64) -> Int, core: Int? = nil) {
        self.work = work
        let thread = Thread { [self] in
            if let core { CorePinning.pinCurrentThread(to: core) }
            while true {
                go.wait()
                if isStopping { done.signal(); return }
                result = work(slice > 0 ? DispatchTime.now().uptimeNanoseconds + slice : deadline)
                done.signal()
            }
        }
        thread.start()
    }

    /// Wakes the thread to work until `deadline` (uptime ns).
    func start(until deadline: UInt64) { self.deadline = deadline; slice = 0; go.signal() }
    /// Wakes the thread to work for `slice` ns from when it wakes.
    func start(slice: UInt64) { self.slice = slice; go.signal() }
    /// Waits for the thread's work to end; what it returned.
    func wait() -> Int { done.wait(); return result }
    /// Ends the thread.
    func stop() { isStopping = true; go.signal(); done.wait() }
}

/// Running the calling thread on one core (Linux's `sched_setaffinity`; nothing elsewhere), and back on the cores it
/// was allowed before.
struct CorePinning {
    #if os(Linux)
    private var original = cpu_set_t()
    /// glibc's `sched_getaffinity` / `sched_setaffinity` (GNU extensions the Glibc module does not import), looked up
    /// by name: (thread id, 0 for the calling thread; mask size; mask) → 0 on success.
    private typealias AffinityCall = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
    private static let getAffinity = lookUp("sched_getaffinity")
    private static let setAffinity = lookUp("sched_setaffinity")

    private static func lookUp(_ name: String) -> AffinityCall? {
        // RTLD_DEFAULT (a null handle): the process's global symbols.
        dlsym(nil, name).map { unsafeBitCast($0, to: AffinityCall.self) }
    }

    private static func sched_getaffinity(_ pid: pid_t, _ size: Int, _ set: inout cpu_set_t) -> Int32 {
        guard let call = getAffinity else { return -1 }
        return withUnsafeMutableBytes(of: &set) { call(pid, size, $0.baseAddress!) }
    }

    private static func sched_setaffinity(_ pid: pid_t, _ size: Int, _ set: inout cpu_set_t) -> Int32 {
        guard let call = setAffinity else { return -1 }
        return withUnsafeMutableBytes(of: &set) { call(pid, size, $0.baseAddress!) }
    }

    /// Nil unless this thread may run on cores 0 and 1 (and the system lets it choose).
    init?() {
        guard Self.sched_getaffinity(0, MemoryLayout<cpu_set_t>.size, &original) == 0 else { return nil }
        let first = withUnsafeBytes(of: original) { $0.load(as: UInt64.self) }
        guard first & 0b11 == 0b11 else { return nil }
    }

    /// Runs the calling thread on `core` only.
    func pin(core: Int) { Self.pinCurrentThread(to: core) }

    /// Lets the calling thread run where it could before `pin`.
    func restore() {
        var set = original
        _ = Self.sched_setaffinity(0, MemoryLayout<cpu_set_t>.size, &set)
    }

    /// Runs the calling thread on `core` (0 ..< 64) only; a failure leaves it where it was.
    static func pinCurrentThread(to core: Int) {
        guard core >= 0 && core < 64 else { return }
        var set = cpu_set_t()
        withUnsafeMutableBytes(of: &set) { $0.storeBytes(of: UInt64(1) << UInt64(core), as: UInt64.self) }
        _ = Self.sched_setaffinity(0, MemoryLayout<cpu_set_t>.size, &set)
    }
    #else
    init?() { return nil }
    func pin(core: Int) {}
    func restore() {}
    static func pinCurrentThread(to core: Int) {}
    #endif
}
