import Foundation
import MessageCatalog
import Testing
@testable import NotificationPlanning
import AffirmationSelector

/// A year of real use on the ``Device`` of the 30-day simulation: the app opened every 1 to 6
/// days at any hour (seeded), flights east and west (twice over the date line), and every DST
/// change of 2026 in New York, Madrid, Santiago and Lord Howe lived on the spot.
///
/// With seeds 2026, 13 and 77: 95 to 108 launches, about 2,200 deliveries, 364 or 365
/// affirmation dates (one date is skipped by the westward flight over the date line), no miss,
/// no double, 2 or 3 habit reminders fired in a repeated hour, the state file at most 47 KB
/// (almost all of it the pending requests).
@Suite("A year of launches every 1 to 6 days, with travel and DST")
struct YearSimulationTests {
    static let start = instant("2026-01-01T00:00:00Z")
    static let end = instant("2027-01-01T00:00:00Z")

    /// Where the device is from each instant on.
    static let itinerary: [(at: Date, zoneID: String)] = [
        ("2026-01-01T00:00:00Z", "America/New_York"),
        ("2026-03-15T15:00:00Z", "Europe/Madrid"),  // east
        ("2026-03-31T10:00:00Z", "Australia/Lord_Howe"),  // east
        ("2026-04-04T20:00:00Z", "America/Santiago"),  // east over the date line: a date lived twice
        ("2026-05-15T12:00:00Z", "America/New_York"),
        ("2026-07-01T02:00:00Z", "Europe/Madrid"),  // east
        ("2026-08-01T18:00:00Z", "Pacific/Pago_Pago"),  // west
        ("2026-08-20T06:00:00Z", "America/Santiago"),  // east
        ("2026-09-20T14:00:00Z", "Australia/Lord_Howe"),  // west over the date line: a date skipped
        ("2026-10-15T09:00:00Z", "Europe/Madrid"),  // west
        ("2026-10-28T11:00:00Z", "America/New_York")  // west
    ].map { (instant($0.0), $0.1) }

    static func zoneID(at moment: Date) -> String { itinerary.last { $0.at <= moment }!.zoneID }

    static func preferences() -> NotificationPreferences {
        var p = NotificationPreferences.base("America/New_York")
        p.userSeed = 13
        p.dailyAffirmation.enabled = true
        p.dailyAffirmation.time = TimeOfDay(hour: 8)
        p.achievementReminder.enabled = true
        p.achievementReminder.time = TimeOfDay(hour: 20)
        p.milestones.enabled = true
        p.steps.workoutEnabled = true
        // 1, 22 and 23 hours before midnight land in the repeated hour of some fall-back days.
        p.habits = [
            HabitSettings(id: "read", name: "Read", hoursBefore: 3),
            HabitSettings(id: "late", name: "Late", hoursBefore: 1),
            HabitSettings(id: "early", name: "Early", hoursBefore: 22),
            HabitSettings(id: "dawn", name: "Dawn", hoursBefore: 23),
            HabitSettings(id: "walk", name: "Long walk", period: .weekly, hoursBefore: 10)
        ]
        return p
    }

    struct Launch {
        var now: Date
        var events: [PlannerEvent]
    }

    /// Launches every 1 to 6 days (plus or minus 3 hours), each reporting what happened since the
    /// previous one: the zone changes, and at the launch an achievement, a habit done, a workout.
    static func launches(seed: UInt64) -> [Launch] {
        var rng = SplitMix64(seed: seed)
        var out: [Launch] = []
        var previous = start
        var now = start.addingTimeInterval(TimeInterval(3600 + rng.index(below: 20 * 3600)))
        while now < end {
            var events = itinerary.dropFirst().filter { $0.at > previous && $0.at <= now }
                .map { PlannerEvent(.timeZoneChanged(timeZone: $0.zoneID), at: $0.at) }
            let n = out.count
            if rng.index(below: 2) == 0 { events.append(PlannerEvent(.achievementRecorded(id: "a\(n)"), at: now.addingTimeInterval(-600))) }
            if rng.index(below: 2) == 0 {
                events.append(
                    PlannerEvent(.habitCompleted(habitID: ["read", "late", "early", "dawn", "walk"][rng.index(below: 5)]), at: now.addingTimeInterval(-300)))
            }
            if rng.index(below: 3) == 0 {
                events.append(
                    PlannerEvent(.workoutCompleted(id: "w\(n)", activity: "run", durationSeconds: 1800, distanceKm: 5), at: now.addingTimeInterval(-120)))
            }
            out.append(Launch(now: now, events: events))
            previous = now
            let gap = 86_400 * (1 + rng.index(below: 6)) + rng.index(below: 6 * 3600) - 3 * 3600
            now = now.addingTimeInterval(TimeInterval(gap))
        }
        return out
    }

