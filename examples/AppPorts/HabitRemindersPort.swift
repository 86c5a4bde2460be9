// The habit tracker's reminders (its `Features/Recordatorios`) on the package: a reminder
// `horasAnticipacion` hours (default 5) before a daily or weekly period ends, none for a period
// already done; its Spanish texts; badge 1; `userInfo` with `habitID` and `habitNombre` for its
// delegate; the default sound.
import Foundation
import NotificationPlanning

/// A habit as the app stores it, with its reminder (`RecordatorioManager`).
public struct TrackedHabit: Sendable {
    /// The habit's id (`habit.id.uuidString`).
    public var id: String
    /// Its name (`habit.nombre`).
    public var name: String
    /// `diario` or `semanal`.
    public var weekly: Bool
    /// The reminder's toggle (`recordar.activo`).
    public var remind: Bool
    /// Hours before the period ends (`horasAnticipacion`).
    public var hoursBefore: Int

    /// A habit.
    public init(id: String, name: String, weekly: Bool = false, remind: Bool = true, hoursBefore: Int = 5) {
        self.id = id
        self.name = name
        self.weekly = weekly
        self.remind = remind
        self.hoursBefore = hoursBefore
    }
}

/// The port.
public enum HabitRemindersPort {
    /// The preferences: one habit reminder per tracked habit, badge 1.
    public static func preferences(_ habits: [TrackedHabit], timeZone: String) -> NotificationPreferences {
        var prefs = NotificationPreferences(timeZone: timeZone)
        prefs.locale = "es"
        prefs.habits = habits.map {
            HabitSettings(
                id: $0.id, name: $0.name, period: $0.weekly ? .weekly : .daily,
                reminderEnabled: $0.remind, hoursBefore: $0.hoursBefore)
        }
        var options = KindOptions()
        options.badge = .value(1)
        prefs.kinds[.habitReminder] = options
        return prefs
    }

    /// The app's title and body, and the `userInfo` its delegate reads.
    public static func configuration(_ habits: [TrackedHabit]) -> PlannerConfiguration {
        var configuration = PlannerConfiguration()
        configuration.contentSource = ContentSource { request in
            guard request.kind == .habitReminder, let id = request.userInfo["habitId"],
                let habit = habits.first(where: { $0.id == id })
            else { return nil }
            return AppContent(
                title: "⏰ Recordatorio de Hábito",
                body: "¡No olvides completar '\(habit.name)'! Te quedan menos de \(habit.hoursBefore) horas.",
                userInfo: ["habitID": .string(habit.id), "habitNombre": .string(habit.name)])
        }
        return configuration
    }
}
