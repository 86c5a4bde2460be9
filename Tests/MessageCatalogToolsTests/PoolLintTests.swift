import ToolkitSupport
import Foundation
import Testing
@testable import MessageCatalog
@testable import MessageCatalogTools
import TestSupport

// The rules read on rendered texts: pools whose variants open alike, a title repeated in a body,
// calendar words that contradict when a message is sent, and the space between a number and its
// unit. Each rule: a catalog that breaks it (found, where, why) and the same catalog fixed (clean).

@Suite("Lint: pool frames, titles in bodies, calendar words, unit spaces")
struct PoolLintTests {
    static func lint(_ files: [String: String]) -> [LintFinding] {
        let folder = CatalogFolder(
            directory: "/c", files: files.sorted { $0.key < $1.key }.map { .init(path: "/c/\($0.key).json", bytes: Array($0.value.utf8)) })
        return CatalogLinter().lint(folder).findings
    }

    static func source(bodies: [String], titles: [String] = ["Goal reached", "Walking summary"], sent: String? = nil, extra: String = "") -> String {
        func list(_ a: [String]) -> String { "[" + a.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
        return """
            {
              "locale": "en",
              "messages": {
                "steps": {
                  "description": "Sent when the goal is reached.",
                  "arguments": { "steps": { "type": "number", "example": 10432 }, "bonus": { "type": "number", "example": 432 } },
                  \(sent.map { "\"sent\": \"\($0)\"," } ?? "")
                  "parts": {
                    "title": { "cheerful": \(list(titles)), "gentle": \(list(titles)), "minimal": \(list(titles)) },
                    "body": { "cheerful": \(list(bodies)), "gentle": \(list(bodies)), "minimal": \(list(bodies)) }
                  }
                }\(extra)
              }
            }
            """
    }

    // MARK: pool-frame

    static let numberFirst = [
        "{steps, plural, one {# step} other {# steps}} today. Way to go!",
        "{steps, plural, one {# step} other {# steps}}, and counting!"
    ]
    static let varied = [
        "{steps, plural, one {# step} other {# steps}} today. Way to go!",
        "And counting: {steps, plural, one {# step} other {# steps}}!"
    ]

    @Test("Two variants of a pool that open with the same number are one text twice")
    func poolFrameFound() throws {
        let findings = Self.lint(["en": Self.source(bodies: Self.numberFirst)]).filter { $0.rule == .poolFrame }
        #expect(findings.map(\.unitID) == ["steps.body.cheerful.1", "steps.body.gentle.1", "steps.body.minimal.1"], "\(findings)")
        let f = try #require(findings.first)
        #expect(f.severity == .warning)
        #expect(f.message.contains("steps.body.cheerful.0") && f.message.contains("“10,432 steps"), "\(f.message)")
        #expect(f.line == 10)
    }

    @Test("The =0 wording counts too: two variants that open with the goal when the bonus is 0")
    func poolFrameZeroBranch() {
        let bodies = [
            "{bonus, plural, =0 {{steps} steps, exactly.} other {You went # past it.}}",
            "{bonus, plural, =0 {{steps} steps, right on.} other {Over by #.}}"
        ]
        let findings = Self.lint(["en": Self.source(bodies: bodies)]).filter { $0.rule == .poolFrame }
        #expect(findings.count == 3, "\(findings)")
        #expect(findings.first?.message.contains("“0 steps") == true, "\(findings)")
    }

    @Test("Variants that open differently, and a pool without tones (affirmations), are clean")
    func poolFrameClean() {
        let list = #""list": { "description": "Affirmations.", "arguments": {}, "parts": { "text": ["I am calm.", "I am enough."] } }"#
        let findings = Self.lint(["en": Self.source(bodies: Self.varied, extra: ",\n" + list)]).filter { $0.rule == .poolFrame }
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test("Frames in Chinese are three characters, a run of digits counting as one")
    func poolFrameChinese() {
        let en = Self.source(bodies: Self.varied)
        func zh(_ bodies: [String]) -> String {
            let list = "[" + bodies.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
            return
                #"{"locale": "zh-Hans", "messages": {"steps": {"parts": {"title": {"cheerful": ["目标达成", "步行小结"], "gentle": ["目标达成", "步行小结"], "minimal": ["目标达成", "步行小结"]}, "body": {"cheerful": \#(list), "gentle": \#(list), "minimal": \#(list)}}}}}"#
        }
        let same = Self.lint(["en": en, "zh-Hans": zh(["今天{steps, plural, other {#步}}！", "今天{steps, plural, other {#步}}，真棒。"])]).filter {
            $0.rule == .poolFrame
        }
        #expect(same.count == 3, "\(same)")
        let different = Self.lint(["en": en, "zh-Hans": zh(["今天{steps, plural, other {#步}}！", "一步一步，走了{steps, plural, other {#步}}。"])]).filter {
            $0.rule == .poolFrame
        }
        #expect(different.isEmpty, "\(different)")
    }

    // MARK: title-in-body

    @Test("A body that says three words of a title in a row repeats it")
    func titleInBodyFound() throws {
        let titles = ["Your apps are back!", "Screen time restored"]
        let bodies = ["Goal met, so your apps are back to you.", "Go and have some fun."]
        let findings = Self.lint(["en": Self.source(bodies: bodies, titles: titles)]).filter { $0.rule == .titleInBody }
        #expect(findings.count == 3, "\(findings)")
        let f = try #require(findings.first)
        #expect(f.unitID == "steps.body.cheerful.0")
        #expect(f.message.contains("steps.title.cheerful.0") && f.message.contains("apps are"), "\(f.message)")
    }

    @Test("Shared short words (“of the day”) and different wording are clean")
    func titleInBodyClean() {
        let titles = ["Apps unlocked", "Screen time restored"]
        let bodies = ["Goal met: the rest of the day is yours.", "Go and have some fun."]
        let findings = Self.lint(["en": Self.source(bodies: bodies, titles: titles)]).filter { $0.rule == .titleInBody }
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test("Chinese: four characters of a title in a body, the count as one")
    func titleInBodyChinese() {
        let en = Self.source(bodies: Self.varied)
        func zh(_ body: String) -> String {
            #"{"locale": "zh-Hans", "messages": {"steps": {"parts": {"title": {"cheerful": ["第{steps, number, ::group-off}个成就", "好样的"], "gentle": ["第{steps, number, ::group-off}个成就", "好样的"], "minimal": ["第{steps, number, ::group-off}个成就", "好样的"]}, "body": {"cheerful": ["\#(body)", "继续加油。"], "gentle": ["\#(body)", "继续加油。"], "minimal": ["\#(body)", "继续加油。"]}}}}}"#
        }
        #expect(Self.lint(["en": en, "zh-Hans": zh("这是你的第{steps, number, ::group-off}个成就了！")]).filter { $0.rule == .titleInBody }.count == 3)
        #expect(Self.lint(["en": en, "zh-Hans": zh("一路攒到这里，真不容易！")]).filter { $0.rule == .titleInBody }.isEmpty)
    }

    // MARK: calendar-word

    @Test("“next month” in a message sent on the 1st about the month that ended, in each language")
    func calendarWordFound() throws {
        let en = Self.source(bodies: ["Bring on next month!", "A fresh start."], sent: "monthStart")
        let es =
            #"{"locale": "es", "messages": {"steps": {"parts": {"title": {"cheerful": ["Objetivo", "Resumen"], "gentle": ["Objetivo", "Resumen"], "minimal": ["Objetivo", "Resumen"]}, "body": {"cheerful": ["¡A por el mes que viene!", "Un nuevo comienzo."], "gentle": ["Tranquilo.", "Un nuevo comienzo."], "minimal": ["Resumen.", "Un nuevo comienzo."]}}}}}"#
        let findings = Self.lint(["en": en, "es": es]).filter { $0.rule == .calendarWord }
        #expect(findings.count == 4, "\(findings)")  // en: three tones; es: cheerful
        let inES = try #require(findings.first { $0.file == "/c/es.json" })
        #expect(inES.severity == .error)
        #expect(inES.message.contains("“el mes que viene”") && inES.message.contains("monthStart"), "\(inES.message)")
        #expect(inES.unitID == "steps.body.cheerful.0")
    }

    @Test("The same words in a message sent at any other moment, or with no \"sent\", are clean; “tonight” is not")
    func calendarWordMoments() {
        let bodies = ["Bring on next month!", "A fresh start."]
        #expect(Self.lint(["en": Self.source(bodies: bodies)]).filter { $0.rule == .calendarWord }.isEmpty)
        #expect(Self.lint(["en": Self.source(bodies: bodies, sent: "anytime")]).filter { $0.rule == .calendarWord }.isEmpty)
        let tonight = Self.source(bodies: ["Rest well tonight.", "A fresh start."], sent: "morning")
        #expect(Self.lint(["en": tonight]).filter { $0.rule == .calendarWord }.count == 3)
    }

    @Test("An unknown \"sent\" is refused with the values it takes")
    func sentValidated() {
        let findings = Self.lint(["en": Self.source(bodies: Self.varied, sent: "midnight")])
        #expect(findings.contains { $0.severity == .error && $0.message.contains("\"anytime\", \"morning\", \"monthStart\", \"yearStart\"") }, "\(findings)")
    }

    // MARK: unit-space

    @Test("Spanish text that writes a number (or an argument) and a unit with a plain space")
    func unitSpaceFound() throws {
        let en = Self.source(bodies: Self.varied)
        func es(_ body: String) -> String {
            #"{"locale": "es", "messages": {"steps": {"parts": {"title": {"cheerful": ["Objetivo", "Resumen"], "gentle": ["Objetivo", "Resumen"], "minimal": ["Objetivo", "Resumen"]}, "body": {"cheerful": ["\#(body)", "Sigue así."], "gentle": ["Tranquilo.", "Sigue así."], "minimal": ["Resumen.", "Sigue así."]}}}}}"#
        }
        let plain = Self.lint(["en": en, "es": es("Has caminado 5 km y {steps} min.")]).filter { $0.rule == .unitSpace }
        #expect(plain.count == 2, "\(plain)")
        let first = try #require(plain.first)
        #expect(first.message.contains("“5 km”"), "\(first.message)")
        #expect(plain.last?.message.contains("“{…} min”") == true, "\(plain)")
        #expect(first.column > 1)
        let fixed = Self.lint(["en": en, "es": es("Has caminado 5\u{A0}km y {steps}\u{A0}min; 5 kilos no son 5 km2.")]).filter { $0.rule == .unitSpace }
        #expect(fixed.isEmpty, "\(fixed)")
    }

    @Test("English, whose typography does not ask for it, is not checked")
    func unitSpaceEnglish() {
        let findings = Self.lint(["en": Self.source(bodies: ["You walked 5 km. Nice!", "Keep going."])]).filter { $0.rule == .unitSpace }
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test("The bundled catalogs are clean of all four rules")
    func bundledClean() throws {
        let report = CatalogLinter().lint(try CatalogFolder.read(directory: Self.bundledStrings))
        let mine: Set<LintRule> = [.poolFrame, .titleInBody, .calendarWord, .unitSpace]
        let found = report.findings.filter { mine.contains($0.rule) }
        #expect(found.isEmpty, "\(found)")
    }

    static var bundledStrings: String {
        Repository.url("Resources/strings").path
    }
}
