import NotificationPlanning
import Foundation
import MessageCatalog
import Testing
import AffirmationSelector

/// Every public type can be written module-qualified, as an app does when one of its own
/// types has the same name (`PlannerEvent`, `LocalizedCatalog` …). This file fails to compile if a module again
/// declares a type of its own name, which hides the module in qualified names.
@Suite("Module-qualified names")
struct ModuleQualifiedNameTests {
    @Test("NotificationPlanning.X and MessageCatalog.X resolve; the selection is reached through SeededPicker")
    func qualifiedNames() throws {
        let event = NotificationPlanning.PlannerEvent(.appForeground, at: Date(timeIntervalSince1970: 0))
        let habit = NotificationPlanning.HabitSettings(id: "read", name: "Read")
        let catalog: MessageCatalog.LocalizedCatalog = try MessageCatalog.LocalizedCatalog.bundled()
        let date = AffirmationSelector.LocalDate(year: 2026, month: 11, day: 23)
        let index = AffirmationSelector.SeededPicker.dailyAffirmation(for: date, locale: "en", poolSize: 60)
        #expect((0..<60).contains(index))
        #expect(event.type == "appForeground")
        #expect(habit.period == .daily)
        #expect(catalog.sourceLocale == "en")
        #expect(NotificationPlanning.ISO8601Instant.string(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
    }
}
