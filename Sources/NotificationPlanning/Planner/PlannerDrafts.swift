import Foundation
import MessageCatalog
import AffirmationSelector

/// What the drafts stage hands on: the candidates (requests carried over, event notifications,
/// dated drafts of each kind), every open habit period's reminder time (for the badges), the
/// reminder anchor to keep in the state (when it resolved one), and its notes.
struct Drafts {
    var candidates: [Candidate] = []
    var habitSlots: [HabitSlot] = []
    var reminderAnchor: SchedulerState.ReminderAnchor?
    var notes: [PlanNote] = []
}

/// A habit period's reminder time, past ones included (the badge counts those that fired).
struct HabitSlot {
    var identifier: String
    var fire: Date
    var end: Date
}

/// Stage 2: the dated requests of each kind (affirmations, reminders, habits, summaries) as
/// drafts, with the event notifications and the requests carried over: the candidates. The stage
/// reads the state and never writes it; what it decides about it (the reminder anchor) is in its
/// result.
struct DraftStage {
    let context: PlanContext
    let history: EventOutcome
    var output = Drafts()

    var preferences: NotificationPreferences { context.preferences }
    var state: SchedulerState { history.state }
    var now: Date { context.now }
    var zone: TimeZone { context.zone }
    var zoneID: String { context.zoneID }
    var today: LocalDate { context.today }
    var configuration: PlannerConfiguration { context.configuration }
    var content: any ContentRendering { context.content }
    var livePending: [NotificationRequest] { history.livePending }

    /// Runs the stage after the events.
    static func run(after history: EventOutcome, context: PlanContext) throws(Diagnostic) -> Drafts {
        var stage = DraftStage(context: context, history: history)
        stage.output.candidates = try stage.buildCandidates()
        return stage.output
    }

    mutating func buildCandidates() throws(Diagnostic) -> [Candidate] {
        var out: [Candidate] = []
        let fresh = Set(history.fresh.map(\.identifier))
        // Event notifications and the interval timer still pending stay as they are, unless
        // their kind was turned off, or replaced by this run.
        for request in livePending where !request.kind.floats && request.kind != .habitReminder {
            guard !fresh.contains(request.identifier), !history.cancelled.contains(request.identifier), context.kindEnabled(request.kind) else { continue }
            if request.kind == .intervalReminder, history.intervalCancelled { continue }
            out.append(.carried(request))
        }
        out += history.fresh.map(Candidate.draft)
        let soon = replannedSoon()
        out += soon
        let soonIDs = Set(soon.map(\.identifier))
        var dated: [Draft] = []
        if preferences.dailyAffirmation.enabled { dated += try affirmationDrafts() }
        if preferences.achievementReminder.enabled { dated += reminderDrafts(anchor: resolveReminderAnchor()) }
        dated += habitDrafts()
        if preferences.milestones.enabled { dated += summaryDrafts() }
        // What already fired is not planned again when a zone change brings its time round again.
        let again = dated.filter { state.recentlyFired[$0.identifier] != nil }.map(\.identifier)
        if !again.isEmpty {
            output.notes.append(PlanNote(.alreadyDelivered, ["identifiers": again.sorted().joined(separator: ", ")]))
        }
        out += dated.filter { state.recentlyFired[$0.identifier] == nil && !soonIDs.contains($0.identifier) }.map(Candidate.draft)
        return out
    }

    /// The `userInfo` key of a floating request planned again to fire soon after a zone change
    /// jumped over its wall time; its value is the local date it stands for (`2026-11-23`).
    static let replannedKey = "replanned"

    /// Floating requests whose wall time a zone change jumped over (``EventOutcome/unfireable``:
    /// the device never fires them), each planned again to fire soon when its local date is
    /// today in the new zone and that date has not had its notification (for an affirmation:
    /// no affirmation delivered that date; for a reminder: no achievement recorded), else
    /// cancelled. "Soon" is now (an immediate request), or the end of the quiet hours when the
    /// kind defers and that is still the same local date; a kind the quiet hours drop, or a
    /// deferral into the next day, cancels it. The re-planned requests still pending stay as
    /// they are while they are wanted.
    mutating func replannedSoon() -> [Candidate] {
        var out: [Candidate] = []
        for request in livePending where request.kind.floats && request.userInfo[Self.replannedKey] != nil {
            if let date = request.userInfo[Self.replannedKey].flatMap(LocalDate.init(string:)), stillWanted(request, on: date) {
                out.append(.carried(request))
            }
        }
        var replanned: [String] = []
        var cancelled: [String] = []
        for request in history.unfireable {
            guard case let .calendar(date, _, _, _) = request.trigger, stillWanted(request, on: date), let moved = soon(request, on: date) else {
                cancelled.append(request.identifier)
                continue
            }
            replanned.append(request.identifier)
            out.append(.carried(moved))
        }
        if !replanned.isEmpty { output.notes.append(PlanNote(.jumpedOverReplanned, ["identifiers": replanned.sorted().joined(separator: ", ")])) }
        if !cancelled.isEmpty { output.notes.append(PlanNote(.jumpedOverCancelled, ["identifiers": cancelled.sorted().joined(separator: ", ")])) }
        return out
    }

