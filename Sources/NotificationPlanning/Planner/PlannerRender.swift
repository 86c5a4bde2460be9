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
    static func run(
        _ candidates: [Candidate], pending: [NotificationRequest], habitSlots: [HabitSlot],
        lastVariants: [String: Int], context: PlanContext
    ) throws(Diagnostic) -> Rendered {
        var stage = RenderStage(context: context, livePending: pending, habitSlots: habitSlots, lastVariants: lastVariants)
        let requests = try stage.render(candidates)
        return Rendered(requests: requests, lastVariants: stage.lastVariants)
    }

    mutating func render(_ candidates: [Candidate]) throws(Diagnostic) -> [NotificationRequest] {
        // What a draft reads of the pending request it replaces: its kind and variant (the
        // requests themselves are not copied into the dictionary).
        let previous = Dictionary(livePending.map { ($0.identifier, (kind: $0.kind, variant: $0.variant)) }, uniquingKeysWith: { a, _ in a })
        // Habit badges: how many habit reminders have fired (before now, or kept in this plan)
        // for periods still open and not done when this one fires.
        let keptHabits = Set(candidates.filter { $0.kind == .habitReminder }.map(\.identifier))
        let shownSlots = habitSlots.filter { $0.fire <= now || keptHabits.contains($0.identifier) }
        var out: [NotificationRequest] = []
        var affirmations = DailySelection(
            content: content, locale: preferences.locale, tone: preferences.tone, timeZone: zoneID,
            termOfAddress: preferences.termOfAddress, seed: 0)
        // The candidates' positions by kind (in `allCases` order), then fire date and identifier:
        // each kind's run is rendered in turn. Positions are sorted, not the candidates.
        let keys = candidates.map { (priority: $0.kind.priority, fire: $0.fireDate, id: $0.identifier) }
        let byKind = candidates.indices.sorted { i, j in
            (keys[i].priority, keys[i].fire, keys[i].id) < (keys[j].priority, keys[j].fire, keys[j].id)
        }
        // The message last looked up, by key.
        var resolved: (key: String, message: any ResolvedContent)?
        var runStart = 0
        while runStart < byKind.count {
            let kind = candidates[byKind[runStart]].kind
            var runEnd = runStart + 1
            while runEnd < byKind.count, keys[byKind[runEnd]].priority == keys[byKind[runStart]].priority { runEnd += 1 }
            let ordered = byKind[runStart..<runEnd].map { candidates[$0] }
            runStart = runEnd
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
                    // One lookup of the message per key in a plan (the drafts of a kind share
                    // theirs): its count, then its render.
                    let message: any ResolvedContent
                    if let hit = resolved, hit.key == draft.key {
                        message = hit.message
                    } else {
                        do {
                            message = try content.resolve(key: draft.key, locale: preferences.locale, tone: preferences.tone)
                        } catch {
                            throw context.renderError(draft.key, error)
                        }
                        resolved = (draft.key, message)
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
                        if let list = preferences.appAffirmations {
                            // The app's own list, picked as AffirmationSelector.dailyAffirmation(for:from:) picks it.
                            let index = SeededPicker.dailyIndex(for: slot.date, namespace: SeededPicker.appListNamespace, poolSize: list.count, seed: 0)
                            draft.arguments["affirmation"] = .string(list[index])
                            draft.info["affirmationIndex"] = String(index)
                            draft.info["affirmationSource"] = "app"
                        } else {
                            let affirmation: (index: Int, text: String)
                            do { affirmation = try affirmations.poolEntry(for: slot.date) } catch {
                                throw Diagnostic(.content, error.message)
                            }
                            draft.arguments["affirmation"] = .string(affirmation.text)
                            draft.info["affirmationIndex"] = String(affirmation.index)
                        }
                    }
                    // The app's own text or arguments for this request, when it gives them.
                    let own = try appContent(for: draft)
                    if let own {
                        draft.arguments.merge(own.arguments) { _, app in app }
                    }
                    var title: String, body: String
                    if let own, let ownTitle = own.title, let ownBody = own.body {
                        (title, body) = (ownTitle, ownBody)
                    } else {
                        let rendered: (title: String?, body: String?)
                        do {
                            if let catalogMessage = message as? ResolvedMessage {
                                // The catalog's own message: its title and body, without the parts' dictionary.
                                rendered = try catalogMessage.renderTitleAndBody(
                                    arguments: draft.arguments, variant: variant, timeZone: zoneID,
                                    termOfAddress: preferences.termOfAddress)
                            } else {
                                let parts = try message.render(
                                    arguments: draft.arguments, variant: variant, timeZone: zoneID,
                                    termOfAddress: preferences.termOfAddress)
                                rendered = (parts.title, parts.body)
                            }
                        } catch {
                            throw context.renderError(draft.key, error)
                        }
                        title = own?.title ?? rendered.title ?? ""
                        body = own?.body ?? rendered.body ?? ""
                        draft.info["variant"] = String(variant)
                    }
                    draft.info["kind"] = kind.rawValue
                    if let own, own.title != nil || own.body != nil {
                        // What the user saw is the app's: name it, not the catalog's entry.
                        draft.info["textSource"] = "app"
                        if own.body != nil, draft.info["affirmationSource"] == nil { draft.info["affirmationIndex"] = nil }
                        if let id = own.textID { draft.info["textId"] = id }
                    }
                    let options = preferences.kinds[kind] ?? KindOptions()
                    var badge: Int?
                    switch options.badge ?? .automatic {
                    case .automatic:
                        if kind == .habitReminder {
                            badge = shownSlots.filter { $0.fire <= draft.fireDate && $0.end > draft.fireDate }.count
                        }
                    case .none: badge = nil
                    case .value(let number): badge = number
                    }
                    var request = NotificationRequest(
                        identifier: draft.identifier, kind: kind, fireDate: draft.fireDate, timeZone: zoneID,
                        trigger: trigger(for: draft), title: title, body: body,
                        categoryIdentifier: options.category?.identifier ?? CategoryRegistry.categoryIdentifier(for: kind),
                        threadIdentifier: options.threadIdentifier ?? draft.thread,
                        userInfo: draft.info, badge: badge, floating: kind.floats)
                    request.subtitle = own?.subtitle
                    request.sound = options.sound
                    request.interruptionLevel = options.interruptionLevel
                    request.relevanceScore = options.relevanceScore
                    request.appUserInfo = (options.userInfo ?? [:]).merging(own?.userInfo ?? [:]) { _, app in app }
                    out.append(request)
                }
            }
            if let last { lastVariants[kind.rawValue] = last }
        }
        // Positions are sorted, not the requests (large values, copied at every move).
        let order = out.indices.sorted { i, j in
            (out[i].fireDate, out[i].kind, out[i].identifier) < (out[j].fireDate, out[j].kind, out[j].identifier)
        }
        return order.map { out[$0] }
    }

    /// The app's content for a draft: what the draft carries (a planned event notification's
    /// text), else what the configuration's content source returns (nil: the catalogs' text).
    func appContent(for draft: Draft) throws(Diagnostic) -> AppContent? {
        if let carried = draft.content { return carried }
        guard let source = context.configuration.contentSource else { return nil }
        let request = ContentRequest(
            kind: draft.kind, identifier: draft.identifier, date: LocalDate(draft.fireDate, in: zone),
            fireDate: draft.fireDate, locale: preferences.locale, tone: preferences.tone,
            termOfAddress: preferences.termOfAddress, arguments: draft.arguments, userInfo: draft.info)
        let own: AppContent?
        do { own = try source.content(for: request) } catch {
            throw Diagnostic(
                .content, "the app's content source failed for \(draft.identifier) (\(draft.kind.rawValue)): \(error)",
                at: .init(keyPath: draft.identifier))
        }
        if let own, let reserved = own.userInfo.keys.filter(KindOptions.reservedUserInfoKeys.contains).sorted().first {
            throw Diagnostic(
                .content, "the app's content for \(draft.identifier) sets userInfo '\(reserved)', a key only the planner writes: choose another key.",
                at: .init(keyPath: draft.identifier))
        }
        return own
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
    static func reconcile(
        _ final: [NotificationRequest], pending live: [NotificationRequest], state: SchedulerState,
        notes: [PlanNote], authorizationRequest: AuthorizationRequest?, context: PlanContext
    ) -> PlanResult {
        // Positions, not copies of the requests.
        let before = Dictionary(live.indices.map { (live[$0].identifier, $0) }, uniquingKeysWith: { a, _ in a })
        let after = Set(final.map(\.identifier))
        let added = final.filter { request in before[request.identifier].map { live[$0] != request } ?? true }
        var removed = live.filter { !after.contains($0.identifier) }.map(\.identifier)
        removed += added.filter { before[$0.identifier] != nil }.map(\.identifier)
        return PlanResult(
            now: context.now, timeZone: context.zoneID, authorization: context.preferences.authorization, added: added,
            removed: removed.sorted(), pending: final, notes: notes.map(\.text), noteDetails: notes, state: state,
            authorizationRequest: authorizationRequest)
    }
}
