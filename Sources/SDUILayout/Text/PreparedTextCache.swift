// Strings measured once per font: the layout engine's text cache.
//
// A layout pass asks one text for its size at several widths (0, ∞, its share of a stack, …) and places
// it at one of them. Instead of laying the string out for each, the measurer reads its grapheme clusters
// once and keeps their cumulative widths and the break opportunities between them (a *prepared text*);
// every width is then answered from those arrays (`PreparedLineIterator`) without reading the string again.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a prepared text sits in a `PreparedTextCache`; valid while the cache's `epoch` is the same.
struct PreparedTextHandle {
    /// Index of the entry.
    var index: Int32
    /// The cache epoch the entry belongs to (0: no entry).
    var epoch: UInt32

    static let none = PreparedTextHandle(index: -1, epoch: 0)
}

/// One prepared text: where its clusters and break opportunities are in the arenas, its face's constants,
/// and the sizes and layout keys kept for it (plain data, so the entry arena needs no reference counting).
struct PreparedText {
    var font: FontSpec
    /// First cluster in the cluster arenas.
    var clusterStart: Int32
    /// Number of clusters; -1 when the text is laid out by the line breaker instead (it has a newline, a tab
    /// or a soft hyphen, whose widths or break opportunities depend on the line, or is very long).
    var clusterCount: Int32
    /// First break opportunity in the break arena, and their number.
    var breakStart: Int32
    var breakCount: Int32
    /// The first cluster drawn by a fallback font, or `clusterCount` when none is.
    var firstFallback: Int32
    /// The layout slot and the size slot to replace next (round robin).
    var nextSlot: Int16 = 0
    var nextSizeSlot: Int16 = 0
    /// The text's paragraph direction (`TextLine.writingDirection`; a text with clusters has one paragraph).
    var writingDirection = WritingDirection.natural
    /// Width of the whole text on one line (trailing spaces hanging), in subunits.
    var naturalSubunits: Int
    var pointsPerSubunit: Double
    var ellipsisSubunits: Int
    var baselineOffset: Double
    /// Sizes kept for widths at which the text takes more than one line (one line needs no slot).
    var sizes = (PreparedSize.empty, PreparedSize.empty)
    /// What each of the entry's layout slots (in the cache's `layouts`) was made for.
    var layoutKeys = (PreparedLayoutKey.empty, PreparedLayoutKey.empty, PreparedLayoutKey.empty,
                      PreparedLayoutKey.empty)

    init(font: FontSpec, clusterStart: Int, breakStart: Int, face: TextFace) {
        self.font = font
        self.clusterStart = Int32(truncatingIfNeeded: clusterStart)
        clusterCount = -1
        self.breakStart = Int32(truncatingIfNeeded: breakStart)
        breakCount = 0
        firstFallback = 0
        naturalSubunits = 0
        pointsPerSubunit = face.pointsPerSubunit
        ellipsisSubunits = face.ellipsisSubunits
        baselineOffset = face.baselineOffset
    }
}

/// The width and line limit a kept layout was made for.
struct PreparedLayoutKey {
    var maxWidthBits: UInt64
    var lineLimit: Int
    static let empty = PreparedLayoutKey(maxWidthBits: UInt64.max, lineLimit: 0)
    /// Whether no layout was kept for this key (a kept layout's width is never NaN and its limit at least 1).
    var isEmpty: Bool { maxWidthBits == UInt64.max && lineLimit == 0 }
}

/// A size derived for a width and line limit.
struct PreparedSize {
    var maxWidthBits: UInt64
    var lineLimit: Int
    var width: Double
    var height: Double
    static let empty = PreparedSize(maxWidthBits: UInt64.max, lineLimit: 0, width: 0, height: 0)
}

