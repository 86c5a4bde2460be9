// The interval timer's notification (its `NotificationManager` and content extension) on the
// package: N seconds (10–300) after the user arms it, category `TIMER_REMINDER` with its
// `CONFIRM_ACTION` ("确认", opens the app), its Chinese texts, `scheduledSeconds` as an `Int` in
// `userInfo` (the extension's slider starts there), the default sound. The extension re-arms the
// timer by recording `intervalSet` with the slider's value and planning again.
import Foundation
import NotificationPlanning

/// The port.
public enum IntervalTimerPort {
    /// The category and its action, registered next to the app's other categories.
    public static let category = KindCategory(
        identifier: "TIMER_REMINDER",
        actions: [NotificationActionSpec(identifier: "CONFIRM_ACTION", title: "确认", options: .foreground)])

    /// The preferences: the timer on, its category.
    public static func preferences(timeZone: String) -> NotificationPreferences {
        var prefs = NotificationPreferences(timeZone: timeZone)
        prefs.locale = "zh-Hans"
        prefs.permissionPrompt = .app  // asked when the user taps 设置提醒
        prefs.interval.enabled = true
        var options = KindOptions()
        options.category = category
        prefs.kinds[.intervalReminder] = options
        return prefs
    }

    /// The app's texts and the `Int` its extension reads.
    public static let configuration: PlannerConfiguration = {
        var configuration = PlannerConfiguration()
        configuration.contentSource = ContentSource { request in
            guard request.kind == .intervalReminder, let seconds = request.userInfo["seconds"].flatMap(Int.init) else { return nil }
            return AppContent(title: "定时提醒", body: "时间到了！下拉或长按选择下一次提醒时间", userInfo: ["scheduledSeconds": .int(seconds)])
        }
        return configuration
    }()

    /// The event the app (or its extension, from the slider) records to arm the timer.
    public static func arm(seconds: Int, at now: Date) -> PlannerEvent {
        PlannerEvent(.intervalSet(seconds: seconds), at: now)
    }
}
