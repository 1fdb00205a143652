/// Where each identity of a template's old items is, for its new items to claim (`TemplateItemPatch`): an old item's
/// position, and once a new item has an identity, that it is taken — a second new item with it repeats an identity.
///
/// Identities that are all whole numbers (`int`) or ASCII strings — an index, `@{item.id}` — are found in a table
/// of their own, hashed by their value or bytes (FNV-1a): an ASCII string equals another exactly when their bytes do,
/// so this agrees with `StateValue`'s equality, for less than `Hasher`'s work per identity. Any other set of identities
/// (numbers that are not `int`s, other strings, arrays, objects) is kept in a `Dictionary`, which hashes as
/// `StateValue` does (strings by canonical equivalence, numbers by value).
struct ItemKeyTable {
    /// What `claim` returns for an identity no old item has.
    static let new = -1

    /// The identities in the table, the hash of each, and its old position (or `taken`).
    private var keys: [StateValue] = []
    private var hashes: [Int] = []
    private var values: [Int] = []
    /// Open addressing: 1 + an index into `keys`, 0 for an empty slot.
    private var slots: [Int32] = []
    private var mask = 0
    /// The identities when they are not all `int`s and ASCII strings.
    private var dictionary: [StateValue: Int]?

    /// A position that a new item has taken.
    private static let taken = -2

    /// The table of `old` (the old items' identities, in order; a repeated one is where its last item is), for `new`
    /// (the new items' identities) to claim in order.
    init(old: consuming [StateValue], new: [StateValue]) {
        let count = old.count + new.count
        // The new identities' hashes first (`claim` takes them in order), then the old ones'.
        var newHashes: [Int] = []
        newHashes.reserveCapacity(new.count)
        // The table's own hashes: the old identities' first, a new one's appended when it is added (room for all).
        var oldHashes: [Int] = []
        oldHashes.reserveCapacity(count)
        var hashable = true
        for key in new { guard let hash = Self.hash(of: key) else { hashable = false; break }; newHashes.append(hash) }
        if hashable {
            for k in old.indices { guard let hash = Self.hash(of: old[k]) else { hashable = false; break }; oldHashes.append(hash) }
        }
        guard hashable else {
            var dictionary: [StateValue: Int] = [:]
            dictionary.reserveCapacity(count)
            for position in old.indices { dictionary[old[position]] = position }
            self.dictionary = dictionary
            return
        }
        var size = 16
        while size < 2 * count { size <<= 1 }
        slots = [Int32](repeating: 0, count: size)
        mask = size - 1
        // The old identities are the first entries, each at its position (taken over, not copied one by one); a
        // repeated one's slot points at its last entry, the ones before it are in no slot.
        let oldCount = old.count
        // `keys` grows only when a new identity is added (`claim`), which few changes do.
        keys = old
        hashes = oldHashes
        values.reserveCapacity(count)
        values.append(contentsOf: 0..<oldCount)
        for position in 0..<oldCount { place(entry: position) }
        pendingHashes = newHashes
    }

    /// Puts entry `entry` in its slot: an empty one, or the one of an earlier entry with the same identity.
    private mutating func place(entry: Int) {
        let i = slot(of: keys[entry], hash: hashes[entry])
        slots[i] = Int32(truncatingIfNeeded: entry + 1)
    }

    /// The hashes of the new identities, in order (the table's own; `claim` takes the next).
    private var pendingHashes: [Int] = []
    private var claims = 0

    /// Claims the next new item's identity `key` (the new items claim theirs in order): the position of the old item
    /// that has it, `ItemKeyTable.new` when none has, or nil when a new item before it claimed it (a repeated
    /// identity).
    mutating func claim(_ key: StateValue) -> Int? {
        if dictionary != nil {
            if let slot = dictionary!.index(forKey: key) {
                let position = dictionary!.values[slot]
                guard position != Self.taken else { return nil }
                dictionary!.values[slot] = Self.taken
                return position
            }
            dictionary![key] = Self.taken
            return Self.new
        }
        let hash = pendingHashes[claims]
        claims += 1
        let i = slot(of: key, hash: hash)
        if slots[i] != 0 {
            let entry = Int(slots[i]) - 1
            let position = values[entry]
            guard position != Self.taken else { return nil }
            values[entry] = Self.taken
            return position
        }
        keys.append(key)
        hashes.append(hash)
        values.append(Self.taken)
        slots[i] = Int32(truncatingIfNeeded: keys.count)
        return Self.new
    }

    /// The slot of `key`: the one that holds its entry, or the empty one where its entry goes (the table has twice as
    /// many slots as it can hold entries, so there is one).
    private func slot(of key: StateValue, hash: Int) -> Int {
        keys.withUnsafeBufferPointer { keys in
            var i = hash & mask
            while slots[i] != 0 {
                let entry = Int(slots[i]) - 1
                if hashes[entry] == hash && Self.same(keys.baseAddress! + entry, key) { return i }
                i = (i + 1) & mask
            }
            return i
        }
    }