/// Growable storage addressed by raw pointer, owned (and freed, `release()`) by the cache that holds it.
/// Elements past `count` are uninitialised; reference-counted elements are released when dropped.
struct TextArena<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    @inline(__always)
    mutating func append(_ value: consuming Element) {
        if count == capacity { grow(to: capacity * 2) }
        // count < capacity: checked above.
        (base + count).initialize(to: value)
        count += 1
    }

    /// Room for `extra` more elements; returns where they go (write them, then `commit`).
    @inline(__always)
    mutating func reserve(_ extra: Int) -> UnsafeMutablePointer<Element> {
        if count + extra > capacity { grow(to: max(capacity * 2, count + extra)) }
        return base + count
    }

    /// Counts `n` elements initialised after the last (within what `reserve` made room for).
    @inline(__always)
    mutating func commit(_ n: Int) { count += n }

    private mutating func grow(to newCapacity: Int) {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = newCapacity
    }

    /// Drops elements after the first `n`.
    mutating func truncate(to n: Int) {
        guard n < count else { return }
        (base + n).deinitialize(count: count - n)
        count = n
    }

    /// Drops every element and frees the storage (the arena is unusable after).
    mutating func release() {
        base.deinitialize(count: count)
        base.deallocate()
        count = 0
    }
}

/// Prepared texts by (string, font): an open-addressing table keyed by a seeded hash of the UTF-8 bytes,
/// with the clusters and break opportunities of every entry in five shared arenas, and a few placed
/// layouts per entry. At most `capacity` entries, `capacity` kept layouts and `clusterCapacity` clusters;
/// when one would be exceeded, it empties and refills (bumping `epoch`, so that handles given out before
/// are recognised as stale).
final class PreparedTextCache {
    /// Layouts kept per entry (a relayout alternating between two widths, plus probes, hits them all).
    static let layoutSlots = 4
    /// Texts with more clusters are laid out by the line breaker (their arrays would crowd the arenas).
    static let maximumClusters = 4096

    let capacity: Int
    let clusterCapacity: Int
    /// Layouts kept in the entries' slots.
    @exclusivity(unchecked) private(set) var keptLayoutCount = 0
    /// Bumped whenever the cache empties; never 0.
    @exclusivity(unchecked) private(set) var epoch: UInt32 = 1
    private let seed: UInt64
    @exclusivity(unchecked) private var slots: [Int32]  // entry index, or -1
    /// A direct-mapped table by the string's two words (its storage), not its bytes: the entry last found for
    /// a string value, or -1. A hit is checked against the entry's own string, which the cache keeps alive,
    /// so equal words are the same storage and the same bytes; a miss falls back to hashing the bytes.
    /// `identitySlots` entries, allocated with the cache (a slot index is masked to them).
    private let identities: UnsafeMutablePointer<Int32>
    // Per entry (indices below `count` are initialised, so reads need no bounds check beyond a handle's
    // epoch: a handle of the current epoch has index < count).
    @exclusivity(unchecked) private var hashes: TextArena<UInt64>
    @exclusivity(unchecked) private(set) var texts: TextArena<String>
    @exclusivity(unchecked) private(set) var entries: TextArena<PreparedText>
    /// `layoutSlots` per entry; a slot whose key is `PreparedLayoutKey.empty` holds `TextLayout.none`.
    @exclusivity(unchecked) private(set) var layouts: TextArena<TextLayout>
    /// Per cluster: the width from the text's start through the cluster when a line ends after it (its kerning with
    /// the next cluster not drawn), in subunits. Never decreasing (a text whose widths would decrease is laid out by
    /// the line breaker).
    @exclusivity(unchecked) private(set) var fitEnds: TextArena<Int>
    /// Per cluster: the width from the text's start to a line that starts at the cluster (the cluster's own
    /// adjustment at a line start included), in subunits; a line from cluster `s` to `d` is `fitEnds[d] − starts[s]`.
    @exclusivity(unchecked) private(set) var starts: TextArena<Int>
    /// Per cluster: the UTF-8 offset of its end.
    @exclusivity(unchecked) private(set) var offsets: TextArena<Int32>
    /// Per cluster: the index (in its text) of the last cluster up to it that is not a space, or -1.
    @exclusivity(unchecked) private(set) var content: TextArena<Int32>
    /// Per text: the clusters before which a line may break, ascending.
    @exclusivity(unchecked) private(set) var breaks: TextArena<Int32>

