/// Picks the day's affirmation and the variant of a notification, deterministically.
///
/// No clock, no global random generator, no `Hasher`: every choice is a pure function of its
/// inputs, computed with ``SplitMix64`` seeded by ``StableKey``.
public enum SeededPicker {
    /// The index, in a pool of `poolSize` affirmations, of the affirmation for `localDate`.
    ///
    /// Days are grouped in cycles of `poolSize` consecutive days, counted from 1970-01-01. Each
    /// cycle walks through a permutation of the whole pool (a Fisher–Yates shuffle driven by
    /// `SplitMix64(seed: StableKey.fnv1a64("affirmation|<locale>|<poolSize>|<cycle>", seed: seed))`),
    /// so within a cycle nothing repeats and every affirmation is used once. Where a cycle's first
    /// pick equals the previous cycle's last one, its first two picks are swapped, so consecutive
    /// days always differ (when the pool has at least two entries).
    ///
    /// The same local date, locale, pool size and seed give the same index on every device and run.
    ///
    /// **When the pool grows** (or shrinks), `poolSize` changes the cycle boundaries and every
    /// permutation: dates from then on follow a new sequence, which again uses the whole (new)
    /// pool before anything repeats; dates already past are not affected (they were delivered),
    /// and pending notifications for future dates get the new affirmation when next planned. Across
    /// the change itself, an affirmation seen in the unfinished old cycle may come back before the
    /// new cycle has used every entry.
    ///
    /// - Parameters:
    ///   - localDate: the user's local date (Gregorian).
    ///   - locale: the catalog locale the pool comes from (pools differ per language).
    ///   - poolSize: the number of affirmations, at least 1.
    ///   - seed: 0 for the same affirmation for everyone on a date (the daily affirmations app's behaviour); a user
    ///     seed gives each user their own order.
    /// - Returns: an index in `0..<poolSize`.
    public static func dailyAffirmation(for localDate: LocalDate, locale: String, poolSize: Int, seed: UInt64 = 0) -> Int {
        dailyIndex(for: localDate, namespace: "affirmation|\(locale)", poolSize: poolSize, seed: seed)
    }

    /// The namespace of ``dailyIndex(for:namespace:poolSize:seed:)`` for an app's own list of
    /// affirmations: one for every language, so every device picks the same position for a date.
    public static let appListNamespace = "affirmation|app"

    /// The index for `localDate` in a pool of `poolSize`, in cycles of `poolSize` days (each a
    /// permutation of the pool, consecutive days different), as ``dailyAffirmation(for:locale:poolSize:seed:)``
    /// describes, keyed by `namespace` (`"affirmation|<locale>"` for the catalogs' pool).
    /// - Parameters:
    ///   - localDate: the user's local date (Gregorian).
    ///   - namespace: what is being picked, so that two pools of one size do not move in step.
    ///   - poolSize: the number of entries, at least 1.
    ///   - seed: 0 for the same index for everyone on a date; a user seed for an order of their own.
    /// - Returns: an index in `0..<poolSize`.
    public static func dailyIndex(for localDate: LocalDate, namespace: String, poolSize: Int, seed: UInt64 = 0) -> Int {
        dailyIndex(for: localDate, poolSize: poolSize) { permutation(cycle: $0, namespace: namespace, poolSize: poolSize, seed: seed) }
    }

    /// ``dailyIndex(for:namespace:poolSize:seed:)`` with each cycle's raw permutation from
    /// `permutation` (``permutation(cycle:namespace:poolSize:seed:)``, or a memo of it).
    static func dailyIndex(for localDate: LocalDate, poolSize: Int, permutation: (_ cycle: Int) -> [Int]) -> Int {
        precondition(poolSize > 0, "the pool is empty")
        if poolSize == 1 { return 0 }
        let day = localDate.dayNumber
        let cycle = LocalDate.floorDiv(day, poolSize)
        let position = day - cycle * poolSize
        if poolSize == 2 {
            // Two entries: alternate, which uses both before repeating and never repeats a day.
            let first = permutation(0)[0]
            return LocalDate.floorMod(day, 2) == 0 ? first : 1 - first
        }
        var order = permutation(cycle)
        if position <= 1 {
            let previous = permutation(cycle - 1)
            if order[0] == previous[poolSize - 1] { order.swapAt(0, 1) }
        }
        return order[position]
    }

    /// The raw permutation of one cycle (before the boundary swap).
    static func permutation(cycle: Int, namespace: String, poolSize: Int, seed: UInt64) -> [Int] {
        var rng = SplitMix64(seed: StableKey.fnv1a64("\(namespace)|\(poolSize)|\(cycle)", seed: seed))
        var order = Array(0..<poolSize)
        if poolSize > 1 {
            for i in stride(from: poolSize - 1, to: 0, by: -1) {
                order.swapAt(i, rng.index(below: i + 1))
            }
        }
        return order
    }

    /// The variant of a notification, from the user's seed and the request's identifier, never
    /// one of `avoiding` when another choice exists.
    ///
    /// The scheduler passes the variant of the previous notification of the same kind (and of the
    /// next one, when a request is slotted between two), so the same title never shows twice in a
    /// row; the state remembers the last variant per kind between runs.
    ///
    /// - Parameters:
    ///   - seed: the user's seed.
    ///   - identifier: the request identifier (`achievement-reminder-2026-11-24`).
    ///   - count: the number of variants, at least 1.
    ///   - avoiding: variants not to pick (ignored when they cover every choice).
    /// - Returns: a variant in `0..<count`.
    public static func variant(seed: UInt64, identifier: String, count: Int, avoiding: Set<Int> = []) -> Int {
        precondition(count > 0, "a message has at least one variant")
        var rng = SplitMix64(seed: StableKey.fnv1a64("variant|\(identifier)", seed: seed))
        var pick = rng.index(below: count)
        let blocked = avoiding.filter { (0..<count).contains($0) }
        guard blocked.count < count else { return pick }
        while blocked.contains(pick) { pick = (pick + 1) % count }
        return pick
    }
}
