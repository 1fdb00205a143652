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
    /// record up to date).
    struct Run {
        let bytes: FastSlice
        let seen: UInt64
        let box: PropertyBox
    }

    /// The most recent runs kept per type.
    static let perType = 8
    private var runs = [[Run]](repeating: [], count: 11)
    private var next = [Int](repeating: 0, count: 11)
    /// Matches found and missed, per type: a type whose nodes rarely repeat (a feed's texts, each its own) stops
    /// being looked up and kept — each miss costs comparisons, and each kept run an allocation.
    private var hits = [Int](repeating: 0, count: 11)
    private var misses = [Int](repeating: 0, count: 11)

    /// Whether nodes of `type` are still looked up and kept: while misses are at most 16 more than 4 × the hits.
    @inline(__always)
    func keeps(_ type: FastTypes) -> Bool {
        let t = Self.index(type)
        return misses[t] <= 4 &* hits[t] &+ 16
    }
    private var emptyRun: Run?

    /// The box and record of a node without properties (one per decode).
    var empty: Run {
        mutating get {
            if let emptyRun { return emptyRun }
            let made = Run(bytes: FastSlice(start: 0, count: 0), seen: 0, box: PropertyBox())
            emptyRun = made
            return made
        }
    }

    @inline(__always) private static func index(_ type: FastTypes) -> Int { type.rawValue.trailingZeroBitCount }

    /// A run of `type` whose bytes are the input's at `start`, ending where a member ends (the byte after them is
    /// `,`, `}` or whitespace, so `8` never matches the start of `80`).
    @inline(__always)
    mutating func match(at start: Int, type: FastTypes, in scanner: FastScanner) -> Run? {
        let t = Self.index(type)
        guard misses[t] <= 4 &* hits[t] &+ 16 else { return nil }
        if let run = find(at: start, t, in: scanner) {
            hits[t] &+= 1
            return run
        }
        misses[t] &+= 1
        return nil
    }

    @inline(__always)
    private func find(at start: Int, _ t: Int, in scanner: FastScanner) -> Run? {
        for i in runs[t].indices {
            let run = runs[t][i]
            let end = start + run.bytes.count
            guard end < scanner.end else { continue }
            let after = scanner.base[end]
            guard after == UInt8(ascii: ",") || after == UInt8(ascii: "}") || after <= 0x20 else { continue }
            if memcmp(scanner.base + start, scanner.base + run.bytes.start, run.bytes.count) == 0 { return run }
        }
        return nil
    }

    /// Keeps `run` for later nodes of `type` (replacing the oldest of its type when full).
    mutating func remember(_ run: Run, type: FastTypes) {
        let t = Self.index(type)
        if runs[t].count < Self.perType {
            runs[t].append(run)
        } else {
            runs[t][next[t]] = run
            next[t] = (next[t] + 1) % Self.perType
        }
    }
}
