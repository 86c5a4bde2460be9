#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// A value behind a lock: the package's one lock.
///
/// The standard library's `Mutex` needs iOS 18, macOS 15 and watchOS 11; this type gives the
/// same `withLock` shape on every platform the package supports (an `os_unfair_lock` on Apple
/// platforms, a `pthread_mutex_t` elsewhere), so the runtime can deploy to older systems.
/// Keep the closures short and never call back into code that takes the same lock.
///
/// ```swift
/// let cache = Locked<[String: Int]>([:])
/// cache.withLock { $0["en"] = 1 }
/// ```
///
/// Sendable notes: the value is only reached inside `withLock`, under the lock.
package final class Locked<Value>: @unchecked Sendable {
    // Internal and `@usableFromInline` so that `withLock` is inlined and specialized in the
    // modules that call it (as the standard library's `Mutex.withLock` is): no generic
    // dispatch or closure context on the formatting paths that take the lock per call.
    #if canImport(Darwin)
    @usableFromInline let lock: UnsafeMutablePointer<os_unfair_lock>
    #else
    @usableFromInline let lock: UnsafeMutablePointer<pthread_mutex_t>
    #endif
    /// The value lives in its own allocation, not in a stored `var`: reaching a class's stored
    /// property `inout` costs a dynamic exclusivity check (`swift_beginAccess`) on every call,
    /// which the lock already makes unnecessary.
    @usableFromInline let storage: UnsafeMutablePointer<Value>

    /// A lock guarding `initialValue`.
    /// - Parameter initialValue: the value the lock starts with.
    package init(_ initialValue: Value) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: initialValue)
        #if canImport(Darwin)
        lock = .allocate(capacity: 1)
        lock.initialize(to: os_unfair_lock())
        #else
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
        #endif
    }

    deinit {
        #if !canImport(Darwin)
        pthread_mutex_destroy(lock)
        #endif
        lock.deinitialize(count: 1)
        lock.deallocate()
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    /// - Parameter body: reads or changes the value; it must not take this lock again.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws, after the lock is released.
    @inlinable
    package func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
        #if canImport(Darwin)
        os_unfair_lock_lock(lock)
        defer { os_unfair_lock_unlock(lock) }
        #else
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        #endif
        return try body(&storage.pointee)
    }
}
