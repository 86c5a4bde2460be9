// The habit tracker's notification service (its `NotificationService` and the calls of
// `RecordatoriosPlugin`) on the package: permission asked when the user turns a reminder on, the
// foreground shown as the app showed it (banner, sound, badge), a tap posted to the app as
// `habitReminderTapped` with the `habitID` its screens read, and the plugin's hooks (a period
// ticked or un-ticked, a habit deleted) recorded as events, so a reminder comes back when its
// period is un-ticked.
import Foundation
import SwiftUI
import UserNotifications
import MessageCatalog
import NotificationPlanning
import UserNotificationsAdapter
import AppPorts

extension Notification.Name {
    static let habitReminderTapped = Notification.Name("habitReminderTapped")
}

@available(iOS 15.0, *)
@MainActor
final class HabitNotifications: ObservableObject {
    static let shared = HabitNotifications()

    @Published private(set) var authorization: AuthorizationStatus = .notDetermined
    let center = SystemNotificationCenter(center: .current())
    private let delegate: UserNotificationsDelegate
    private var store: FileSchedulerStateStore?
    private var content: ContentGenerator?
    /// The habits as the app's data store holds them (set on launch and after every edit).
    var habits: [TrackedHabit] = []

    private init() {
        var presentation = ForegroundPresentation.standard
        presentation[.habitReminder] = [.banner, .sound, .badge]
        delegate = UserNotificationsDelegate(presentation: presentation) { response in
            guard case .string(let habitID)? = response.request?.appUserInfo["habitID"] else { return }
            await MainActor.run {
                NotificationCenter.default.post(name: .habitReminderTapped, object: nil, userInfo: ["habitID": habitID])
            }
        }
    }

    /// At launch, before `didFinishLaunching` returns.
    func launch(habits: [TrackedHabit]) {
        self.habits = habits
        UNUserNotificationCenter.current().delegate = delegate
        let folder = try? FileManager.default.url(for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
        store = folder.map { FileSchedulerStateStore(folder: $0) }
        content = try? ContentGenerator.bundled()
        Task { await refresh() }
    }

    /// The user turned a habit's reminder on: the app's moment to ask.
    func requestAuthorization() async -> Bool {
        let granted = (try? await center.requestAuthorization()) ?? false
        await refresh()
        return granted
    }

    /// `didToggleInstance`: a period ticked (its reminder goes) or un-ticked (it comes back).
    func didToggle(habitID: String, completed: Bool) async {
        await refresh(completed ? .habitCompleted(habitID: habitID) : .habitUncompleted(habitID: habitID))
    }

    /// `willDeleteHabit`.
    func willDelete(habitID: String) async {
        habits.removeAll { $0.id == habitID }
        await refresh(.habitDeleted(habitID: habitID))
    }

    /// Plans again with the current habits (at launch, when the app comes to the foreground, after
    /// an edit), recording `event` first.
    func refresh(_ event: PlannerEvent.Payload? = nil) async {
        authorization = await center.authorization()
        guard let store, let content else { return }
        let driver = NotificationDriver(center: center, store: store, content: content, configuration: HabitRemindersPort.configuration(habits))
        _ = try? await driver.run(
            preferences: HabitRemindersPort.preferences(habits, timeZone: TimeZone.current.identifier),
            events: event.map { [PlannerEvent($0, at: Date())] } ?? [])
    }
}

/// The reminder's toggle in the habit's detail screen (`RecordatorioConfigView`).
@available(iOS 15.0, *)
@MainActor
struct ReminderToggle: View {
    @ObservedObject var notifications = HabitNotifications.shared
    @Binding var habit: TrackedHabit

    var body: some View {
        Toggle(
            "Recordatorio",
            isOn: Binding(
                get: { habit.remind && notifications.authorization != .denied },
                set: { on in
                    habit.remind = on
                    Task {
                        if on, notifications.authorization == .notDetermined { _ = await notifications.requestAuthorization() }
                        if let i = notifications.habits.firstIndex(where: { $0.id == habit.id }) { notifications.habits[i] = habit }
                        await notifications.refresh()
                    }
                }))
    }
}