    init(capacity: Int, clusterCapacity: Int) {
        self.capacity = max(1, capacity)
        self.clusterCapacity = max(Self.maximumClusters, clusterCapacity)
        slots = Array(repeating: -1, count: 16)
        identities = .allocate(capacity: Self.identitySlots)
        identities.initialize(repeating: -1, count: Self.identitySlots)
        seed = UInt64.random(in: .min ... .max) | 1
        hashes = TextArena(capacity: 16)
        texts = TextArena(capacity: 16)
        entries = TextArena(capacity: 16)
        layouts = TextArena(capacity: 16 * Self.layoutSlots)
        fitEnds = TextArena(capacity: 256)
        starts = TextArena(capacity: 256)
        offsets = TextArena(capacity: 256)
        content = TextArena(capacity: 256)
        breaks = TextArena(capacity: 64)
    }

    deinit {
        hashes.release()
        texts.release()
        entries.release()
        layouts.release()
        fitEnds.release()
        starts.release()
        offsets.release()
        content.release()
        breaks.release()
        identities.deallocate()
    }

    /// Number of entries.
    var count: Int { entries.count }

    /// Empties the cache, keeping its storage; handles given out before become stale.
    func removeAll() {
        for index in slots.indices {
            slots[index] = -1
        }
        identities.update(repeating: -1, count: Self.identitySlots)
        hashes.truncate(to: 0)
        texts.truncate(to: 0)
        entries.truncate(to: 0)
        layouts.truncate(to: 0)
        fitEnds.truncate(to: 0)
        starts.truncate(to: 0)
        offsets.truncate(to: 0)
        content.truncate(to: 0)
        breaks.truncate(to: 0)
        keptLayoutCount = 0
        epoch = epoch == UInt32.max ? 1 : epoch + 1
    }

    // MARK: Lookup

