import Foundation
import MessageCatalog
import AffirmationSelector

/// What the render stage hands on: the requests, in fire order, and the last variant of each
/// kind for the state.
struct Rendered {
    var requests: [NotificationRequest]
    var lastVariants: [String: Int]
}

/// Stage 4: texts and triggers for the drafts (each text rendered once), then the difference
/// with what the device holds.
struct RenderStage {
    let context: PlanContext
    /// The requests of the last plan that have not fired (their variants are kept).
    let livePending: [NotificationRequest]
    let habitSlots: [HabitSlot]
    var lastVariants: [String: Int]

    var preferences: NotificationPreferences { context.preferences }
    var now: Date { context.now }
    var zone: TimeZone { context.zone }
    var zoneID: String { context.zoneID }
    var content: any ContentRendering { context.content }

    /// Renders the candidates the quiet hours and the budget kept.
    static func run(_ candidates: [Candidate], pending: [NotificationRequest], habitSlots: [HabitSlot],
                    lastVariants: [String: Int], context: PlanContext) throws(SchedulerError) -> Rendered {
        var stage = RenderStage(context: context, livePending: pending, habitSlots: habitSlots, lastVariants: lastVariants)
        let requests = try stage.render(candidates)
        return Rendered(requests: requests, lastVariants: stage.lastVariants)
    }

    mutating func render(_ candidates: [Candidate]) throws(SchedulerError) -> [NotificationRequest] {
        let previous = Dictionary(livePending.map { ($0.identifier, $0) }, uniquingKeysWith: { a, _ in a })
        // Habit badges: how many habit reminders have fired (before now, or kept in this plan)
        // for periods still open and not done when this one fires.
        let keptHabits = Set(candidates.filter { $0.kind == .habitReminder }.map(\.identifier))
        let shownSlots = habitSlots.filter { $0.fire <= now || keptHabits.contains($0.identifier) }
        var out: [NotificationRequest] = []
        var affirmations = DailySelection(content: content, locale: preferences.locale, tone: preferences.tone, timeZone: zoneID,
                                          termOfAddress: preferences.termOfAddress, seed: 0)
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
            var last = lastVariants[kind.rawValue]
            for (i, candidate) in ordered.enumerated() {
                switch candidate {
                case .carried(let request):
                    out.append(request)
                    last = request.variant ?? last
                case .draft(var draft):
                    // One lookup of the message per draft: its count, then its render.
                    let message: any ResolvedContent
                    do {
                        message = try content.resolve(key: draft.key, locale: preferences.locale, tone: preferences.tone)
                    } catch {
                        throw context.renderError(draft.key, error)
                    }
                    let count = max(1, message.variantCount)
                    let variant: Int
                    if let slot = draft.affirmation {
                        // The date's title, as AffirmationSelector.dailyAffirmation(for:) gives it to the app's screens.
                        variant = affirmations.notificationVariant(for: slot.date, count: count)
                    } else if let kept = variants[i], kept < count {
                        variant = kept
                    } else {
                        var avoid: Set<Int> = []
                        if let last { avoid.insert(last) }
                        if i + 1 < ordered.count, let next = variants[i + 1] { avoid.insert(next) }
                        variant = SeededPicker.variant(seed: preferences.userSeed, identifier: draft.identifier, count: count, avoiding: avoid)
                    }
                    variants[i] = variant
                    last = variant
                    if let slot = draft.affirmation {
                        let affirmation: (index: Int, text: String)
                        do { affirmation = try affirmations.poolEntry(for: slot.date) } catch {
                            throw SchedulerError(.content, error.message)
                        }
                        draft.arguments["affirmation"] = .string(affirmation.text)
                        draft.info["affirmationIndex"] = String(affirmation.index)
                    }
                    let rendered: RenderedContent
                    do {
                        rendered = try message.render(arguments: draft.arguments, variant: variant, timeZone: zoneID,
                                                      termOfAddress: preferences.termOfAddress)
                    } catch {
                        throw context.renderError(draft.key, error)
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
            if let last { lastVariants[kind.rawValue] = last }
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

    /// The result: what to add and remove on the device so that it holds `final`.
    static func reconcile(_ final: [NotificationRequest], pending live: [NotificationRequest], state: SchedulerState,
                          notes: [PlanNote], authorizationRequest: AuthorizationRequest?, context: PlanContext) -> PlanResult {
        let before = Dictionary(live.map { ($0.identifier, $0) }, uniquingKeysWith: { a, _ in a })
        let after = Set(final.map(\.identifier))
        let added = final.filter { before[$0.identifier] != $0 }
        var removed = live.filter { !after.contains($0.identifier) }.map(\.identifier)
        removed += added.filter { before[$0.identifier] != nil }.map(\.identifier)
        return PlanResult(now: context.now, timeZone: context.zoneID, authorization: context.preferences.authorization, added: added,
                          removed: removed.sorted(), pending: final, notes: notes.map(\.text), noteDetails: notes, state: state,
                          authorizationRequest: authorizationRequest)
    }
}
