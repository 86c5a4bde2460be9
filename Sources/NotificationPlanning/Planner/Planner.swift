import Foundation
import MessageCatalog
import AffirmationSelector

/// The scheduler's core: a pure function from (preferences, state, events, now) to a plan and
/// the next state.
///
/// Nothing here reads the clock, the device's zone or locale, or a global random generator:
/// `now`, the zone (in the preferences or a `timeZoneChanged` event), the locale, the tone and
/// the user's seed are inputs, and every text comes from `content`. The same inputs give the same
/// result; planning again with the returned state and the same events and `now` changes nothing.
///
/// ```swift
/// // snippet-setup: let (prefs, state, now) = (NotificationPreferences(timeZone: "Europe/Madrid"), SchedulerState(), Date())
/// // snippet-setup: let events: [PlannerEvent] = []
/// let result = try Planner.plan(preferences: prefs, state: state, events: events,
///                               now: now, content: try ContentGenerator.bundled())
/// // apply result.removed, then result.added; keep result.state for the next run
/// print(result.added.count, result.removed.count)
/// ```
///
/// A run goes through stages, one file each, and ``plan(preferences:state:events:now:content:configuration:)``
/// reads them in order: each takes what the earlier ones returned, as values, and returns its own.
/// Events and history (`PlannerEvents.swift`: the events applied to the state, what has fired,
/// the clean-up) give an `EventOutcome`; the permission decides whether there is anything to plan;
/// the drafts per kind (`PlannerDrafts.swift`: they read the state and return what they decide
/// about it, the reminder anchor) give `Drafts`; quiet hours and budget
/// (`PolicyStage.swift`) give the candidates that remain; the texts and triggers
/// (`PlannerRender.swift`: each request's texts rendered once) give the requests, and the
/// difference with the device the result. The state changes are applied in one place, at the end.
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
    ///   - content: renders every text (`ContentGenerator` in the app, a double in tests).
    ///   - configuration: the planner's tunables (horizons, freshness); the defaults unless a test
    ///     or an app needs others.
    /// - Returns: the plan and the next state.
    /// - Throws: `Diagnostic` for invalid preferences, `now` or an event outside ``InputLimits/instants``, an invalid event (an interval outside
    ///   10…300 s, an unknown zone) or a text the catalog cannot render.
    public static func plan(
        preferences: NotificationPreferences, state: SchedulerState, events: [PlannerEvent], now: Date,
        content: any ContentRendering,
        configuration: PlannerConfiguration = PlannerConfiguration()
    ) throws(Diagnostic) -> PlanResult {
        try preferences.validate()
        guard InputLimits.instants.contains(now) else {
            throw Diagnostic(
                .invalidPreferences,
                "now (\(now.timeIntervalSince1970) s since 1970) is outside the supported instants, 1970-01-01T00:00:00Z to 2999-12-31T23:59:59Z.", path: "now")
        }
        guard events.count <= InputLimits.eventsPerRun else {
            throw Diagnostic(
                .invalidEvent,
                "\(events.count) events in one run, over the limit of \(InputLimits.eventsPerRun): plan more often, or pass only the events since the last run.",
                path: "events", eventIndex: InputLimits.eventsPerRun)
        }
        if let index = events.firstIndex(where: { !InputLimits.instants.contains($0.timestamp) }) {
            throw Diagnostic(
                .invalidEvent, "the event's timestamp is outside the supported instants, 1970-01-01T00:00:00Z to 2999-12-31T23:59:59Z.",
                path: "events[\(index)].timestamp", eventIndex: index)
        }
        let now = Date(timeIntervalSince1970: floor(now.timeIntervalSince1970))
        let configuration = preferences.horizons.applied(to: configuration)
        let naming = RequestNaming(preferences: preferences, configuration: configuration)
        guard naming.isActive || state.pending.contains(where: { $0.plannerIdentifier != nil }) else {
            return try stages(preferences: preferences, state: state, events: events, now: now, content: content, configuration: configuration)
        }
        // The app's identifiers: the stages see the planner's own, the device and the saved state
        // the app's.
        let (own, deviceIDs) = RequestNaming.plannerView(of: state)
        let result = try stages(preferences: preferences, state: own, events: events, now: now, content: content, configuration: configuration)
        return try naming.deviceView(of: result, deviceIDs: deviceIDs, zone: TimeZone(identifier: result.timeZone) ?? TimeZone(secondsFromGMT: 0)!)
    }

    /// The stages of a run, on the planner's own identifiers.
    private static func stages(
        preferences: NotificationPreferences, state: SchedulerState, events: [PlannerEvent], now: Date,
        content: any ContentRendering, configuration: PlannerConfiguration
    ) throws(Diagnostic) -> PlanResult {
        // The stages, in order; each takes the values the earlier ones returned.
        let history = try EventStage.run(events, preferences: preferences, state: state, now: now, configuration: configuration)
        let context = PlanContext(
            preferences: preferences, now: now, content: content, configuration: configuration,
            zoneID: history.zoneID, zone: history.zone)
        let permission = PermissionStage.decide(preferences, permissionRequested: history.state.permissionRequested)
        let drafts = permission.authorized ? try DraftStage.run(after: history, context: context) : Drafts()
        let quiet = PolicyStage.applyQuietHours(drafts.candidates, quietHours: preferences.quietHours, zone: context.zone)
        let kept = PolicyStage.applyBudget(quiet.candidates, budget: preferences.budget, zone: context.zone, sharing: preferences.budgetSharing)
        // What the device holds: the live requests, and those it will never fire (removed or replaced).
        let held = history.livePending + history.unfireable
        let rendered = try RenderStage.run(
            kept.candidates, pending: held, habitSlots: drafts.habitSlots,
            lastVariants: history.state.lastVariants, context: context)

        // What the stages decided about the state, applied in one place.
        var next = history.state
        if permission.authorizationRequest != nil { next.permissionRequested = true }
        if let anchor = drafts.reminderAnchor { next.reminderAnchor = anchor }
        next.lastVariants = rendered.lastVariants
        next.pending = rendered.requests
        next.plannedTimeZone = context.zoneID
        next.milestonesSent.sort()
        let notes = history.notes + permission.notes + drafts.notes + quiet.notes + kept.notes
        return RenderStage.reconcile(
            rendered.requests, pending: held, state: next, notes: notes,
            authorizationRequest: permission.authorizationRequest, context: context)
    }
}

