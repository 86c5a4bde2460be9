import Foundation
import MessageCatalog
import AffirmationSelector

/// What a policy stage hands to the next: the candidates that remain, and why others moved or left.
struct StageOutput {
    var candidates: [Candidate]
    var notes: [PlanNote] = []
}

/// Stage 3: the quiet hours move or drop candidates; the budget keeps the nearest. Both are pure
/// functions of their inputs: candidates in, candidates and notes out.
enum PolicyStage {
    /// Moves (or drops, per kind) the drafts whose wall time in `zone` is inside the quiet hours;
    /// carried requests stay as they are.
    static func applyQuietHours(_ candidates: [Candidate], quietHours: QuietHours?, zone: TimeZone) -> StageOutput {
        guard let quiet = quietHours else { return StageOutput(candidates: candidates) }
        var notes: [PlanNote] = []
        var out: [Candidate] = []
        var deferred: [Draft] = []
        var dropped: [String] = []
        for candidate in candidates {
            guard case .draft(var draft) = candidate,
                quiet.contains(WallClock.components(of: draft.fireDate, in: zone).time)
            else {
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
            notes.append(
                PlanNote(
                    .quietHoursMoved,
                    [
                        "start": quiet.start.description, "end": quiet.end.description,
                        "identifiers": deferred.map(\.identifier).sorted().joined(separator: ", ")
                    ]))
        }
        if !dropped.isEmpty {
            notes.append(
                PlanNote(
                    .quietHoursDropped,
                    [
                        "start": quiet.start.description, "end": quiet.end.description,
                        "identifiers": dropped.sorted().joined(separator: ", ")
                    ]))
        }
        return StageOutput(candidates: out, notes: notes)
    }

    /// The nearest local days win; within a day, the kind's priority; then the time.
    static func applyBudget(_ candidates: [Candidate], budget: Int, zone: TimeZone, sharing: BudgetSharing = .nearestFirst) -> StageOutput {
        // Each candidate's local day and fields read once, not at every comparison.
        // The keys are sorted, not the candidates themselves (large values, copied at every move).
        let keyed = candidates.map { (day: LocalDate($0.fireDate, in: zone).dayNumber, kind: $0.kind, fire: $0.fireDate, id: $0.identifier) }
        let sorted = keyed.indices.sorted { i, j in
            let (a, b) = (keyed[i], keyed[j])
            if a.day != b.day { return a.day < b.day }
            if a.kind != b.kind { return a.kind < b.kind }
            if a.fire != b.fire { return a.fire < b.fire }
            return a.id < b.id
        }.map { candidates[$0] }
        guard sorted.count > budget else { return StageOutput(candidates: sorted) }
        if sharing == .fair { return fairShare(sorted, budget: budget) }
        let dropped = sorted[budget...].map(\.identifier)
        let note = PlanNote(
            .budgetDropped,
            [
                "budget": String(budget), "count": String(dropped.count),
                "priority": NotificationKind.allCases.map(\.rawValue).joined(separator: " > "),
                "identifiers": dropped.joined(separator: ", ")
            ])
        return StageOutput(candidates: Array(sorted[..<budget]), notes: [note])
    }

    /// ``BudgetSharing/fair``: the largest equal share `q` such that every group keeping its
    /// nearest `min(size, q)` candidates fits the budget; the places left go to the nearest of
    /// the rest. `sorted` is in the nearest-first order, which the result keeps.
    static func fairShare(_ sorted: [Candidate], budget: Int) -> StageOutput {
        let groups = sorted.map(\.budgetGroup)
        var sizes: [String: Int] = [:]
        for group in groups { sizes[group, default: 0] += 1 }
        var share = 0
        while share < budget, sizes.values.reduce(0, { $0 + min($1, share + 1) }) <= budget { share += 1 }
        var taken: [String: Int] = [:]
        var keep = [Bool](repeating: false, count: sorted.count)
        var used = 0
        for (i, group) in groups.enumerated() where taken[group, default: 0] < share {
            taken[group, default: 0] += 1
            keep[i] = true
            used += 1
        }
        for i in sorted.indices where !keep[i] && used < budget {
            keep[i] = true
            used += 1
        }
        let kept = sorted.indices.filter { keep[$0] }.map { sorted[$0] }
        let dropped = sorted.indices.filter { !keep[$0] }.map { sorted[$0].identifier }
        let note = PlanNote(
            .budgetDropped,
            [
                "budget": String(budget), "count": String(dropped.count),
                "priority": "a fair share of \(share) per kind (each habit apart), then nearest first",
                "identifiers": dropped.joined(separator: ", ")
            ])
        return StageOutput(candidates: kept, notes: [note])
    }
}
