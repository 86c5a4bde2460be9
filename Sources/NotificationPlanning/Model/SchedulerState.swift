import MessageCatalog
import Foundation
import ToolkitSupport
import ToolkitJSON
import AffirmationSelector

/// What the planner remembers between runs (the `--state` file). Every key may be absent in
/// JSON; an empty object `{}` is a fresh install.
///
/// Every part is bounded (docs/scheduling.md, "What the state keeps"): `pending` by the budget;
/// `processedEvents` and `workoutsNotified` to the events of the last ``Planner/eventMemoryDays``
/// days; `dailyMarkers` to today; `achievementDays` to 400 days; `monthlyCounts` to 13 months and
/// `yearlyCounts` to 2 years; `recentlyFired` to the last ``Planner/eventMemoryDays`` days; `habitCompletions` to 14 days per habit in the preferences;
/// `deletedHabits` to the habits still in the preferences; `milestonesSent` to the 15 milestones.
///
/// Its fields are read-only outside the planner: a run returns the next state in
/// ``PlanResult/state``; store it (``jsonData()``) and hand it to the next run.
public struct SchedulerState: Sendable, Hashable, Codable {
    /// The format version of this file.
    public package(set) var version = 1
    /// The requests pending on the device after the last plan, nearest first.
    public package(set) var pending: [NotificationRequest] = []
    /// The app was asked once to request permission (it is never asked again).
    public package(set) var permissionRequested = false
    /// The variant of the latest request of each kind (`NotificationKind.rawValue` → variant).
    public package(set) var lastVariants: [String: Int] = [:]
    /// Streak and count milestones already sent (`milestone-streak-7`), once ever each.
    public package(set) var milestonesSent: [String] = []
    /// Per-day markers of once-a-day event notifications (`goal-achievement-2026-11-23`),
    /// cleaned up after local midnight.
    public package(set) var dailyMarkers: [String] = []
    /// Workouts already announced (`workout-completion-<id>` → the event's timestamp), once per
    /// workout id; kept ``Planner/eventMemoryDays`` days (an older workout event can never notify:
    /// it is past the event horizon and the freshness window). An older file's array of ids reads
    /// as ids stamped with the event horizon.
    public package(set) var workoutsNotified: [String: Date] = [:]
    /// Local dates with at least one achievement (for streaks and "no reminder today").
    public package(set) var achievementDays: [LocalDate] = []
    /// Total achievements recorded.
    public package(set) var achievementCount = 0
    /// Achievements per month (`2026-11` → 12).
    public package(set) var monthlyCounts: [String: Int] = [:]
    /// Achievements per year (`2026` → 148).
    public package(set) var yearlyCounts: [String: Int] = [:]
    /// Periods done per habit: the local date that starts the period (the Monday for weekly habits).
    public package(set) var habitCompletions: [String: [LocalDate]] = [:]
    /// Habits deleted by an event: never reminded again.
    public package(set) var deletedHabits: [String] = []
    /// The app is in the foreground (from app foreground/background events).
    public package(set) var appInForeground = false
    /// The zone the device reported last (`timeZoneChanged`), overriding the config's zone until
    /// the config's zone itself changes.
    public package(set) var deviceTimeZone: String?
    /// The config's zone as last seen.
    public package(set) var configTimeZone: String?
    /// The zone of the last plan.
    public package(set) var plannedTimeZone: String?
    /// The achievement reminder's cycle: frequency and the day it was chosen.
    public package(set) var reminderAnchor: ReminderAnchor?
    /// The interval the user set last.
    public package(set) var intervalSeconds: Int?
    /// Fingerprints of the events already processed, with their timestamps (kept 8 days).
    public package(set) var processedEvents: [String: Date] = [:]
    /// Events at or before this instant count as processed.
    public package(set) var eventHorizon: Date?
    /// The latest local date whose daily affirmation has fired: no date up to it is planned again,
    /// even when a westward flight lives it a second time.
    public package(set) var affirmationsDeliveredThrough: LocalDate?
    /// Dated requests (affirmations, reminders, habit reminders, summaries) that have fired,
    /// identifier → fire date, kept ``Planner/eventMemoryDays`` days: one that fired is not
    /// planned again when a zone change makes its date or wall time come round a second time.
    public package(set) var recentlyFired: [String: Date] = [:]

