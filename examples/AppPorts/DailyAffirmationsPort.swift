// The daily-affirmation app's notifications (its `NotificationManager`) on the package: seven
// dated requests at 10:00, `daily-affirmation-YYYY-MM-DD`, topped up when fewer than two remain;
// the body is the app's own affirmation of the day (by day of the year, from its own English or
// Spanish list, with the user's name when they chose to use it), the same text as its home card
// and widget; the title is the app's localized "notification_title".
import Foundation
import NotificationPlanning
import AffirmationSelector

/// The affirmation app's notification settings, as its `UserDefaults` hold them.
public struct AffirmationAppSettings: Sendable {
    /// The in-app toggle (`notifications.enabled`).
    public var enabled: Bool
    /// The user's name, when they chose to use it in affirmations.
    public var name: String?
    /// The title the app shows (its `notification_title` string, already localized).
    public var title: String
    /// The app's lists: English, and Spanish for Spain.
    public var english: [String]
    /// The Spanish list.
    public var spanish: [String]

    /// The settings.
    public init(enabled: Bool, name: String?, title: String, english: [String], spanish: [String]) {
        self.enabled = enabled
        self.name = name
        self.title = title
        self.english = english
        self.spanish = spanish
    }
}

/// The port: the preferences and configuration the app passes to `Planner.plan`.
public enum DailyAffirmationsPort {
    /// The user's preferences: affirmations at 10:00, seven days ahead, topped up below two.
    public static func preferences(_ settings: AffirmationAppSettings, timeZone: String, locale: String) -> NotificationPreferences {
        var prefs = NotificationPreferences(timeZone: timeZone)
        prefs.locale = locale
        prefs.dailyAffirmation.enabled = settings.enabled
        prefs.dailyAffirmation.time = TimeOfDay(hour: 10)
        prefs.dailyAffirmation.windowDays = 7
        prefs.dailyAffirmation.refillBelow = 2
        prefs.permissionPrompt = .app  // asked on the first launch and by the settings toggle
        prefs.scheduleWhenProvisional = true  // its `isAuthorized` counts provisional and ephemeral
        return prefs
    }

    /// The app's texts: its own affirmation of the request's date.
    public static func configuration(_ settings: AffirmationAppSettings, locale: String) -> PlannerConfiguration {
        var configuration = PlannerConfiguration()
        configuration.contentSource = ContentSource { request in
            guard request.kind == .dailyAffirmation else { return nil }
            let (text, index) = affirmation(for: request.date, settings: settings, locale: locale)
            return AppContent(title: settings.title, body: text, textID: "affirmation-\(index)")
        }
        return configuration
    }

    /// The app's `AffirmationSelector.dailyAffirmation(for:language:allowPlaceholders:)` with its
    /// `{name}` replacement: what the home card shows for `date`.
    public static func affirmation(for date: LocalDate, settings: AffirmationAppSettings, locale: String) -> (text: String, index: Int) {
        let spain = locale == "es-ES" || locale.hasPrefix("es-ES")
        let name = settings.name?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let list = (spain ? settings.spanish : settings.english).filter { !name.isEmpty || !$0.contains("{name}") }
        guard !list.isEmpty else { return ("", 0) }
        let dayOfYear = date.dayNumber - LocalDate(year: date.year, month: 1, day: 1).dayNumber + 1
        let index = (dayOfYear - 1) % list.count
        return (name.isEmpty ? list[index] : list[index].replacingOccurrences(of: "{name}", with: name), index)
    }
}
