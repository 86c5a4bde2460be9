import Foundation
import MessageCatalog
import Testing
@testable import NotificationPlanning

/// A content double that counts the render calls, by message key, around ``FakeContent``.
final class CountingContent: ContentRendering, @unchecked Sendable {
    private let inner = FakeContent()
    private let lock = NSLock()
    private var calls: [(key: String, variant: Int)] = []

    func variantCount(key: String, locale: String, tone: Tone) throws -> Int {
        try inner.variantCount(key: key, locale: locale, tone: tone)
    }

    func render(key: String, locale: String, tone: Tone, arguments: [String: MessageValue], variant: Int, timeZone: String) throws -> RenderedContent {
        lock.withLock { calls.append((key, variant)) }
        return try inner.render(key: key, locale: locale, tone: tone, arguments: arguments, variant: variant, timeZone: timeZone)
    }

    /// The render calls so far for `key`, by variant.
    func renders(of key: String) -> [Int] { lock.withLock { calls.filter { $0.key == key }.map(\.variant) } }
    /// Every render call so far.
    var total: Int { lock.withLock { calls.count } }
}

@Suite("Each request's text is rendered once")
struct RenderCountTests {
    func prefs(budget: Int? = nil) -> NotificationPreferences {
        var p = NotificationPreferences.base("Europe/Madrid")
        p.dailyAffirmation.enabled = true
        if let budget { p.budget = budget }
        return p
    }

    /// One render of the affirmation (at its index) and one of the notification per planned
    /// request; nothing rendered for a request that is not planned. Before: 15 renders for 7
    /// requests (a probe of the pool, then the pool and the notification per day); with a budget
    /// of 3, 11 renders for 3 requests.
    @Test("Two render calls per planned affirmation: its text and its notification", arguments: [nil, 3])
    func affirmationRenderedOnce(budget: Int?) throws {
        let content = CountingContent()
        let result = try plan(prefs(budget: budget), at: "2026-11-23T08:00:00Z", content: content)
        let planned = result.pending.filter { $0.kind == .dailyAffirmation }
        #expect(planned.count == (budget ?? 7))
        let indexes = planned.compactMap { $0.userInfo["affirmationIndex"].flatMap(Int.init) }
        #expect(indexes.count == planned.count)
        #expect(content.renders(of: "affirmation.pool").sorted() == indexes.sorted())
        #expect(content.renders(of: "affirmation.daily").count == planned.count)
        #expect(content.total == 2 * planned.count)
    }
}

/// A content double that counts the lookups of the planner: `variantCount`, `resolve` and
/// the renders asked of the content itself (not of a resolved handle).
final class LookupCountingContent: ContentRendering, @unchecked Sendable {
    private let inner = FakeContent()
    private let lock = NSLock()
    private(set) var counts: [String: Int] = [:]
    private(set) var resolves: [String: Int] = [:]
    private(set) var directRenders: [String: Int] = [:]

    func variantCount(key: String, locale: String, tone: Tone) throws -> Int {
        lock.withLock { counts[key, default: 0] += 1 }
        return try inner.variantCount(key: key, locale: locale, tone: tone)
    }

    func render(key: String, locale: String, tone: Tone, arguments: [String: MessageValue], variant: Int, timeZone: String) throws -> RenderedContent {
        lock.withLock { directRenders[key, default: 0] += 1 }
        return try inner.render(key: key, locale: locale, tone: tone, arguments: arguments, variant: variant, timeZone: timeZone)
    }

    func resolve(key: String, locale: String, tone: Tone) throws -> any ResolvedContent {
        lock.withLock { resolves[key, default: 0] += 1 }
        return Handle(inner: inner, key: key, locale: locale, tone: tone, variantCount: try inner.variantCount(key: key, locale: locale, tone: tone))
    }

    struct Handle: ResolvedContent {
        let inner: FakeContent
        let key: String, locale: String, tone: Tone
        let variantCount: Int
        func render(arguments: [String: MessageValue], variant: Int, timeZone: String) throws -> RenderedContent {
            try inner.render(key: key, locale: locale, tone: tone, arguments: arguments, variant: variant, timeZone: timeZone)
        }
    }
}

@Suite("The planner looks each message up once a plan")
struct LookupCountTests {
    @Test("One resolve per message key of a plan (the drafts of a kind share it), and no count or render asked of the content")
    func oneLookupPerKey() throws {
        var p = NotificationPreferences.base("Europe/Madrid")
        p.dailyAffirmation.enabled = true
        p.achievementReminder.enabled = true
        let content = LookupCountingContent()
        let result = try plan(p, at: "2026-11-23T08:00:00Z", content: content)
        let affirmations = result.pending.filter { $0.kind == .dailyAffirmation }.count
        let reminders = result.pending.filter { $0.kind == .achievementReminder }.count
        #expect(affirmations == 7)
        #expect(reminders > 0)
        #expect(content.resolves["affirmation.daily"] == 1)
        #expect(content.resolves["reminder.achievement"] == 1)
        #expect(content.counts["affirmation.daily"] == nil)
        #expect(content.directRenders["affirmation.daily"] == nil)
        #expect(content.resolves.values.reduce(0, +) == Set(result.pending.map(\.kind)).count)
        // Each request still has its own text: the lookup is shared, not the render.
        #expect(Set(result.pending.filter { $0.kind == .dailyAffirmation }.map(\.body)).count > 1)
    }
}