/// The planner's tunables, in one place, and the app's own content.
public struct PlannerConfiguration: Sendable {
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
    /// The app's own text or arguments per request; nil (the default): the catalogs' texts.
    public var contentSource: (any NotificationContentSource)?
    /// The app's own request identifiers; nil (the default): the planner's. A kind with a
    /// ``KindOptions/identifierTemplate`` uses its template instead.
    public var identifierScheme: (any NotificationIdentifierScheme)?

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
    /// Text the app chose ahead (a planned event notification): used instead of the catalog's.
    var content: AppContent?
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
        switch self {
        case .carried(let r): r.identifier;
        case .draft(let d): d.identifier
        }
    }
    var kind: NotificationKind {
        switch self {
        case .carried(let r): r.kind;
        case .draft(let d): d.kind
        }
    }
    var fireDate: Date {
        switch self {
        case .carried(let r): r.fireDate;
        case .draft(let d): d.fireDate
        }
    }
    /// The budget's group under fair sharing: the kind, and each habit apart.
    var budgetGroup: String {
        switch self {
        case .carried(let r): r.kind.rawValue + "|" + (r.kind == .habitReminder ? r.userInfo["habitId"] ?? "" : "")
        case .draft(let d): d.kind.rawValue + "|" + (d.kind == .habitReminder ? d.info["habitId"] ?? "" : "")
        }
    }
}

/// What the stages after the events read: the run's inputs and the device's zone.
struct PlanContext {
    let preferences: NotificationPreferences
    let now: Date
    let content: any ContentRendering
    let configuration: PlannerConfiguration
    /// The device's zone once the events are applied.
    let zoneID: String
    let zone: TimeZone
    /// The local date of `now` in `zone`, read once (the drafts ask for it in every loop).
    let today: LocalDate

    init(
        preferences: NotificationPreferences, now: Date, content: any ContentRendering, configuration: PlannerConfiguration,
        zoneID: String, zone: TimeZone
    ) {
        self.preferences = preferences
        self.now = now
        self.content = content
        self.configuration = configuration
        self.zoneID = zoneID
        self.zone = zone
        self.today = LocalDate(now, in: zone)
    }

