import Foundation
import MessageCatalog
import Testing
@testable import NotificationPlanning

/// Flights through the planner and the ``Device`` (which fires triggers as iOS does: a wall time
/// moved behind the clock by a zone change never fires): exactly which requests fire, and when.
@Suite("Travel: what a device fires after a flight")
struct TravelTests {
    static func prefs(_ zoneID: String, time: TimeOfDay = TimeOfDay(hour: 10)) -> NotificationPreferences {
        var p = NotificationPreferences.base(zoneID)
        p.dailyAffirmation.enabled = true
        p.dailyAffirmation.time = time
        return p
    }

    /// Plans at each launch (after the device has run up to it), applies the plan, and checks
    /// the invariants of every run; returns the last result.
    struct Trip {
        var prefs: NotificationPreferences
        var state = SchedulerState()
        var device: Device
        var results: [PlanResult] = []

        init(_ prefs: NotificationPreferences, since: Date) {
            self.prefs = prefs
            device = Device(zoneID: prefs.timeZone, since: since)
        }

        /// The device runs until `now` (changing zone as `moves` say), then the app plans with
        /// `events` and applies the plan.
        @discardableResult
        mutating func launch(
            at now: String, events: [PlannerEvent] = [], moves: [(at: Date, zoneID: String)] = [],
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws -> PlanResult {
            let now = instant(now)
            device.run(until: now, zoneChanges: moves)
            let result = try Planner.plan(preferences: prefs, state: state, events: events, now: now, content: FakeContent())
            device.apply(result)
            #expect(device.unfireable(at: now).isEmpty, "held but never to fire: \(device.unfireable(at: now))", sourceLocation: sourceLocation)
            #expect(result.pending.allSatisfy { $0.fireDate > now }, sourceLocation: sourceLocation)
            let stored = try roundTrip(result.state)
            let again = try Planner.plan(preferences: prefs, state: stored, events: events, now: now, content: FakeContent())
            #expect(again.isEmpty, "re-planning changed something: +\(again.added.map(\.identifier)) -\(again.removed)", sourceLocation: sourceLocation)
            state = stored
            results.append(result)
            return result
        }

        /// The affirmations delivered: identifier, and the local date and time on the device.
        var affirmations: [String] {
            device.deliveries.filter { $0.kind == .dailyAffirmation }.map { "\($0.identifier.suffix(10)) \($0.localDate) \($0.localTime)" }
        }
    }

    // MARK: Eastward: a wall time jumped over

    /// Madrid → Shanghai: the device changes zone at 05:00Z on 25 November (06:00 in Madrid,
    /// 13:00 in Shanghai), after 10:00 Shanghai time: the 25th's trigger is behind the clock.
    static let landedInShanghai = PlannerEvent(.timeZoneChanged(timeZone: "Asia/Shanghai"), at: instant("2026-11-25T05:00:00Z"))

    @Test("Madrid → Shanghai, planned on landing day: the 25th's affirmation is planned again to fire at once")
    func eastwardSameDay() throws {
        var trip = Trip(Self.prefs("Europe/Madrid"), since: instant("2026-11-23T08:00:00Z"))
        let first = try trip.launch(at: "2026-11-23T08:00:00Z")
        #expect(first.pending.map(\.identifier).first == "daily-affirmation-2026-11-23")
        // 14:00 in Shanghai.
        let landed = try trip.launch(
            at: "2026-11-25T06:00:00Z", events: [Self.landedInShanghai],
            moves: [(Self.landedInShanghai.timestamp, "Asia/Shanghai")])
        let again = try #require(landed.added.first { $0.identifier == "daily-affirmation-2026-11-25" })
        #expect(again.trigger == .immediate && again.fireDate == instant("2026-11-25T06:00:01Z"))
        #expect(again.userInfo["replanned"] == "2026-11-25")
        #expect(landed.removed == (25...29).map { "daily-affirmation-2026-11-\($0)" })
        #expect(landed.noteDetails.first { $0.code == .jumpedOverReplanned }?.identifiers == ["daily-affirmation-2026-11-25"])
        #expect(landed.pending.filter { $0.kind == .dailyAffirmation }.count == 8)
        try trip.launch(at: "2026-11-28T12:00:00Z")
        #expect(
            trip.affirmations == [
                "2026-11-23 2026-11-23 10:00", "2026-11-24 2026-11-24 10:00",
                "2026-11-25 2026-11-25 14:00",  // at once on landing (its 10:00 was jumped over)
                "2026-11-26 2026-11-26 10:00", "2026-11-27 2026-11-27 10:00", "2026-11-28 2026-11-28 10:00"
            ])
        #expect(trip.state.affirmationsDeliveredThrough == day("2026-11-28"))
    }

