import Foundation
import Testing
@testable import NotificationPlanning
import AffirmationSelector

@Suite("Wall clock and dates")
struct WallClockTests {
    @Test(
        "Wall times resolve with current tzdata: gaps move forward, repeats take the first occurrence",
        arguments: [
            // New York: spring forward 2026-03-08 02:00 → 03:00; fall back 2026-11-01 02:00 → 01:00.
            ("America/New_York", "2026-03-08", "02:30", "2026-03-08T07:30:00Z"),
            ("America/New_York", "2026-11-01", "01:30", "2026-11-01T05:30:00Z"),
            ("America/New_York", "2026-03-08", "10:00", "2026-03-08T14:00:00Z"),
            ("America/New_York", "2026-11-01", "10:00", "2026-11-01T15:00:00Z"),
            // Madrid: 2026-03-29 02:00 → 03:00; 2026-10-25 03:00 → 02:00.
            ("Europe/Madrid", "2026-03-29", "02:30", "2026-03-29T01:30:00Z"),
            ("Europe/Madrid", "2026-10-25", "02:30", "2026-10-25T00:30:00Z"),
            ("Europe/Madrid", "2026-11-23", "10:00", "2026-11-23T09:00:00Z"),
            // Sydney: DST ends 2026-04-05 03:00 → 02:00; starts 2026-10-04 02:00 → 03:00.
            ("Australia/Sydney", "2026-04-05", "02:30", "2026-04-04T15:30:00Z"),
            ("Australia/Sydney", "2026-10-04", "02:30", "2026-10-03T16:30:00Z"),
            ("Australia/Sydney", "2026-11-23", "10:00", "2026-11-22T23:00:00Z"),
            // Shanghai: no DST.
            ("Asia/Shanghai", "2026-07-01", "10:00", "2026-07-01T02:00:00Z"),
            // Mexico City: no DST since 2022 (ICU 72's 2022e data still has it): 02:30 on the old
            // April change day exists and the offset stays -06:00 all year.
            ("America/Mexico_City", "2026-04-05", "02:30", "2026-04-05T08:30:00Z"),
            ("America/Mexico_City", "2026-07-01", "10:00", "2026-07-01T16:00:00Z"),
            ("America/Mexico_City", "2026-10-25", "01:30", "2026-10-25T07:30:00Z"),
            // Leap day.
            ("Europe/Madrid", "2028-02-29", "10:00", "2028-02-29T09:00:00Z")
        ])
    func resolve(_ zoneID: String, _ date: String, _ time: String, _ expected: String) {
        let result = WallClock.instant(on: day(date), at: TimeOfDay(string: time)!, in: zone(zoneID))
        #expect(ISO8601Instant.string(result) == expected)
    }

    @Test("A day that starts at 01:00 (America/Santiago, 2026-09-06)")
    func santiagoMidnight() {
        let start = WallClock.startOfDay(day("2026-09-06"), in: zone("America/Santiago"))
        #expect(ISO8601Instant.string(start, in: zone("America/Santiago")) == "2026-09-06T01:00:00-03:00")
        #expect(ISO8601Instant.string(WallClock.startOfDay(day("2026-09-05"), in: zone("America/Santiago"))) == "2026-09-05T04:00:00Z")
    }

    @Test("Fire dates print with the local UTC offset")
    func offsets() {
        #expect(ISO8601Instant.string(instant("2026-11-01T05:30:00Z"), in: zone("America/New_York")) == "2026-11-01T01:30:00-04:00")
        #expect(ISO8601Instant.string(instant("2026-11-01T06:30:00Z"), in: zone("America/New_York")) == "2026-11-01T01:30:00-05:00")
        #expect(ISO8601Instant.string(instant("2026-07-01T02:00:00Z"), in: zone("Asia/Kolkata")) == "2026-07-01T07:30:00+05:30")
    }

