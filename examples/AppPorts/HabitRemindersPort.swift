// The habit tracker's reminders (its `Features/Recordatorios`) on the package: a reminder
// `horasAnticipacion` hours (default 5) before a daily or weekly period ends, none for a period
// already done; its Spanish texts; badge 1; `userInfo` with `habitID`, `instanceID` and
// `habitNombre` for its delegate; the default sound; its identifiers
// `<reminder's notificationIdentifier>_<instance id>`, which its `hasPendingReminder` looks for.
import Foundation
import NotificationPlanning
import AffirmationSelector

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
    /// The reminder's own identifier (`recordar.notificationIdentifier`, a UUID), which starts
    /// every identifier of its notifications; nil: the habit's id.
    public var reminderIdentifier: String?

    /// A habit.
    public init(id: String, name: String, weekly: Bool = false, remind: Bool = true, hoursBefore: Int = 5, reminderIdentifier: String? = nil) {
        self.id = id
        self.reminderIdentifier = reminderIdentifier
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
        prefs.permissionPrompt = .app  // asked when the user turns a reminder on
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

    /// The app's title and body, the `userInfo` its delegate reads, and its identifiers.
    /// - Parameters:
    ///   - habits: the habits.
    ///   - instanceID: the id of the habit's instance (`HabitInstance.id`) for the period starting
    ///     on a date; the habit's id and the date when left out.
    public static func configuration(
        _ habits: [TrackedHabit], instanceID: @escaping @Sendable (_ habitID: String, _ periodStart: LocalDate) -> String = { "\($0)-\($1)" }
    ) -> PlannerConfiguration {
        var configuration = PlannerConfiguration()
        configuration.contentSource = ContentSource { request in
            guard let (habit, period) = habitPeriod(request.kind, request.userInfo, habits) else { return nil }
            return AppContent(
                title: "⏰ Recordatorio de Hábito",
                body: "¡No olvides completar '\(habit.name)'! Te quedan menos de \(habit.hoursBefore) horas.",
                userInfo: [
                    "habitID": .string(habit.id), "instanceID": .string(instanceID(habit.id, period)), "habitNombre": .string(habit.name)
                ])
        }
        configuration.identifierScheme = IdentifierScheme { request in
            guard let (habit, period) = habitPeriod(request.kind, request.userInfo, habits) else { return nil }
            return "\(habit.reminderIdentifier ?? habit.id)_\(instanceID(habit.id, period))"
        }
        return configuration
    }

    private static func habitPeriod(_ kind: NotificationKind, _ info: [String: String], _ habits: [TrackedHabit]) -> (TrackedHabit, LocalDate)? {
        guard kind == .habitReminder, let id = info["habitId"], let habit = habits.first(where: { $0.id == id }),
            let period = info["period"].flatMap(LocalDate.init(string:))
        else { return nil }
        return (habit, period)
    }
}
