import Foundation
import MessageCatalog

/// One call on the device: load the saved state, read the real permission, plan, apply and save.
///
/// ``run(preferences:events:)`` does it under the store's lock (``SchedulerStateStore``), so the
/// app and its notification content extension can both call it at once: they take turns, and
/// neither loses the other's events or hands the centre a request twice. It never asks for
/// permission: the app asks on its own action (the adapter's `requestAuthorization`), or, when
/// ``NotificationPreferences/permissionPrompt`` is ``PermissionPrompt/plan``, when the returned
/// plan's ``PlanResult/authorizationRequest`` says so; then it runs again.
///
/// The 64 pending requests iOS keeps are shared with the app's own: with a
/// ``SharedPendingNotificationCenter`` (the adapter is one), each run lowers the budget to leave
/// room for the requests the app scheduled itself (`64 − theirs`, at least 1).
///
/// ```swift
/// import Foundation
/// import MessageCatalog
/// import NotificationPlanning
///
/// let folder = FileManager.default.temporaryDirectory   // an App Group container in an app
/// let driver = NotificationDriver(center: InMemoryNotificationCenter(),
///                                 store: FileSchedulerStateStore(folder: folder, fileName: "driver-example.json"),
///                                 content: try ContentGenerator.bundled())
/// var preferences = NotificationPreferences(timeZone: "Europe/Madrid")
/// preferences.dailyAffirmation.enabled = true
/// let plan = try await driver.run(preferences: preferences)
/// print(plan.pending.count, "pending")
/// ```
public struct NotificationDriver: Sendable {
    /// The centre requests are applied to (the adapter over `UNUserNotificationCenter` in an app).
    public let center: any PendingNotificationCenter
    /// Where the state is kept between runs.
    public let store: any SchedulerStateStore
    /// The texts.
    public let content: any ContentRendering
    /// What the planner is configured with.
    public let configuration: PlannerConfiguration
    private let clock: @Sendable () -> Date

    /// A driver.
    /// - Parameters:
    ///   - center: the platform centre (`SystemNotificationCenter(center: .current())`).
    ///   - store: the shared state (a ``FileSchedulerStateStore`` in the App Group container).
    ///   - content: the texts (`ContentGenerator.bundled()`, or the app's layered catalog).
    ///   - configuration: the planner's configuration.
    ///   - clock: the current instant; the system clock unless a test simulates one.
    public init(
        center: any PendingNotificationCenter, store: any SchedulerStateStore, content: any ContentRendering,
        configuration: PlannerConfiguration = PlannerConfiguration(), clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.center = center
        self.store = store
        self.content = content
        self.configuration = configuration
        self.clock = clock
    }

    /// Plans and applies under the store's lock: loads the state, reads the permission from the
    /// centre (`preferences.authorization` is replaced by it), leaves room for the app's own
    /// requests (``SharedPendingNotificationCenter``), plans with `events`, applies the plan
    /// (removals, then additions) and saves the new state.
    /// - Parameters:
    ///   - preferences: the user's settings (shared with the extension: the app keeps them in its
    ///     App Group too).
    ///   - events: what happened since the last run.
    /// - Returns: the plan that was applied.
    /// - Throws: the store's ``SchedulerStateStoreError``, the planner's `Diagnostic`, or the
    ///   centre's error; then the state is not saved (the next run plans from the last saved one).
    @discardableResult
    public func run(preferences: NotificationPreferences, events: [PlannerEvent] = []) async throws -> PlanResult {
        var preferences = preferences
        preferences.authorization = await center.authorization()
        if let shared = center as? any SharedPendingNotificationCenter {
            let others = try await shared.othersPendingCount()
            preferences.budget = max(1, min(preferences.budget, NotificationPreferences.maximumBudget - others))
        }
        let content = content, configuration = configuration, center = center, clock = clock
        return try await store.update { state in
            let plan = try Planner.plan(
                preferences: preferences, state: state, events: events, now: clock(),
                content: content, configuration: configuration)
            try await center.apply(plan)
            state = plan.state
            return plan
        }
    }

    /// The identifier of the preview request of `kind` (one at a time: a new preview replaces it).
    /// - Parameter kind: the kind previewed.
    /// - Returns: `preview-KIND`.
    public static func previewIdentifier(for kind: NotificationKind) -> String { "preview-\(kind.rawValue)" }

    /// A test notification: the request of `kind` the current settings plan next, with its real
    /// text, category and thread, delivered now or in `seconds` (the "Preview notification" or
    /// "Test notification in 5 seconds" button). The saved state is neither read nor changed, and
    /// quiet hours do not apply. It is added even without permission (the system then shows
    /// nothing: ask first).
    /// - Parameters:
    ///   - kind: the kind to preview; it must be enabled in `preferences`, and an event kind needs
    ///     its event in `events` (a step goal needs `stepsUpdated` at the goal).
    ///   - preferences: the user's settings.
    ///   - events: the events that make an event kind's notification.
    ///   - seconds: 0 delivers now; more uses an interval trigger.
    /// - Returns: the request added (identifier ``previewIdentifier(for:)``).
    /// - Throws: ``SchedulerStateStoreError``-free: the planner's `Diagnostic`, the centre's
    ///   error, or ``PreviewError`` when the settings plan no request of `kind`.
    @discardableResult
    public func preview(
        _ kind: NotificationKind, preferences: NotificationPreferences, events: [PlannerEvent] = [],
        after seconds: Int = 0
    ) async throws -> NotificationRequest {
        var settings = preferences
        settings.authorization = .authorized
        settings.quietHours = nil
        settings.budget = NotificationPreferences.maximumBudget
        let now = clock()
        let plan = try Planner.plan(
            preferences: settings, state: SchedulerState(), events: events, now: now,
            content: content, configuration: configuration)
        guard var request = plan.added.filter({ $0.kind == kind }).min(by: { ($0.fireDate, $0.identifier) < ($1.fireDate, $1.identifier) }) else {
            throw PreviewError(kind: kind)
        }
        request.identifier = Self.previewIdentifier(for: kind)
        request.plannerIdentifier = nil
        request.trigger = seconds > 0 ? .interval(seconds: seconds) : .immediate
        request.fireDate = now.addingTimeInterval(TimeInterval(max(0, seconds)))
        request.floating = false
        try await center.add([request])
        return request
    }

    /// The settings plan no request of the previewed kind.
    public struct PreviewError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The kind asked for.
        public var kind: NotificationKind

        /// What is wrong and how to fix it.
        public var description: String {
            "No \(kind.rawValue) notification to preview: the preferences plan none now. Enable the kind in the preferences, or, for a notification that follows an event (a goal reached, a workout, a milestone), pass that event in `events`."
        }
    }
}
