/// A bounded, thread-safe cache of formatter owners (both backends) keyed by a hashable signature of every option
/// (locale id, skeleton, style, time zone). Creation happens outside the lock, so two threads
/// may both create a formatter for a new key; one of them wins and the other is released.
package final class FormatterCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let storage = Locked<[Key: Value]>([:])
    private let limit: Int

    /// An empty cache that starts again past `limit` entries.
    /// - Parameter limit: the most entries kept.
    package init(limit: Int = 256) { self.limit = limit }

    /// The cached value for `key`, made by `create` (outside the lock) when missing.
    /// - Parameters:
    ///   - key: every option the value depends on.
    ///   - create: makes the value.
    /// - Returns: the cached or new value.
    /// - Throws: what `create` throws.
    package func value<E: Error>(for key: Key, create: () throws(E) -> Value) throws(E) -> Value {
        if let hit = storage.withLock({ $0[key] }) { return hit }
        let made = try create()
        return storage.withLock { dict in
            if let raced = dict[key] { return raced }
            if dict.count >= limit { dict.removeAll(keepingCapacity: true) }
            dict[key] = made
            return made
        }
    }

    /// Empties the cache (tests use it to measure cold paths).
    package func removeAll() { storage.withLock { $0.removeAll() } }

    /// How many entries the cache holds.
    package var count: Int { storage.withLock { $0.count } }
}