    /// A jumped-over request is still wanted on `date`: today, its kind on, not delivered, and
    /// its day not already served.
    func stillWanted(_ request: NotificationRequest, on date: LocalDate) -> Bool {
        guard date == today, context.kindEnabled(request.kind), state.recentlyFired[request.identifier] == nil else { return false }
        switch request.kind {
        case .dailyAffirmation: return state.affirmationsDeliveredThrough.map { $0 < date } ?? true
        case .achievementReminder: return !state.achievementDays.contains(date)
        default: return true
        }
    }

    /// `request` moved to fire soon on `date` (see ``replannedSoon()``), or nil when the quiet
    /// hours leave no time that day.
    func soon(_ request: NotificationRequest, on date: LocalDate) -> NotificationRequest? {
        var moved = request
        moved.fireDate = now.addingTimeInterval(1)
        moved.trigger = .immediate
        moved.floating = false
        if let quiet = preferences.quietHours, quiet.contains(WallClock.components(of: moved.fireDate, in: zone).time) {
            switch quiet.policy(for: request.kind) {
            case .deliver: break
            case .drop: return nil
            case .defer:
                let end = WallClock.next(quiet.end, after: moved.fireDate, in: zone)
                let c = WallClock.components(of: end, in: zone)
                guard c.date == date else { return nil }
                moved.fireDate = end
                moved.trigger = .calendar(date: c.date, time: c.time, second: c.second, timeZone: nil)
                moved.floating = true
            }
        }
        moved.timeZone = zoneID
        moved.userInfo[Self.replannedKey] = date.description
        return moved
    }

    func quietAdjusted(_ fire: Date, _ kind: NotificationKind) -> Date { context.quietAdjusted(fire, kind) }

    /// The achievement reminders' anchor day: the chosen day, else the one the state keeps for
    /// this frequency, else today (so re-running never shifts the cycle). A new anchor is returned
    /// in ``Drafts/reminderAnchor`` for the state.
    mutating func resolveReminderAnchor() -> LocalDate {
        let settings = preferences.achievementReminder
        if let chosen = settings.anchorDate {
            output.reminderAnchor = .init(frequency: settings.frequency, date: chosen)
            return chosen
        }
        if let kept = state.reminderAnchor, kept.frequency == settings.frequency { return kept.date }
        output.reminderAnchor = .init(frequency: settings.frequency, date: today)
        output.notes.append(PlanNote(.reminderAnchored, ["frequency": settings.frequency.rawValue, "date": today.description]))
        return today
    }

    /// A rolling window of dated requests, kept full (or topped up when fewer than
    /// `refillBelow` remain, when set); a date whose affirmation fired is never planned again.
    mutating func affirmationDrafts() throws(Diagnostic) -> [Draft] {
        let settings = preferences.dailyAffirmation
        var first = today.adding(days: -1)
        if let through = state.affirmationsDeliveredThrough, first <= through { first = through.adding(days: 1) }
        while quietAdjusted(WallClock.instant(on: first, at: settings.time, in: zone), .dailyAffirmation) <= now { first = first.adding(days: 1) }
        let last = first.adding(days: settings.windowDays - 1)
        let existing = Set(
            livePending.filter { $0.kind == .dailyAffirmation }.compactMap { PlanContext.dateSuffix(of: $0.identifier) }
                .filter { $0 >= first && $0 <= last })
        let dates: [LocalDate]
        let zoneChanged = state.plannedTimeZone.map { $0 != zoneID } ?? false
        if zoneChanged || existing.count < (settings.refillBelow ?? settings.windowDays) {
            dates = (0..<settings.windowDays).map { first.adding(days: $0) }
            if existing.count < settings.windowDays, !existing.isEmpty || state.pending.contains(where: { $0.kind == .dailyAffirmation }) {
                let why = settings.refillBelow.map { "fewer than \($0)" } ?? "kept full"
                output.notes.append(
                    PlanNote(
                        .affirmationsToppedUp,
                        [
                            "left": String(existing.count), "rule": why, "days": String(settings.windowDays),
                            "first": first.description, "last": last.description
                        ]))
            }
        } else {
            dates = existing.sorted()
        }
        var poolSize = preferences.appAffirmations?.count ?? 0
        if preferences.appAffirmations == nil {
            do {
                poolSize = try content.variantCount(key: MessageKey.affirmationPool, locale: preferences.locale, tone: preferences.tone)
            } catch {
                throw context.renderError(MessageKey.affirmationPool, error)
            }
        }
        guard poolSize > 0 else {
            throw Diagnostic(.content, "the message 'affirmation.pool' has no affirmations for \(preferences.locale)")
        }
        // The text is chosen and rendered with the notification (`RenderStage`), once, and only
        // for the drafts the quiet hours and the budget keep.
        var out: [Draft] = []
        for date in dates {
            let fire = WallClock.instant(on: date, at: settings.time, in: zone)
            guard quietAdjusted(fire, .dailyAffirmation) > now else { continue }
            out.append(
                Draft(
                    identifier: preferences.requestIdentifier(.dailyAffirmation, date.description), kind: .dailyAffirmation, fireDate: fire,
                    key: MessageKey.affirmationDaily, arguments: ["day": .date(fire)],
                    info: ["date": date.description], thread: "daily-affirmation",
                    affirmation: AffirmationSlot(date: date, poolSize: poolSize)))
        }
        return out
    }

