import Foundation

/// Data another module derives from a `Screen` and keeps with it — the layout engine keeps the screen's
/// flattened tree here, so a screen is flattened once for all the engines and traits that lay it out.
///
/// One value per screen value: copies of a screen share it, and setting any property of the screen replaces
/// it with an empty one (the derived data described the old value). Thread-safe: `value(orMake:)` makes the
/// value once, under a lock.
///
/// One allocation: the kept value is a buffer's header and its mutex the buffer's one element (a state change
/// makes a storage for every new screen value; an `NSLock` is four allocations on Linux, more than the rest of
/// the change's model part). A value type around that buffer, which is not `Sendable` itself; `===` compares
/// identities.
package struct ScreenDerivedStorage: @unchecked Sendable {
    private let buffer: Buffer

    private final class Buffer: ManagedBuffer<AnyObject?, pthread_mutex_t> {
        deinit {
            withUnsafeMutablePointerToElements { mutex in
                pthread_mutex_destroy(mutex)
                mutex.deinitialize(count: 1)
            }
        }
    }

    /// An empty storage.
    package static func make() -> ScreenDerivedStorage {
        let buffer = unsafeDowncast(Buffer.create(minimumCapacity: 1) { _ in nil }, to: Buffer.self)
        buffer.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutex, nil)
        }
        return ScreenDerivedStorage(buffer: buffer)
    }

    private init(buffer: Buffer) { self.buffer = buffer }

    /// Whether both are the same storage (of one screen value and its copies).
    package static func === (lhs: ScreenDerivedStorage, rhs: ScreenDerivedStorage) -> Bool { lhs.buffer === rhs.buffer }

    /// The value kept, made by `make` (once, while holding the lock) when none of type `T` is kept.
    package func value<T: AnyObject>(orMake make: () -> T) -> T {
        buffer.withUnsafeMutablePointers { kept, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            // An exact type check and an unchecked downcast (a dynamic `as?` cast costs more than the layout's
            // whole lookup).
            if let value = kept.pointee, ObjectIdentifier(type(of: value)) == ObjectIdentifier(T.self) {
                return unsafeDowncast(value, to: T.self)
            }
            let made = make()
            kept.pointee = made
            return made
        }
    }
}

/// A mutex in one allocation (an `NSLock` is four on Linux: the object, its mutex and a condition with its own
/// mutex, for `lock(before:)`): for the objects a layout or a state change makes every time, each of which
/// guards a value made once on first read. `lock()` / `unlock()` as `NSLock`'s.
package final class PlainLock: ManagedBuffer<Void, pthread_mutex_t> {
    /// An unlocked lock.
    package static func make() -> PlainLock {
        let lock = unsafeDowncast(PlainLock.create(minimumCapacity: 1) { _ in () }, to: PlainLock.self)
        lock.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutex, nil)
        }
        return lock
    }

    deinit {
        withUnsafeMutablePointerToElements { mutex in
            pthread_mutex_destroy(mutex)
            mutex.deinitialize(count: 1)
        }
    }

    package func lock() { withUnsafeMutablePointerToElements { _ = pthread_mutex_lock($0) } }
    package func unlock() { withUnsafeMutablePointerToElements { _ = pthread_mutex_unlock($0) } }
}
