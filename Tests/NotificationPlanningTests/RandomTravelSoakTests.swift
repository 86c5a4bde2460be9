import Foundation
import MessageCatalog
import Testing
@testable import NotificationPlanning
import AffirmationSelector

/// A year of random travel (seeded) on the ``Device``, which fires triggers as iOS does: flights
/// east and west between zones with odd offsets, DST and the date line, at any hour; the app
/// launched every few hours to few days, told of a flight by a `timeZoneChanged` event or only by
/// the zone in its preferences (the instant of the change unknown). After every plan, the device
/// holds nothing that can never fire; over the year no affirmation date and no request is
/// delivered twice.
///
/// With seeds 1, 2026 and 4242: 166 to 188 launches, 71 to 79 flights, about 1,020 deliveries,
/// 350 to 354 affirmation dates (the others jumped over and first seen on a later date, or
/// skipped by the date line), jumped-over requests planned again 0 or 1 times and cancelled 90
/// to 109 times (their date over when the app next planned, or possibly delivered before a change
/// the app learnt only from the zone).
@Suite("A year of random travel")
struct RandomTravelSoakTests {
    static let zones = [
        "Europe/Madrid", "Asia/Shanghai", "Australia/Lord_Howe", "America/New_York", "America/Santiago",
        "Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kathmandu", "Pacific/Chatham", "America/St_Johns", "UTC"
    ]
    static let start = instant("2026-01-01T00:00:00Z")
    static let end = instant("2027-01-01T00:00:00Z")

    static func preferences() -> NotificationPreferences {
        var p = NotificationPreferences.base("Europe/Madrid")
        p.userSeed = 7
        p.dailyAffirmation.enabled = true
        p.dailyAffirmation.time = TimeOfDay(hour: 9, minute: 30)
        p.achievementReminder.enabled = true
        p.achievementReminder.time = TimeOfDay(hour: 20)
        p.milestones.enabled = true
        p.habits = [HabitSettings(id: "read", name: "Read", hoursBefore: 3)]
        p.quietHours = QuietHours(start: TimeOfDay(hour: 23), end: TimeOfDay(hour: 7))
        return p
    }

    struct Outcome {
        var deliveries: [Device.Delivery]
        var launches: Int
        var flights: Int
        var replanned: Int
        var cancelled: Int
    }

    static func simulate(seed: UInt64) throws -> Outcome {
        var rng = SplitMix64(seed: seed)
        var prefs = preferences()
        var state = SchedulerState()
        var device = Device(zoneID: prefs.timeZone, since: start)
        // The itinerary: a flight every 1 to 9 days, at any second.
        var moves: [(at: Date, zoneID: String)] = []
        var moment = start
        var here = prefs.timeZone
        while true {
            moment = moment.addingTimeInterval(TimeInterval(86_400 + rng.index(below: 8 * 86_400)))
            guard moment < end else { break }
            var next = zones[rng.index(below: zones.count)]
            while next == here { next = zones[rng.index(below: zones.count)] }
            moves.append((moment, next))
            here = next
        }
        var now = start.addingTimeInterval(3600)
        var outcome = Outcome(deliveries: [], launches: 0, flights: moves.count, replanned: 0, cancelled: 0)
        var previous = start
        while now < end {
            let flown = moves.filter { $0.at > previous && $0.at <= now }
            device.run(until: now, zoneChanges: flown)
            // The app passes the device's zone in the preferences; half the launches are also
            // told of each flight by an event (with its instant). One told only by the zone sees
            // no zone in between, so it gets the events when there were several flights.
            var events: [PlannerEvent] = []
            if rng.index(below: 2) == 0 || flown.count > 1 {
                events = flown.map { PlannerEvent(.timeZoneChanged(timeZone: $0.zoneID), at: $0.at) }
            }
            prefs.timeZone = device.zoneID
            if rng.index(below: 3) == 0 { events.append(PlannerEvent(.achievementRecorded(id: "a\(outcome.launches)"), at: now.addingTimeInterval(-60))) }
            let result = try Planner.plan(preferences: prefs, state: state, events: events, now: now, content: FakeContent())
            #expect(result.timeZone == device.zoneID)
            device.apply(result)
            let dead = device.unfireable(at: now)
            #expect(dead.isEmpty, "seed \(seed): held but never to fire at \(ISO8601Instant.string(now)): \(dead)")
            #expect(result.pending.allSatisfy { $0.fireDate > now })
            let stored = try roundTrip(result.state)
            let again = try Planner.plan(preferences: prefs, state: stored, events: events, now: now, content: FakeContent())
            #expect(again.isEmpty, "seed \(seed): re-planning changed something at \(ISO8601Instant.string(now))")
            outcome.replanned += result.noteDetails.filter { $0.code == .jumpedOverReplanned }.map(\.identifiers.count).reduce(0, +)
            outcome.cancelled += result.noteDetails.filter { $0.code == .jumpedOverCancelled }.map(\.identifiers.count).reduce(0, +)
            state = stored
            outcome.launches += 1
            previous = now
            now = now.addingTimeInterval(TimeInterval(3 * 3600 + rng.index(below: 4 * 86_400)))
        }
        device.run(until: end, zoneChanges: moves.filter { $0.at > previous })
        outcome.deliveries = device.deliveries
        return outcome
    }

    @Test("No request left that cannot fire; no affirmation date and no request delivered twice", arguments: [1 as UInt64, 2026, 4242])
    func year(_ seed: UInt64) throws {
        let outcome = try Self.simulate(seed: seed)
        #expect(outcome.launches > 150 && outcome.flights > 40)
        let affirmations = outcome.deliveries.filter { $0.kind == .dailyAffirmation }.map { String($0.identifier.suffix(10)) }
        let doubledDates = Dictionary(grouping: affirmations, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(doubledDates.isEmpty, "seed \(seed): affirmation dates delivered twice: \(doubledDates)")
        let doubled = Dictionary(grouping: outcome.deliveries, by: \.identifier).filter { $0.value.count > 1 }.keys.sorted()
        #expect(doubled.isEmpty, "seed \(seed): delivered twice: \(doubled)")
        // Most dates had their affirmation (a flight can skip a date, or a late launch cancel one).
        #expect(affirmations.count >= 330, "seed \(seed): \(affirmations.count) affirmations")
        // Jumps over a wall time happened and were handled both ways.
        #expect(outcome.replanned + outcome.cancelled > 0)
    }
}