    /// Whether the identity at `stored` equals `key` (`StateValue`'s equality), read in place: the table's ints and
    /// ASCII strings compared directly, without a copy of the stored one.
    @inline(__always)
    private static func same(_ stored: UnsafePointer<StateValue>, _ key: StateValue) -> Bool {
        switch key {
        case .int(let b): if case .int(let a) = stored.pointee { return a == b } else { return false }
        case .string(let b): if case .string(let a) = stored.pointee { return a == b } else { return false }
        default: return stored.pointee == key
        }
    }

    /// The table's hash of `key`: of an `int`, its value mixed; of an ASCII string, FNV-1a of its bytes; nil for any
    /// other value (the dictionary takes the identities then).
    static func hash(of key: StateValue) -> Int? {
        switch key {
        case .int(let i):
            var x = UInt64(bitPattern: Int64(i)) &* 0x9E37_79B9_7F4A_7C15
            x ^= x >> 29
            return Int(truncatingIfNeeded: x)
        case .string(let s):
            let hash: UInt64?? = s.utf8.withContiguousStorageIfAvailable { bytes -> UInt64? in
                var h: UInt64 = 0xCBF2_9CE4_8422_2325
                for byte in bytes {
                    guard byte < 0x80 else { return nil }
                    h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
                }
                // The string's tag, so "" and the int 0 do not share a hash by chance more than any two values.
                return h ^ 0x5A
            }
            guard let hash, let hash else { return nil }
            return Int(truncatingIfNeeded: hash ^ (hash >> 32))
        default:
            return nil
        }
    }
}

extension ItemKeyTable {
    /// Every new identity claimed in order (`claim`); nil at the first repeated one.
    mutating func claimAll(_ new: [StateValue]) -> [Int]? {
        var claims: [Int] = []
        claims.reserveCapacity(new.count)
        for key in new {
            guard let position = claim(key) else { return nil }
            claims.append(position)
        }
        return claims
    }

    /// What `claimsInOrder` found.
    enum InOrderClaims: Equatable {
        /// Each new identity's claim, as `claim` makes them in order (an old position or `ItemKeyTable.new`).
        case claims([Int])
        /// A new identity repeats (`claim` returns nil for it).
        case repeats
        /// Too many identities are not where the order suggests: left to the table.
        case undecided
    }

    /// The claims of `new` against `old` — what a table of `old` gives when `new` claims its identities in order
    /// (`claimAll`) — found without hashing when `old`'s identities differ from each other (the caller knows so) and
    /// `new` keeps most of them in their order: each new identity is looked for at the old position after the last
    /// one found there, the one after it (an item removed), else in every old one (at most `maxSearches` times; beyond
    /// that, `undecided`). An identity no old item has is compared with the other such ones (a repeat).
    /// - Complexity: O(new + old × searches) comparisons.
    static func claimsInOrder(old: [StateValue], new: [StateValue], maxSearches: Int = 8) -> InOrderClaims {
        /// `StateValue`'s equality, two strings or two ints compared where they lie (no copy of either value).
        @inline(__always) func equalValues(_ a: UnsafePointer<StateValue>, _ b: UnsafePointer<StateValue>) -> Bool {
            switch (a.pointee, b.pointee) {
            case (.string(let x), .string(let y)): return x == y
            case (.int(let x), .int(let y)): return x == y
            default: return a.pointee == b.pointee
            }
        }
        var claims: [Int] = []
        claims.reserveCapacity(new.count)
        var claimed = [Bool](repeating: false, count: old.count)
        // The new identities no old item has (each compared with the next such one).
        var added: [StateValue] = []
        var searches = 0
        var cursor = 0
        let result: InOrderClaims? = old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                @inline(__always) func equal(_ k: Int, _ key: UnsafePointer<StateValue>) -> Bool {
                    StateValue.sameStorage(old.baseAddress! + k, key) || equalValues(old.baseAddress! + k, key)
                }
                for i in 0..<new.count {
                    let key = new.baseAddress! + i
                    var position = -1
                    if cursor < old.count && equal(cursor, key) {
                        position = cursor
                        cursor += 1
                    } else if cursor + 1 < old.count && equal(cursor + 1, key) {
                        position = cursor + 1
                        cursor += 2
                    } else {
                        // (Found elsewhere, it moved: the ones after it are still looked for where they were.)
                        searches += 1
                        guard searches <= maxSearches else { return .undecided }
                        for k in 0..<old.count where equal(k, key) { position = k; break }
                    }
                    if position >= 0 {
                        if claimed[position] { return .repeats }
                        claimed[position] = true
                        claims.append(position)
                    } else {
                        if added.contains(key.pointee) { return .repeats }
                        added.append(key.pointee)
                        claims.append(ItemKeyTable.new)
                    }
                }
                return nil
            }
        }
        return result ?? .claims(claims)
    }
}
