import ToolkitSupport
import Foundation
import Testing
@testable import MessageCatalog
@testable import MessageCatalogTools
import TestSupport

// The content rules: words a message must not use (the source's "avoid" list, per language)
// and a body that opens like a title of its tone.

@Suite("Lint: avoided words and title/body echoes")
struct ContentLintTests {
    static let source = """
        {
          "locale": "en",
          "messages": {
            "reminder": {
              "description": "Sent at the time and frequency the user picks.",
              "arguments": {},
              "avoid": { "en": ["today", "daily"], "es": ["hoy"], "zh": ["今天"] },
              "parts": {
                "title": ["Time to log", "Your journal"],
                "body": ["What went well?", "Write one line."]
              }
            },
            "unlock": {
              "description": "Apps unlocked.",
              "arguments": {},
              "parts": {
                "title": ["Goal met, apps unlocked!", "Your apps are back!"],
                "body": ["Scroll and play as you like.", "Your steps did the talking."]
              }
            }
          }
        }
        """

    static func es(
        _ reminder: [String], _ unlock: [String] = ["¡Apps desbloqueadas!", "¡Ya tienes tus apps!"], bodies: [String] = ["Disfruta.", "Tus pasos hablan solos."]
    ) -> String {
        func list(_ a: [String]) -> String { "[" + a.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
        return """
            {
              "locale": "es",
              "messages": {
                "reminder": { "parts": { "title": \(list(Array(reminder.prefix(2)))), "body": \(list(Array(reminder.suffix(2)))) } },
                "unlock": { "parts": { "title": \(list(unlock)), "body": \(list(bodies)) } }
              }
            }
            """
    }

    static func lint(en: String = source, es: String) -> [LintFinding] {
        let folder = CatalogFolder(directory: "/c", files: [.init(path: "/c/en.json", bytes: Array(en.utf8)), .init(path: "/c/es.json", bytes: Array(es.utf8))])
        return CatalogLinter().lint(folder).findings
    }

    static let cleanES = es(["Hora de apuntar", "Tu diario", "¿Qué ha ido bien?", "Escribe una línea."])

    @Test("The small catalog lints clean of both rules")
    func clean() {
        let findings = Self.lint(es: Self.cleanES).filter { $0.rule == .avoidedWord || $0.rule == .titleBodyEcho }
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test("A word the source avoids, in the source and in a translation, at its line and column")
    func avoided() throws {
        let en = Self.source.replacingOccurrences(of: "\"What went well?\"", with: "\"What went well today?\"")
        let es = Self.cleanES.replacingOccurrences(of: "¿Qué ha ido bien?", with: "¿Qué ha ido bien HOY?")
        let findings = Self.lint(en: en, es: es).filter { $0.rule == .avoidedWord }
        #expect(findings.count == 2, "\(findings)")
        let inEN = try #require(findings.first { $0.file == "/c/en.json" })
        let enLines = en.split(separator: "\n", omittingEmptySubsequences: false)
        let enLine = try #require(enLines.firstIndex { $0.contains("today?") })
        #expect(inEN.line == enLine + 1)
        #expect(inEN.column == enLines[enLine].distance(from: enLines[enLine].startIndex, to: enLines[enLine].range(of: "today")!.lowerBound) + 1)
        #expect(inEN.unitID == "reminder.body.0")
        #expect(inEN.severity == .error)
        #expect(inEN.description.contains("[avoided-word]") && inEN.message.contains("“today”"))
        let inES = try #require(findings.first { $0.file == "/c/es.json" })
        #expect(inES.message.contains("“HOY”"), "\(inES)")
        #expect(inES.unitID == "reminder.body.0")
    }

    @Test(
        "Whole words only, and the language's own list",
        arguments: [
            ("Your daily log", 1), ("Today’s entry", 1), ("Todays", 0), ("Holiday plans", 0), ("Dailyness", 0), ("hoy", 0)
        ])
    func wholeWords(_ title: String, _ expected: Int) {
        let en = Self.source.replacingOccurrences(of: "\"Time to log\"", with: "\"\(title)\"")
        #expect(Self.lint(en: en, es: Self.cleanES).filter { $0.rule == .avoidedWord }.count == expected)
    }

    @Test("Chinese matches inside a run of text")
    func chinese() {
        let positions = LintRun.occurrences(of: "今天", in: Array("记一笔今天的成就".utf16), wholeWords: !LintRun.writesWithoutSpaces("zh"))
        #expect(positions == [3])
        #expect(LintRun.avoidedWords(["zh": ["今天"], "zh-Hans": ["今日"]], locale: "zh-Hans") == ["今日", "今天"])
        #expect(LintRun.avoidedWords(["es": ["hoy"]], locale: "en") == nil)
    }

    @Test("A body that opens like a title of its tone is an echo, reported at the body")
    func echo() throws {
        let en = Self.source.replacingOccurrences(of: "\"Scroll and play as you like.\"", with: "\"Goal met, phone freed!\"")
        let findings = Self.lint(en: en, es: Self.cleanES).filter { $0.rule == .titleBodyEcho }
        let f = try #require(findings.first)
        #expect(findings.count == 1, "\(findings)")
        #expect(f.unitID == "unlock.body.0" && f.file == "/c/en.json" && f.severity == .warning)
        let lines = en.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains("Goal met, phone freed!") })
        #expect(f.line == line + 1)
        #expect(f.message.contains("unlock.title.0"))
    }

