import Foundation
import Testing
@testable import NotificationPlanning
import AffirmationSelector

@Suite("Daily affirmations")
struct AffirmationPlanTests {
    func prefs(_ zone: String = "Europe/Madrid") -> NotificationPreferences {
        var p = NotificationPreferences.base(zone)
        p.dailyAffirmation.enabled = true
        return p
    }

    @Test("Seven dated requests at 10:00 local, bodies from NotificationPlanning")
    func window() throws {
        let result = try plan(prefs(), at: "2026-11-23T08:00:00Z")
        #expect(result.added.map(\.identifier) == (23...29).map { "daily-affirmation-2026-11-\($0)" })
        for request in result.added {
            let date = LocalDate(string: String(request.identifier.suffix(10)))!
            #expect(ISO8601Instant.string(request.fireDate, in: zone("Europe/Madrid")) == "\(date)T10:00:00+01:00")
            #expect(request.trigger == .calendar(date: date, time: TimeOfDay(hour: 10), second: 0, timeZone: nil))
            #expect(request.floating)
            #expect(request.categoryIdentifier == "DAILY_AFFIRMATION")
            let index = SeededPicker.dailyAffirmation(for: date, locale: "en", poolSize: 60)
            #expect(request.body.contains("affirmation=affirmation #\(index) (en)"))
            #expect(request.userInfo["affirmationIndex"] == String(index))
        }
        #expect(result.removed.isEmpty)
        #expect(result.pending == result.added)
    }

    @Test("At 10:00:00 sharp, today's affirmation is not scheduled")
    func strictlyAfterNow() throws {
        let result = try plan(prefs(), at: "2026-11-23T10:00:00+01:00")
        #expect(result.added.first?.identifier == "daily-affirmation-2026-11-24")
        #expect(result.added.count == 7)
        #expect(result.added.allSatisfy { $0.fireDate > instant("2026-11-23T10:00:00+01:00") })
        let before = try plan(prefs(), at: "2026-11-23T09:59:59+01:00")
        #expect(before.added.first?.identifier == "daily-affirmation-2026-11-23")
    }

    @Test("With refillBelow 2 (a preference; the default keeps the window full), topped up only when fewer than 2 remain")
    func topUp() throws {
        var p = prefs()
        p.dailyAffirmation.refillBelow = 2
        let first = try plan(p, at: "2026-11-23T08:00:00Z")
        // Five days later, two remain (28 and 29): nothing changes.
        let later = try plan(p, roundTrip(first.state), at: "2026-11-27T12:00:00Z")
        #expect(later.pending.map(\.identifier) == ["daily-affirmation-2026-11-28", "daily-affirmation-2026-11-29"])
        #expect(later.isEmpty)
        // One remains: a new window of seven starts at the next 10:00.
        let refill = try plan(p, roundTrip(later.state), at: "2026-11-28T12:00:00Z")
        #expect(refill.pending.map(\.identifier) == (29...30).map { "daily-affirmation-2026-11-\($0)" } + (1...5).map { "daily-affirmation-2026-12-0\($0)" })
        #expect(refill.added.count == 6)
        #expect(refill.removed.isEmpty)
        #expect(refill.noteDetails.contains { $0.code == .affirmationsToppedUp })
    }

    @Test("Re-planning the same input changes nothing")
    func idempotent() throws {
        var p = prefs()
        p.achievementReminder.enabled = true
        let first = try plan(p, at: "2026-11-23T08:00:00Z")
        let again = try plan(p, roundTrip(first.state), at: "2026-11-23T08:00:00Z")
        #expect(again.isEmpty)
        #expect(again.pending == first.pending)
        #expect(again.state == first.state)
    }

