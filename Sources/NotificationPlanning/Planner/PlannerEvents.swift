import Foundation
import MessageCatalog
import AffirmationSelector

/// What the events and the history hand to the next stages: the state with the events applied
/// and the history settled, the device's zone, the event notifications created (in order), and
/// the requests of the last plan that have not fired.
struct EventOutcome {
    var state: SchedulerState
    var zoneID: String
    var zone: TimeZone
    /// Event notifications created in this run, in the order of their first event.
    var fresh: [Draft]
    /// An `intervalCancelled` came after the last `intervalSet`.
    var intervalCancelled: Bool
    /// Planned notifications the app cancelled (identifiers).
    var cancelled: Set<String> = []
    /// The requests of the last plan that have not fired yet and still can.
    var livePending: [NotificationRequest]
    /// Floating requests of the last plan that the device holds but will never fire: a zone
    /// change moved their wall time behind the clock. They are removed, or planned again soon.
    var unfireable: [NotificationRequest]
    var notes: [PlanNote]
}

/// Stage 1 of a run: the events (deduplicated, in time order) update the state and create the
/// event notifications; which requests of the last plan have fired, judged as the device fires
/// them; the midnight clean-up and the bounds of the history. Its working copy of the state is
/// its own: the stage returns an ``EventOutcome``.
struct EventStage {
    let preferences: NotificationPreferences
    var state: SchedulerState
    let now: Date
    let configuration: PlannerConfiguration
    var notes: [PlanNote] = []
    var zoneID: String
    var zone: TimeZone
    var fresh: [String: Draft] = [:]
    var freshOrder: [String] = []
    var intervalCancelled = false
    let canNotify: Bool
    /// The zone changes processed in this run, in order: when the device's zone changed, and to what.
    var zoneChanges: [(at: Date, zoneID: String)] = []
    var livePending: [NotificationRequest] = []
    var unfireable: [NotificationRequest] = []
    /// Planned notifications cancelled by this run's events (their identifiers).
    var cancelled: Set<String> = []
    /// The timestamp of the event being applied (a delayed event notification counts from it).
    var currentEventTime: Date?

    /// Runs the stage: events, what has fired, the time-zone note, the clean-up.
    static func run(
        _ events: [PlannerEvent], preferences: NotificationPreferences, state: SchedulerState, now: Date,
        configuration: PlannerConfiguration
    ) throws(Diagnostic) -> EventOutcome {
        var stage = EventStage(preferences: preferences, state: state, now: now, configuration: configuration)
        let previousZone = stage.state.plannedTimeZone
        try stage.process(events)
        stage.settleFired()
        if let previousZone, previousZone != stage.zoneID {
            stage.notes.append(PlanNote(.timeZoneChanged, ["from": previousZone, "to": stage.zoneID]))
        }
        stage.cleanUp()
        return EventOutcome(
            state: stage.state, zoneID: stage.zoneID, zone: stage.zone,
            fresh: stage.freshOrder.compactMap { stage.fresh[$0] }, intervalCancelled: stage.intervalCancelled,
            cancelled: stage.cancelled, livePending: stage.livePending, unfireable: stage.unfireable, notes: stage.notes)
    }