    @Test("Madrid → Shanghai, first planned the next day: the 25th is cancelled, the 26th fires at 10:00 there")
    func eastwardNextDay() throws {
        var trip = Trip(Self.prefs("Europe/Madrid"), since: instant("2026-11-23T08:00:00Z"))
        try trip.launch(at: "2026-11-23T08:00:00Z")
        // 26 November 08:00 in Shanghai.
        let later = try trip.launch(
            at: "2026-11-26T00:00:00Z", events: [Self.landedInShanghai],
            moves: [(Self.landedInShanghai.timestamp, "Asia/Shanghai")])
        #expect(later.noteDetails.first { $0.code == .jumpedOverCancelled }?.identifiers == ["daily-affirmation-2026-11-25"])
        #expect(later.removed.contains("daily-affirmation-2026-11-25"))
        #expect(!later.pending.contains { $0.identifier == "daily-affirmation-2026-11-25" })
        try trip.launch(at: "2026-11-27T12:00:00Z")
        #expect(
            trip.affirmations == [
                "2026-11-23 2026-11-23 10:00", "2026-11-24 2026-11-24 10:00",
                "2026-11-26 2026-11-26 10:00", "2026-11-27 2026-11-27 10:00"
            ])
    }

    @Test(
        "Landing in the quiet hours: moved to their end the same day, or cancelled when that is the next day",
        arguments: [
            ("2026-11-25T06:30:00Z", 12, 15, "2026-11-25 2026-11-25 15:00"),  // 14:30 there: 15:00 the same day
            ("2026-11-25T15:30:00Z", 22, 7, nil)
        ])  // 23:30 there: 07:00 is the 26th
    func eastwardQuietHours(_ now: String, _ start: Int, _ end: Int, _ expected: String?) throws {
        var p = Self.prefs("Europe/Madrid")
        p.quietHours = QuietHours(start: TimeOfDay(hour: start), end: TimeOfDay(hour: end))
        var trip = Trip(p, since: instant("2026-11-23T08:00:00Z"))
        try trip.launch(at: "2026-11-23T08:00:00Z")
        let landed = try trip.launch(at: now, events: [Self.landedInShanghai], moves: [(Self.landedInShanghai.timestamp, "Asia/Shanghai")])
        let code: PlanNote.Code = expected == nil ? .jumpedOverCancelled : .jumpedOverReplanned
        #expect(landed.noteDetails.first { $0.code == code }?.identifiers == ["daily-affirmation-2026-11-25"])
        if expected != nil {
            let moved = try #require(landed.pending.first { $0.identifier == "daily-affirmation-2026-11-25" })
            #expect(moved.floating && moved.trigger == .calendar(date: day("2026-11-25"), time: TimeOfDay(hour: 15), second: 0, timeZone: nil))
        }
        try trip.launch(at: "2026-11-26T12:00:00Z")
        let the25th = trip.affirmations.filter { $0.hasPrefix("2026-11-25") }
        #expect(the25th == (expected.map { [$0] } ?? []))
        #expect(trip.affirmations.contains("2026-11-26 2026-11-26 10:00"))
    }

    @Test("A jumped-over achievement reminder and monthly summary are planned again the same day")
    func eastwardOtherKinds() throws {
        var p = NotificationPreferences.base("Europe/Madrid")
        p.achievementReminder.enabled = true
        p.achievementReminder.time = TimeOfDay(hour: 20)
        p.milestones.enabled = true
        var trip = Trip(p, since: instant("2026-11-30T12:00:00Z"))
        try trip.launch(at: "2026-11-30T12:00:00Z")
        // 1 December: lands in Shanghai at 13:00Z (21:00 there), past 20:00; 14:00 in Madrid.
        let landing = PlannerEvent(.timeZoneChanged(timeZone: "Asia/Shanghai"), at: instant("2026-12-01T13:00:00Z"))
        let landed = try trip.launch(at: "2026-12-01T13:30:00Z", events: [landing], moves: [(landing.timestamp, "Asia/Shanghai")])
        #expect(
            landed.noteDetails.first { $0.code == .jumpedOverReplanned }?.identifiers
                == ["achievement-reminder-2026-12-01", "milestone-monthly-2026-11"])
        try trip.launch(at: "2026-12-02T13:30:00Z")
        let fired = trip.device.deliveries.filter { $0.localDate == day("2026-12-01") }.map(\.identifier).sorted()
        #expect(fired == ["achievement-reminder-2026-12-01", "milestone-monthly-2026-11"])
    }

    // MARK: Westward: a date lived twice

    /// Lord Howe (UTC+11 until 5 April 2026) → Madrid (UTC+2): the 3 April affirmation fires in
    /// Lord Howe at 10:00 (2 April 23:00Z); the device is in Madrid at 02:00Z, where 3 April 10:00
    /// (08:00Z) is still ahead.
    @Test(
        "Lord Howe → Madrid: the 3 April affirmation is delivered once, with or without the zone-change event",
        arguments: [true, false])
    func westwardNoDouble(_ withEvent: Bool) throws {
        var trip = Trip(Self.prefs("Australia/Lord_Howe"), since: instant("2026-04-02T09:00:00Z"))
        try trip.launch(at: "2026-04-02T09:00:00Z")  // 20:00 on 2 April in Lord Howe
        let move = (at: instant("2026-04-03T02:00:00Z"), zoneID: "Europe/Madrid")
        var events: [PlannerEvent] = []
        if withEvent {
            events = [PlannerEvent(.timeZoneChanged(timeZone: "Europe/Madrid"), at: move.at)]
        } else {
            trip.prefs.timeZone = "Europe/Madrid"  // the app passes the device's zone in the preferences
        }
        let landed = try trip.launch(at: "2026-04-03T05:00:00Z", events: events, moves: [move])  // 07:00 in Madrid
        #expect(landed.timeZone == "Europe/Madrid")
        #expect(!landed.pending.contains { $0.identifier == "daily-affirmation-2026-04-03" })
        #expect(landed.state.affirmationsDeliveredThrough == day("2026-04-03"))
        try trip.launch(at: "2026-04-05T12:00:00Z")
        #expect(trip.affirmations == ["2026-04-03 2026-04-03 10:00", "2026-04-04 2026-04-04 10:00", "2026-04-05 2026-04-05 10:00"])
    }

    @Test("Lord Howe → Madrid before the 10:00 there, told only by the preferences: the device fires it once, in Madrid")
    func westwardUnknownInstant() throws {
        var trip = Trip(Self.prefs("Australia/Lord_Howe"), since: instant("2026-04-02T09:00:00Z"))
        try trip.launch(at: "2026-04-02T09:00:00Z")
        trip.prefs.timeZone = "Europe/Madrid"
        // The device left Lord Howe's zone at 22:00Z, before 10:00 there (23:00Z); the app only
        // learns it at 05:00Z and cannot tell whether the 3rd fired: it never plans it again,
        // and the device still holds it and fires it at 10:00 Madrid.
        let landed = try trip.launch(at: "2026-04-03T05:00:00Z", moves: [(instant("2026-04-02T22:00:00Z"), "Europe/Madrid")])
        #expect(!landed.added.contains { $0.identifier == "daily-affirmation-2026-04-03" })
        #expect(!landed.removed.contains("daily-affirmation-2026-04-03"))
        try trip.launch(at: "2026-04-04T12:00:00Z")
        #expect(trip.affirmations == ["2026-04-03 2026-04-03 10:00", "2026-04-04 2026-04-04 10:00"])
    }

    @Test("Madrid → Shanghai told only by the preferences, planned at 10:00:00 sharp there: the 25th fires then, neither cancelled nor planned again")
    func eastwardUnknownInstantAtTheWallTime() throws {
        var trip = Trip(Self.prefs("Europe/Madrid"), since: instant("2026-11-23T08:00:00Z"))
        try trip.launch(at: "2026-11-23T08:00:00Z")
        trip.prefs.timeZone = "Asia/Shanghai"
        // The device changed zone at 01:00Z (09:00 there); the app plans at 02:00:00Z, 10:00:00
        // in Shanghai: the 25th's wall time is now, so it fires now, wherever the change came.
        let landed = try trip.launch(at: "2026-11-25T02:00:00Z", moves: [(instant("2026-11-25T01:00:00Z"), "Asia/Shanghai")])
        #expect(!landed.removed.contains("daily-affirmation-2026-11-25"))
        #expect(!landed.added.contains { $0.identifier == "daily-affirmation-2026-11-25" })
        #expect(
            !landed.noteDetails.contains {
                ($0.code == .jumpedOverCancelled || $0.code == .jumpedOverReplanned)
                    && $0.identifiers.contains("daily-affirmation-2026-11-25")
            })
        #expect(landed.state.affirmationsDeliveredThrough == day("2026-11-25"))
        try trip.launch(at: "2026-11-26T12:00:00Z")
        #expect(trip.affirmations.filter { $0.hasPrefix("2026-11-25") } == ["2026-11-25 2026-11-25 10:00"])
    }

    // MARK: DST edges

    @Test(
        "Flying into a DST change: a floating 02:30 in New York's gap fires at 03:30 EDT, the repeated 01:30 once",
        arguments: [
            (2, "2026-03-07T12:00:00Z", "2026-03-08", "2026-03-08T07:30:00Z"),  // spring forward: 03:30 EDT
            (1, "2026-10-31T12:00:00Z", "2026-11-01", "2026-11-01T05:30:00Z")
        ])  // fall back: the first 01:30, EDT
    func dstEdges(_ hour: Int, _ landing: String, _ date: String, _ fires: String) throws {
        let p = Self.prefs("Europe/Madrid", time: TimeOfDay(hour: hour, minute: 30))
        let landed = instant(landing)
        var trip = Trip(p, since: landed.addingTimeInterval(-86_400))
        try trip.launch(at: ISO8601Instant.string(landed.addingTimeInterval(-86_400)))
        let move = PlannerEvent(.timeZoneChanged(timeZone: "America/New_York"), at: landed)
        let result = try trip.launch(at: ISO8601Instant.string(landed.addingTimeInterval(3600)), events: [move], moves: [(landed, "America/New_York")])
        let request = try #require(result.pending.first { $0.identifier == "daily-affirmation-\(date)" })
        #expect(request.fireDate == instant(fires))
        try trip.launch(at: date + "T12:00:00Z")
        let fired = trip.device.deliveries.filter { $0.identifier == "daily-affirmation-\(date)" }
        #expect(fired.map(\.fireDate) == [instant(fires)])
    }
}
