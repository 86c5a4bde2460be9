import Foundation
import Testing
@testable import NotificationPlanning

/// Notes are values: a code and parameters, rendered to the text of `notes` at the edge.
@Suite("Plan notes")
struct PlanNoteTests {
    func prefs() -> NotificationPreferences {
        var p = NotificationPreferences.base("Europe/Madrid")
        p.dailyAffirmation.enabled = true
        p.dailyAffirmation.time = TimeOfDay(hour: 6)  // inside the quiet hours: moved to 07:00
        p.habits = [HabitSettings(id: "h", name: "Read", hoursBefore: 3)]
        p.quietHours = QuietHours(start: TimeOfDay(hour: 22), end: TimeOfDay(hour: 7))
        return p
    }

    @Test("Budget and quiet hours: matched by code, with the identifiers as parameters", arguments: [3, 5, 10])
    func codes(_ budget: Int) throws {
        var p = prefs()
        p.budget = budget
        let result = try plan(p, at: "2026-11-23T08:00:00Z")
        #expect(result.notes == result.noteDetails.map(\.text))
        let moved = try #require(result.noteDetails.first { $0.code == .quietHoursMoved })
        #expect(moved.parameters["start"] == "22:00" && moved.parameters["end"] == "07:00")
        #expect(moved.identifiers.count == 7 && moved.identifiers.allSatisfy { $0.hasPrefix("daily-affirmation-") })
        // 7 affirmations and 7 habit reminders compete for the budget.
        let dropped = try #require(result.noteDetails.first { $0.code == .budgetDropped })
        #expect(dropped.identifiers.count == 14 - budget)
        #expect(dropped.parameters["count"] == String(14 - budget))
        #expect(Set(dropped.identifiers).isDisjoint(with: result.pending.map(\.identifier)))
    }

    @Test("Every code renders a sentence that names its parameters", arguments: PlanNote.Code.allCases)
    func rendering(_ code: PlanNote.Code) {
        let note = PlanNote(
            code,
            [
                "from": "A/B", "to": "C/D", "count": "2", "minutes": "60", "habit": "h", "setAt": "t",
                "today": "2026-11-23", "identifiers": "x-1, x-2", "left": "1", "rule": "kept full",
                "days": "7", "first": "2026-11-24", "last": "2026-11-30", "frequency": "daily",
                "date": "2026-11-23", "start": "22:00", "end": "07:00", "budget": "3", "priority": "p"
            ])
        #expect(!note.text.isEmpty && note.text.hasSuffix("."))
        #expect(!note.text.contains("()"))
        let decoded = try? JSONDecoder().decode(PlanNote.self, from: JSONEncoder().encode(note))
        #expect(decoded == note)
    }
}
