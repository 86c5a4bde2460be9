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
public enum Planner {
    /// Event notifications (steps, workouts, retrievals) older than this when planned are not
    /// sent: "goal reached" an afternoon late is noise. Milestones are celebrated however late,
    /// and the interval timer fires if its time is still ahead.
    public static let eventFreshness: TimeInterval = 3600
    /// How many days of processed-event fingerprints the state keeps.
    public static let eventMemoryDays = 8
    /// Days of achievement reminders planned ahead.
    public static let reminderHorizonDays = 7
    /// Days of daily habit reminders planned ahead.
    public static let dailyHabitHorizon = 7
    /// Weeks of weekly habit reminders planned ahead.
    public static let weeklyHabitHorizon = 2

    /// Plans the pending notifications.
    /// - Parameters:
    ///   - preferences: the user's choices (validated first).
    ///   - state: what the previous run returned (`SchedulerState()` on a fresh install).
    ///   - events: what happened since; events already processed (same content) are skipped, events
    ///     after `now` wait for a later run.
    ///   - now: the planning instant (fractions of a second are dropped).
    ///   - content: renders every text (``ContentGenerator`` in the app, a double in tests).
    /// - Returns: the plan and the next state.
    /// - Throws: ``SchedulerError`` for invalid preferences, an invalid event (an interval outside
    ///   10…300 s, an unknown zone) or a text the catalog cannot render.
    public static func plan(preferences: Preferences, state: SchedulerState, events: [Event], now: Date,
                            content: any ContentRendering) throws(SchedulerError) -> PlanResult {
        try preferences.validate()
        var run = PlanningRun(preferences: preferences, state: state,
                              now: Date(timeIntervalSince1970: floor(now.timeIntervalSince1970)), content: content)
        return try run.plan(events: events)
    }
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
    var notes: [String] = []
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

    init(preferences: Preferences, state: SchedulerState, now: Date, content: any ContentRendering) {
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
            notes.append("Time zone changed from \(previousZone) to \(zoneID): floating requests were planned again in the new zone.")
        }
        cleanUp()

        var authorizationRequest: AuthorizationRequest?
        var candidates: [Candidate] = []
        if !preferences.notificationsEnabled {
            notes.append("Notifications are turned off in the app's settings: nothing is scheduled.")
        } else {
            switch preferences.authorization {
            case .authorized:
                candidates = try buildCandidates()
            case .notDetermined:
                if state.permissionRequested {
                    notes.append("Permission was requested before and is still not determined: nothing is scheduled until the user answers.")
                } else {
                    state.permissionRequested = true
                    authorizationRequest = AuthorizationRequest()
                    notes.append("Permission is not determined: the app should ask for it now (alert, sound, badge); nothing is scheduled until it is granted.")
                }
            case .denied:
                notes.append("Permission is denied: nothing is scheduled; the app can offer a link to the system settings.")
            case .provisional:
                notes.append("Permission is provisional (quiet delivery only): nothing is scheduled until the user grants full permission.")
            case .ephemeral:
                notes.append("Permission is ephemeral (App Clip): nothing is scheduled.")
            }
        }

