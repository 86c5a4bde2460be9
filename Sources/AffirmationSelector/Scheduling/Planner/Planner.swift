import Foundation
import MessageCatalog

/// The scheduler's core: a pure function from (preferences, state, events, now) to a plan and
/// the next state.
///
/// Nothing here reads the clock, the device's zone or locale, or a global random generator:
/// `now`, the zone (in the preferences or a `timeZoneChanged` event), the locale, the tone and
/// the user's seed are inputs, and every text comes from `content`. The same inputs give the same
/// result; planning again with the returned state and the same events and `now` changes nothing.
///
/// ```swift
/// let result = try Planner.plan(preferences: prefs, state: state, events: events,
///                               now: now, content: try ContentGenerator.bundled())
/// // apply result.removed, then result.added; keep result.state for the next run
/// ```
///
/// A run goes through stages, one file each: events and history (`PlannerEvents.swift`, which
/// also keeps the reminder anchor and judges what has fired), drafts per kind
/// (`PlannerDrafts.swift`; they read the state, never write it), quiet hours and budget
/// (`PlannerQuietHoursAndBudget.swift`: pure functions from candidates to candidates and notes),
/// texts, triggers and the difference with the device (`PlannerRender.swift`).
public enum Planner {
    /// ``PlannerConfiguration/eventFreshness`` of the default configuration.
    public static let eventFreshness = PlannerConfiguration().eventFreshness
    /// ``PlannerConfiguration/eventMemoryDays`` of the default configuration.
    public static let eventMemoryDays = PlannerConfiguration().eventMemoryDays
    /// ``PlannerConfiguration/reminderHorizonDays`` of the default configuration.
    public static let reminderHorizonDays = PlannerConfiguration().reminderHorizonDays
    /// ``PlannerConfiguration/dailyHabitHorizon`` of the default configuration.
    public static let dailyHabitHorizon = PlannerConfiguration().dailyHabitHorizon
    /// ``PlannerConfiguration/weeklyHabitHorizon`` of the default configuration.
    public static let weeklyHabitHorizon = PlannerConfiguration().weeklyHabitHorizon

    /// Plans the pending notifications.
    /// - Parameters:
    ///   - preferences: the user's choices (validated first).
    ///   - state: what the previous run returned (`SchedulerState()` on a fresh install).
    ///   - events: what happened since; events already processed (same content) are skipped, events
    ///     after `now` wait for a later run.
    ///   - now: the planning instant (fractions of a second are dropped).
    ///   - content: renders every text (``ContentGenerator`` in the app, a double in tests).
    ///   - configuration: the planner's tunables (horizons, freshness); the defaults unless a test
    ///     or an app needs others.
    /// - Returns: the plan and the next state.
    /// - Throws: ``SchedulerError`` for invalid preferences, an invalid event (an interval outside
    ///   10…300 s, an unknown zone) or a text the catalog cannot render.
    public static func plan(preferences: Preferences, state: SchedulerState, events: [Event], now: Date,
                            content: any ContentRendering,
                            configuration: PlannerConfiguration = PlannerConfiguration()) throws(SchedulerError) -> PlanResult {
        try preferences.validate()
        var run = PlanningRun(preferences: preferences, state: state,
                              now: Date(timeIntervalSince1970: floor(now.timeIntervalSince1970)), content: content,
                              configuration: configuration)
        return try run.plan(events: events)
    }
}

/// The planner's tunables, in one place.
public struct PlannerConfiguration: Sendable, Hashable {
    /// Event notifications (steps, workouts, retrievals) older than this when planned are not
    /// sent: "goal reached" an afternoon late is noise. Milestones are celebrated however late,
    /// and the interval timer fires if its time is still ahead. Default 3600 s.
    public var eventFreshness: TimeInterval = 3600
    /// How many days the state keeps processed-event fingerprints, announced workouts and fired
    /// dated requests. Default 8.
    public var eventMemoryDays = 8
    /// Days of achievement reminders planned ahead (beyond them, the next occurrence when they
    /// hold none). Default 7.
    public var reminderHorizonDays = 7
    /// Days of daily habit reminders planned ahead. Default 7.
    public var dailyHabitHorizon = 7
    /// Weeks of weekly habit reminders planned ahead. Default 2.
    public var weeklyHabitHorizon = 2

    /// The defaults.
    public init() {}
}

