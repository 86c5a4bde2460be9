import Foundation
import Testing
@testable import ToolkitSupport

/// The zone offsets read from a table of transitions are exactly Foundation's, around every
/// transition and at instants in between, for every zone the system knows.
@Suite("Zone offsets")
struct ZoneOffsetsTests {
    /// 2026-11-23T09:30:00+01:00, the planning instant of the batch examples.
    static let around: TimeInterval = 1_795_422_600

    @Test("Every known zone: the table's offset is Foundation's at each transition, a second either side, and at 400 instants between")
    func everyZoneAgreesWithFoundation() throws {
        var seed: UInt64 = 7
        var compared = 0
        var uncovered: [String] = []
        for id in TimeZone.knownTimeZoneIdentifiers {
            let zone = try #require(TimeZone(identifier: id))
            let table = ZoneOffsetTable(zone: zone, around: Self.around)
            if table.start >= table.end { uncovered.append(id) }
            var instants: [TimeInterval] = []
            for start in table.starts.dropFirst() { instants += [start - 1, start, start + 1] }
            for _ in 0..<400 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                instants.append(Self.around - ZoneOffsets.reach + Double((seed >> 33) % UInt64(2 * ZoneOffsets.reach)))
            }
            for t in instants {
                let expected = zone.secondsFromGMT(for: Date(timeIntervalSince1970: t))
                if let offset = table.offset(at: t) {
                    #expect(offset == expected, "\(id) at \(t)")
                    compared += 1
                }
                #expect(ZoneOffsets.secondsFromGMT(zone, for: Date(timeIntervalSince1970: t)) == expected, "\(id) at \(t)")
            }
        }
        // The tables were used, not skipped: every zone's table covers its span.
        #expect(uncovered == [])
        #expect(compared >= TimeZone.knownTimeZoneIdentifiers.count * 400)
    }

    @Test(
        "Zones with summer time, half-hour shifts and fixed offsets are covered by their tables",
        arguments: ["America/New_York", "Europe/Madrid", "Australia/Sydney", "Australia/Lord_Howe", "America/Santiago", "Asia/Kolkata", "UTC"])
    func tablesCoverTheirSpan(_ id: String) throws {
        let zone = try #require(TimeZone(identifier: id))
        let table = ZoneOffsetTable(zone: zone, around: Self.around)
        #expect(table.start < table.end)
        #expect(table.offset(at: Self.around) == zone.secondsFromGMT(for: Date(timeIntervalSince1970: Self.around)))
        // Outside the span the table has no answer and Foundation is asked.
        #expect(table.offset(at: Self.around + 3 * ZoneOffsets.reach) == nil)
        let far = Date(timeIntervalSince1970: 4_102_444_800)  // 2100-01-01
        #expect(ZoneOffsets.secondsFromGMT(zone, for: far) == zone.secondsFromGMT(for: far))
    }

    @Test("Lord Howe's half-hour summer time: +11:00 in November, +10:30 in July")
    func lordHowe() throws {
        let zone = try #require(TimeZone(identifier: "Australia/Lord_Howe"))
        #expect(ZoneOffsets.secondsFromGMT(zone, for: Date(timeIntervalSince1970: Self.around)) == 39_600)
        #expect(ZoneOffsets.secondsFromGMT(zone, for: Date(timeIntervalSince1970: 1_783_000_000)) == 37_800)
    }
}
