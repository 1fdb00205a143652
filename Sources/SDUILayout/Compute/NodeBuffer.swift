/// A growable buffer of plain values for the engine's per-node scratch (geometry, measurement cache, stack
/// scratch): indexed reads and writes without the copy-on-write uniqueness check an `Array` store makes.
///
/// A reference-like value: copies share the storage (only `LayoutState`, owned by one engine, holds them).
/// Elements are `BitwiseCopyable`, so growing is a `memcpy` and nothing is deinitialised.
struct NodeBuffer<Element: BitwiseCopyable> {
    private var storage = NodeBufferStorage<Element>()

    init() {}

    init(repeating value: Element, count: Int) {
        append(contentsOf: repeatElement(value, count: count))
    }

    @inline(__always) var count: Int { storage.count }
    /// Elements the buffer holds without growing.
    @inline(__always) var capacity: Int { storage.capacity }
    @inline(__always) var isEmpty: Bool { storage.count == 0 }

    /// The element at `index` (checked: `0 <= index < count`).
    @inline(__always)
    subscript(index: Int) -> Element {
        unsafeAddress {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: storage.count), "NodeBuffer index out of range")
            return UnsafePointer(storage.base + index)
        }
        nonmutating unsafeMutableAddress {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: storage.count), "NodeBuffer index out of range")
            return storage.base + index
        }
    }

    /// The elements without bounds checks in release builds: valid until the buffer next grows (`append`), so a
    /// pass takes it once and takes it again after growing (see `PassPointers`).
    @inline(__always) var unchecked: UncheckedBuffer<Element> { UncheckedBuffer(base: storage.base, count: storage.count) }

    /// The elements as a buffer pointer, valid for the duration of `body` (no element may be appended in it).
    @inline(__always)
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: storage.base, count: storage.count))
    }

    func append(_ value: Element) {
        storage.reserve(storage.count + 1)
        (storage.base + storage.count).initialize(to: value)
        storage.count += 1
    }

    /// Appends `value` where the caller has made room (`reserve`) and returns a pointer to it, valid until the
    /// buffer next grows (the build step writes a node's fields in place instead of copying a finished value in).
    @inline(__always)
    func appendAssumingCapacityAndPoint(_ value: Element) -> UnsafeMutablePointer<Element> {
        assert(!storage.isFrozen, "NodeBuffer: a frozen buffer (a shared layout template) was changed")
        assert(storage.count < storage.capacity, "NodeBuffer.appendAssumingCapacityAndPoint without room")
        let p = storage.base + storage.count
        p.initialize(to: value)
        storage.count &+= 1  // below `capacity` (asserted): no overflow check
        return p
    }

    /// Appends `value` where the caller has made room (`reserve`): no capacity check in release builds.
    @inline(__always)
    func appendAssumingCapacity(_ value: Element) {
        assert(!storage.isFrozen, "NodeBuffer: a frozen buffer (a shared layout template) was changed")
        assert(storage.count < storage.capacity, "NodeBuffer.appendAssumingCapacity without room")
        (storage.base + storage.count).initialize(to: value)
        storage.count &+= 1  // below `capacity` (asserted): no overflow check
    }

    /// Gives back the room beyond `count`.
    func shrinkToFit() {
        assert(!storage.isFrozen, "NodeBuffer: a frozen buffer (a shared layout template) was changed")
        storage.shrinkToFit()
    }

    /// Makes room for `needed` elements in all (the same growth as `append`).
    func reserve(_ needed: Int) { storage.reserve(needed) }

    /// Appends `values` where the caller has made room (`reserve`): one copy of their memory, no capacity check in
    /// release builds.
    @inline(__always)
    func appendAssumingCapacity(contentsOf values: UnsafeBufferPointer<Element>) {
        assert(!storage.isFrozen, "NodeBuffer: a frozen buffer (a shared layout template) was changed")
        assert(storage.count + values.count <= storage.capacity, "NodeBuffer.appendAssumingCapacity without room")
        guard let source = values.baseAddress, values.count > 0 else { return }
        (storage.base + storage.count).initialize(from: source, count: values.count)
        storage.count &+= values.count
    }

    func append(contentsOf values: Repeated<Element>) {
        guard values.count > 0 else { return }
        storage.reserve(storage.count + values.count)
        (storage.base + storage.count).initialize(repeating: values.repeatedValue, count: values.count)
        storage.count += values.count
    }

    /// Drops elements after the first `n`.
    func truncate(to n: Int) {
        assert(!storage.isFrozen || storage.count <= n, "NodeBuffer: a frozen buffer (a shared layout template) was changed")
        if storage.count > n { storage.count = max(0, n) }
    }

    /// Marks the buffer as shared and never changed again (a `LayoutTemplate`'s): in debug builds, any append,
    /// removal or growth then stops the program (writes through `unchecked` pointers are not caught).
    func freeze() { storage.isFrozen = true }
    /// Whether `freeze()` was called.
    var isFrozen: Bool { storage.isFrozen }

    /// Makes a frozen buffer writable again when this value is the only one that holds its memory (whatever it was
    /// shared with is gone); false, and the buffer stays frozen, when another value still holds it.
    mutating func thawIfUnique() -> Bool {
        guard isKnownUniquelyReferenced(&storage) else { return false }
        storage.isFrozen = false
        return true
    }

    /// Removes every element; the capacity is kept.
    func removeAll(keepingCapacity: Bool = true) {
        assert(!storage.isFrozen || storage.count == 0, "NodeBuffer: a frozen buffer (a shared layout template) was changed")
        storage.count = 0
    }
}