    struct Outcome: Equatable {
        var deliveries: [Device.Delivery]
        var finalState: SchedulerState
        var stateBytes: [Int]
        /// Per launch: achievement dates and habit periods the app had seen by then.
        var seenAchievementDays: [(Date, LocalDate)]
        var seenHabitPeriods: [(Date, String)]

        static func == (a: Outcome, b: Outcome) -> Bool {
            a.deliveries == b.deliveries && a.finalState == b.finalState && a.stateBytes == b.stateBytes
        }
    }

    static func simulate(seed: UInt64) throws -> (Outcome, [Launch]) {
        let prefs = preferences()
        let content = FakeContent()
        let plan = launches(seed: seed)
        var state = SchedulerState()
        var device = Device(zoneID: prefs.timeZone, since: start)
        var stateBytes: [Int] = []
        var seenDays: [(Date, LocalDate)] = []
        var seenPeriods: [(Date, String)] = []
        for launch in plan {
            device.run(until: launch.now, zoneChanges: Device.zoneChanges(in: launch.events))
            #expect(device.zoneID == zoneID(at: launch.now))
            let result = try Planner.plan(preferences: prefs, state: state, events: launch.events, now: launch.now, content: content)
            #expect(result.timeZone == device.zoneID)
            device.apply(result)
            #expect(Set(device.held.values.map(\.request)) == Set(result.pending), "device and plan disagree at \(ISO8601Instant.string(launch.now))")
            #expect(
                device.unfireable(at: launch.now).isEmpty,
                "held but never to fire at \(ISO8601Instant.string(launch.now)): \(device.unfireable(at: launch.now))")
            for problem in device.triggerMismatches(result) { Issue.record("\(problem)") }
            #expect(result.pending.count <= prefs.budget)
            // What this launch saw (dates in the zone the device was in when it happened).
            for event in launch.events {
                let local = LocalDate(event.timestamp, in: zone(zoneID(at: event.timestamp)))
                switch event.payload {
                case .achievementRecorded: seenDays.append((launch.now, local))
                case let .habitCompleted(id):
                    let period = id == "walk" ? local.startOfWeek : local
                    seenPeriods.append((launch.now, "habit-reminder-\(id)-\(period)"))
                default: break
                }
            }
            let stored = try roundTrip(result.state)
            let again = try Planner.plan(preferences: prefs, state: stored, events: launch.events, now: launch.now, content: content)
            #expect(again.isEmpty, "re-planning changed something at \(ISO8601Instant.string(launch.now))")
            stateBytes.append(try stored.jsonData().count)
            state = stored
        }
        device.run(until: end, zoneChanges: itinerary.filter { $0.at > plan.last!.now }.map { ($0.at, $0.zoneID) })
        return (
            Outcome(
                deliveries: device.deliveries, finalState: state, stateBytes: stateBytes,
                seenAchievementDays: seenDays, seenHabitPeriods: seenPeriods), plan
        )
    }

    @Test("The itinerary lives every 2026 DST change of the four zones on the spot")
    func itineraryCoversDST() {
        for id in ["America/New_York", "Europe/Madrid", "America/Santiago", "Australia/Lord_Howe"] {
            var moment = Self.start
            var count = 0
            while let next = zone(id).nextDaylightSavingTimeTransition(after: moment), next < Self.end {
                #expect(Self.zoneID(at: next) == id, "\(id) changes at \(ISO8601Instant.string(next)) while the device is in \(Self.zoneID(at: next))")
                moment = next
                count += 1
            }
            #expect(count == 2)
        }
    }

    @Test(
        "A year: no missed date, no double, no reminder after a seen completion, exact triggers, bounded state",
        arguments: [2026 as UInt64, 13, 77])
    func year(_ seed: UInt64) throws {
        let (outcome, launches) = try Self.simulate(seed: seed)
        #expect(launches.count >= 50)
        let time = Self.preferences().dailyAffirmation.time
        let delivered = outcome.deliveries.filter { $0.kind == .dailyAffirmation }
        let dates = delivered.map { LocalDate(string: String($0.identifier.suffix(10)))! }

        // No date delivered twice, on whatever day it fires; no identifier twice.
        #expect(Set(dates).count == dates.count, "an affirmation date delivered twice")
        let twice = Dictionary(grouping: outcome.deliveries, by: \.identifier).filter { $0.value.count > 1 }
        #expect(twice.isEmpty, "delivered twice: \(twice.map { "\($0.key) at \($0.value.map { ISO8601Instant.string($0.fireDate) })" }.sorted())")
        // Each fired on the local date it names, at its time (in the device's zone then).
        for d in delivered where d.localTime == time {
            #expect(String(d.identifier.suffix(10)) == d.localDate.description)
        }

        // No missed date: every 08:00 lived on the device less than 7 days after a launch.
        var missed: [String] = []
        var moment = launches[0].now
        while moment < Self.end {
            let here = zone(Self.zoneID(at: moment))
            let local = WallClock.components(of: moment, in: here)
            if local.time == time, local.second == 0,
                launches.contains(where: { $0.now < moment && moment.timeIntervalSince($0.now) < 7 * 86_400 }),
                !dates.contains(local.date)
            {
                missed.append(local.date.description)
            }
            moment = moment.addingTimeInterval(900)
        }
        #expect(missed.isEmpty, "missed affirmation dates: \(missed)")
        let livedDays = Set(delivered.map(\.localDate)).count
        #expect(livedDays >= 300)

        // No reminder after a completion the app had seen.
        for (seenAt, date) in outcome.seenAchievementDays {
            #expect(
                !outcome.deliveries.contains { $0.identifier == "achievement-reminder-\(date)" && $0.fireDate > seenAt },
                "a reminder for \(date) after the achievement was seen at \(ISO8601Instant.string(seenAt))")
        }
        for (seenAt, identifier) in outcome.seenHabitPeriods {
            #expect(!outcome.deliveries.contains { $0.identifier == identifier && $0.fireDate > seenAt }, "\(identifier) after its completion was seen")
        }

        // Every fixed request fired at its fire date.
        for d in outcome.deliveries where !d.floating && !d.immediate {
            #expect(
                d.fireDate == d.plannedFireDate,
                "\(d.identifier) fired at \(ISO8601Instant.string(d.fireDate)), planned \(ISO8601Instant.string(d.plannedFireDate))")
        }
        // The repeated hours were exercised: some habit reminder fired in a second pass.
        #expect(
            outcome.deliveries.contains { d in
                !d.floating && d.kind == .habitReminder
                    && WallClock.instant(on: d.localDate, at: d.localTime, in: zone(Self.zoneID(at: d.fireDate))) != d.fireDate
            })

        // The state stays bounded: the documented bounds, and no growth in the second half.
        let state = outcome.finalState
        #expect(state.monthlyCounts.count <= 13 && state.yearlyCounts.count <= 2)
        #expect(state.workoutsNotified.count <= Planner.eventMemoryDays + 1)
        #expect(state.deletedHabits.isEmpty && state.milestonesSent.count <= 15)
        #expect(state.habitCompletions.values.allSatisfy { $0.count <= 15 })
        let half = outcome.stateBytes.count / 2
        let firstHalf = outcome.stateBytes[..<half].max()!, secondHalf = outcome.stateBytes[half...].max()!
        #expect(secondHalf <= firstHalf + 2_048, "state grew from \(firstHalf) to \(secondHalf) bytes")

        // Deterministic.
        let (again, _) = try Self.simulate(seed: seed)
        #expect(again == outcome)
    }
}
