import Foundation
import MessageCatalog
import Testing
@testable import NotificationPlanning
import AffirmationSelector

/// Thirty days, planned every hour, with the state written to JSON and read back between runs,
/// a user who flies from Madrid to Shanghai and back, and a stream of pseudo-random events.
@Suite("30-day simulation")
struct SimulationTests {
    typealias Delivery = Device.Delivery

    struct Outcome: Equatable {
        var deliveries: [Delivery]
        var finalState: SchedulerState
        var maxPending: Int
    }

    static let start = instant("2026-03-20T00:00:00Z")  // Madrid's DST change (29 March) is inside.

    static func preferences(budget: Int) -> NotificationPreferences {
        var p = NotificationPreferences.base("Europe/Madrid")
        p.budget = budget
        p.userSeed = 2026
        p.dailyAffirmation.enabled = true
        p.achievementReminder.enabled = true
        p.achievementReminder.frequency = .daily
        p.achievementReminder.time = TimeOfDay(hour: 20, minute: 30)
        p.retrieval.enabled = true
        p.retrieval.includePreview = true
        p.milestones.enabled = true
        p.interval.enabled = true
        p.steps.goalEnabled = true
        p.steps.halfwayEnabled = true
        p.steps.workoutEnabled = true
        p.steps.unlockEnabled = true
        p.steps.goal = 8_000
        p.quietHours = QuietHours(start: TimeOfDay(hour: 23), end: TimeOfDay(hour: 7))
        p.habits = [
            HabitSettings(id: "water", name: "Drink water", hoursBefore: 5),
            HabitSettings(id: "read", name: "Read", hoursBefore: 3),
            HabitSettings(id: "walk", name: "Long walk", period: .weekly, hoursBefore: 10)
        ]
        return p
    }

    /// The events of one hour, from a generator seeded by the hour: the same every run.
    static func events(hour: Int, at end: Date, zoneID: String, stepsToday: inout Int, stepDay: inout LocalDate) -> [PlannerEvent] {
        var rng = SplitMix64(seed: StableKey.fnv1a64("hour|\(hour)"))
        var out: [PlannerEvent] = []
        func at(_ minutesBefore: Int) -> Date { end.addingTimeInterval(-TimeInterval(minutesBefore * 60)) }
        let local = WallClock.components(of: end, in: zone(zoneID))
        if local.date != stepDay { stepDay = local.date; stepsToday = 0 }
        if hour == 15 * 24 + 8 { out.append(PlannerEvent(.timeZoneChanged(timeZone: "Asia/Shanghai"), at: at(50))) }
        if hour == 25 * 24 + 2 { out.append(PlannerEvent(.timeZoneChanged(timeZone: "Europe/Madrid"), at: at(50))) }
        guard (8...22).contains(local.time.hour) else { return out }
        stepsToday += rng.index(below: 1_500)
        out.append(PlannerEvent(.stepsUpdated(steps: stepsToday, goal: nil), at: at(40)))
        if stepsToday >= 8_000, rng.index(below: 3) == 0 { out.append(PlannerEvent(.appsUnlocked(steps: stepsToday, goal: nil), at: at(39))) }
        switch rng.index(below: 12) {
        case 0: out.append(PlannerEvent(.achievementRecorded(id: "a\(hour)"), at: at(30)))
        case 1: out.append(PlannerEvent(.habitCompleted(habitID: ["water", "read", "walk"][rng.index(below: 3)]), at: at(25)))
        case 2:
            out.append(
                PlannerEvent(
                    .workoutCompleted(
                        id: "w\(hour)", activity: ["run", "ride", "yoga"][rng.index(below: 3)],
                        durationSeconds: 600 + rng.index(below: 3600), distanceKm: 4.5), at: at(20)))
        case 3: out.append(PlannerEvent(.intervalSet(seconds: 10 + rng.index(below: 291)), at: at(1)))
        case 4: out.append(PlannerEvent(.achievementRetrieved(id: "r\(hour)", text: "Past win \(hour)", recordedOn: start), at: at(10)))
        case 5: out.append(PlannerEvent(.appForeground, at: at(45)))
        case 6: out.append(PlannerEvent(.appBackground, at: at(44)))
        default: break
        }
        // A day with several achievements in a row of days, for streaks.
        if local.time.hour == 12, hour / 24 < 16 { out.append(PlannerEvent(.achievementRecorded(id: "noon\(hour)"), at: at(5))) }
        return out
    }