    /// Reminders every 1, 3 or 7 days from the anchor day, none on a day with an achievement.
    /// The drafts read the anchor; they do not write the state.
    mutating func reminderDrafts(anchor: LocalDate) -> [Draft] {
        let settings = preferences.achievementReminder
        let step = settings.frequency.step
        let recorded = Set(state.achievementDays)
        var out: [Draft] = []
        // The horizon, and beyond it the next occurrence if the horizon holds none (weekly).
        for offset in -1..<(configuration.reminderHorizonDays + step) {
            if offset >= configuration.reminderHorizonDays, !out.isEmpty { break }
            let date = today.adding(days: offset)
            let since = date.dayNumber - anchor.dayNumber
            guard since >= 0, since % step == 0 else { continue }
            let fire = WallClock.instant(on: date, at: settings.time, in: zone)
            guard quietAdjusted(fire, .achievementReminder) > now else { continue }
            if recorded.contains(date) {
                output.notes.append(PlanNote(.reminderSkipped, ["date": date.description]))
                continue
            }
            out.append(
                Draft(
                    identifier: preferences.requestIdentifier(.achievementReminder, date.description), kind: .achievementReminder,
                    fireDate: fire, key: MessageKey.reminderAchievement, arguments: [:],
                    info: ["date": date.description], thread: "achievement-reminder"))
        }
        return out
    }

    /// Habit reminders: X hours of elapsed time before each open period ends.
    mutating func habitDrafts() -> [Draft] {
        var out: [Draft] = []
        for habit in preferences.habits {
            if state.deletedHabits.contains(habit.id) || !habit.reminderEnabled { continue }
            let done = Set(state.habitCompletions[habit.id] ?? [])
            let periods: [(start: LocalDate, next: LocalDate)]
            switch habit.period {
            case .daily:
                periods = (0..<configuration.dailyHabitHorizon).map { (today.adding(days: $0), today.adding(days: $0 + 1)) }
            case .weekly:
                let monday = today.startOfWeek
                periods = (0..<configuration.weeklyHabitHorizon).map { (monday.adding(days: 7 * $0), monday.adding(days: 7 * $0 + 7)) }
            }
            for period in periods {
                if done.contains(period.start) { continue }
                let end = WallClock.startOfDay(period.next, in: zone)
                let fire = end.addingTimeInterval(-TimeInterval(habit.hoursBefore * 3600))
                let identifier = preferences.requestIdentifier(.habitReminder, "\(habit.id)-\(period.start)")
                output.habitSlots.append(HabitSlot(identifier: identifier, fire: fire, end: end))
                guard quietAdjusted(fire, .habitReminder) > now else { continue }
                out.append(
                    Draft(
                        identifier: identifier, kind: .habitReminder,
                        fireDate: fire, key: habit.period == .daily ? MessageKey.habitReminderDaily : MessageKey.habitReminderWeekly,
                        arguments: ["habit": .string(habit.name), "hoursLeft": .int(Int64(habit.hoursBefore))],
                        info: ["habitId": habit.id, "period": period.start.description, "hoursLeft": String(habit.hoursBefore)],
                        thread: "habit-\(habit.id)", periodEnd: end))
            }
        }
        return out
    }

    /// Last month's count on the 1st and last year's on 1 January, at the reminder time.
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
            out.append(
                Draft(
                    identifier: preferences.requestIdentifier(.milestoneMonthly, month.monthKey), kind: .milestoneMonthly,
                    fireDate: WallClock.instant(on: day, at: time, in: zone), key: MessageKey.milestoneMonthly,
                    arguments: ["month": .date(mid), "count": .int(Int64(state.monthlyCounts[month.monthKey] ?? 0))],
                    info: ["month": month.monthKey], thread: "milestone"))
        }
        if preferences.milestones.yearlySummary {
            var day = (today.month == 1 && today.day <= 2) ? LocalDate(year: today.year, month: 1, day: 1) : LocalDate(year: today.year + 1, month: 1, day: 1)
            if quietAdjusted(WallClock.instant(on: day, at: time, in: zone), .milestoneYearly) <= now { day = LocalDate(year: day.year + 1, month: 1, day: 1) }
            let year = day.year - 1
            let mid = WallClock.instant(on: LocalDate(year: year, month: 7, day: 1), at: TimeOfDay(hour: 12), in: zone)
            let key = LocalDate(year: year, month: 1, day: 1).yearKey
            out.append(
                Draft(
                    identifier: preferences.requestIdentifier(.milestoneYearly, key), kind: .milestoneYearly,
                    fireDate: WallClock.instant(on: day, at: time, in: zone), key: MessageKey.milestoneYearly,
                    arguments: ["year": .date(mid), "count": .int(Int64(state.yearlyCounts[key] ?? 0))],
                    info: ["year": key], thread: "milestone"))
        }
        return out
    }
}