    /// A fresh state.
    public init() {}

    /// The achievement reminder's cycle.
    public struct ReminderAnchor: Sendable, Hashable, Codable {
        /// The frequency the anchor was set for.
        public var frequency: ReminderFrequency
        /// The day the user chose it.
        public var date: LocalDate

        /// An anchor.
        public init(frequency: ReminderFrequency, date: LocalDate) {
            self.frequency = frequency
            self.date = date
        }
    }

    private enum Keys: String, CodingKey {
        case version, pending, permissionRequested, lastVariants, milestonesSent, dailyMarkers, workoutsNotified
        case achievementDays, achievementCount, monthlyCounts, yearlyCounts, habitCompletions, deletedHabits
        case appInForeground, deviceTimeZone, configTimeZone, plannedTimeZone, reminderAnchor, intervalSeconds
        case processedEvents, eventHorizon, affirmationsDeliveredThrough, recentlyFired
    }

    /// Reads a state file's object; every key may be absent (`{}` is a fresh install). Instants
    /// are ISO 8601 strings; `workoutsNotified` may also be the older list of ids.
    /// - Throws: `DecodingError` when a value has the wrong type or an instant is malformed.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        func instant(_ text: String, _ key: Keys) throws -> Date {
            guard let date = ISO8601Instant.date(text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "'\(text)' is not an ISO 8601 instant.")
            }
            return date
        }
        version = try c.decodeIfPresent(Int.self, forKey: .version) ?? 1
        pending = try c.decodeIfPresent([NotificationRequest].self, forKey: .pending) ?? []
        permissionRequested = try c.decodeIfPresent(Bool.self, forKey: .permissionRequested) ?? false
        lastVariants = try c.decodeIfPresent([String: Int].self, forKey: .lastVariants) ?? [:]
        if let bad = lastVariants.first(where: { !InputLimits.variant.contains($0.value) }) {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: c.codingPath + [Keys.lastVariants, JSONCodingKey(stringValue: bad.key)],
                    debugDescription: "\(bad.value) is out of range \(InputLimits.variant.lowerBound)…\(InputLimits.variant.upperBound)"))
        }
        milestonesSent = try c.decodeIfPresent([String].self, forKey: .milestonesSent) ?? []
        dailyMarkers = try c.decodeIfPresent([String].self, forKey: .dailyMarkers) ?? []
        achievementDays = try c.decodeIfPresent([LocalDate].self, forKey: .achievementDays) ?? []
        achievementCount = try c.decodeIfPresent(Int.self, forKey: .achievementCount, in: InputLimits.achievementCount) ?? 0
        monthlyCounts = try c.decodeIfPresent([String: Int].self, forKey: .monthlyCounts) ?? [:]
        yearlyCounts = try c.decodeIfPresent([String: Int].self, forKey: .yearlyCounts) ?? [:]
        for (key, counts) in [(Keys.monthlyCounts, monthlyCounts), (Keys.yearlyCounts, yearlyCounts)] {
            if let bad = counts.first(where: { !InputLimits.achievementCount.contains($0.value) }) {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: c.codingPath + [key, JSONCodingKey(stringValue: bad.key)],
                        debugDescription: "\(bad.value) is out of range \(InputLimits.achievementCount.lowerBound)…\(InputLimits.achievementCount.upperBound)"))
            }
        }
        habitCompletions = try c.decodeIfPresent([String: [LocalDate]].self, forKey: .habitCompletions) ?? [:]
        deletedHabits = try c.decodeIfPresent([String].self, forKey: .deletedHabits) ?? []
        appInForeground = try c.decodeIfPresent(Bool.self, forKey: .appInForeground) ?? false
        deviceTimeZone = try c.decodeIfPresent(String.self, forKey: .deviceTimeZone)
        configTimeZone = try c.decodeIfPresent(String.self, forKey: .configTimeZone)
        plannedTimeZone = try c.decodeIfPresent(String.self, forKey: .plannedTimeZone)
        reminderAnchor = try c.decodeIfPresent(ReminderAnchor.self, forKey: .reminderAnchor)
        intervalSeconds = try c.decodeIfPresent(Int.self, forKey: .intervalSeconds, in: IntervalSettings.range)
        for (key, text) in try c.decodeIfPresent([String: String].self, forKey: .processedEvents) ?? [:] {
            processedEvents[key] = try instant(text, .processedEvents)
        }
        if let text = try c.decodeIfPresent(String.self, forKey: .eventHorizon) { eventHorizon = try instant(text, .eventHorizon) }
        if let stamped = try? c.decodeIfPresent([String: String].self, forKey: .workoutsNotified) {
            for (key, text) in stamped { workoutsNotified[key] = try instant(text, .workoutsNotified) }
        } else if let ids = try c.decodeIfPresent([String].self, forKey: .workoutsNotified) {
            let stamp = eventHorizon ?? Date(timeIntervalSince1970: 0)
            for id in ids { workoutsNotified[id] = stamp }
        }
        affirmationsDeliveredThrough = try c.decodeIfPresent(LocalDate.self, forKey: .affirmationsDeliveredThrough)
        for (key, text) in try c.decodeIfPresent([String: String].self, forKey: .recentlyFired) ?? [:] {
            recentlyFired[key] = try instant(text, .recentlyFired)
        }
    }

    /// Writes every key that ``init(from:)`` reads (optional ones only when set), instants as
    /// ISO 8601 in UTC. Use ``jsonData()`` for byte-stable output.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(version, forKey: .version)
        try c.encode(pending, forKey: .pending)
        try c.encode(permissionRequested, forKey: .permissionRequested)
        try c.encode(lastVariants, forKey: .lastVariants)
        try c.encode(milestonesSent, forKey: .milestonesSent)
        try c.encode(dailyMarkers, forKey: .dailyMarkers)
        try c.encode(workoutsNotified.mapValues { ISO8601Instant.string($0) }, forKey: .workoutsNotified)
        try c.encode(achievementDays, forKey: .achievementDays)
        try c.encode(achievementCount, forKey: .achievementCount)
        try c.encode(monthlyCounts, forKey: .monthlyCounts)
        try c.encode(yearlyCounts, forKey: .yearlyCounts)
        try c.encode(habitCompletions, forKey: .habitCompletions)
        try c.encode(deletedHabits, forKey: .deletedHabits)
        try c.encode(appInForeground, forKey: .appInForeground)
        try c.encodeIfPresent(deviceTimeZone, forKey: .deviceTimeZone)
        try c.encodeIfPresent(configTimeZone, forKey: .configTimeZone)
        try c.encodeIfPresent(plannedTimeZone, forKey: .plannedTimeZone)
        try c.encodeIfPresent(reminderAnchor, forKey: .reminderAnchor)
        try c.encodeIfPresent(intervalSeconds, forKey: .intervalSeconds)
        try c.encode(processedEvents.mapValues { ISO8601Instant.string($0) }, forKey: .processedEvents)
        try c.encodeIfPresent(eventHorizon.map { ISO8601Instant.string($0) }, forKey: .eventHorizon)
        try c.encodeIfPresent(affirmationsDeliveredThrough, forKey: .affirmationsDeliveredThrough)
        try c.encode(recentlyFired.mapValues { ISO8601Instant.string($0) }, forKey: .recentlyFired)
    }

    /// The state as JSON (sorted keys, so equal states give equal bytes).
    /// - Returns: UTF-8 JSON.
    public func jsonData() throws -> Data {
        var writer = JSONStreamWriter(pretty: true)
        write(to: &writer)
        return Data(writer.bytes)
    }

    /// Reads a state file's JSON.
    /// - Parameter data: UTF-8 JSON (an empty file is a fresh state).
    /// - Returns: the state.
    /// - Throws: `Diagnostic` (`invalidState`) with the coding path.
    public static func from(json data: Data) throws(Diagnostic) -> SchedulerState {
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return SchedulerState() }
        do {
            return try InputLimits.decoder.decode(SchedulerState.self, from: [UInt8](data))
        } catch let error as JSONSyntaxError {
            throw Diagnostic(.invalidState, "invalid JSON: \(error.message)", line: error.position.line, column: error.position.column)
        } catch {
            throw Diagnostic(.invalidState, Diagnostic.describe(error), path: Diagnostic.field(of: error))
        }
    }
}
