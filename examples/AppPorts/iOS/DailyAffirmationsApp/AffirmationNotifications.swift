// The daily-affirmation app's notification manager (its `NotificationManager`, called from
// `ContentView` and `CustomizationSheet`) on the package: asked once on the first launch as the
// app does (`bootstrap`), topped up when the app becomes active, turned on and off by the
// settings toggle (which asks when permission was never asked, and offers the system settings
// when it was refused); provisional permission schedules, as the app's `isAuthorized` allowed.
import Foundation
import SwiftUI
import UIKit
import UserNotifications
import AffirmationSelector
import MessageCatalog
import NotificationPlanning
import UserNotificationsAdapter
import AppPorts

@available(iOS 15.0, *)
@MainActor
final class AffirmationNotifications {
    static let shared = AffirmationNotifications()

    private enum DefaultsKey {
        static let requested = "notifications.requested"
        static let enabled = "notifications.enabled"
    }

    let center = SystemNotificationCenter(center: .current())
    private let defaults = UserDefaults.standard
    private let delegate = UserNotificationsDelegate(presentation: .standard) { _ in }

    /// The settings the app keeps: its toggle, the user's name, its lists and title.
    func settings() -> AffirmationAppSettings {
        let useName = defaults.bool(forKey: "customization.useName")
        return AffirmationAppSettings(
            enabled: defaults.bool(forKey: DefaultsKey.enabled),
            name: useName ? defaults.string(forKey: "customization.name") : nil,
            title: NSLocalizedString("notification_title", comment: ""),
            english: defaults.stringArray(forKey: "affirmations.en") ?? [],
            spanish: defaults.stringArray(forKey: "affirmations.es") ?? [])
    }

    /// The first launch asks (the app's own moment), later launches top the week up.
    func bootstrap() async {
        UNUserNotificationCenter.current().delegate = delegate
        if !defaults.bool(forKey: DefaultsKey.requested) {
            defaults.set(true, forKey: DefaultsKey.requested)
            defaults.set((try? await center.requestAuthorization()) ?? false, forKey: DefaultsKey.enabled)
        }
        await refresh()
    }

    /// Plans the week (topped up below two pending) with the app's texts; nothing when off.
    func refresh() async {
        let settings = settings()
        let locale = Locale.current.identifier.replacingOccurrences(of: "_", with: "-")
        guard let content = try? ContentGenerator.bundled() else { return }
        let driver = NotificationDriver(
            center: center, store: UserDefaultsSchedulerStateStore(suiteName: nil), content: content,
            configuration: DailyAffirmationsPort.configuration(settings, locale: locale))
        _ = try? await driver.run(preferences: DailyAffirmationsPort.preferences(settings, timeZone: TimeZone.current.identifier, locale: locale))
    }

    /// The settings toggle: on asks when never asked; returns whether notifications are on.
    func setEnabled(_ enabled: Bool) async -> Bool {
        var on = enabled
        if enabled {
            switch await center.authorization() {
            case .notDetermined: on = (try? await center.requestAuthorization()) ?? false
            case .denied: on = false
            case .authorized, .provisional, .ephemeral: on = true
            }
        }
        defaults.set(on, forKey: DefaultsKey.enabled)
        await refresh()
        return on
    }

    func openSystemSettings() {
        guard let url = URL(string: UIApplication.openSettingsURLString) else { return }
        UIApplication.shared.open(url)
    }
}

/// The notifications row of the app's `CustomizationSheet`.
@available(iOS 15.0, *)
struct NotificationSettingsRow: View {
    @State private var status: AuthorizationStatus = .notDetermined
    @State private var enabled = false

    var body: some View {
        Group {
            if status == .denied {
                Button(NSLocalizedString("notification_settings", comment: "")) { AffirmationNotifications.shared.openSystemSettings() }
            } else {
                Toggle(
                    NSLocalizedString("notifications", comment: ""),
                    isOn: Binding(
                        get: { enabled },
                        set: { newValue in
                            enabled = newValue
                            Task {
                                enabled = await AffirmationNotifications.shared.setEnabled(newValue)
                                status = await AffirmationNotifications.shared.center.authorization()
                            }
                        }))
            }
        }
        .task {
            status = await AffirmationNotifications.shared.center.authorization()
            enabled = status != .denied && AffirmationNotifications.shared.settings().enabled
        }
    }
}

/// The home screen's hooks: `bootstrap` on appear, `refresh` whenever the app becomes active.
@available(iOS 15.0, *)
struct AffirmationNotificationHooks: ViewModifier {
    @Environment(\.scenePhase) private var scenePhase

    func body(content: Content) -> some View {
        content
            .task { await AffirmationNotifications.shared.bootstrap() }
            .onChange(of: scenePhase) { phase in
                if phase == .active { Task { await AffirmationNotifications.shared.refresh() } }
            }
    }
}