    func kindEnabled(_ kind: NotificationKind) -> Bool { Self.kindEnabled(kind, preferences) }

    /// Whether the preferences turn `kind` on.
    static func kindEnabled(_ kind: NotificationKind, _ p: NotificationPreferences) -> Bool {
        switch kind {
        case .intervalReminder: return p.interval.enabled
        case .workoutCompletion: return p.steps.workoutEnabled
        case .stepGoal: return p.steps.goalEnabled
        case .appsUnlocked: return p.steps.unlockEnabled
        case .stepHalfway: return p.steps.halfwayEnabled
        case .retrieval: return p.retrieval.enabled
        case .milestoneStreak: return p.milestones.enabled && p.milestones.streaks
        case .milestoneCount: return p.milestones.enabled && p.milestones.counts
        case .milestoneMonthly: return p.milestones.enabled && p.milestones.monthlySummary
        case .milestoneYearly: return p.milestones.enabled && p.milestones.yearlySummary
        case .habitReminder: return true
        case .dailyAffirmation: return p.dailyAffirmation.enabled
        case .achievementReminder: return p.achievementReminder.enabled
        }
    }

    /// Where a request planned for `fire` will really fire once the quiet hours have moved it
    /// (spacing aside): the "after now" checks use this, so a request deferred past `now` is kept.
    func quietAdjusted(_ fire: Date, _ kind: NotificationKind) -> Date {
        guard let quiet = preferences.quietHours, quiet.policy(for: kind) == .defer,
            quiet.contains(WallClock.components(of: fire, in: zone).time)
        else { return fire }
        return WallClock.next(quiet.end, after: fire, in: zone)
    }

    /// The local date in an identifier that ends with `-YYYY-MM-DD`.
    static func dateSuffix(of identifier: String) -> LocalDate? {
        guard identifier.utf8.count >= 10 else { return nil }
        return LocalDate(string: String(identifier.suffix(10)))
    }

    /// A `.content` diagnostic for a message the catalog could not render: the message key in
    /// its location, the catalog's own diagnostic (an unknown key, a missing argument) as its cause.
    func renderError(_ key: String, _ error: any Error) -> Diagnostic {
        let cause = error as? Diagnostic ?? Diagnostic(.icu, "\(error)")
        return Diagnostic(
            .content, "The message '\(key)' cannot be rendered in \(preferences.locale) (\(preferences.tone.rawValue)): \(cause.message)",
            at: .init(keyPath: key), cause: cause)
    }
}

/// What the notification permission allows: plan (authorized), ask now, or nothing, and why.
struct PermissionDecision {
    var authorized = false
    /// Set when the app should ask now (the state then remembers it asked).
    var authorizationRequest: AuthorizationRequest?
    var notes: [PlanNote] = []
}

/// The stage between the events and the drafts: whether there is anything to plan.
enum PermissionStage {
    static func decide(_ preferences: NotificationPreferences, permissionRequested: Bool) -> PermissionDecision {
        var decision = PermissionDecision()
        guard preferences.notificationsEnabled else {
            decision.notes.append(PlanNote(.notificationsOff))
            return decision
        }
        switch preferences.authorization {
        case .authorized:
            decision.authorized = true
        case .notDetermined:
            if preferences.permissionPrompt == .app {
                decision.notes.append(PlanNote(.permissionAppAsks))
            } else if permissionRequested {
                decision.notes.append(PlanNote(.permissionPending))
            } else {
                decision.authorizationRequest = AuthorizationRequest()
                decision.notes.append(PlanNote(.permissionAskNow))
            }
        case .denied:
            decision.notes.append(PlanNote(.permissionDenied))
        case .provisional, .ephemeral:
            let status = preferences.authorization
            if preferences.scheduleWhenProvisional {
                decision.authorized = true
                decision.notes.append(PlanNote(.permissionQuietDelivery, ["status": status.rawValue]))
            } else {
                decision.notes.append(PlanNote(status == .provisional ? .permissionProvisional : .permissionEphemeral))
            }
        }
        return decision
    }
}
