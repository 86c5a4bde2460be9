import Foundation
import Testing
@testable import AffirmationSelector

@Suite("Stable selection")
struct SelectionTests {
    @Test("SplitMix64 matches the reference sequence")
    func splitMixReference() {
        // Reference values of Vigna's splitmix64.c seeded with 0 and 1234567.
        var zero = SplitMix64(seed: 0)
        #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
        #expect(zero.next() == 0x6E78_9E6A_A1B9_65F4)
        var other = SplitMix64(seed: 1_234_567)
        #expect(other.next() == 6_457_827_717_110_365_317)
        #expect(other.next() == 3_203_168_211_198_807_973)
    }

    @Test(
        "FNV-1a 64 matches the published test vectors",
        arguments: [
            ("", 0xCBF2_9CE4_8422_2325 as UInt64), ("a", 0xAF63_DC4C_8601_EC8C), ("foobar", 0x8594_4171_F739_67E8)
        ])
    func fnvVectors(_ text: String, _ expected: UInt64) {
        #expect(StableKey.fnv1a64(text) == expected)
    }

    @Test("A seed changes the hash; the hex form has 16 digits")
    func seededHash() {
        #expect(StableKey.fnv1a64("x", seed: 1) != StableKey.fnv1a64("x", seed: 2))
        #expect(StableKey.fnv1a64("x", seed: 1) == StableKey.fnv1a64("x", seed: 1))
        #expect(StableKey.hex("a") == "af63dc4c8601ec8c")
    }

    @Test("The same local date gives the same affirmation; the index is pinned across releases")
    func sameDateSameIndex() {
        let a = SeededPicker.dailyAffirmation(for: day("2026-11-23"), locale: "en", poolSize: 60)
        let b = SeededPicker.dailyAffirmation(for: LocalDate(year: 2026, month: 11, day: 23), locale: "en", poolSize: 60)
        #expect(a == b)
        #expect((0..<60).contains(a))
        // Pinned: a change of algorithm would give users a different affirmation on the same day.
        let pinned = (0..<7).map { SeededPicker.dailyAffirmation(for: day("2026-11-23").adding(days: $0), locale: "en", poolSize: 60) }
        #expect(pinned == Self.pinnedWeek)
    }

    static let pinnedWeek = [58, 29, 27, 10, 19, 33, 25]

    @Test("Consecutive days differ and every cycle uses the whole pool", arguments: [2, 3, 7, 60, 61])
    func permutationPerCycle(_ poolSize: Int) {
        var previous: Int?
        var cycle: [Int: Set<Int>] = [:]
        let start = day("2020-01-01")
        for offset in 0..<(poolSize * 12 + 5) {
            let date = start.adding(days: offset)
            let index = SeededPicker.dailyAffirmation(for: date, locale: "es", poolSize: poolSize)
            if let previous { #expect(index != previous, "repeat on \(date)") }
            previous = index
            cycle[LocalDate.floorDiv(date.dayNumber, poolSize), default: []].insert(index)
        }
        let complete = cycle.filter { key, _ in
            // Only cycles entirely inside the range.
            key * poolSize >= start.dayNumber && (key + 1) * poolSize <= start.dayNumber + poolSize * 12 + 5
        }
        #expect(!complete.isEmpty)
        for (_, used) in complete { #expect(used.count == poolSize) }
    }

    @Test("A pool of one always gives 0; locales and seeds give different orders")
    func edges() {
        #expect(SeededPicker.dailyAffirmation(for: day("2026-01-01"), locale: "en", poolSize: 1) == 0)
        let days = (0..<30).map { day("2026-01-01").adding(days: $0) }
        let en = days.map { SeededPicker.dailyAffirmation(for: $0, locale: "en", poolSize: 60) }
        let zh = days.map { SeededPicker.dailyAffirmation(for: $0, locale: "zh-Hans", poolSize: 60) }
        let seeded = days.map { SeededPicker.dailyAffirmation(for: $0, locale: "en", poolSize: 60, seed: 42) }
        #expect(en != zh)
        #expect(en != seeded)
    }

    @Test("Variants are stable per identifier and avoid the previous one")
    func variants() {
        let id = "achievement-reminder-2026-11-24"
        let v = SeededPicker.variant(seed: 7, identifier: id, count: 6)
        #expect(v == SeededPicker.variant(seed: 7, identifier: id, count: 6))
        let avoided = SeededPicker.variant(seed: 7, identifier: id, count: 6, avoiding: [v])
        #expect(avoided != v)
        #expect(SeededPicker.variant(seed: 7, identifier: id, count: 1, avoiding: [0]) == 0)
        // Different seeds spread over the variants.
        let spread = Set((0..<64).map { SeededPicker.variant(seed: UInt64($0), identifier: id, count: 6) })
        #expect(spread.count == 6)
    }
}

/// A local date from its `YYYY-MM-DD` text.
func day(_ text: String) -> LocalDate { LocalDate(string: text)! }