    @Test("A change of tone or locale replaces exactly the requests whose text changed")
    func changes() throws {
        var p = prefs()
        p.habits = [HabitSettings(id: "water", name: "Drink water")]
        let first = try plan(p, at: "2026-11-23T08:00:00Z")
        p.tone = .cheerful
        let toned = try plan(p, first.state, at: "2026-11-23T08:00:00Z")
        #expect(Set(toned.added.map(\.identifier)) == Set(first.pending.map(\.identifier)))
        #expect(Set(toned.removed) == Set(first.pending.map(\.identifier)))
        // Moving the habit reminder only replaces habit requests.
        p.habits[0].hoursBefore = 3
        let moved = try plan(p, toned.state, at: "2026-11-23T08:00:00Z")
        #expect(!moved.added.isEmpty)
        #expect(moved.added.allSatisfy { $0.kind == .habitReminder })
        #expect(moved.removed.allSatisfy { $0.hasPrefix("habit-reminder-water-") })
        // A new affirmation time replaces the affirmations.
        p.dailyAffirmation.time = TimeOfDay(hour: 9)
        let earlier = try plan(p, moved.state, at: "2026-11-23T07:00:00Z")
        #expect(earlier.added.filter { $0.kind == .dailyAffirmation }.count == 7)
        #expect(earlier.added.allSatisfy { $0.kind == .dailyAffirmation })
    }

    @Test("Turning the kind off removes its requests")
    func off() throws {
        let first = try plan(prefs(), at: "2026-11-23T08:00:00Z")
        var p = prefs()
        p.dailyAffirmation.enabled = false
        let off = try plan(p, first.state, at: "2026-11-23T08:00:00Z")
        #expect(off.pending.isEmpty)
        #expect(off.removed.count == 7)
    }

    @Test(
        "DST days: the wall time holds, nonexistent times move forward",
        arguments: [
            ("America/New_York", "02:30", "2026-03-07T12:00:00Z", "daily-affirmation-2026-03-08", "2026-03-08T03:30:00-04:00"),
            ("America/New_York", "01:30", "2026-10-31T12:00:00Z", "daily-affirmation-2026-11-01", "2026-11-01T01:30:00-04:00"),
            ("America/New_York", "10:00", "2026-03-07T12:00:00Z", "daily-affirmation-2026-03-08", "2026-03-08T10:00:00-04:00"),
            ("Europe/Madrid", "02:30", "2026-03-28T12:00:00Z", "daily-affirmation-2026-03-29", "2026-03-29T03:30:00+02:00"),
            ("Europe/Madrid", "10:00", "2026-10-24T12:00:00Z", "daily-affirmation-2026-10-25", "2026-10-25T10:00:00+01:00"),
            ("Australia/Sydney", "02:30", "2026-10-03T00:00:00Z", "daily-affirmation-2026-10-04", "2026-10-04T03:30:00+11:00"),
            ("Australia/Sydney", "10:00", "2026-04-04T00:00:00Z", "daily-affirmation-2026-04-05", "2026-04-05T10:00:00+10:00"),
            ("Asia/Shanghai", "10:00", "2026-03-07T12:00:00Z", "daily-affirmation-2026-03-08", "2026-03-08T10:00:00+08:00"),
            ("America/Mexico_City", "02:30", "2026-04-04T12:00:00Z", "daily-affirmation-2026-04-05", "2026-04-05T02:30:00-06:00"),
            ("Europe/Madrid", "10:00", "2028-02-28T12:00:00Z", "daily-affirmation-2028-02-29", "2028-02-29T10:00:00+01:00")
        ])
    func dst(_ zoneID: String, _ time: String, _ now: String, _ id: String, _ fire: String) throws {
        var p = prefs(zoneID)
        p.dailyAffirmation.time = TimeOfDay(string: time)!
        let result = try plan(p, at: now)
        let request = try #require(result.pending.first { $0.identifier == id })
        #expect(ISO8601Instant.string(request.fireDate, in: zone(zoneID)) == fire)
        // Seven distinct local dates, one request each.
        let dates = result.pending.map { String($0.identifier.suffix(10)) }
        #expect(Set(dates).count == 7)
    }

