import Foundation
import MessageCatalog
@testable import NotificationPlanning
import AffirmationSelector

/// A deterministic stand-in for the catalogs: every part spells out its key, tone, variant and
/// arguments, so tests can see exactly what the planner asked for.
struct FakeContent: ContentRendering {
    var poolSize = 60
    var variantsByKey: [String: Int] = ["reminder.achievement": 6, "steps.goal": 6, "steps.halfway": 6, "steps.workout": 6, "steps.unlock": 6]

    func variantCount(key: String, locale: String, tone: Tone) throws -> Int {
        if key == "affirmation.pool" { return poolSize }
        return variantsByKey[key] ?? 1
    }

    func render(key: String, locale: String, tone: Tone, arguments: [String: MessageValue], variant: Int, timeZone: String) throws -> RenderedContent {
        let language = locale.split(separator: "-").first.map(String.init) ?? locale
        if key == "affirmation.pool" {
            return RenderedContent(key: key, locale: language, parts: ["text": "affirmation #\(variant % poolSize) (\(language))"], variant: variant)
        }
        let args = arguments.keys.sorted().map { name -> String in
            switch arguments[name]! {
            case .int(let i): "\(name)=\(i)"
            case .double(let d): "\(name)=\(d)"
            case .decimal(let s): "\(name)=\(s)"
            case .string(let s): "\(name)=\(s)"
            case .date(let ms): "\(name)=@\(Int64(ms / 1000))"
            }
        }.joined(separator: ",")
        let count = try variantCount(key: key, locale: locale, tone: tone)
        return RenderedContent(
            key: key, locale: language,
            parts: ["title": "\(key) \(tone.rawValue) v\(variant % count) [\(language)]", "body": "\(key) {\(args)}"],
            variant: variant)
    }
}

/// A content double that always fails (catalog errors must surface as Diagnostic).
struct BrokenContent: ContentRendering {
    struct Failure: Error {}
    func variantCount(key: String, locale: String, tone: Tone) throws -> Int { throw Failure() }
    func render(key: String, locale: String, tone: Tone, arguments: [String: MessageValue], variant: Int, timeZone: String) throws -> RenderedContent {
        throw Failure()
    }
}

/// `2026-03-08T02:30:00-05:00` → Date (test inputs are always valid).
func instant(_ text: String) -> Date {
    guard let date = ISO8601Instant.date(text) else { fatalError("bad test instant \(text)") }
    return date
}

func zone(_ id: String) -> TimeZone { TimeZone(identifier: id)! }

func day(_ text: String) -> LocalDate { LocalDate(string: text)! }

extension NotificationPreferences {
    /// Everything off but what the test turns on.
    static func base(_ zone: String, locale: String = "en") -> NotificationPreferences {
        var p = NotificationPreferences(timeZone: zone)
        p.locale = locale
        return p
    }
}

/// Plans with the fake content.
func plan(
    _ prefs: NotificationPreferences, _ state: SchedulerState = SchedulerState(), events: [PlannerEvent] = [], at now: String,
    content: any ContentRendering = FakeContent()
) throws -> PlanResult {
    try Planner.plan(preferences: prefs, state: state, events: events, now: instant(now), content: content)
}

/// The state after a JSON round trip (what msgtool's --state file does between runs).
func roundTrip(_ state: SchedulerState) throws -> SchedulerState {
    try SchedulerState.from(json: try state.jsonData())
}