    private init(preferences: NotificationPreferences, state: SchedulerState, now: Date, configuration: PlannerConfiguration) {
        self.configuration = configuration
        self.preferences = preferences
        self.state = state
        self.now = now
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

    mutating func process(_ events: [PlannerEvent]) throws(Diagnostic) {
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
        if later > 0 { notes.append(PlanNote(.eventsLater, ["count": String(later)])) }
        if stale > 0 { notes.append(PlanNote(.eventsStale, ["count": String(stale), "minutes": String(Int(configuration.eventFreshness / 60))])) }
        let memory = now.addingTimeInterval(-Double(configuration.eventMemoryDays) * 86_400)
        state.processedEvents = state.processedEvents.filter { $0.value > memory }
        state.workoutsNotified = state.workoutsNotified.filter { $0.value > memory }
        state.eventHorizon = max(state.eventHorizon ?? memory, memory)
    }

    /// Adds an event notification. An immediate one of a kind with a delay (``KindOptions/delaySeconds``)
    /// fires that long after its event, or at once when the event is older than that.
    mutating func addFresh(_ draft: Draft) {
        var draft = draft
        if draft.immediate, let eventTime = currentEventTime, let delay = preferences.kinds[draft.kind]?.delaySeconds, delay > 0 {
            let fire = eventTime.addingTimeInterval(TimeInterval(delay))
            if fire > draft.fireDate {
                draft.fireDate = fire
                draft.immediate = false
                draft.intervalSeconds = delay
            }
        }
        if fresh[draft.identifier] == nil { freshOrder.append(draft.identifier) }
        fresh[draft.identifier] = draft
    }

    /// Applies one event; returns false when its notification was skipped as stale.
    mutating func apply(_ event: PlannerEvent, index: Int) throws(Diagnostic) -> Bool {
        currentEventTime = event.timestamp
        let day = LocalDate(event.timestamp, in: zone)
        let isFresh = now.timeIntervalSince(event.timestamp) <= configuration.eventFreshness
        let immediateFire = now.addingTimeInterval(1)
        let steps = preferences.steps
        switch event.payload {
        case let .achievementRecorded(_, recordedOn, announce):
            let day = recordedOn.map { LocalDate($0, in: zone) } ?? day
            if !state.achievementDays.contains(day) {
                state.achievementDays.append(day)
                state.achievementDays.sort()
            }
            // Counts stop at the limit the state file is read with (InputLimits), never past it.
            let most = InputLimits.achievementCount.upperBound
            state.achievementCount = min(state.achievementCount + 1, most)
            state.monthlyCounts[day.monthKey] = min((state.monthlyCounts[day.monthKey] ?? 0) + 1, most)
            state.yearlyCounts[day.yearKey] = min((state.yearlyCounts[day.yearKey] ?? 0) + 1, most)
            if !announce {
                markMilestonesReached()
                return true
            }
            guard canNotify, preferences.milestones.enabled else { return true }
            let days = Set(state.achievementDays)
            var streak = 1
            while days.contains(day.adding(days: -streak)) { streak += 1 }
            if preferences.milestones.streaks, preferences.milestones.streakDays.contains(streak) {
                let id = "milestone-streak-\(streak)"
                if !state.milestonesSent.contains(id) {
                    state.milestonesSent.append(id)
                    addFresh(
                        Draft(
                            identifier: preferences.requestIdentifier(.milestoneStreak, String(streak)), kind: .milestoneStreak, fireDate: immediateFire,
                            key: MessageKey.milestoneStreak,
                            arguments: ["days": .int(Int64(streak))], info: ["days": String(streak)], thread: "milestone", immediate: true))
                }
            }
            let count = state.achievementCount
            if preferences.milestones.counts, preferences.milestones.countThresholds.contains(count) {
                let id = "milestone-count-\(count)"
                if !state.milestonesSent.contains(id) {
                    state.milestonesSent.append(id)
                    addFresh(
                        Draft(
                            identifier: preferences.requestIdentifier(.milestoneCount, String(count)), kind: .milestoneCount, fireDate: immediateFire,
                            key: MessageKey.milestoneCount,
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
            addFresh(
                Draft(
                    identifier: preferences.requestIdentifier(.retrieval, "\(id)-\(day)"), kind: .retrieval, fireDate: immediateFire,
                    key: preview ? MessageKey.retrievalPreview : MessageKey.retrievalNoPreview, arguments: arguments,
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
                addFresh(
                    Draft(
                        identifier: preferences.requestIdentifier(.stepGoal, day.description), kind: .stepGoal, fireDate: immediateFire,
                        key: MessageKey.stepsGoal,
                        arguments: ["steps": .int(Int64(count)), "goal": .int(Int64(goal)), "bonus": .int(Int64(count - goal))],
                        info: ["date": day.description, "steps": String(count)], thread: "steps", immediate: true))
            } else if count * 2 >= goal {
                let id = "\(NotificationKind.stepHalfway.rawValue)-\(day)"
                guard steps.halfwayEnabled, !state.dailyMarkers.contains(id) else { return true }
                guard isFresh else { return false }
                state.dailyMarkers.append(id)
                addFresh(
                    Draft(
                        identifier: preferences.requestIdentifier(.stepHalfway, day.description), kind: .stepHalfway, fireDate: immediateFire,
                        key: MessageKey.stepsHalfway,
                        arguments: [
                            "steps": .int(Int64(count)), "remaining": .int(Int64(goal - count)),
                            "progress": .double(Double(count) / Double(goal))
                        ],
                        info: ["date": day.description, "steps": String(count)], thread: "steps", immediate: true))
            }
            return true

        case let .appsUnlocked(count, goalOverride):
            let goal = max(1, goalOverride ?? steps.goal)
            let id = "\(NotificationKind.appsUnlocked.rawValue)-\(day)"
            guard canNotify, !state.appInForeground, steps.unlockEnabled, !state.dailyMarkers.contains(id) else { return true }
            guard isFresh else { return false }
            state.dailyMarkers.append(id)
            addFresh(
                Draft(
                    identifier: preferences.requestIdentifier(.appsUnlocked, day.description), kind: .appsUnlocked, fireDate: immediateFire,
                    key: MessageKey.stepsUnlock,
                    arguments: ["steps": .int(Int64(count)), "goal": .int(Int64(goal))],
                    info: ["date": day.description], thread: "steps", immediate: true))
            return true

        case let .workoutCompleted(workoutID, activity, duration, distance):
            let id = "\(NotificationKind.workoutCompletion.rawValue)-\(workoutID)"
            guard canNotify, steps.workoutEnabled, state.workoutsNotified[id] == nil else { return true }
            guard isFresh else { return false }
            state.workoutsNotified[id] = event.timestamp
            let known = ["run", "walk", "ride", "swim", "hike"]
            addFresh(
                Draft(
                    identifier: preferences.requestIdentifier(.workoutCompletion, workoutID), kind: .workoutCompletion, fireDate: immediateFire,
                    key: MessageKey.stepsWorkout,
                    arguments: [
                        "activity": .string(known.contains(activity) ? activity : "other"),
                        "duration": .int(Int64(max(0, duration))),
                        "distanceKm": .double(Self.shownKilometres(distance ?? 0, fractionDigits: activity == "swim" ? 3 : 1))
                    ],
                    info: ["workoutId": workoutID], thread: "workout", immediate: true))
            return true

        case let .habitCompleted(habitID):
            guard let habit = preferences.habits.first(where: { $0.id == habitID }) else {
                notes.append(PlanNote(.unknownHabit, ["habit": habitID]))
                return true
            }
            let period = habit.period == .daily ? day : day.startOfWeek
            var done = state.habitCompletions[habitID] ?? []
            if !done.contains(period) {
                done.append(period)
                state.habitCompletions[habitID] = done.sorted()
            }
            return true

        case let .achievementDeleted(_, recordedOn, remaining):
            let day = LocalDate(recordedOn, in: zone)
            state.achievementCount = max(0, state.achievementCount - 1)
            if let n = state.monthlyCounts[day.monthKey] { state.monthlyCounts[day.monthKey] = max(0, n - 1) }
            if let n = state.yearlyCounts[day.yearKey] { state.yearlyCounts[day.yearKey] = max(0, n - 1) }
            if remaining == 0 { state.achievementDays.removeAll { $0 == day } }
            return true

        case let .achievementHistory(counts):
            let most = InputLimits.achievementCount.upperBound
            let days = counts.filter { $0.value > 0 }
            state.achievementDays = days.keys.sorted()
            state.achievementCount = min(days.values.reduce(0) { min($0 + $1, most) }, most)
            state.monthlyCounts = [:]
            state.yearlyCounts = [:]
            for (date, n) in days {
                state.monthlyCounts[date.monthKey] = min((state.monthlyCounts[date.monthKey] ?? 0) + n, most)
                state.yearlyCounts[date.yearKey] = min((state.yearlyCounts[date.yearKey] ?? 0) + n, most)
            }
            markMilestonesReached()
            return true

        case let .habitUncompleted(habitID):
            guard let habit = preferences.habits.first(where: { $0.id == habitID }) else {
                notes.append(PlanNote(.unknownHabit, ["habit": habitID]))
                return true
            }
            let period = habit.period == .daily ? day : day.startOfWeek
            if var done = state.habitCompletions[habitID] {
                done.removeAll { $0 == period }
                state.habitCompletions[habitID] = done.isEmpty ? nil : done
            }
            return true

        case let .notifiedElsewhere(kind, date, subject):
            try notifiedElsewhere(kind, date: date, subject: subject, at: event.timestamp, index: index)
            return true

        case let .notificationPlanned(kind, id, fireAt, title, body):
            guard Self.plannableKinds.contains(kind) else {
                throw Diagnostic(
                    .invalidEvent,
                    "a \(kind.rawValue) notification cannot be planned: plan one of \(Self.plannableKinds.map(\.rawValue).joined(separator: ", ")).",
                    path: "kind", eventIndex: index)
            }
            guard canNotify, PlanContext.kindEnabled(kind, preferences) else { return true }
            var fire = fireAt
            if fire <= now {
                guard now.timeIntervalSince(fireAt) <= configuration.eventFreshness else { return false }
                fire = immediateFire
            }
            addFresh(
                Draft(
                    identifier: preferences.requestIdentifier(kind, "planned-\(id)"), kind: kind, fireDate: fire, key: kind.messageKeys[0],
                    arguments: [:], info: ["plannedId": id], thread: Self.thread(of: kind), immediate: fireAt <= now,
                    content: AppContent(title: title, body: body)))
            return true

        case let .plannedCancelled(kind, id):
            let identifier = preferences.requestIdentifier(kind, "planned-\(id)")
            cancelled.insert(identifier)
            if fresh.removeValue(forKey: identifier) != nil { freshOrder.removeAll { $0 == identifier } }
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
                throw Diagnostic(.intervalOutOfRange, "interval of \(seconds) s is out of range: choose 10 to 300 seconds.", eventIndex: index)
            }
            state.intervalSeconds = seconds
            intervalCancelled = false
            guard canNotify, preferences.interval.enabled else { return true }
            let fire = event.timestamp.addingTimeInterval(TimeInterval(seconds))
            guard fire > now else {
                notes.append(PlanNote(.intervalElapsed, ["setAt": ISO8601Instant.string(event.timestamp, in: zone)]))
                return true
            }
            addFresh(
                Draft(
                    identifier: preferences.requestIdentifier(.intervalReminder, ""), kind: .intervalReminder, fireDate: fire,
                    key: MessageKey.intervalReminder, arguments: ["seconds": .int(Int64(seconds))],
                    info: ["seconds": String(seconds)], thread: "interval", intervalSeconds: seconds))
            return true

        case .intervalCancelled:
            intervalCancelled = true
            let timer = preferences.requestIdentifier(.intervalReminder, "")
            if fresh.removeValue(forKey: timer) != nil {
                freshOrder.removeAll { $0 == timer }
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
                throw Diagnostic(.invalidEvent, "unknown time zone '\(identifier)': use an IANA name such as Asia/Shanghai.", eventIndex: index)
            }
            state.deviceTimeZone = identifier
            zoneID = identifier
            zone = newZone
            zoneChanges.append((event.timestamp, identifier))
            return true
        }
    }

    /// The event kinds an app may plan ahead (``PlannerEvent/Payload/notificationPlanned(kind:id:fireAt:title:body:)``).
    static let plannableKinds: [NotificationKind] = [.workoutCompletion, .stepGoal, .appsUnlocked, .stepHalfway, .retrieval, .milestoneStreak, .milestoneCount]

    /// The thread of an event kind's notifications.
    static func thread(of kind: NotificationKind) -> String {
        switch kind {
        case .workoutCompletion: "workout"
        case .stepGoal, .stepHalfway, .appsUnlocked: "steps"
        case .retrieval: "retrieval"
        default: "milestone"
        }
    }

    /// Every streak and count milestone the history has reached counts as celebrated, without a
    /// notification (an import, a history or an entry that does not announce).
    mutating func markMilestonesReached() {
        var longest = 0, run = 0
        var previous: LocalDate?
        for day in state.achievementDays {
            run = previous.map { day.dayNumber - $0.dayNumber == 1 } ?? false ? run + 1 : 1
            longest = max(longest, run)
            previous = day
        }
        let reached =
            preferences.milestones.streakDays.filter { $0 <= longest }.map { "milestone-streak-\($0)" }
            + preferences.milestones.countThresholds.filter { $0 <= state.achievementCount }.map { "milestone-count-\($0)" }
        for id in reached where !state.milestonesSent.contains(id) { state.milestonesSent.append(id) }
    }

    /// Records that `kind`'s notification of `date` was given elsewhere: a dated kind's request
    /// of that date counts as fired; a once-a-day event kind's marker of today is set.
    mutating func notifiedElsewhere(_ kind: NotificationKind, date: LocalDate, subject: String?, at time: Date, index: Int) throws(Diagnostic) {
        let identifier: String
        switch kind {
        case .dailyAffirmation, .achievementReminder:
            identifier = preferences.requestIdentifier(kind, date.description)
        case .habitReminder:
            guard let subject, let habit = preferences.habits.first(where: { $0.id == subject }) else {
                throw Diagnostic(
                    .invalidEvent, "notifiedElsewhere of a habit reminder needs the habit's id in 'subject', one of the preferences' habits.",
                    path: "subject", eventIndex: index)
            }
            let period = habit.period == .daily ? date : date.startOfWeek
            identifier = preferences.requestIdentifier(kind, "\(habit.id)-\(period)")
        case .milestoneMonthly:
            identifier = preferences.requestIdentifier(kind, date.adding(days: -date.day).monthKey)
        case .milestoneYearly:
            identifier = preferences.requestIdentifier(kind, LocalDate(year: date.year - 1, month: 1, day: 1).yearKey)
        case .stepGoal, .stepHalfway, .appsUnlocked:
            let marker = "\(kind.rawValue)-\(date)"
            if date == today, !state.dailyMarkers.contains(marker) { state.dailyMarkers.append(marker) }
            return
        default:
            throw Diagnostic(
                .invalidEvent,
                "notifiedElsewhere applies to dated kinds (daily-affirmation, achievement-reminder, habit-reminder, milestone-monthly, milestone-yearly) and to goal-achievement, steps-halfway, apps-unlocked, not to \(kind.rawValue).",
                path: "kind", eventIndex: index)
        }
        state.recentlyFired[identifier] = max(time, state.recentlyFired[identifier] ?? time)
    }

    /// Midnight clean-up of per-day markers (what the apps' `resetDailyNotificationTracking` did) and
    /// pruning of old history.
    mutating func cleanUp() {
        let suffix = "-\(today)"
        let stale = state.dailyMarkers.filter { !$0.hasSuffix(suffix) }
        if !stale.isEmpty {
            state.dailyMarkers.removeAll { !$0.hasSuffix(suffix) }
            notes.append(
                PlanNote(.markersCleaned, ["count": String(stale.count), "today": today.description, "identifiers": stale.sorted().joined(separator: ", ")]))
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

    /// Sorts the last plan's requests into fired, still pending, and never to fire, judged as
    /// iOS fires them. A fixed request fires at its fire date. A floating one (a calendar trigger
    /// without a zone) fires when the device's wall clock reaches it in the zone the device is in
    /// at that moment: the zone changes processed in this run cut the time since the last plan
    /// into segments, each in one zone, and the request fired if its wall time in a segment's zone
    /// falls inside that segment. iOS fires a non-repeating calendar trigger at the next date that
    /// matches it, so a wall time that an eastward zone change moved behind the clock never
    /// fires: such a request is ``EventOutcome/unfireable`` (the drafts cancel it, or plan it
    /// again soon). A request whose stored fire date is past in the old zone may still be pending
    /// in the new one (westward), and one that fired before a westward flight is not planned again.
    ///
    /// When the config's own zone changed without a `timeZoneChanged` event, the instant of the
    /// change is unknown (any time since the last plan): a floating request counts as delivered
    /// as soon as its wall time has passed in either zone, the reading that can never deliver a
    /// local date twice; if the change may have left it behind the clock unfired (its wall time
    /// came earlier in the new zone, and has passed there) it is removed from the device too (a
    /// no-op where it fired). The dates of delivered daily affirmations are remembered.
    mutating func settleFired() {
        var segments: [(zone: TimeZone, start: Date?, end: Date)] = []
        let planned = state.plannedTimeZone.flatMap(TimeZone.init(identifier:))
        var current = planned ?? zone
        var start: Date?
        for change in zoneChanges {
            segments.append((current, start, change.at))
            current = TimeZone(identifier: change.zoneID) ?? current
            start = change.at
        }
        segments.append((current, start, now))
        // A change of the config's own zone has no instant.
        let unknownChange = zoneChanges.isEmpty && planned != nil && state.plannedTimeZone != zoneID
        var live: [NotificationRequest] = []
        for request in state.pending {
            let fired: Bool
            var canFire = true
            if request.floating, case let .calendar(date, time, second, nil) = request.trigger {
                func wall(_ zone: TimeZone) -> Date { WallClock.instant(on: date, at: time, second: second, in: zone) }
                if unknownChange, let planned {
                    let old = wall(planned), new = wall(zone)
                    fired = old <= now || new <= now
                    // Left behind the clock unfired only if the change came between the new
                    // zone's instant and the old one's: possible when the new one is earlier.
                    // A new instant of exactly now fires now, wherever the change came.
                    canFire = new >= now || new >= old
                } else {
                    fired = segments.contains { segment in
                        let at = wall(segment.zone)
                        return at <= segment.end && segment.start.map { at >= $0 } ?? true
                    }
                    canFire = wall(zone) > now
                }
            } else {
                fired = request.fireDate <= now
            }
            if !fired {
                if canFire { live.append(request) } else { unfireable.append(request) }
                continue
            }
            if !canFire && unknownChange { unfireable.append(request) }
            if request.kind.floats || request.kind == .habitReminder { state.recentlyFired[request.identifier] = request.fireDate }
            if request.kind == .dailyAffirmation, let date = PlanContext.dateSuffix(of: request.identifier) {
                state.affirmationsDeliveredThrough = max(state.affirmationsDeliveredThrough ?? date, date)
            }
        }
        livePending = live
        let memory = now.addingTimeInterval(-Double(configuration.eventMemoryDays) * 86_400)
        state.recentlyFired = state.recentlyFired.filter { $0.value > memory }
    }
}

extension EventStage {
    /// A workout's distance rounded to 0.1 km (half to even, as ICU and Foundation round) before
    /// any text sees it: a text chooses its `=0` case on the number before formatting it, so a
    /// workout under 50 m reads as one without distance instead of “0.0 km” or “0 m”. The
    /// argument stays in kilometres; the texts show it in the reader's units (`usage/road`).
    ///
    /// A swim is rounded to whole metres (`fractionDigits` 3) instead: its texts show metres, or
    /// yards in the US (`usage/swim`), so 1,650 yd (1.50876 km) must reach them as 1.509 km,
    /// not 1.5 km (“1,640 yd”), and a 25 m length as 0.025 km, not as no distance.
    static func shownKilometres(_ km: Double, fractionDigits: Int16 = 1) -> Double {
        // At most half of the last shown digit (a tie included) rounds to zero.
        let half = fractionDigits == 1 ? 0.05 : 0.5 * pow(10, -Double(fractionDigits))
        guard km.isFinite, km > half else { return 0 }
        // The shortest decimal that reads back as `km`, which is what the formatters round.
        guard var exact = Decimal(string: "\(km)", locale: Locale(identifier: "en_US_POSIX")) else { return km }
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exact, Int(fractionDigits), .bankers)
        return NSDecimalNumber(decimal: rounded).doubleValue
    }
}