    @Test("Identifiers use Gregorian dates with ASCII digits whatever the locale", arguments: ["ar-EG", "th-TH-u-ca-buddhist", "fa-IR", "zh-Hans", "en"])
    func asciiIdentifiers(_ locale: String) throws {
        var p = prefs("Asia/Shanghai")
        p.locale = locale
        let result = try plan(p, at: "2026-11-23T00:00:00Z")
        for request in result.pending {
            #expect(request.identifier.utf8.allSatisfy { $0 < 128 })
            #expect(request.identifier.hasPrefix("daily-affirmation-2026-11-") || request.identifier.hasPrefix("daily-affirmation-2026-12-"))
        }
    }

    @Test("Across New Year the identifiers use the calendar year (yyyy), not the week-based year (YYYY)")
    func newYear() throws {
        // 2026-12-28 … 2027-01-03 is ISO week 53 of 2026; 2024-12-30 is in week 1 of 2025.
        let result = try plan(prefs(), at: "2026-12-28T08:00:00Z")
        #expect(
            result.pending.map(\.identifier) == [
                "daily-affirmation-2026-12-28", "daily-affirmation-2026-12-29", "daily-affirmation-2026-12-30",
                "daily-affirmation-2026-12-31", "daily-affirmation-2027-01-01", "daily-affirmation-2027-01-02",
                "daily-affirmation-2027-01-03"
            ])
        let earlier = try plan(prefs(), at: "2024-12-29T08:00:00Z")
        #expect(earlier.pending.prefix(3).map(\.identifier) == ["daily-affirmation-2024-12-29", "daily-affirmation-2024-12-30", "daily-affirmation-2024-12-31"])
    }

    @Test("Flying Madrid → Shanghai mid-window: floating requests move, the window is refilled there, a date jumped over is planned again at once")
    func flight() throws {
        let first = try plan(prefs(), at: "2026-11-23T08:00:00Z")
        #expect(first.pending.count == 7)
        // 2026-11-25 06:00Z: 07:00 in Madrid, 14:00 in Shanghai (today's 10:00 has passed there).
        let landed = PlannerEvent(.timeZoneChanged(timeZone: "Asia/Shanghai"), at: instant("2026-11-25T05:00:00Z"))
        let result = try plan(prefs(), roundTrip(first.state), events: [landed], at: "2026-11-25T06:00:00Z")
        #expect(result.timeZone == "Asia/Shanghai")
        // 25 November's 10:00 was jumped over on landing: iOS never fires it, and that date has
        // had no affirmation, so it is planned again to fire at once.
        let replanned = try #require(result.pending.first)
        #expect(replanned.identifier == "daily-affirmation-2026-11-25" && replanned.trigger == .immediate)
        #expect(result.state.affirmationsDeliveredThrough == day("2026-11-24"))
        #expect(result.removed == (25...29).map { "daily-affirmation-2026-11-\($0)" })
        #expect(
            result.pending.dropFirst().map(\.identifier) == (26...30).map { "daily-affirmation-2026-11-\($0)" } + [
                "daily-affirmation-2026-12-01", "daily-affirmation-2026-12-02"
            ])
        for request in result.pending.dropFirst() {
            #expect(request.timeZone == "Asia/Shanghai")
            #expect(ISO8601Instant.string(request.fireDate, in: zone("Asia/Shanghai")).hasSuffix("T10:00:00+08:00"))
        }
        #expect(
            result.noteDetails.contains { $0.code == .timeZoneChanged && $0.parameters["from"] == "Europe/Madrid" && $0.parameters["to"] == "Asia/Shanghai" })
        // Planning again in Shanghai changes nothing; the zone sticks without the event.
        let again = try plan(prefs(), roundTrip(result.state), events: [landed], at: "2026-11-25T06:00:00Z")
        #expect(again.isEmpty)
        let noEvent = try plan(prefs(), roundTrip(result.state), at: "2026-11-25T07:00:00Z")
        #expect(noEvent.timeZone == "Asia/Shanghai")
        #expect(noEvent.isEmpty)
    }
}