        let kept = applyBudget(applyQuietHours(candidates))
        let final = try render(kept)
        return reconcile(final, authorizationRequest: authorizationRequest)
    }

    // MARK: - Events

    mutating func process(_ events: [Event]) throws(SchedulerError) {
        let ordered = events.enumerated().sorted { a, b in
            a.element.timestamp != b.element.timestamp ? a.element.timestamp < b.element.timestamp : a.offset < b.offset
        }
        var later = 0
        var stale = 0
        for (index, event) in ordered {
            if event.timestamp > now { later += 1; continue }
            if let horizon = state.eventHorizon, event.timestamp <= horizon { continue }
            let fingerprint = event.fingerprint
            if state.processedEvents[fingerprint] != nil { continue }
            state.processedEvents[fingerprint] = event.timestamp
            if try !apply(event, index: index) { stale += 1 }
        }
        if later > 0 { notes.append("\(later) event(s) after now were left for a later run.") }
        if stale > 0 { notes.append("\(stale) event notification(s) were not sent: their events are more than \(Int(Planner.eventFreshness / 60)) minutes old.") }
        let memory = now.addingTimeInterval(-Double(Planner.eventMemoryDays) * 86_400)
        state.processedEvents = state.processedEvents.filter { $0.value > memory }
        state.workoutsNotified = state.workoutsNotified.filter { $0.value > memory }
        state.eventHorizon = max(state.eventHorizon ?? memory, memory)
    }

    mutating func addFresh(_ draft: Draft) {
        if fresh[draft.identifier] == nil { freshOrder.append(draft.identifier) }
        fresh[draft.identifier] = draft
    }

    /// Applies one event; returns false when its notification was skipped as stale.
    mutating func apply(_ event: Event, index: Int) throws(SchedulerError) -> Bool {
        let day = LocalDate(event.timestamp, in: zone)
        let isFresh = now.timeIntervalSince(event.timestamp) <= Planner.eventFreshness
        let immediateFire = now.addingTimeInterval(1)
        let steps = preferences.steps
        switch event.payload {
        case .achievementRecorded:
            if !state.achievementDays.contains(day) {
                state.achievementDays.append(day)
                state.achievementDays.sort()
            }
            state.achievementCount += 1
            state.monthlyCounts[day.monthKey, default: 0] += 1
            state.yearlyCounts[day.yearKey, default: 0] += 1
            guard canNotify, preferences.milestones.enabled else { return true }
            let days = Set(state.achievementDays)
            var streak = 1
            while days.contains(day.adding(days: -streak)) { streak += 1 }
            if preferences.milestones.streaks, MilestoneSettings.streakDays.contains(streak) {
                let id = "milestone-streak-\(streak)"
                if !state.milestonesSent.contains(id) {
                    state.milestonesSent.append(id)
                    addFresh(Draft(identifier: id, kind: .milestoneStreak, fireDate: immediateFire, key: "milestone.streak",
                                   arguments: ["days": .int(Int64(streak))], info: ["days": String(streak)], thread: "milestone", immediate: true))
                }
            }
            let count = state.achievementCount
            if preferences.milestones.counts, MilestoneSettings.countMilestones.contains(count) {
                let id = "milestone-count-\(count)"
                if !state.milestonesSent.contains(id) {
                    state.milestonesSent.append(id)
                    addFresh(Draft(identifier: id, kind: .milestoneCount, fireDate: immediateFire, key: "milestone.count",
                                   arguments: ["count": .int(Int64(count))], info: ["count": String(count)], thread: "milestone", immediate: true))
                }
            }
            return true

        case let .achievementRetrieved(id, text, recordedOn):
            guard canNotify, preferences.retrieval.enabled else { return true }
            guard isFresh else { return false }
            let settings = preferences.retrieval
            let preview = settings.includePreview && settings.systemAllowsPreviews && text != nil
            var arguments: [String: MessageValue] = ["recordedOn": .date(recordedOn)]
            if preview, let text { arguments["achievement"] = .string(text) }
            addFresh(Draft(identifier: "retrieval-\(id)-\(day)", kind: .retrieval, fireDate: immediateFire,
                           key: preview ? "retrieval.preview" : "retrieval.no_preview", arguments: arguments,
                           info: ["achievementId": id, "preview": preview ? "true" : "false"], thread: "retrieval", immediate: true))
            return true

        case let .stepsUpdated(count, goalOverride):
            let goal = max(1, goalOverride ?? steps.goal)
            guard canNotify, !state.appInForeground else { return true }
            if count >= goal {
                let id = "\(NotificationKind.stepGoal.rawValue)-\(day)"
                guard steps.goalEnabled, !state.dailyMarkers.contains(id) else { return true }
                guard isFresh else { return false }
                state.dailyMarkers.append(id)
                addFresh(Draft(identifier: id, kind: .stepGoal, fireDate: immediateFire, key: "steps.goal",
                               arguments: ["steps": .int(Int64(count)), "goal": .int(Int64(goal)), "bonus": .int(Int64(count - goal))],
                               info: ["date": day.description, "steps": String(count)], thread: "steps", immediate: true))
            } else if count * 2 >= goal {
                let id = "\(NotificationKind.stepHalfway.rawValue)-\(day)"
                guard steps.halfwayEnabled, !state.dailyMarkers.contains(id) else { return true }
                guard isFresh else { return false }
                state.dailyMarkers.append(id)
                addFresh(Draft(identifier: id, kind: .stepHalfway, fireDate: immediateFire, key: "steps.halfway",
                               arguments: ["steps": .int(Int64(count)), "remaining": .int(Int64(goal - count)),
                                           "progress": .double(Double(count) / Double(goal))],
                               info: ["date": day.description, "steps": String(count)], thread: "steps", immediate: true))
            }
            return true

        case let .appsUnlocked(count, goalOverride):
            let goal = max(1, goalOverride ?? steps.goal)
            let id = "\(NotificationKind.appsUnlocked.rawValue)-\(day)"
            guard canNotify, !state.appInForeground, steps.unlockEnabled, !state.dailyMarkers.contains(id) else { return true }
            guard isFresh else { return false }
            state.dailyMarkers.append(id)
            addFresh(Draft(identifier: id, kind: .appsUnlocked, fireDate: immediateFire, key: "steps.unlock",
                           arguments: ["steps": .int(Int64(count)), "goal": .int(Int64(goal))],
                           info: ["date": day.description], thread: "steps", immediate: true))
            return true

        case let .workoutCompleted(workoutID, activity, duration, distance):
            let id = "\(NotificationKind.workoutCompletion.rawValue)-\(workoutID)"
            guard canNotify, steps.workoutEnabled, state.workoutsNotified[id] == nil else { return true }
            guard isFresh else { return false }
            state.workoutsNotified[id] = event.timestamp
            let known = ["run", "walk", "ride", "swim", "hike"]
            addFresh(Draft(identifier: id, kind: .workoutCompletion, fireDate: immediateFire, key: "steps.workout",
                           arguments: ["activity": .string(known.contains(activity) ? activity : "other"),
                                       "duration": .int(Int64(max(0, duration))), "distanceKm": .double(distance ?? 0)],
                           info: ["workoutId": workoutID], thread: "workout", immediate: true))
            return true

        case let .habitCompleted(habitID):
            guard let habit = preferences.habits.first(where: { $0.id == habitID }) else {
                notes.append("A completion of the unknown habit '\(habitID)' was ignored.")
                return true
            }
            let period = habit.period == .daily ? day : day.startOfWeek
            var done = state.habitCompletions[habitID] ?? []
            if !done.contains(period) {
                done.append(period)
                state.habitCompletions[habitID] = done.sorted()
            }
            return true

        case let .habitDeleted(habitID):
            if !state.deletedHabits.contains(habitID) {
                state.deletedHabits.append(habitID)
                state.deletedHabits.sort()
            }
            state.habitCompletions[habitID] = nil
            return true

        case let .intervalSet(requested):
            let seconds = requested ?? preferences.interval.seconds
            guard IntervalSettings.range.contains(seconds) else {
                throw SchedulerError(.intervalOutOfRange, "interval of \(seconds) s is out of range: choose 10 to 300 seconds.", eventIndex: index)
            }
            state.intervalSeconds = seconds
            intervalCancelled = false
            guard canNotify, preferences.interval.enabled else { return true }
            let fire = event.timestamp.addingTimeInterval(TimeInterval(seconds))
            guard fire > now else {
                notes.append("The interval reminder set at \(ISO8601.string(event.timestamp, in: zone)) has already elapsed.")
                return true
            }
            addFresh(Draft(identifier: NotificationKind.intervalReminder.rawValue, kind: .intervalReminder, fireDate: fire,
                           key: "interval.reminder", arguments: ["seconds": .int(Int64(seconds))],
                           info: ["seconds": String(seconds)], thread: "interval", intervalSeconds: seconds))
            return true

        case .intervalCancelled:
            intervalCancelled = true
            if fresh.removeValue(forKey: NotificationKind.intervalReminder.rawValue) != nil {
                freshOrder.removeAll { $0 == NotificationKind.intervalReminder.rawValue }
            }
            return true

        case .appForeground:
            state.appInForeground = true
            return true

        case .appBackground:
            state.appInForeground = false
            return true

        case let .timeZoneChanged(identifier):
            guard let newZone = TimeZone(identifier: identifier) else {
                throw SchedulerError(.invalidEvent, "unknown time zone '\(identifier)': use an IANA name such as Asia/Shanghai.", eventIndex: index)
            }
            state.deviceTimeZone = identifier
            zoneID = identifier
            zone = newZone
            zoneChanges.append((event.timestamp, identifier))
            return true
        }
    }

    /// Midnight clean-up of per-day markers (the seed's `resetDailyNotificationTracking`) and
    /// pruning of old history.
    mutating func cleanUp() {
        let suffix = "-\(today)"
        let stale = state.dailyMarkers.filter { !$0.hasSuffix(suffix) }
        if !stale.isEmpty {
            state.dailyMarkers.removeAll { !$0.hasSuffix(suffix) }
            notes.append("Cleaned up \(stale.count) per-day marker(s) from before \(today): \(stale.sorted().joined(separator: ", ")).")
        }
        state.dailyMarkers.sort()
        let oldestDay = today.adding(days: -400)
        state.achievementDays.removeAll { $0 < oldestDay }
        let oldestPeriod = today.adding(days: -14)
        for (habit, periods) in state.habitCompletions {
            let keep = periods.filter { $0 >= oldestPeriod }
            state.habitCompletions[habit] = keep.isEmpty ? nil : keep
        }
        // The monthly summary reads last month and the yearly one last year: 13 months and 2
        // years are kept. A deleted habit is remembered while the preferences still list it.
        let oldestMonth = LocalDate(year: today.year - 1, month: today.month, day: 1).monthKey
        state.monthlyCounts = state.monthlyCounts.filter { $0.key >= oldestMonth }
        let oldestYear = LocalDate(year: today.year - 1, month: 1, day: 1).yearKey
        state.yearlyCounts = state.yearlyCounts.filter { $0.key >= oldestYear }
        let listed = Set(preferences.habits.map(\.id))
        state.deletedHabits.removeAll { !listed.contains($0) }
        if !preferences.achievementReminder.enabled { state.reminderAnchor = nil }
    }

    // MARK: - Candidates

    /// Sorts the last plan's requests into fired and still pending. A fixed request fired at its
    /// fire date. A floating one fires when the device's wall clock reaches its trigger in the
    /// zone the device is in at that moment: the zone changes processed in this run cut the time
    /// since the last plan into segments, each in one zone, and the request fired if its wall
    /// time in a segment's zone comes before that segment ends (a wall time skipped by a jump
    /// eastwards fires at the jump). So a request whose stored fire date is past in the old zone
    /// may still be pending in the new one, and one that fired before a westward flight is not
    /// planned again. The dates of fired daily affirmations are remembered.
    mutating func settleFired() {
        var segments: [(zone: TimeZone, end: Date)] = []
        var current = state.plannedTimeZone.flatMap(TimeZone.init(identifier:)) ?? zone
        for change in zoneChanges {
            segments.append((current, change.at))
            current = TimeZone(identifier: change.zoneID) ?? current
        }
        // A change of the config's own zone has no instant: it counts from the last plan.
        segments.append((zoneChanges.isEmpty && state.plannedTimeZone != zoneID ? zone : current, now))
        var live: [NotificationRequest] = []
        for request in state.pending {
            let fired: Bool
            if request.floating, case let .calendar(date, time, second, nil) = request.trigger {
                fired = segments.contains { WallClock.instant(on: date, at: time, second: second, in: $0.zone) <= $0.end }
            } else {
                fired = request.fireDate <= now
            }
            guard fired else { live.append(request); continue }
            if request.kind.floats || request.kind == .habitReminder { state.recentlyFired[request.identifier] = request.fireDate }
            if request.kind == .dailyAffirmation, let date = Self.dateSuffix(of: request.identifier) {
                state.affirmationsDeliveredThrough = max(state.affirmationsDeliveredThrough ?? date, date)
            }
        }
        livePending = live
        let memory = now.addingTimeInterval(-Double(Planner.eventMemoryDays) * 86_400)
        state.recentlyFired = state.recentlyFired.filter { $0.value > memory }
    }

    mutating func buildCandidates() throws(SchedulerError) -> [Candidate] {
        var out: [Candidate] = []
        // Event notifications and the interval timer still pending stay as they are, unless
        // their kind was turned off, or replaced by this run.
        for request in livePending where !request.kind.floats && request.kind != .habitReminder {
            guard fresh[request.identifier] == nil, kindEnabled(request.kind) else { continue }
            if request.kind == .intervalReminder, intervalCancelled { continue }
            out.append(.carried(request))
        }
        for id in freshOrder { if let draft = fresh[id] { out.append(.draft(draft)) } }
        var dated: [Draft] = []
        if preferences.dailyAffirmation.enabled { dated += try affirmationDrafts() }
        if preferences.achievementReminder.enabled { dated += reminderDrafts() }
        dated += habitDrafts()
        if preferences.milestones.enabled { dated += summaryDrafts() }
        // What already fired is not planned again when a zone change brings its time round again.
        let again = dated.filter { state.recentlyFired[$0.identifier] != nil }.map(\.identifier)
        if !again.isEmpty {
            notes.append("Already delivered before the time-zone change, not planned again: \(again.sorted().joined(separator: ", ")).")
        }
        out += dated.filter { state.recentlyFired[$0.identifier] == nil }.map(Candidate.draft)
        return out
    }

    func kindEnabled(_ kind: NotificationKind) -> Bool {
        let p = preferences
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
              quiet.contains(WallClock.components(of: fire, in: zone).time) else { return fire }
        return WallClock.next(quiet.end, after: fire, in: zone)
    }

    /// The local date in an identifier that ends with `-YYYY-MM-DD`.
    static func dateSuffix(of identifier: String) -> LocalDate? {
        guard identifier.utf8.count >= 10 else { return nil }
        return LocalDate(string: String(identifier.suffix(10)))
    }

    func renderError(_ key: String, _ error: any Error) -> SchedulerError {
        SchedulerError(.content, "cannot render '\(key)' for \(preferences.locale) (\(preferences.tone.rawValue)): \(error)")
    }

    /// Seed 002: a rolling window of dated requests, kept full (or topped up when fewer than
    /// `refillBelow` remain, when set); a date whose affirmation fired is never planned again.
    mutating func affirmationDrafts() throws(SchedulerError) -> [Draft] {
        let settings = preferences.dailyAffirmation
        var first = today.adding(days: -1)
        if let through = state.affirmationsDeliveredThrough, first <= through { first = through.adding(days: 1) }
        while quietAdjusted(WallClock.instant(on: first, at: settings.time, in: zone), .dailyAffirmation) <= now { first = first.adding(days: 1) }
        let last = first.adding(days: settings.windowDays - 1)
        let existing = Set(livePending.filter { $0.kind == .dailyAffirmation }.compactMap { Self.dateSuffix(of: $0.identifier) }
            .filter { $0 >= first && $0 <= last })
        let dates: [LocalDate]
        let zoneChanged = state.plannedTimeZone.map { $0 != zoneID } ?? false
        if zoneChanged || existing.count < (settings.refillBelow ?? settings.windowDays) {
            dates = (0..<settings.windowDays).map { first.adding(days: $0) }
            if existing.count < settings.windowDays, !existing.isEmpty || state.pending.contains(where: { $0.kind == .dailyAffirmation }) {
                let why = settings.refillBelow.map { "fewer than \($0)" } ?? "kept full"
                notes.append("Daily affirmations: \(existing.count) left in the window (\(why)); topped up to \(settings.windowDays) days, \(first) to \(last).")
            }
        } else {
            dates = existing.sorted()
        }
        let poolSize: Int
        do {
            poolSize = try content.variantCount(key: "affirmation.pool", locale: preferences.locale, tone: preferences.tone)
        } catch {
            throw renderError("affirmation.pool", error)
        }
        guard poolSize > 0 else {
            throw SchedulerError(.content, "the message 'affirmation.pool' has no affirmations for \(preferences.locale)")
        }
        let poolLocale: String
        do {
            poolLocale = try content.render(key: "affirmation.pool", locale: preferences.locale, tone: preferences.tone,
                                            arguments: [:], variant: 0, timeZone: zoneID).locale
        } catch {
            throw renderError("affirmation.pool", error)
        }
        var out: [Draft] = []
        for date in dates {
            let fire = WallClock.instant(on: date, at: settings.time, in: zone)
            guard quietAdjusted(fire, .dailyAffirmation) > now else { continue }
            let index = AffirmationSelector.dailyAffirmation(for: date, locale: poolLocale, poolSize: poolSize)
            let text: String
            do {
                let rendered = try content.render(key: "affirmation.pool", locale: preferences.locale, tone: preferences.tone,
                                                  arguments: [:], variant: index, timeZone: zoneID)
                guard let value = rendered.parts["text"] ?? rendered.parts.values.first else {
                    throw SchedulerError(.content, "the message 'affirmation.pool' has no text part")
                }
                text = value
            } catch let error as SchedulerError {
                throw error
            } catch {
                throw renderError("affirmation.pool", error)
            }
            out.append(Draft(identifier: "\(NotificationKind.dailyAffirmation.rawValue)-\(date)", kind: .dailyAffirmation, fireDate: fire,
                             key: "affirmation.daily", arguments: ["day": .date(fire), "affirmation": .string(text)],
                             info: ["date": date.description, "affirmationIndex": String(index)], thread: "daily-affirmation"))
        }
        return out
    }

    /// Seed 000: reminders every 1, 3 or 7 days from the anchor day, none on a day with an achievement.
    mutating func reminderDrafts() -> [Draft] {
        let settings = preferences.achievementReminder
        let anchor: LocalDate
        if let chosen = settings.anchorDate {
            anchor = chosen
            state.reminderAnchor = .init(frequency: settings.frequency, date: chosen)
        } else if let kept = state.reminderAnchor, kept.frequency == settings.frequency {
            anchor = kept.date
        } else {
            anchor = today
            state.reminderAnchor = .init(frequency: settings.frequency, date: today)
            notes.append("Achievement reminders (\(settings.frequency.rawValue)) are anchored on \(today), the day the setting was chosen.")
        }
        let step = settings.frequency.step
        let recorded = Set(state.achievementDays)
        var out: [Draft] = []
        // The horizon, and beyond it the next occurrence if the horizon holds none (weekly).
        for offset in -1..<(Planner.reminderHorizonDays + step) {
            if offset >= Planner.reminderHorizonDays, !out.isEmpty { break }
            let date = today.adding(days: offset)
            let since = date.dayNumber - anchor.dayNumber
            guard since >= 0, since % step == 0 else { continue }
            let fire = WallClock.instant(on: date, at: settings.time, in: zone)
            guard quietAdjusted(fire, .achievementReminder) > now else { continue }
            if recorded.contains(date) {
                notes.append("No achievement reminder on \(date): an achievement was already recorded that day.")
                continue
            }
            out.append(Draft(identifier: "\(NotificationKind.achievementReminder.rawValue)-\(date)", kind: .achievementReminder,
                             fireDate: fire, key: "reminder.achievement", arguments: [:],
                             info: ["date": date.description], thread: "achievement-reminder"))
        }
        return out
    }

    /// Seed 001: X hours of elapsed time before each open period ends.
    mutating func habitDrafts() -> [Draft] {
        var out: [Draft] = []
        for habit in preferences.habits {
            if state.deletedHabits.contains(habit.id) || !habit.reminderEnabled { continue }
            let done = Set(state.habitCompletions[habit.id] ?? [])
            let periods: [(start: LocalDate, next: LocalDate)]
            switch habit.period {
            case .daily:
                periods = (0..<Planner.dailyHabitHorizon).map { (today.adding(days: $0), today.adding(days: $0 + 1)) }
            case .weekly:
                let monday = today.startOfWeek
                periods = (0..<Planner.weeklyHabitHorizon).map { (monday.adding(days: 7 * $0), monday.adding(days: 7 * $0 + 7)) }
            }
            for period in periods {
                if done.contains(period.start) { continue }
                let end = WallClock.startOfDay(period.next, in: zone)
                let fire = end.addingTimeInterval(-TimeInterval(habit.hoursBefore * 3600))
                let identifier = "\(NotificationKind.habitReminder.rawValue)-\(habit.id)-\(period.start)"
                habitSlots.append((identifier, fire, end))
                guard quietAdjusted(fire, .habitReminder) > now else { continue }
                out.append(Draft(identifier: identifier, kind: .habitReminder,
                                 fireDate: fire, key: habit.period == .daily ? "habit.reminder.daily" : "habit.reminder.weekly",
                                 arguments: ["habit": .string(habit.name), "hoursLeft": .int(Int64(habit.hoursBefore))],
                                 info: ["habitId": habit.id, "period": period.start.description, "hoursLeft": String(habit.hoursBefore)],
                                 thread: "habit-\(habit.id)", periodEnd: end))
            }
        }
        return out
    }

    /// Seed 000: last month's count on the 1st and last year's on 1 January, at the reminder time.
    func summaryDrafts() -> [Draft] {
        let time = preferences.achievementReminder.time
        var out: [Draft] = []
        if preferences.milestones.monthlySummary {
            // Yesterday's summary may still be waiting for the end of the quiet hours.
            let yesterday = today.adding(days: -1)
            var day = yesterday.day == 1 ? yesterday : (today.day == 1 ? today : today.startOfNextMonth)
            if quietAdjusted(WallClock.instant(on: day, at: time, in: zone), .milestoneMonthly) <= now { day = day.adding(days: 1).startOfNextMonth }
            let month = day.adding(days: -1)
            let mid = WallClock.instant(on: LocalDate(year: month.year, month: month.month, day: 15), at: TimeOfDay(hour: 12), in: zone)
            out.append(Draft(identifier: "\(NotificationKind.milestoneMonthly.rawValue)-\(month.monthKey)", kind: .milestoneMonthly,
                             fireDate: WallClock.instant(on: day, at: time, in: zone), key: "milestone.monthly",
                             arguments: ["month": .date(mid), "count": .int(Int64(state.monthlyCounts[month.monthKey] ?? 0))],
                             info: ["month": month.monthKey], thread: "milestone"))
        }
        if preferences.milestones.yearlySummary {
            var day = (today.month == 1 && today.day <= 2) ? LocalDate(year: today.year, month: 1, day: 1) : LocalDate(year: today.year + 1, month: 1, day: 1)
            if quietAdjusted(WallClock.instant(on: day, at: time, in: zone), .milestoneYearly) <= now { day = LocalDate(year: day.year + 1, month: 1, day: 1) }
            let year = day.year - 1
            let mid = WallClock.instant(on: LocalDate(year: year, month: 7, day: 1), at: TimeOfDay(hour: 12), in: zone)
            let key = LocalDate(year: year, month: 1, day: 1).yearKey
            out.append(Draft(identifier: "\(NotificationKind.milestoneYearly.rawValue)-\(key)", kind: .milestoneYearly,
                             fireDate: WallClock.instant(on: day, at: time, in: zone), key: "milestone.yearly",
                             arguments: ["year": .date(mid), "count": .int(Int64(state.yearlyCounts[key] ?? 0))],
                             info: ["year": key], thread: "milestone"))
        }
        return out
    }

    // MARK: - Quiet hours and budget

    mutating func applyQuietHours(_ candidates: [Candidate]) -> [Candidate] {
        guard let quiet = preferences.quietHours else { return candidates }
        var out: [Candidate] = []
        var deferred: [Draft] = []
        var dropped: [String] = []
        for candidate in candidates {
            guard case .draft(var draft) = candidate,
                  quiet.contains(WallClock.components(of: draft.fireDate, in: zone).time) else {
                out.append(candidate)
                continue
            }
            switch quiet.policy(for: draft.kind) {
            case .deliver:
                out.append(candidate)
            case .drop:
                dropped.append(draft.identifier)
            case .defer:
                let moved = WallClock.next(quiet.end, after: draft.fireDate, in: zone)
                if let end = draft.periodEnd, moved >= end {
                    dropped.append(draft.identifier)
                } else {
                    draft.fireDate = moved
                    draft.deferred = true
                    deferred.append(draft)
                }
            }
        }
        // Space out what lands at the end of the quiet hours: never a burst.
        let spacing = TimeInterval(max(1, quiet.spacingSeconds))
        var taken = out.map(\.fireDate)
        deferred.sort { ($0.fireDate, $0.kind, $0.identifier) < ($1.fireDate, $1.kind, $1.identifier) }
        for var draft in deferred {
            while taken.contains(where: { abs($0.timeIntervalSince(draft.fireDate)) < spacing }) {
                draft.fireDate = draft.fireDate.addingTimeInterval(spacing)
            }
            taken.append(draft.fireDate)
            out.append(.draft(draft))
        }
        if !deferred.isEmpty {
            notes.append("Quiet hours \(quiet.start)–\(quiet.end): moved to their end: \(deferred.map(\.identifier).sorted().joined(separator: ", ")).")
        }
        if !dropped.isEmpty {
            notes.append("Quiet hours \(quiet.start)–\(quiet.end): not delivered: \(dropped.sorted().joined(separator: ", ")).")
        }
        return out
    }

    /// The nearest local days win; within a day, the kind's priority; then the time.
    mutating func applyBudget(_ candidates: [Candidate]) -> [Candidate] {
        let sorted = candidates.sorted { a, b in
            let da = LocalDate(a.fireDate, in: zone), db = LocalDate(b.fireDate, in: zone)
            if da != db { return da < db }
            if a.kind != b.kind { return a.kind < b.kind }
            if a.fireDate != b.fireDate { return a.fireDate < b.fireDate }
            return a.identifier < b.identifier
        }
        let budget = preferences.budget
        guard sorted.count > budget else { return sorted }
        let dropped = sorted[budget...].map(\.identifier)
        notes.append("Budget of \(budget) pending requests: \(dropped.count) later one(s) dropped (priority \(NotificationKind.allCases.map(\.rawValue).joined(separator: " > "))): \(dropped.joined(separator: ", ")).")
        return Array(sorted[..<budget])
    }

    // MARK: - Rendering and reconciliation

    mutating func render(_ candidates: [Candidate]) throws(SchedulerError) -> [NotificationRequest] {
        let previous = Dictionary(livePending.map { ($0.identifier, $0) }, uniquingKeysWith: { a, _ in a })
        // Habit badges: how many habit reminders have fired (before now, or kept in this plan)
        // for periods still open and not done when this one fires.
        let keptHabits = Set(candidates.filter { $0.kind == .habitReminder }.map(\.identifier))
        let shownSlots = habitSlots.filter { $0.fire <= now || keptHabits.contains($0.identifier) }
        var out: [NotificationRequest] = []
        let byKind = Dictionary(grouping: candidates, by: \.kind)
        for kind in NotificationKind.allCases {
            guard let group = byKind[kind] else { continue }
            let ordered = group.sorted { ($0.fireDate, $0.identifier) < ($1.fireDate, $1.identifier) }
            var variants: [Int?] = ordered.map { candidate in
                switch candidate {
                case .carried(let r): return r.variant
                case .draft(let d): return previous[d.identifier].flatMap { $0.kind == d.kind ? $0.variant : nil }
                }
            }
            var last = state.lastVariants[kind.rawValue]
            for (i, candidate) in ordered.enumerated() {
                switch candidate {
                case .carried(let request):
                    out.append(request)
                    last = request.variant ?? last
                case .draft(var draft):
                    let count: Int
                    do {
                        count = max(1, try content.variantCount(key: draft.key, locale: preferences.locale, tone: preferences.tone))
                    } catch {
                        throw renderError(draft.key, error)
                    }
                    let variant: Int
                    if let kept = variants[i], kept < count {
                        variant = kept
                    } else {
                        var avoid: Set<Int> = []
                        if let last { avoid.insert(last) }
                        if i + 1 < ordered.count, let next = variants[i + 1] { avoid.insert(next) }
                        variant = AffirmationSelector.variant(seed: preferences.userSeed, identifier: draft.identifier, count: count, avoiding: avoid)
                    }
                    variants[i] = variant
                    last = variant
                    let rendered: RenderedContent
                    do {
                        rendered = try content.render(key: draft.key, locale: preferences.locale, tone: preferences.tone,
                                                      arguments: draft.arguments, variant: variant, timeZone: zoneID)
                    } catch {
                        throw renderError(draft.key, error)
                    }
                    draft.info["kind"] = kind.rawValue
                    draft.info["variant"] = String(variant)
                    var badge: Int?
                    if kind == .habitReminder {
                        badge = shownSlots.filter { $0.fire <= draft.fireDate && $0.end > draft.fireDate }.count
                    }
                    out.append(NotificationRequest(
                        identifier: draft.identifier, kind: kind, fireDate: draft.fireDate, timeZone: zoneID,
                        trigger: trigger(for: draft), title: rendered.title ?? "", body: rendered.body ?? "",
                        categoryIdentifier: CategoryRegistry.categoryIdentifier(for: kind), threadIdentifier: draft.thread,
                        userInfo: draft.info, badge: badge, floating: kind.floats))
                }
            }
            if let last { state.lastVariants[kind.rawValue] = last }
        }
        return out.sorted { ($0.fireDate, $0.kind, $0.identifier) < ($1.fireDate, $1.kind, $1.identifier) }
    }

    /// The platform trigger that fires at `draft.fireDate`.
    ///
    /// An interval trigger counts from when the app adds the request (now), so its delay is the
    /// time left until the fire date. A fixed instant whose wall time is ambiguous in the zone
    /// (the second pass of a repeated hour, which a calendar trigger reads as the first pass) is
    /// written in UTC: components with a fixed-offset zone name one instant.
    func trigger(for draft: Draft) -> NotificationTrigger {
        if draft.immediate, !draft.deferred { return .immediate }
        if draft.intervalSeconds != nil, !draft.deferred {
            return .interval(seconds: max(1, Int(draft.fireDate.timeIntervalSince(now).rounded(.up))))
        }
        let c = WallClock.components(of: draft.fireDate, in: zone)
        if draft.kind.floats { return .calendar(date: c.date, time: c.time, second: c.second, timeZone: nil) }
        if WallClock.instant(on: c.date, at: c.time, second: c.second, in: zone) == draft.fireDate {
            return .calendar(date: c.date, time: c.time, second: c.second, timeZone: zoneID)
        }
        let utc = WallClock.components(of: draft.fireDate, in: TimeZone(secondsFromGMT: 0)!)
        return .calendar(date: utc.date, time: utc.time, second: utc.second, timeZone: "UTC")
    }

    mutating func reconcile(_ final: [NotificationRequest], authorizationRequest: AuthorizationRequest?) -> PlanResult {
        let live = livePending
        let before = Dictionary(live.map { ($0.identifier, $0) }, uniquingKeysWith: { a, _ in a })
        let after = Set(final.map(\.identifier))
        let added = final.filter { before[$0.identifier] != $0 }
        var removed = live.filter { !after.contains($0.identifier) }.map(\.identifier)
        removed += added.filter { before[$0.identifier] != nil }.map(\.identifier)
        state.pending = final
        state.plannedTimeZone = zoneID
        state.milestonesSent.sort()
        return PlanResult(now: now, timeZone: zoneID, authorization: preferences.authorization, added: added,
                          removed: removed.sorted(), pending: final, notes: notes, state: state,
                          authorizationRequest: authorizationRequest)
    }
}