    /// The hash of (bytes, font).
    @inline(__always)
    func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ font: FontSpec) -> UInt64 {
        var h = seed ^ UInt64(truncatingIfNeeded: font.weight)
        h = Self.mix(h, font.size.bitPattern)
        h = Self.mix(h, font.lineHeight.bitPattern)
        h ^= UInt64(bytes.count)
        let raw = UnsafeRawBufferPointer(bytes)
        var offset = 0
        while offset + 8 <= raw.count {
            h = Self.mix(h, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        if offset < raw.count {
            if raw.count >= 8 {
                // The last 8 bytes, overlapping the previous word: one load instead of a byte loop.
                h = Self.mix(h, raw.loadUnaligned(fromByteOffset: raw.count - 8, as: UInt64.self))
            } else {
                var tail: UInt64 = 0
                while offset < raw.count {
                    tail = tail << 8 | UInt64(raw[offset])
                    offset += 1
                }
                h = Self.mix(h, tail)
            }
        }
        return h ^ (h >> 29)
    }

    @inline(__always)
    private static func mix(_ h: UInt64, _ value: UInt64) -> UInt64 {
        let product = (h ^ value).multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15)
        return product.high ^ product.low
    }

    /// Whether a `String` is two 64-bit words (64-bit platforms); elsewhere only bytes are compared.
    static let stringIsTwoWords = MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size

    /// Identity slots (a power of two). Direct-mapped: a string evicted by another is found again by its bytes
    /// (200 strings lose about one in six to evictions). More slots would lose fewer but take longer to clear for
    /// every new engine, and a rebuilt tree finds most strings through its hints before it looks here.
    static let identitySlots = 1024

    /// The two words of the string at `text` (its inline bytes, or its count and storage), read in place: no
    /// retain. (0, 0) where a String is not two words.
    @inline(__always)
    static func words(of text: UnsafePointer<String>) -> (UInt64, UInt64) {
        guard stringIsTwoWords else { return (0, 0) }
        // A String is two words here (checked above): the load reads exactly its bytes.
        return UnsafeRawPointer(text).load(as: (UInt64, UInt64).self)
    }

    /// The identity slot of a string value (its `words`) in a font.
    @inline(__always)
    func identitySlot(_ words: (UInt64, UInt64), _ font: FontSpec) -> Int {
        guard Self.stringIsTwoWords else { return 0 }
        let h = Self.mix(Self.mix(seed ^ words.0, words.1), font.size.bitPattern ^ UInt64(truncatingIfNeeded: font.weight))
        return Int(truncatingIfNeeded: h >> 7) & (Self.identitySlots - 1)
    }

    /// The entry last found or made for this very string value (same storage, `words`) in `font`, or -1.
    @inline(__always)
    func findIdentical(_ words: (UInt64, UInt64), _ font: FontSpec, slot: Int) -> Int {
        guard Self.stringIsTwoWords else { return -1 }
        // slot < identitySlots: `identitySlot` masks it.
        let entry = Int(identities[slot])
        // entry < count: the table only holds indices of entries made since it was last cleared.
        guard entry >= 0, entries.base[entry].font == font else { return -1 }
        let stored = UnsafeRawPointer(texts.base + entry).load(as: (UInt64, UInt64).self)
        return stored == words ? entry : -1
    }

    /// Whether entry `entry` (< count) is the string at `text` in `font`: the same storage, or equal UTF-8 bytes.
    @inline(__always)
    func holds(_ text: UnsafePointer<String>, _ font: FontSpec, at entry: Int) -> Bool {
        guard entries.base[entry].font == font else { return false }
        if Self.stringIsTwoWords && UnsafeRawPointer(texts.base + entry).load(as: (UInt64, UInt64).self) == Self.words(of: text) {
            return true
        }
        return Self.sameBytes(texts.base[entry], text.pointee)
    }

    /// Whether two strings have the same UTF-8 bytes (not `==`, which also equates canonically equivalent
    /// strings of other bytes).
    @inline(never)
    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        let same = b.utf8.withContiguousStorageIfAvailable { bytes in sameBytes(a, b, bytes) }
        return same ?? a.utf8.elementsEqual(b.utf8)
    }

    /// Remembers `entry` for the string value in identity slot `slot`.
    @inline(__always)
    func remember(_ entry: Int, identitySlot slot: Int) { identities[slot] = Int32(truncatingIfNeeded: entry) }

    /// The entry for `text` (whose UTF-8 bytes are `bytes`) in `font`, or -1.
    @inline(__always)
    func find(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>, _ font: FontSpec, hash: UInt64) -> Int {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = Int(slots[slot])
            if entry < 0 { return -1 }
            // entry < count: the table only holds indices of entries inserted since it was last cleared.
            if hashes.base[entry] == hash && entries.base[entry].font == font
                && Self.sameBytes(texts.base[entry], text, bytes) {
                return entry
            }
            slot = (slot + 1) & mask
        }
    }

    /// Whether `stored` has the UTF-8 bytes `bytes` (of `text`): the same string storage is equal at once
    /// (the usual case: a payload's strings are the ones measured before), otherwise the bytes are compared.
    @inline(__always)
    private static func sameBytes(_ stored: String, _ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // A String is two words: small strings hold their bytes inline, others a count and a storage
        // reference, so equal words mean equal bytes.
        if stringIsTwoWords {
            let a = unsafeBitCast(stored, to: (UInt64, UInt64).self), b = unsafeBitCast(text, to: (UInt64, UInt64).self)
            if a == b { return true }
        }
        let same = stored.utf8.withContiguousStorageIfAvailable { storedBytes -> Bool in
            guard storedBytes.count == bytes.count else { return false }
            guard let p = storedBytes.baseAddress, let q = bytes.baseAddress else { return true }
            return memcmp(p, q, bytes.count) == 0
        }
        return same ?? false
    }

    // MARK: Insertion

    /// Doubles the slot table and re-inserts every entry (kept at most half full).
    private func growSlots() {
        if let grown = grownSlotTable(slots.count, capacity: capacity, entries: hashes.count, hash: { hashes.base[$0] }) {
            slots = grown
        }
    }

    /// Makes room for one more entry of up to `clusters` clusters (emptying the cache when full); returns
    /// whether the cache was emptied.
    func reserve(clusters: Int) -> Bool {
        var emptied = false
        if entries.count >= capacity || fitEnds.count + clusters > clusterCapacity {
            removeAll()
            emptied = true
        }
        if (entries.count + 1) * 2 > slots.count { growSlots() }
        return emptied
    }

    /// Where the next entry's clusters and breaks will start.
    var arenaMarks: (clusters: Int, breaks: Int) { (fitEnds.count, breaks.count) }

    /// Where `reserveClusters` lets a text's clusters and break opportunities be written.
    struct ClusterRoom {
        var fitEnds: UnsafeMutablePointer<Int>
        var starts: UnsafeMutablePointer<Int>
        var offsets: UnsafeMutablePointer<Int32>
        var content: UnsafeMutablePointer<Int32>
        var breaks: UnsafeMutablePointer<Int32>
    }

    /// Room for `clusters` more clusters and break opportunities; returns where they go (fit ends, starts, UTF-8
    /// ends, last drawn cluster, breaks). Write them, then `commit`.
    func reserveClusters(_ clusters: Int) -> ClusterRoom {
        ClusterRoom(fitEnds: fitEnds.reserve(clusters), starts: starts.reserve(clusters), offsets: offsets.reserve(clusters),
                    content: content.reserve(clusters), breaks: breaks.reserve(clusters))
    }

    /// Counts the clusters and breaks written after `reserveClusters`.
    func commitClusters(_ clusters: Int, breaks breakCount: Int) {
        fitEnds.commit(clusters)
        starts.commit(clusters)
        offsets.commit(clusters)
        content.commit(clusters)
        breaks.commit(breakCount)
    }

    /// Adds an entry (after `reserve`, whose arrays were appended since); returns its handle.
    func insert(_ entry: PreparedText, text: String, hash: UInt64) -> PreparedTextHandle {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            slot = (slot + 1) & mask
        }
        let index = entries.count
        slots[slot] = Int32(index)
        hashes.append(hash)
        texts.append(text)
        entries.append(entry)
        let kept = layouts.reserve(Self.layoutSlots)
        for k in 0..<Self.layoutSlots { (kept + k).initialize(to: .none) }
        layouts.commit(Self.layoutSlots)
        return PreparedTextHandle(index: Int32(index), epoch: epoch)
    }

    // MARK: Kept layouts and sizes (index < count: from a handle of the current epoch)

    /// Entry `index`.
    @inline(__always)
    func entry(_ index: Int) -> PreparedText { entries.base[index] }

    /// The text of entry `index`.
    @inline(__always)
    func text(_ index: Int) -> String { texts.base[index] }

    /// The slot of entry `index`'s kept layout for (`maxWidthBits`, `lineLimit`), or -1.
    @inline(__always)
    func keptLayoutSlot(_ index: Int, maxWidthBits bits: UInt64, lineLimit: Int) -> Int {
        let keys = entries.base[index].layoutKeys
        return keys.0.maxWidthBits == bits && keys.0.lineLimit == lineLimit ? 0
            : keys.1.maxWidthBits == bits && keys.1.lineLimit == lineLimit ? 1
            : keys.2.maxWidthBits == bits && keys.2.lineLimit == lineLimit ? 2
            : keys.3.maxWidthBits == bits && keys.3.lineLimit == lineLimit ? 3 : -1
    }

    /// Where entry `index`'s layout in slot `k` (from `keptLayoutSlot`) is kept; valid until the cache changes.
    @inline(__always)
    func keptLayoutAddress(_ index: Int, slot k: Int) -> UnsafePointer<TextLayout> {
        UnsafePointer(layouts.base + index * Self.layoutSlots + k)
    }

    /// The kept layout of entry `index` for (`maxWidthBits`, `lineLimit`), if any.
    @inline(__always)
    func keptLayout(_ index: Int, maxWidthBits bits: UInt64, lineLimit: Int) -> TextLayout? {
        let k = keptLayoutSlot(index, maxWidthBits: bits, lineLimit: lineLimit)
        return k < 0 ? nil : layouts.base[index * Self.layoutSlots + k]
    }

    /// Keeps `layout` for entry `index` (replacing the oldest).
    func keep(_ layout: TextLayout, _ index: Int, maxWidthBits bits: UInt64, lineLimit: Int) {
        let entry = entries.base + index
        let k = Int(entry.pointee.nextSlot)
        let keys = entry.pointee.layoutKeys
        let oldKey = k == 0 ? keys.0 : k == 1 ? keys.1 : k == 2 ? keys.2 : keys.3
        if oldKey.isEmpty {
            // At most `capacity` layouts in all (as many as entries): past that, empty and refill.
            if keptLayoutCount >= capacity {
                removeAll()
                return
            }
            keptLayoutCount += 1
        }
        entry.pointee.nextSlot = Int16((k + 1) % Self.layoutSlots)
        let key = PreparedLayoutKey(maxWidthBits: bits, lineLimit: lineLimit)
        switch k {
        case 0: entry.pointee.layoutKeys.0 = key
        case 1: entry.pointee.layoutKeys.1 = key
        case 2: entry.pointee.layoutKeys.2 = key
        default: entry.pointee.layoutKeys.3 = key
        }
        layouts.base[index * Self.layoutSlots + k] = layout
    }

    /// The kept size of entry `index` for (`maxWidthBits`, `lineLimit`), if any.
    @inline(__always)
    func keptSize(_ index: Int, maxWidthBits bits: UInt64, lineLimit: Int) -> (width: Double, height: Double)? {
        let sizes = entries.base[index].sizes
        if sizes.0.maxWidthBits == bits && sizes.0.lineLimit == lineLimit { return (sizes.0.width, sizes.0.height) }
        if sizes.1.maxWidthBits == bits && sizes.1.lineLimit == lineLimit { return (sizes.1.width, sizes.1.height) }
        return nil
    }

    /// Keeps a size for entry `index` (replacing the older).
    func keep(_ size: PreparedSize, _ index: Int) {
        let entry = entries.base + index
        if entry.pointee.nextSizeSlot == 0 { entry.pointee.sizes.0 = size } else { entry.pointee.sizes.1 = size }
        entry.pointee.nextSizeSlot ^= 1
    }

    /// The line breaking of entry `index` at `maxSubunits` (a prepared entry: `clusterCount` ≥ 0).
    @inline(__always)
    func lines(_ index: Int, maxSubunits: Int, lineLimit: Int) -> PreparedLineIterator {
        let entry = entries.base[index]
        // The entry's ranges were appended inside the arenas' counts and never moved since (the arenas
        // only shrink when the whole cache empties, which makes the entry's handle stale).
        return PreparedLineIterator(
            fitEnds: UnsafePointer(fitEnds.base + Int(entry.clusterStart)),
            starts: UnsafePointer(starts.base + Int(entry.clusterStart)),
            offsets: UnsafePointer(offsets.base + Int(entry.clusterStart)),
            content: UnsafePointer(content.base + Int(entry.clusterStart)),
            breaks: UnsafePointer(breaks.base + Int(entry.breakStart)),
            clusterCount: Int(entry.clusterCount), breakCount: Int(entry.breakCount),
            maxSubunits: maxSubunits, lineLimit: lineLimit, ellipsisSubunits: entry.ellipsisSubunits)
    }
}