    @Test(
        "ISO 8601 parsing",
        arguments: [
            ("2026-11-23T10:00:00+01:00", 1_795_424_400.0), ("2026-11-23T09:00:00Z", 1_795_424_400.0),
            ("2026-11-23T09:00Z", 1_795_424_400.0), ("2026-11-23T09:00:00.5Z", 1_795_424_400.5), ("2026-11-23T04:00:00-0500", 1_795_424_400.0)
        ])
    func parse(_ text: String, _ seconds: Double) {
        #expect(ISO8601Instant.date(text)?.timeIntervalSince1970 == seconds)
    }

    @Test("Bad instants are rejected", arguments: ["2026-11-23", "2026-11-23T10:00:00", "2026-02-29T10:00:00Z", "2026-11-23T25:00:00Z", "tomorrow"])
    func parseBad(_ text: String) {
        #expect(ISO8601Instant.date(text) == nil)
    }

    @Test("LocalDate agrees with Foundation's Gregorian calendar, including 29 February 2028")
    func gregorian() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var date = day("2027-12-01")
        for _ in 0..<120 {
            let noon = WallClock.instant(on: date, at: TimeOfDay(hour: 12), in: calendar.timeZone)
            let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: noon)
            #expect(parts.year == date.year && parts.month == date.month && parts.day == date.day)
            #expect(((parts.weekday! + 5) % 7) + 1 == date.isoWeekday)
            date = date.adding(days: 1)
        }
        #expect(day("2028-02-28").adding(days: 1).description == "2028-02-29")
        #expect(day("2028-02-29").adding(days: 1).description == "2028-03-01")
        #expect(LocalDate(string: "2027-02-29") == nil)
        #expect(day("2026-11-29").startOfWeek.description == "2026-11-23")
        #expect(day("2026-11-23").startOfWeek.description == "2026-11-23")
    }

    @Test("Times of day parse strictly")
    func timeOfDay() {
        #expect(TimeOfDay(string: "10:00") == TimeOfDay(hour: 10))
        #expect(TimeOfDay(string: "7:05")?.description == "07:05")
        #expect(TimeOfDay(string: "24:00") == nil)
        #expect(TimeOfDay(string: "10:0") == nil)
        #expect(TimeOfDay(string: "١٠:٠٠") == nil)
    }

    @Test(
        "Every half hour of two years resolves as the earliest instant showing it, or past the gap",
        arguments: ["America/New_York", "Europe/Madrid", "Australia/Lord_Howe", "America/Santiago", "Asia/Kolkata"])
    func everyHalfHour(_ zoneID: String) {
        let z = zone(zoneID)
        func offset(_ seconds: Int) -> Int { z.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds))) }
        let first = day("2026-01-01").dayNumber
        var transitions = 0
        for dayNumber in first..<(first + 730) {
            for half in 0..<48 {
                let time = TimeOfDay(hour: half / 2, minute: half % 2 * 30)
                let wall = dayNumber * 86_400 + half * 1800
                // Every offset in force within a day of the wall time; the earliest instant that
                // reads back as the wall time, else (a gap) the wall time read with the offset before.
                let offsets = Set([offset(wall - 86_400), offset(wall), offset(wall + 86_400)])
                if offsets.count > 1 { transitions += 1 }
                let valid = offsets.map { wall - $0 }.filter { offset($0) == wall - $0 }
                let expected = valid.min() ?? wall - offset(wall - 86_400)
                let result = WallClock.instant(on: LocalDate(dayNumber: dayNumber), at: time, in: z)
                #expect(Int(result.timeIntervalSince1970) == expected, "\(zoneID) \(LocalDate(dayNumber: dayNumber)) \(time)")
            }
        }
        // The zones change their clocks (Kolkata aside), so the sweep crosses transitions.
        #expect((transitions > 0) == (zoneID != "Asia/Kolkata"))
    }

    @Test("next(_:after:) is strictly after the instant")
    func nextOccurrence() {
        let z = zone("Europe/Madrid")
        let ten = WallClock.instant(on: day("2026-11-23"), at: TimeOfDay(hour: 10), in: z)
        #expect(WallClock.next(TimeOfDay(hour: 10), after: ten, in: z) == ten.addingTimeInterval(86_400))
        #expect(WallClock.next(TimeOfDay(hour: 10), after: ten.addingTimeInterval(-1), in: z) == ten)
    }
}