/// The memory of a `NodeBuffer`.
final class NodeBufferStorage<Element: BitwiseCopyable> {
    var base: UnsafeMutablePointer<Element>
    var count = 0
    var capacity = 0
    /// See `NodeBuffer.freeze()`.
    var isFrozen = false

    /// An empty buffer allocates nothing: its base is an aligned address that is never read or freed (`capacity` 0
    /// stands for that; the first `reserve` allocates). A tree is made of several buffers, made afresh for every
    /// screen built.
    init() { base = Self.noMemory }

    /// The base of a buffer without memory (`capacity` 0).
    private static var noMemory: UnsafeMutablePointer<Element> {
        UnsafeMutablePointer(bitPattern: MemoryLayout<Element>.alignment)!
    }

    /// Reallocates the elements to exactly their count.
    func shrinkToFit() {
        guard capacity > count else { return }
        guard count > 0 else {
            base.deallocate()
            base = Self.noMemory
            capacity = 0
            return
        }
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: count)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = count
    }

    /// Makes room for `needed` elements (doubling), keeping the current ones.
    @inline(__always)
    func reserve(_ needed: Int) {
        assert(!isFrozen, "NodeBuffer: a frozen buffer (a shared layout template) was changed")
        if needed > capacity { grow(needed) }
    }

    private func grow(_ needed: Int) {
        let newCapacity = max(needed, capacity * 2, 16)
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        if capacity > 0 { base.deallocate() }
        base = newBase
        capacity = newCapacity
    }

    deinit { if capacity > 0 { base.deallocate() } }
}

/// A `NodeBuffer`'s elements at a fixed address: one load per access, bounds checked only in debug builds.
///
/// Valid until the buffer grows; indices are in bounds by construction (node indices of the current tree).
struct UncheckedBuffer<Element: BitwiseCopyable> {
    let base: UnsafeMutablePointer<Element>
    let count: Int

    init(base: UnsafeMutablePointer<Element>, count: Int) { self.base = base; self.count = count }

    @inline(__always)
    subscript(index: Int) -> Element {
        unsafeAddress {
            assert(UInt(bitPattern: index) < UInt(bitPattern: count), "UncheckedBuffer index out of range")
            return UnsafePointer(base + index)
        }
        nonmutating unsafeMutableAddress {
            assert(UInt(bitPattern: index) < UInt(bitPattern: count), "UncheckedBuffer index out of range")
            return base + index
        }
    }
}
