import Foundation

/// The node ids seen so far, as slices of the input: a duplicate is found by comparing bytes, with no `String`
/// made or hashed.
///
/// Only ASCII ids come here (the fast path bails on others): two ASCII strings are equal as Swift `String`s —
/// which is how the general path compares ids — exactly when their bytes are, while non-ASCII ids may be equal
/// under Unicode canonical equivalence with different bytes.
struct FastIDSet {
    /// One open-addressing slot: where an id's bytes are (`count` 0: empty; ids are never empty). Eight bytes, so
    /// the table a decode clears is small; the hash is not kept (a probe compares lengths, then bytes).
    struct Slot {
        var start: Int32
        var count: Int32
    }
    /// `mask + 1` slots; `release()` frees them.
    private var slots: UnsafeMutablePointer<Slot>
    private var mask: Int
    private var used = 0

    /// A set sized for about `expected` ids before it grows.
    init(expected: Int) {
        var capacity = 16
        while capacity < expected * 2 && capacity < 1 << 30 { capacity <<= 1 }
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: Slot(start: 0, count: 0), count: capacity)
        mask = capacity - 1
    }

    /// Frees the table. Call once, when done.
    mutating func release() {
        slots.deallocate()
        mask = -1
    }

    /// Adds the id at `slice` (not empty, within an input of less than 2 GiB) of an input of `end` bytes; false
    /// when it was already there.
    @inline(__always)
    mutating func insert(_ slice: FastSlice, in base: UnsafePointer<UInt8>, end: Int) -> Bool {
        insert(slice, hash: Self.hash(of: slice, in: base, end: end), in: base, end: end)
    }

    /// Adds the id at `slice` whose word (of at most 16 bytes: all of them) is `word`; false when it was already there.
    @inline(__always)
    mutating func insert(_ slice: FastSlice, word: FastWord, in base: UnsafePointer<UInt8>, end: Int) -> Bool {
        insert(slice, hash: Self.hash(word), in: base, end: end)
    }

    /// The hash of the id at `slice`: of its word up to 16 bytes, of all its bytes above (ids of one length are
    /// always hashed the same way).
    @inline(__always)
    static func hash(of slice: FastSlice, in base: UnsafePointer<UInt8>, end: Int) -> UInt64 {
        slice.count <= 16 ? hash(FastWord(slice, base: base, end: end)) : hash(base + slice.start, slice.count, room: end - slice.start)
    }

    /// The hash of an id of at most 16 bytes from its word.
    @inline(__always)
    static func hash(_ word: FastWord) -> UInt64 {
        var h = (word.first &* 0x9E37_79B9_7F4A_7C15) ^ (word.last &* 0xBF58_476D_1CE4_E5B9) ^ UInt64(truncatingIfNeeded: word.count)
        h ^= h >> 29
        h = h &* 0x94D0_49BB_1331_11EB
        return h ^ (h >> 32)
    }

    @inline(__always)
    private mutating func insert(_ slice: FastSlice, hash: UInt64, in base: UnsafePointer<UInt8>, end: Int) -> Bool {
        var i = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = slots[i]
            if slot.count == 0 { break }
            if Int(slot.count) == slice.count, memcmp(base + Int(slot.start), base + slice.start, slice.count) == 0 { return false }
            i = (i &+ 1) & mask
        }
        slots[i] = Slot(start: Int32(truncatingIfNeeded: slice.start), count: Int32(truncatingIfNeeded: slice.count))
        used += 1
        if used * 2 > mask + 1 { grow(base: base, end: end) }
        return true
    }

    private mutating func grow(base: UnsafePointer<UInt8>, end: Int) {
        let old = slots
        let oldCapacity = mask + 1
        let capacity = oldCapacity * 2
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: Slot(start: 0, count: 0), count: capacity)
        mask = capacity - 1
        for k in 0..<oldCapacity where old[k].count != 0 {
            let slice = FastSlice(start: Int(old[k].start), count: Int(old[k].count))
            var i = Int(truncatingIfNeeded: Self.hash(of: slice, in: base, end: end)) & mask
            while slots[i].count != 0 { i = (i + 1) & mask }
            slots[i] = old[k]
        }
        old.deallocate()
    }

    /// A 64-bit hash of `count` (> 0) bytes at `p`, eight at a time (the last eight overlapping the ones before);
    /// `room` bytes may be read at `p`.
    @inline(__always)
    static func hash(_ p: UnsafePointer<UInt8>, _ count: Int, room: Int) -> UInt64 {
        let raw = UnsafeRawPointer(p)
        var h = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        if count <= 8 {
            h = (h ^ FastWord.load(p, count, room: room)) &* 0xBF58_476D_1CE4_E5B9
        } else {
            var i = 0
            while i + 8 < count {
                h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
                h ^= h >> 31
                i += 8
            }
            h = (h ^ raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)) &* 0x94D0_49BB_1331_11EB
        }
        h ^= h >> 29
        h = h &* 0xBF58_476D_1CE4_E5B9
        return h ^ (h >> 32)
    }
}
