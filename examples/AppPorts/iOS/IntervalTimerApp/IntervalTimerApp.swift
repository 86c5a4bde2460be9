// The interval timer's app (its `tongzinumber_demoApp`, `NotificationManager` and the button of
// its `ContentView`) on the package: the category registered next to the app's others, the
// foreground shown as the app showed it (banner and sound), permission asked when the user taps
// "设置提醒", and the timer armed through the driver, whose state the content extension shares in
// the App Group.
import Foundation
import SwiftUI
import UserNotifications
import MessageCatalog
import NotificationPlanning
import UserNotificationsAdapter
import AppPorts

@main
@MainActor
struct IntervalTimerApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) var appDelegate

    var body: some Scene {
        WindowGroup {
            if #available(iOS 16.0, *) { TimerView() }
        }
    }
}

/// The planner's side of the app, shared with the content extension through the App Group.
@available(iOS 15.0, *)
struct TimerNotifications: Sendable {
    static let appGroup = "group.cupicelemon.tongzinumber-demo"

    let center = SystemNotificationCenter(center: .current())
    let driver: NotificationDriver

    init() throws {
        guard let folder = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: Self.appGroup) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "App Group \(Self.appGroup) missing from the entitlements"])
        }
        driver = NotificationDriver(
            center: center, store: FileSchedulerStateStore(folder: folder), content: try ContentGenerator.bundled(),
            configuration: IntervalTimerPort.configuration)
    }

    /// Arms the timer: asks for permission first when it was never asked (the user's tap).
    func arm(seconds: Int) async throws -> Bool {
        if await center.authorization() == .notDetermined {
            guard try await center.requestAuthorization() else { return false }
        }
        try await record([IntervalTimerPort.arm(seconds: seconds, at: Date())])
        return true
    }

    /// Records the events of a response (or the extension's slider) and plans again.
    func record(_ events: [PlannerEvent]) async throws {
        try await driver.run(preferences: IntervalTimerPort.preferences(timeZone: TimeZone.current.identifier), events: events)
    }
}

final class AppDelegate: NSObject, UIApplicationDelegate {
    private var notificationDelegate: NSObject?

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        guard #available(iOS 15.0, *) else { return true }
        var presentation = ForegroundPresentation.standard
        presentation[.intervalReminder] = [.banner, .sound]
        let delegate = UserNotificationsDelegate(presentation: presentation) { response in
            try? await TimerNotifications().record(response.events)
        }
        notificationDelegate = delegate
        UNUserNotificationCenter.current().delegate = delegate
        let category = IntervalTimerPort.category
        Task {
            await SystemNotificationCenter(center: .current()).merge([
                NotificationCategorySpec(identifier: category.identifier, actions: category.actions ?? [], kinds: [.intervalReminder])
            ])
        }
        return true
    }
}

@available(iOS 16.0, *)
struct TimerView: View {
    @State private var selectedSeconds: Double = 60
    @State private var armed = false

    var body: some View {
        NavigationStack {
            VStack(spacing: 32) {
                Text("\(Int(selectedSeconds)) 秒").font(.system(size: 56, weight: .bold, design: .rounded))
                Slider(value: $selectedSeconds, in: 10...300, step: 1)
                Button(armed ? "已设置！" : "设置提醒") {
                    Task { armed = (try? await TimerNotifications().arm(seconds: Int(selectedSeconds))) ?? false }
                }
            }
            .padding()
            .navigationTitle("定时提醒")
        }
    }
}
