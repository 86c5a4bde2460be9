import Foundation

/// Why something was or was not scheduled, as a value: a code and its parameters. Tests and apps
/// match on ``code``; ``text`` renders the English sentence of `msgtool schedule`'s `notes`.
///
/// Parameters are strings; lists of identifiers are joined with ", " in the order given.
public struct PlanNote: Sendable, Hashable {
    /// What the note is about.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        /// `from`, `to`: the zone of the last plan and this one.
        case timeZoneChanged
        /// The app's master switch is off.
        case notificationsOff
        /// Permission was asked before and is still not determined.
        case permissionPending
        /// Permission is not determined: the app should ask now.
        case permissionAskNow
        /// Permission is denied.
        case permissionDenied
        /// Permission is provisional.
        case permissionProvisional
        /// Permission is ephemeral (App Clip).
        case permissionEphemeral
        /// Permission is not determined and the preferences leave asking to the app.
        case permissionAppAsks
        /// `status` (`provisional` or `ephemeral`): scheduled for quiet delivery, as the preferences ask.
        case permissionQuietDelivery
        /// `count`: events after now, left for a later run.
        case eventsLater
        /// `count`, `minutes`: event notifications not sent because their events are too old.
        case eventsStale
        /// `habit`: a completion of a habit the preferences do not list.
        case unknownHabit
        /// `setAt`: the interval reminder's time has already passed.
        case intervalElapsed
        /// `count`, `today`, `identifiers`: per-day markers cleaned up after midnight.
        case markersCleaned
        /// `identifiers`: requests that fired before a zone change brought their time round again.
        case alreadyDelivered
        /// `identifiers`: floating requests whose wall time a zone change jumped over (the device
        /// never fires them), planned again to fire soon on the same local date.
        case jumpedOverReplanned
        /// `identifiers`: floating requests whose wall time a zone change jumped over, cancelled:
        /// their local date is over, or already had its notification.
        case jumpedOverCancelled
        /// `left`, `rule`, `days`, `first`, `last`: the affirmation window was topped up.
        case affirmationsToppedUp
        /// `frequency`, `date`: the achievement reminders' cycle was anchored.
        case reminderAnchored
        /// `date`: no achievement reminder that day (an achievement was recorded).
        case reminderSkipped
        /// `start`, `end`, `identifiers`: requests moved to the end of the quiet hours.
        case quietHoursMoved
        /// `start`, `end`, `identifiers`: requests not delivered because of the quiet hours.
        case quietHoursDropped
        /// `budget`, `count`, `priority`, `identifiers`: later requests dropped by the budget.
        case budgetDropped
    }

    /// What the note is about.
    public var code: Code
    /// The note's values (see each ``Code``).
    public var parameters: [String: String]

    /// A note.
    /// - Parameters:
    ///   - code: what it is about.
    ///   - parameters: its values, named as each ``Code`` says.
    public init(_ code: Code, _ parameters: [String: String] = [:]) {
        self.code = code
        self.parameters = parameters
    }

    /// The identifiers a note names (`identifiers`, split), empty when it names none.
    public var identifiers: [String] {
        guard let list = parameters["identifiers"], !list.isEmpty else { return [] }
        return list.components(separatedBy: ", ")
    }

    /// The note as the English sentence of `msgtool schedule`'s `notes`.
    public var text: String {
        func p(_ name: String) -> String { parameters[name] ?? "" }
        switch code {
        case .timeZoneChanged: return "Time zone changed from \(p("from")) to \(p("to")): floating requests were planned again in the new zone."
        case .notificationsOff: return "Notifications are turned off in the app's settings: nothing is scheduled."
        case .permissionPending: return "Permission was requested before and is still not determined: nothing is scheduled until the user answers."
        case .permissionAskNow:
            return "Permission is not determined: the app should ask for it now (alert, sound, badge); nothing is scheduled until it is granted."
        case .permissionDenied: return "Permission is denied: nothing is scheduled; the app can offer a link to the system settings."
        case .permissionProvisional: return "Permission is provisional (quiet delivery only): nothing is scheduled until the user grants full permission."
        case .permissionEphemeral: return "Permission is ephemeral (App Clip): nothing is scheduled."
        case .permissionAppAsks: return "Permission is not determined and the app asks for it on its own action: nothing is scheduled until it is granted."
        case .permissionQuietDelivery:
            return "Permission is \(p("status")): scheduled anyway, as the preferences ask; iOS delivers quietly, to Notification Center only."
        case .eventsLater: return "\(p("count")) event(s) after now were left for a later run."
        case .eventsStale: return "\(p("count")) event notification(s) were not sent: their events are more than \(p("minutes")) minutes old."
        case .unknownHabit: return "A completion of the unknown habit '\(p("habit"))' was ignored."
        case .intervalElapsed: return "The interval reminder set at \(p("setAt")) has already elapsed."
        case .markersCleaned: return "Cleaned up \(p("count")) per-day marker(s) from before \(p("today")): \(p("identifiers"))."
        case .alreadyDelivered: return "Already delivered before the time-zone change, not planned again: \(p("identifiers"))."
        case .jumpedOverReplanned:
            return
                "A time-zone change jumped over their wall time (the device would never fire them): planned again to fire soon, the same local date: \(p("identifiers"))."
        case .jumpedOverCancelled:
            return
                "A time-zone change jumped over their wall time (the device would never fire them): cancelled, as their local date is over or already had its notification: \(p("identifiers"))."
        case .affirmationsToppedUp:
            return "Daily affirmations: \(p("left")) left in the window (\(p("rule"))); topped up to \(p("days")) days, \(p("first")) to \(p("last"))."
        case .reminderAnchored: return "Achievement reminders (\(p("frequency"))) are anchored on \(p("date")), the day the setting was chosen."
        case .reminderSkipped: return "No achievement reminder on \(p("date")): an achievement was already recorded that day."
        case .quietHoursMoved: return "Quiet hours \(p("start"))–\(p("end")): moved to their end: \(p("identifiers"))."
        case .quietHoursDropped: return "Quiet hours \(p("start"))–\(p("end")): not delivered: \(p("identifiers"))."
        case .budgetDropped:
            return "Budget of \(p("budget")) pending requests: \(p("count")) later one(s) dropped (priority \(p("priority"))): \(p("identifiers"))."
        }
    }
}