    static func simulate(budget: Int, content: any ContentRendering) throws -> Outcome {
        let prefs = preferences(budget: budget)
        var state = SchedulerState()
        var device = Device(zoneID: prefs.timeZone, since: start)
        var stepsToday = 0
        var stepDay = LocalDate(year: 1970, month: 1, day: 1)
        var maxPending = 0
        for hour in 1...(30 * 24) {
            let now = start.addingTimeInterval(TimeInterval(hour * 3600))
            let zoneID = state.deviceTimeZone ?? prefs.timeZone
            let events = Self.events(hour: hour, at: now, zoneID: zoneID, stepsToday: &stepsToday, stepDay: &stepDay)
            // The device delivers what came due since the last run, in the zone it was in.
            device.run(until: now, zoneChanges: Device.zoneChanges(in: events))
            let result = try Planner.plan(preferences: prefs, state: state, events: events, now: now, content: content)

            // Invariants of every run.
            #expect(result.pending.count <= budget, "budget exceeded at \(ISO8601Instant.string(now))")
            #expect(result.pending.allSatisfy { $0.fireDate > now }, "a fire date not after now at \(ISO8601Instant.string(now))")
            #expect(result.pending.contains { $0.kind == .dailyAffirmation }, "the affirmation window ran dry at \(ISO8601Instant.string(now))")
            #expect(Set(result.pending.map(\.identifier)).count == result.pending.count)
            // What the device holds is exactly the plan applied to what it held (the planner and
            // the device agree on what has fired), and every trigger names its fire date.
            device.apply(result)
            #expect(Set(device.held.values.map(\.request)) == Set(result.pending), "device and plan disagree at \(ISO8601Instant.string(now))")
            #expect(device.unfireable(at: now).isEmpty, "held but never to fire at \(ISO8601Instant.string(now)): \(device.unfireable(at: now))")
            for problem in device.triggerMismatches(result) { Issue.record("\(problem)") }

            // Planning again with the same input changes nothing.
            let stored = try roundTrip(result.state)
            let again = try Planner.plan(preferences: prefs, state: stored, events: events, now: now, content: content)
            #expect(again.isEmpty, "re-planning changed something at \(ISO8601Instant.string(now)): +\(again.added.map(\.identifier)) -\(again.removed)")

            maxPending = max(maxPending, result.pending.count)
            state = stored
        }
        return Outcome(deliveries: device.deliveries, finalState: state, maxPending: maxPending)
    }

    static func check(_ outcome: Outcome) {
        // Never twice on one local day for once-per-day kinds; never the same identifier twice
        // (but the interval timer, re-armed under its one identifier).
        var seen: Set<String> = []
        for d in outcome.deliveries {
            if d.kind != .intervalReminder { #expect(seen.insert(d.identifier).inserted, "\(d.identifier) delivered twice") }
            if d.kind.oncePerDay {
                #expect(seen.insert("\(d.kind.rawValue)@\(d.localDate)").inserted, "\(d.kind.rawValue) twice on \(d.localDate)")
            }
        }
        // An affirmation every day of the month (the window never ran dry).
        let affirmationDays = Set(outcome.deliveries.filter { $0.kind == .dailyAffirmation }.map(\.localDate))
        #expect(affirmationDays.count >= 29)
        // Every kind of the simulation showed up.
        let kinds = Set(outcome.deliveries.map(\.kind))
        for kind: NotificationKind in [
            .dailyAffirmation, .achievementReminder, .habitReminder, .stepGoal, .stepHalfway, .workoutCompletion,
            .intervalReminder, .retrieval, .milestoneStreak, .milestoneMonthly, .appsUnlocked
        ] {
            #expect(kinds.contains(kind), "no \(kind.rawValue) delivered")
        }
        // Nothing delivered inside the quiet hours except the interval timer (delivered by policy).
        let quiet = preferences(budget: 60).quietHours!
        for d in outcome.deliveries where d.kind != .intervalReminder {
            #expect(!quiet.contains(d.localTime), "\(d.identifier) delivered at \(d.localTime), inside the quiet hours")
        }
    }

    @Test("Hour by hour for 30 days with the state file in between", arguments: [60, 24])
    func thirtyDays(_ budget: Int) throws {
        let first = try Self.simulate(budget: budget, content: FakeContent())
        Self.check(first)
        let second = try Self.simulate(budget: budget, content: FakeContent())
        #expect(first == second)
    }
}

/// The device as iOS behaves: it holds what the app added, fires a calendar trigger with a zone
/// at that zone's first pass of the wall time, a calendar trigger without a zone when the wall
/// clock of the zone the device is in at that moment reaches it, an interval trigger that many
/// seconds after it was added, an immediate one when added. A non-repeating calendar trigger fires
/// at the next date that matches it: a wall time that a zone change eastwards moved behind the
/// clock never fires (the request stays held, dead, until the app removes it).
struct Device {
    struct Delivery: Equatable {
        var identifier: String
        var kind: NotificationKind
        /// The local date and time on the device when it fired.
        var localDate: LocalDate
        var localTime: TimeOfDay
        /// When it fired.
        var fireDate: Date
        /// The fire date the planner gave it.
        var plannedFireDate: Date
        var floating: Bool
        var immediate: Bool
    }

