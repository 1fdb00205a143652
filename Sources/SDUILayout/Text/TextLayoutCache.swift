// The measurer's cache: an open-addressing hash table with a cheap seeded hash of the UTF-8 bytes.
// Swift's Dictionary would hash the whole key with SipHash (a String and three Doubles) on every hit; this hashes
// the bytes once with a cheap seeded hash.

/// Everything a layout depends on (the display scale is fixed per measurer).
struct TextLayoutKey: Equatable {
    var text: String
    var font: FontSpec
    var maxWidth: Double
    var lineLimit: Int
}

/// Layouts by key, at most `capacity` of them; when full it empties and refills.
///
/// Linear probing over a power-of-two slot array twice the capacity; entries are stored densely in
/// insertion order, so emptying is O(1) amortised and nothing is ever removed one by one.
///
/// A class, so that a lookup through the measurer reads the arrays in place instead of copying
/// (retaining) all four; owned by one measurer, never shared, hence no exclusivity checks.
final class TextLayoutCache {
    /// The most entries kept.
    let capacity: Int
    private let seed: UInt64
    @exclusivity(unchecked) private var slots: [Int32]  // index into the entry arrays, or -1
    @exclusivity(unchecked) private var hashes: [UInt64] = []
    @exclusivity(unchecked) private var keys: [TextLayoutKey] = []
    @exclusivity(unchecked) private var layouts: [TextLayout] = []

    init(capacity: Int) {
        self.capacity = capacity
        // The slot table starts small and doubles as entries arrive (up to twice the capacity), so a new
        // measurer costs nothing like a 16 384-slot table (64 KB written) before its first measurement.
        slots = Array(repeating: -1, count: 16)
        seed = UInt64.random(in: .min ... .max) | 1
    }

    /// Doubles the slot table and re-inserts every entry (kept at most half full, like the full-size table).
    private func growSlots() {
        if let grown = grownSlotTable(slots.count, capacity: capacity, entries: hashes.count, hash: { hashes[$0] }) {
            slots = grown
        }
    }

    /// Number of cached layouts.
    var count: Int { keys.count }

    /// The hash of a key; strings are hashed 8 bytes at a time.
    func hash(_ key: TextLayoutKey) -> UInt64 {
        var h = seed ^ UInt64(truncatingIfNeeded: key.lineLimit)
        h = Self.mix(h, key.font.size.bitPattern)
        h = Self.mix(h, UInt64(truncatingIfNeeded: key.font.weight))
        h = Self.mix(h, key.font.lineHeight.bitPattern)
        h = Self.mix(h, (key.maxWidth == 0 ? 0 : key.maxWidth).bitPattern)  // -0 == 0
        let bytesHash = key.text.utf8.withContiguousStorageIfAvailable { bytes in
            var h = h ^ UInt64(bytes.count)
            let raw = UnsafeRawBufferPointer(bytes)
            var offset = 0
            while offset + 8 <= raw.count {
                h = Self.mix(h, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            if offset == raw.count {
                return h
            }
            if raw.count >= 8 {
                // The last 8 bytes, overlapping the previous word: one load instead of a byte loop.
                return Self.mix(h, raw.loadUnaligned(fromByteOffset: raw.count - 8, as: UInt64.self))
            }
            var tail: UInt64 = 0
            while offset < raw.count {
                tail = tail << 8 | UInt64(raw[offset])
                offset += 1
            }
            return Self.mix(h, tail)
        }
        guard let bytesHash else {
            // Not contiguous UTF-8 (a bridged string): hash a native copy.
            var copy = key.text
            copy.makeContiguousUTF8()
            return hash(TextLayoutKey(text: copy, font: key.font, maxWidth: key.maxWidth, lineLimit: key.lineLimit))
        }
        return bytesHash ^ (bytesHash >> 29)
    }

    @inline(__always)
    private static func mix(_ h: UInt64, _ value: UInt64) -> UInt64 {
        let product = (h ^ value).multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15)
        return product.high ^ product.low
    }

    /// The cached layout for `key`, if any.
    func layout(for key: TextLayoutKey, hash: UInt64) -> TextLayout? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = Int(slots[slot])
            if entry < 0 { return nil }
            if hashes[entry] == hash && keys[entry] == key { return layouts[entry] }
            slot = (slot + 1) & mask
        }
    }

    /// Stores `layout` for a key that `layout(for:hash:)` did not find.
    func insert(_ layout: TextLayout, for key: TextLayoutKey, hash: UInt64) {
        if keys.count >= capacity {
            removeAll()
        }
        if (keys.count + 1) * 2 > slots.count { growSlots() }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(keys.count)
        hashes.append(hash)
        keys.append(key)
        layouts.append(layout)
    }

    /// Empties the cache, keeping its storage.
    func removeAll() {
        for index in slots.indices {
            slots[index] = -1
        }
        hashes.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        layouts.removeAll(keepingCapacity: true)
    }
}

/// The next slot table of an open-addressing hash table (linear probing, at most half full) that keeps `capacity`
/// entries at most: twice `slotCount` slots, capped at the power of two ≥ 2 × capacity, with `entries` entries
/// re-inserted by `hash(entry)`; nil when the table is already at its cap. Shared by the text caches.
/// - Complexity: O(entries).
func grownSlotTable(_ slotCount: Int, capacity: Int, entries: Int, hash: (Int) -> UInt64) -> [Int32]? {
    var maximum = 16
    while maximum < capacity * 2 { maximum <<= 1 }
    let newCount = min(slotCount * 2, maximum)
    guard newCount > slotCount else { return nil }
    var slots = [Int32](repeating: -1, count: newCount)
    let mask = newCount - 1
    for entry in 0..<entries {
        var slot = Int(truncatingIfNeeded: hash(entry)) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(entry)
    }
    return slots
}