/// A request before its text is rendered.
struct Draft {
    var identifier: String
    var kind: NotificationKind
    var fireDate: Date
    var key: String
    var arguments: [String: MessageValue]
    var info: [String: String]
    var thread: String
    var immediate = false
    var intervalSeconds: Int?
    /// Habit reminders: when the period ends (a deferred reminder must still come before it).
    var periodEnd: Date?
    var deferred = false
    /// Daily affirmations: the date whose affirmation the body shows, chosen and rendered with
    /// the notification.
    var affirmation: AffirmationSlot?
}

/// The affirmation a daily draft shows: the pool entry of `date` among `poolSize`.
struct AffirmationSlot {
    var date: LocalDate
    var poolSize: Int
}

/// Either a request carried over from the pending set as it is, or a draft to render.
enum Candidate {
    case carried(NotificationRequest)
    case draft(Draft)

    var identifier: String {
        switch self { case .carried(let r): r.identifier; case .draft(let d): d.identifier }
    }
    var kind: NotificationKind {
        switch self { case .carried(let r): r.kind; case .draft(let d): d.kind }
    }
    var fireDate: Date {
        switch self { case .carried(let r): r.fireDate; case .draft(let d): d.fireDate }
    }
}

struct PlanningRun {
    let preferences: Preferences
    var state: SchedulerState
    let now: Date
    let content: any ContentRendering
    let configuration: PlannerConfiguration
    var notes: [PlanNote] = []
    var zoneID: String
    var zone: TimeZone
    /// Event notifications created in this run, by identifier.
    var fresh: [String: Draft] = [:]
    var freshOrder: [String] = []
    var intervalCancelled = false
    var canNotify: Bool
    /// Every open habit period's reminder time, past ones included (for the badge).
    var habitSlots: [(identifier: String, fire: Date, end: Date)] = []
    /// The zone changes processed in this run, in order: when the device's zone changed, and to what.
    var zoneChanges: [(at: Date, zoneID: String)] = []
    /// The requests of the last plan that have not fired yet (see ``settleFired()``).
    var livePending: [NotificationRequest] = []

    init(preferences: Preferences, state: SchedulerState, now: Date, content: any ContentRendering, configuration: PlannerConfiguration) {
        self.configuration = configuration
        self.preferences = preferences
        self.state = state
        self.now = now
        self.content = content
        if state.configTimeZone != preferences.timeZone {
            self.state.deviceTimeZone = nil
            self.state.configTimeZone = preferences.timeZone
        }
        if let device = self.state.deviceTimeZone, TimeZone(identifier: device) == nil {
            self.state.deviceTimeZone = nil
        }
        zoneID = self.state.deviceTimeZone ?? preferences.timeZone
        zone = TimeZone(identifier: zoneID) ?? TimeZone(identifier: preferences.timeZone)!
        canNotify = preferences.notificationsEnabled && preferences.authorization == .authorized
    }

    var today: LocalDate { LocalDate(now, in: zone) }

    // MARK: - The run

    mutating func plan(events: [Event]) throws(SchedulerError) -> PlanResult {
        let previousZone = state.plannedTimeZone
        try process(events)
        settleFired()
        if let previousZone, previousZone != zoneID {
            notes.append(PlanNote(.timeZoneChanged, ["from": previousZone, "to": zoneID]))
        }
        cleanUp()

        var authorizationRequest: AuthorizationRequest?
        var candidates: [Candidate] = []
        if !preferences.notificationsEnabled {
            notes.append(PlanNote(.notificationsOff))
        } else {
            switch preferences.authorization {
            case .authorized:
                candidates = try buildCandidates()
            case .notDetermined:
                if state.permissionRequested {
                    notes.append(PlanNote(.permissionPending))
                } else {
                    state.permissionRequested = true
                    authorizationRequest = AuthorizationRequest()
                    notes.append(PlanNote(.permissionAskNow))
                }
            case .denied:
                notes.append(PlanNote(.permissionDenied))
            case .provisional:
                notes.append(PlanNote(.permissionProvisional))
            case .ephemeral:
                notes.append(PlanNote(.permissionEphemeral))
            }
        }

        let quiet = PolicyStage.applyQuietHours(candidates, quietHours: preferences.quietHours, zone: zone)
        let kept = PolicyStage.applyBudget(quiet.candidates, budget: preferences.budget, zone: zone)
        notes += quiet.notes + kept.notes
        let final = try render(kept.candidates)
        return reconcile(final, authorizationRequest: authorizationRequest)
    }
}
