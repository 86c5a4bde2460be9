import Foundation
import MessageCatalog

/// Stage 3: the quiet hours move or drop candidates; the budget keeps the nearest.
extension PlanningRun {
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
            notes.append(PlanNote(.quietHoursMoved, ["start": quiet.start.description, "end": quiet.end.description,
                                                     "identifiers": deferred.map(\.identifier).sorted().joined(separator: ", ")]))
        }
        if !dropped.isEmpty {
            notes.append(PlanNote(.quietHoursDropped, ["start": quiet.start.description, "end": quiet.end.description,
                                                       "identifiers": dropped.sorted().joined(separator: ", ")]))
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
        notes.append(PlanNote(.budgetDropped, ["budget": String(budget), "count": String(dropped.count),
                                               "priority": NotificationKind.allCases.map(\.rawValue).joined(separator: " > "),
                                               "identifiers": dropped.joined(separator: ", ")]))
        return Array(sorted[..<budget])
    }
}