    struct Held: Equatable {
        var request: NotificationRequest
        var addedAt: Date
    }

    var zoneID: String
    var since: Date
    var held: [String: Held] = [:]
    var deliveries: [Delivery] = []

    init(zoneID: String, since: Date) {
        self.zoneID = zoneID
        self.since = since
    }

    /// The zone changes among `events`, in time order.
    static func zoneChanges(in events: [PlannerEvent]) -> [(at: Date, zoneID: String)] {
        events.compactMap { event -> (at: Date, zoneID: String)? in
            if case let .timeZoneChanged(id) = event.payload { return (event.timestamp, id) }
            return nil
        }.sorted { $0.at < $1.at }
    }

    /// Runs the clock from the last run to `end`, changing zone at the given instants, and
    /// delivers what comes due.
    mutating func run(until end: Date, zoneChanges: [(at: Date, zoneID: String)]) {
        var segments: [(zoneID: String, start: Date, end: Date)] = []
        var start = since
        for change in zoneChanges where change.at > since && change.at <= end {
            segments.append((zoneID, start, change.at))
            zoneID = change.zoneID
            start = change.at
        }
        segments.append((zoneID, start, end))
        for (identifier, item) in held.sorted(by: { $0.key < $1.key }) {
            var fired: (at: Date, zoneID: String)?
            switch item.request.trigger {
            case .immediate:
                fired = (item.addedAt, segments[0].zoneID)
            case let .interval(seconds):
                let at = item.addedAt.addingTimeInterval(TimeInterval(seconds))
                if at <= end { fired = (at, segments.last { $0.start <= at }?.zoneID ?? zoneID) }
            case let .calendar(date, time, second, triggerZone):
                for segment in segments {
                    let at = WallClock.instant(on: date, at: time, second: second, in: zone(triggerZone ?? segment.zoneID))
                    if at <= segment.end, at >= max(segment.start, item.addedAt) { fired = (at, segment.zoneID); break }
                }
            }
            guard let fired else { continue }
            let local = WallClock.components(of: fired.at, in: zone(fired.zoneID))
            var immediate = false
            if case .immediate = item.request.trigger { immediate = true }
            deliveries.append(
                Delivery(
                    identifier: identifier, kind: item.request.kind, localDate: local.date, localTime: local.time,
                    fireDate: fired.at, plannedFireDate: item.request.fireDate, floating: item.request.floating,
                    immediate: immediate))
            held[identifier] = nil
        }
        deliveries.sort { ($0.fireDate, $0.identifier) < ($1.fireDate, $1.identifier) }
        since = end
    }

    /// The held requests that can never fire: a calendar trigger whose date, read in its zone or
    /// the device's, is not after `now`.
    func unfireable(at now: Date) -> [String] {
        held.values.compactMap { item -> String? in
            guard case let .calendar(date, time, second, triggerZone) = item.request.trigger else { return nil }
            let at = WallClock.instant(on: date, at: time, second: second, in: zone(triggerZone ?? zoneID))
            return at <= now ? item.request.identifier : nil
        }.sorted()
    }

    /// Applies a plan made at `result.now`: removals first, then additions.
    mutating func apply(_ result: PlanResult) {
        for id in result.removed { held[id] = nil }
        for request in result.added { held[request.identifier] = Held(request: request, addedAt: result.now) }
    }

    /// The added requests whose trigger, as this device reads it now, fires at another instant
    /// than their fire date (immediate ones fire when added; their fire date is one second later).
    func triggerMismatches(_ result: PlanResult) -> [String] {
        result.added.compactMap { request in
            let fires: Date?
            switch request.trigger {
            case .immediate: fires = nil
            case let .interval(seconds): fires = result.now.addingTimeInterval(TimeInterval(seconds))
            case .calendar: fires = triggerInstant(request, deviceZone: zoneID)
            }
            guard let fires, fires != request.fireDate else { return nil }
            return
                "\(request.identifier): trigger \(request.trigger) fires at \(ISO8601Instant.string(fires)), fire date \(ISO8601Instant.string(request.fireDate))"
        }
    }
}
