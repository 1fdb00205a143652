import Foundation

/// The property runs the fast path has decoded, by node type: a node whose property members are the same bytes as
/// an earlier node's of the same type takes that node's box and geometry record instead of decoding them again.
///
/// Screens repeat themselves — cards, rows and cells made from one template share their styling — so most nodes of
/// a large payload find their properties here: one box for all of them (less memory, no allocation) and no value
/// parsed twice. The same bytes at a member boundary decode to the same values, so sharing is exact; the box is
/// copy-on-write, as it already is between copies of a node.
struct PropertyMemo {
    /// One node's property members: where their bytes are, the slots they set, and the box made of them (with its
    /// record up to date; the memo holds a reference to it until `release`, so a run is copied and compared
    /// without touching its reference count).
    struct Run {
        let bytes: FastSlice
        let seen: UInt64
        let box: Unmanaged<PropertyBox>
        /// The run's last eight bytes (its bytes when fewer, zero-padded): runs of one type mostly differ at their
        /// end (`"height": 20` and `"height": 16`), so most candidates are told apart by it alone.
        let tail: UInt64
    }

    /// The most recent runs kept per type.
    static let perType = 8
    static let typeCount = 11
    /// `typeCount × perType` places: type t's runs at `t × perType …`, `count(t)` of them filled.
    private let runs: UnsafeMutablePointer<Run>
    /// Per type: the runs kept, the place the next replaces when full, and the matches found and missed (a type
    /// whose nodes rarely repeat — a feed's texts, each its own — stops being looked up and kept: each miss costs
    /// comparisons, and each kept run an allocation).
    private let counters: UnsafeMutablePointer<Int>
    private var emptyBox: PropertyBox?

    /// An empty memo; `release()` frees it.
    init() {
        runs = .allocate(capacity: Self.typeCount * Self.perType)
        counters = .allocate(capacity: Self.typeCount * 4)
        counters.initialize(repeating: 0, count: Self.typeCount * 4)
    }

    /// Frees the runs. Call once, when done.
    mutating func release() {
        for t in 0..<Self.typeCount {
            for i in 0..<count(t) { runs[t * Self.perType + i].box.release() }
        }
        runs.deallocate()
        counters.deallocate()
        emptyBox = nil
    }

    @inline(__always) private func count(_ t: Int) -> Int { counters[t &* 4] }
    @inline(__always) private func hits(_ t: Int) -> Int { counters[t &* 4 &+ 2] }
    @inline(__always) private func misses(_ t: Int) -> Int { counters[t &* 4 &+ 3] }

    /// Whether nodes of `type` are still looked up and kept: while misses are at most 16 more than 4 × the hits.
    @inline(__always)
    func keeps(_ type: FastTypes) -> Bool {
        let t = Self.index(type)
        return misses(t) <= 4 &* hits(t) &+ 16
    }

    /// The box and record of a node without properties (one per decode).
    var empty: PropertyBox {
        mutating get {
            if let emptyBox { return emptyBox }
            let made = PropertyBox.make()
            emptyBox = made
            return made
        }
    }

    @inline(__always) private static func index(_ type: FastTypes) -> Int { type.rawValue.trailingZeroBitCount }

    /// The last `min(count, 8)` bytes ending at `end` as an integer.
    @inline(__always)
    private static func tail(_ base: UnsafePointer<UInt8>, end: Int, count: Int) -> UInt64 {
        if count >= 8 { return UnsafeRawPointer(base + (end &- 8)).loadUnaligned(as: UInt64.self) }
        var x: UInt64 = 0
        for i in 0..<count { x |= UInt64(base[end &- count &+ i]) << (8 &* UInt64(i)) }
        return x
    }

    /// Whether the `count` bytes at `a` and `b`, whose last eight (all of them when fewer) are equal, are equal:
    /// the bytes before those compared eight at a time (inline: runs are short, and a call to `memcmp` costs more).
    @inline(__always)
    private static func equalBeforeTail(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Bool {
        let x = UnsafeRawPointer(a), y = UnsafeRawPointer(b)
        var i = 0
        while i &+ 8 < count {
            guard x.loadUnaligned(fromByteOffset: i, as: UInt64.self) == y.loadUnaligned(fromByteOffset: i, as: UInt64.self) else { return false }
            i &+= 8
        }
        return true
    }

    /// A run of `type` whose bytes are the input's at `start`, ending where a member ends (the byte after them is
    /// `,`, `}` or whitespace, so `8` never matches the start of `80`).
    @inline(__always)
    mutating func match(at start: Int, type: FastTypes, in scanner: FastScanner) -> Run? {
        let t = Self.index(type)
        guard misses(t) <= 4 &* hits(t) &+ 16 else { return nil }
        let first = runs + t &* Self.perType
        for i in 0..<count(t) {
            let run = first[i]
            let count = run.bytes.count
            let end = start &+ count
            guard end < scanner.end else { continue }
            let after = scanner.base[end]
            guard after == UInt8(ascii: ",") || after == UInt8(ascii: "}") || after <= 0x20 else { continue }
            guard Self.tail(scanner.base, end: end, count: count) == run.tail,
                  Self.equalBeforeTail(scanner.base + start, scanner.base + run.bytes.start, count: count) else { continue }
            counters[t &* 4 &+ 2] &+= 1
            return run
        }
        counters[t &* 4 &+ 3] &+= 1
        return nil
    }

    /// Keeps the run of `bytes` in the input (the node's property members, which set the slots `seen`) and `box`,
    /// for later nodes of `type` (replacing the oldest of its type when full).
    mutating func remember(_ bytes: FastSlice, seen: UInt64, box: PropertyBox, type: FastTypes, in scanner: FastScanner) {
        let t = Self.index(type)
        let run = Run(bytes: bytes, seen: seen, box: .passRetained(box),
                      tail: Self.tail(scanner.base, end: bytes.start + bytes.count, count: bytes.count))
        let first = runs + t * Self.perType
        if count(t) < Self.perType {
            (first + count(t)).initialize(to: run)
            counters[t * 4] += 1
        } else {
            first[counters[t * 4 + 1]].box.release()
            first[counters[t * 4 + 1]] = run
            counters[t * 4 + 1] = (counters[t * 4 + 1] + 1) % Self.perType
        }
    }
}
