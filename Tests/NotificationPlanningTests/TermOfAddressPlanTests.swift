@testable import NotificationBatch
import Foundation
import MessageCatalog
import ToolkitSupport
import Testing
@testable import NotificationPlanning

/// Content that records the term of address of every render (and renders like ``FakeContent``).
final class TermRecordingContent: ContentRendering, @unchecked Sendable {
    private let terms = Locked<[String: [AddressTerm]]>([:])
    private let fake = FakeContent()

    var recorded: [String: [AddressTerm]] { terms.withLock { $0 } }

    func variantCount(key: String, locale: String, tone: Tone) throws -> Int { try fake.variantCount(key: key, locale: locale, tone: tone) }

    func render(key: String, locale: String, tone: Tone, arguments: [String: MessageValue], variant: Int, timeZone: String) throws -> RenderedContent {
        Issue.record("\(key) was rendered without a term of address")
        return try fake.render(key: key, locale: locale, tone: tone, arguments: arguments, variant: variant, timeZone: timeZone)
    }

    func render(
        key: String, locale: String, tone: Tone, arguments: [String: MessageValue], variant: Int, timeZone: String,
        termOfAddress: AddressTerm
    ) throws -> RenderedContent {
        terms.withLock { $0[key, default: []].append(termOfAddress) }
        return try fake.render(key: key, locale: locale, tone: tone, arguments: arguments, variant: variant, timeZone: timeZone)
    }
}

@Suite("The user's term of address in the planner and the batch")
struct TermOfAddressPlanTests {
    static let now = "2026-11-23T09:30:00+01:00"

    /// A user with affirmations, reminders and the step goal (just crossed) on.
    static func preferences(_ term: AddressTerm?, locale: String = "es-MX") -> NotificationPreferences {
        var p = NotificationPreferences.base("Europe/Madrid", locale: locale)
        if let term { p.termOfAddress = term }
        p.tone = .cheerful
        p.dailyAffirmation.enabled = true
        p.achievementReminder.enabled = true
        p.steps.goalEnabled = true
        return p
    }

    static let stepsEvent = PlannerEvent(.stepsUpdated(steps: 12_000, goal: nil), at: instant(now).addingTimeInterval(-600))

    @Test("Every render of a plan gets the user's term of address", arguments: AddressTerm.allCases)
    func everyRenderGetsTheTerm(term: AddressTerm) throws {
        let content = TermRecordingContent()
        let result = try plan(Self.preferences(term), events: [Self.stepsEvent], at: Self.now, content: content)
        #expect(!result.added.isEmpty)
        let recorded = content.recorded
        #expect(Set(recorded.keys).isSuperset(of: ["affirmation.daily", "affirmation.pool", "reminder.achievement", "steps.goal"]), "\(recorded.keys.sorted())")
        #expect(recorded.values.allSatisfy { $0.allSatisfy { $0 == term } })
    }

    @Test("Preferences without the key are unspecified; the key is read and validated with its path")
    func decoding() throws {
        let plain = try InputLimits.decoder.decode(NotificationPreferences.self, from: Array(#"{"timeZone": "Europe/Madrid"}"#.utf8))
        #expect(plain.termOfAddress == .unspecified)
        for term in AddressTerm.allCases {
            let p = try InputLimits.decoder.decode(
                NotificationPreferences.self, from: Array(#"{"timeZone": "UTC", "termOfAddress": "\#(term.rawValue)"}"#.utf8))
            #expect(p.termOfAddress == term)
        }
        let bad = BatchUser.decode(json: Data(#"{"id": "u-1", "timeZone": "UTC", "termOfAddress": "neuter"}"#.utf8))
        guard case .failure(let error) = bad else { Issue.record("neuter was accepted"); return }
        #expect(error.code == .invalidPreferences)
        #expect(error.location.keyPath == "termOfAddress")
        #expect(error.message.contains("'neuter' is not a term of address: use feminine, masculine, neutral or unspecified (Android's neuter is neutral)"))
    }

    /// The step-goal titles of a week of users with seeds 0…29, planned with the bundled catalogs
    /// through the batch (one JSON line each, as `msgtool batch` reads them).
    static func goalTitles(_ term: String?, locale: String) async throws -> Set<String> {
        let planner = BatchPlanner(now: instant(now), content: try ContentGenerator.bundled(), jobs: 2)
        var titles: Set<String> = []
        for seed in 0..<30 {
            let termMember = term.map { #", "termOfAddress": "\#($0)""# } ?? ""
            let line =
                #"{"id": "u-\#(seed)", "timeZone": "America/Mexico_City", "locale": "\#(locale)", "tone": "cheerful", "userSeed": \#(seed)\#(termMember), "steps": {"goalEnabled": true}, "events": [{"type": "stepsUpdated", "steps": 12000, "timestamp": "2026-11-23T02:20:00-06:00"}]}"#
            let user = try BatchUser.decode(json: Data(line.utf8)).get()
            let result = try planner.plan(user).outcome.get()
            titles.formUnion(result.added.filter { $0.kind == .stepGoal }.map(\.title))
        }
        return titles
    }

    @Test("A batch line's term of address reaches the Spanish copy: «campeona» only for feminine", arguments: ["es", "es-MX"])
    func batchLineReachesTheCopy(locale: String) async throws {
        let feminine = try await Self.goalTitles("feminine", locale: locale)
        let masculine = try await Self.goalTitles("masculine", locale: locale)
        let unspecified = try await Self.goalTitles(nil, locale: locale)
        let neutral = try await Self.goalTitles("neutral", locale: locale)
        #expect(feminine.contains { $0.contains("campeona") }, "\(feminine)")
        #expect(masculine.contains { $0.contains("campeón") }, "\(masculine)")
        #expect(neutral == unspecified)
        #expect(!unspecified.contains { $0.contains("campe") }, "\(unspecified)")
    }
}
