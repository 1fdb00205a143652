import Foundation

/// The node ids seen so far, as slices of the input: a duplicate is found by comparing bytes, with no `String`
/// made or hashed.
///
/// Only ASCII ids come here (the fast path bails on others): two ASCII strings are equal as Swift `String`s —
/// which is how the general path compares ids — exactly when their bytes are, while non-ASCII ids may be equal
/// under Unicode canonical equivalence with different bytes.
struct FastIDSet {
    /// Open addressing: 0 is empty, else an index into `entries` + 1.
    private var slots: [Int32]
    private var entries: [(slice: FastSlice, hash: UInt64)] = []
    private var mask: Int

    /// A set sized for about `expected` ids before it grows.
    init(expected: Int) {
        var capacity = 16
        while capacity < expected * 2 && capacity < 1 << 30 { capacity <<= 1 }
        slots = [Int32](repeating: 0, count: capacity)
        mask = capacity - 1
        entries.reserveCapacity(min(expected, 1 << 20))
    }

    /// Adds the id at `slice`; false when it was already there.
    mutating func insert(_ slice: FastSlice, in base: UnsafePointer<UInt8>) -> Bool {
        let hash = Self.hash(base + slice.start, slice.count)
        var i = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = Int(slots[i])
            if slot == 0 { break }
            let entry = entries[slot - 1]
            if entry.hash == hash, entry.slice.count == slice.count,
               memcmp(base + entry.slice.start, base + slice.start, slice.count) == 0 {
                return false
            }
            i = (i + 1) & mask
        }
        entries.append((slice, hash))
        slots[i] = Int32(truncatingIfNeeded: entries.count)
        if entries.count * 2 > slots.count { grow() }
        return true
    }

    private mutating func grow() {
        let capacity = slots.count * 2
        slots = [Int32](repeating: 0, count: capacity)
        mask = capacity - 1
        for (n, entry) in entries.enumerated() {
            var i = Int(truncatingIfNeeded: entry.hash) & mask
            while slots[i] != 0 { i = (i + 1) & mask }
            slots[i] = Int32(truncatingIfNeeded: n + 1)
        }
    }

    /// A 64-bit hash of `count` bytes at `p`, eight at a time.
    @inline(__always)
    static func hash(_ p: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
        let raw = UnsafeRawPointer(p)
        var h = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        var i = 0
        while i + 8 <= count {
            h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 31
            i += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < count {
            tail |= UInt64(p[i]) << shift
            shift += 8
            i += 1
        }
        h = (h ^ tail) &* 0x94D0_49BB_1331_11EB
        return h ^ (h >> 29)
    }
}
