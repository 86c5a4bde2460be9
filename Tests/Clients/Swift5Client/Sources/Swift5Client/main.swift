// Swift 5 language mode (the package's `swiftLanguageModes: [.v5]`): the toolkit's public API,
// the typed accessors the MessageAccessors plugin generates (the bundled catalogs and this
// target's `strings` folder) and the adapter's types, called for real. The script checks what
// this prints.
import AffirmationSelector
import Foundation
import MessageCatalog
import NotificationPlanning
import UserNotificationsAdapter
#if canImport(UserNotifications)
import UserNotifications
#endif

// A message compiled and formatted.
let message = try MessageFormat("{n, plural, one {# step left} other {# steps left}}", locale: "en")
print(try message.format(["n": 4880]))

// The app's own catalog over the bundled one, through the generated accessors.
guard let strings = Bundle.module.url(forResource: "strings", withExtension: nil) else {
    fatalError("no strings folder in the bundle")
}
let content = try ContentGenerator(catalogDirectory: strings, over: LocalizedCatalog.bundled())
for locale in ["en", "es-MX"] {
    // A duration in seconds: the accessor every system has (the `Duration` one is iOS 16+).
    let done = try content.render(
        Messages.Practice.done(length: 1_500, sessions: 3, instrument: .violin),
        locale: locale, tone: .gentle, variant: 0, timeZone: "UTC")
    print(locale, done[Messages.Practice.Done.Part.title] ?? "", "/", done[Messages.Practice.Done.Part.body] ?? "")
}
let goal = try content.render(
    Messages.Steps.goal(steps: 10_432, goal: 10_000, bonus: 432),
    locale: "es-MX", tone: .minimal, variant: 0, timeZone: "America/Mexico_City")
print(goal.title ?? "")
if #available(iOS 16, macOS 13, watchOS 9, tvOS 16, *) {
    let viaDuration = Messages.Practice.done(length: .seconds(1_500), sessions: 3, instrument: .violin)
    let viaSeconds = Messages.Practice.done(length: 1_500, sessions: 3, instrument: .violin)
    print("Duration and seconds accessors agree:", viaDuration.arguments == viaSeconds.arguments)
}

// A user's schedule planned and handed to a centre (in memory here; in an app,
// `SystemNotificationCenter(center: .current())`).
var preferences = NotificationPreferences(timeZone: "Europe/Madrid")
preferences.locale = "es"
preferences.dailyAffirmation.enabled = true
let now = Date(timeIntervalSince1970: 1_795_428_000)  // 2026-11-23T10:00:00Z
let plan = try Planner.plan(preferences: preferences, state: SchedulerState(), events: [], now: now, content: content)
print(plan.added.count, "requests; first:", plan.added.first?.identifier ?? "-")

// The day's affirmation an app's home screen shows: the notification of that date carries the same.
let today = try AffirmationSelector.dailyAffirmation(
    for: plan.added[0].fireDate, locale: Locale(identifier: "es_ES"), tone: .gentle,
    timeZone: TimeZone(identifier: "Europe/Madrid")!, content: content)
print("home screen and notification agree:", today.title == plan.added[0].title && today.body == plan.added[0].body)

func deliver<Center: PendingNotificationCenter>(_ plan: PlanResult, to center: Center) async throws -> Int {
    try await center.apply(plan)
    return try await center.pending().count
}
print("pending:", try await deliver(plan, to: InMemoryNotificationCenter()))

// The adapter's types: the centre an app hands plans to (iOS 15, macOS 12, watchOS 8).
if #available(iOS 15, macOS 12, watchOS 8, *) {
    let adapterType: PendingNotificationCenter.Type = SystemNotificationCenter.self
    print("adapter:", adapterType, "userInfo key:", SystemNotificationCenter.requestKey)
    #if canImport(UserNotifications)
    let makeAdapter: (UNUserNotificationCenter) -> SystemNotificationCenter = { SystemNotificationCenter(center: $0) }
    _ = makeAdapter
    #endif
}

// `#if swift(>=…)` tests the language mode this module is compiled in (not the compiler's
// version): the line says which mode the client ran in.
#if swift(>=6)
print("language mode: Swift 6")
#else
print("language mode: Swift 5")
#endif