    @Test(
        "Openings that share one word, or Spanish marks, are compared by their first two words",
        arguments: [
            ("Your apps are back!", "Your steps did the talking.", false),
            ("¡Meta cumplida!", "Meta cumplida, móvil libre.", true),
            ("还记得这个时刻吗？", "还记得吗？那天你做到了。", true),
            ("还记得这个时刻吗？", "回头看看，你走了这么远。", false)
        ])
    func openings(_ title: String, _ body: String, _ echoes: Bool) {
        let language = title.unicodeScalars.contains { $0.value >= 0x4E00 } ? "zh" : "es"
        let t = LintRun.opening(of: title, language: language), b = LintRun.opening(of: body, language: language)
        #expect((t != nil && t?.key == b?.key) == echoes)
    }

    @Test("\"avoid\" must be language → list of words; a translation may not declare it")
    func malformed() {
        let bad = Self.source.replacingOccurrences(of: #""avoid": { "en": ["today", "daily"], "es": ["hoy"], "zh": ["今天"] }"#, with: #""avoid": ["today"]"#)
        #expect(bad != Self.source)
        #expect(Self.lint(en: bad, es: Self.cleanES).contains { $0.rule == .structure && $0.message.contains("\"avoid\" is an object") })
        let es = Self.cleanES.replacingOccurrences(of: #""reminder": { "parts""#, with: #""reminder": { "avoid": {"es": ["hoy"]}, "parts""#)
        #expect(es != Self.cleanES)
        #expect(Self.lint(es: es).contains { $0.rule == .structure && $0.file == "/c/es.json" && $0.message.contains("Unknown field \"avoid\"") })
    }

    @Test("A part the source declares the same in translation (iOS's “General”) is not reported as identical")
    func sameInTranslation() {
        let en = Self.source.replacingOccurrences(of: #""title": ["Time to log", "Your journal"]"#, with: #""title": ["General", "Your journal"]"#)
        let es = Self.cleanES.replacingOccurrences(of: "Hora de apuntar", with: "General")
        #expect(Self.lint(en: en, es: es).contains { $0.rule == .identical && $0.unitID == "reminder.title.0" })
        let allowed = en.replacingOccurrences(of: #""avoid":"#, with: #""sameInTranslation": ["title"], "avoid":"#)
        #expect(allowed != en)
        let findings = Self.lint(en: allowed, es: es)
        #expect(!findings.contains { $0.rule == .identical || $0.rule == .structure }, "\(findings)")
    }

    @Test("The bundled catalogs use no avoided word and have no echo")
    func bundled() throws {
        let dir = Repository.url("Resources/strings").path
        let report = CatalogLinter().lint(try CatalogFolder.read(directory: dir))
        let findings = report.findings.filter { $0.rule == .avoidedWord || $0.rule == .titleBodyEcho }
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
        // and the bundled source declares what reminder.achievement must avoid
        let en = try #require(try CatalogFolder.read(directory: dir).files.first { $0.locale == "en" })
        let file = try CatalogLoader.parse(bytes: en.bytes, path: en.path, isSource: true)
        #expect(file.message("reminder.achievement")?.avoid["en"]?.contains("today") == true)
    }
}
