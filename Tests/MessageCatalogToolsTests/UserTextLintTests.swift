import Testing
@testable import MessageCatalog
@testable import MessageCatalogTools

// `user-text-punctuation`: punctuation right after an argument the source declares as text the
// user typed (`"userText": true`). A catalog that breaks it in each language (found, where,
// how to fix) and the same catalog rewritten (clean); the declaration's own checks.

@Suite("Lint: punctuation after the user's own text")
struct UserTextLintTests {
    static func source(titles: [String], bodies: [String], userText: String = "true") -> String {
        func list(_ a: [String]) -> String { "[" + a.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
        return """
            {
              "locale": "en",
              "messages": {
                "habit.due": {
                  "description": "Sent when a habit is not yet done.",
                  "arguments": {
                    "habit": { "type": "string", "userText": \(userText), "example": "Drink water", "examples": { "zh": "喝水" } },
                    "period": { "type": "string", "example": "day", "values": ["day", "week"] },
                    "name": { "type": "string", "example": "Ana" }
                  },
                  "parts": {
                    "title": \(list(titles)),
                    "body": \(list(bodies))
                  }
                }
              }
            }
            """
    }

    static func translation(_ locale: String, titles: [String], bodies: [String]) -> String {
        func list(_ a: [String]) -> String { "[" + a.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
        return """
            { "locale": "\(locale)", "messages": { "habit.due": { "parts": { "title": \(list(titles)), "body": \(list(bodies)) } } } }
            """
    }

    static func findings(_ files: [String: String]) -> [LintFinding] {
        PoolLintTests.lint(files).filter { $0.rule == .userTextPunctuation }
    }

    @Test("A mark right after the user's text is found in every language, at the mark, with the fix")
    func gluedMarks() throws {
        let found = Self.findings([
            "en": Self.source(
                titles: ["{habit}: due today", "{period, select, day {Today: {habit}} other {This week: {habit}}}!"],
                bodies: ["Still time for {habit}.", "{name}: you can still do it."]),
            "es": Self.translation("es", titles: ["{habit}: pendiente", "Hoy toca {habit}"], bodies: ["¿Aún {habit}?", "Queda tiempo."]),
            "fr": Self.translation("fr", titles: ["{habit}\u{00A0}: à faire", "Pour aujourd’hui"], bodies: ["Encore le temps", "Il reste du temps…"]),
            "zh-Hans": Self.translation("zh-Hans", titles: ["{habit}，准备好了吗？", "今天的习惯"], bodies: ["还有时间{habit}。", "还来得及"])
        ])
        let expected = [
            "/c/en.json habit.due.title.0", "/c/en.json habit.due.title.1", "/c/en.json habit.due.body.0",
            "/c/es.json habit.due.title.0", "/c/es.json habit.due.body.0",
            "/c/fr.json habit.due.title.0",
            "/c/zh-Hans.json habit.due.title.0", "/c/zh-Hans.json habit.due.body.0"
        ]
        #expect(found.map { "\($0.file) \($0.unitID ?? "")" }.sorted() == expected.sorted(), "\(found.map(\.description))")
        // `{name}: …` is not the user's typed text: not reported.
        #expect(!found.contains { $0.message.contains("'{name}'") })

        let en = try #require(found.first { $0.file == "/c/en.json" && $0.unitID == "habit.due.title.0" })
        #expect(en.severity == .error)
        #expect(en.message.contains("'{habit}' is text the user typed"), "\(en.message)")
        #expect(en.message.contains("“Drink water.:”"), "\(en.message)")
        #expect(en.message.contains("Due today: {habit}"), "how to fix: \(en.message)")
        // The column points at the colon in the JSON file: `    "title": ["{habit}: due today", …`.
        let line = try #require(
            Self.source(titles: ["{habit}: due today", "x"], bodies: ["y", "z"]).split(separator: "\n", omittingEmptySubsequences: false)
                .dropFirst(en.line - 1).first)
        let glued = try #require(line.range(of: "{habit}:"))
        #expect(line.distance(from: line.startIndex, to: glued.upperBound) == en.column, "\(line) column \(en.column)")

        let zh = try #require(found.first { $0.file == "/c/zh-Hans.json" && $0.unitID == "habit.due.title.0" })
        #expect(zh.message.contains("“喝水。，”"), "the Chinese example: \(zh.message)")
        // The user's text at the end of a select case, followed by the mark after the select.
        let select = try #require(found.first { $0.file == "/c/en.json" && $0.unitID == "habit.due.title.1" })
        #expect(select.message.contains("“!”"), "\(select.message)")
    }

    @Test("The same catalog rewritten so nothing is glued to the user's text is clean")
    func rewritten() {
        let found = Self.findings([
            "en": Self.source(
                titles: ["Due today: {habit}", "{period, select, day {Today: {habit}} other {This week: {habit}}}"],
                bodies: ["Still time for “{habit}”.", "{habit} is waiting for you"]),
            "es": Self.translation("es", titles: ["Pendiente: {habit}", "Hoy toca {habit}"], bodies: ["¿Aún hay tiempo para «{habit}»?", "Queda tiempo."]),
            "fr": Self.translation("fr", titles: ["À faire\u{00A0}: {habit}", "Pour aujourd’hui"], bodies: ["Encore le temps", "Il reste du temps…"]),
            "zh-Hans": Self.translation("zh-Hans", titles: ["准备好{habit}了吗？", "今天的习惯"], bodies: ["还有时间完成「{habit}」。", "还来得及"])
        ])
        #expect(found.isEmpty, "\(found.map(\.description))")
    }

    @Test("Without \"userText\" (or with false) the same texts are not reported")
    func notDeclared() {
        let texts = (titles: ["{habit}: due today", "x"], bodies: ["Still time for {habit}.", "y"])
        #expect(Self.findings(["en": Self.source(titles: texts.titles, bodies: texts.bodies, userText: "false")]).isEmpty)
    }

    @Test(
        "A wrong \"userText\" is a structure error that says what to write",
        arguments: [
            ("\"yes\"", "is true or false", "the string \"yes\""),
            ("1", "is true or false", "the number 1")
        ])
    func wrongValue(written: String, says: String, names: String) throws {
        let found = PoolLintTests.lint(["en": Self.source(titles: ["Due: {habit}", "x"], bodies: ["y", "z"], userText: written)])
            .filter { $0.rule == .structure }
        let f = try #require(found.first, "\(found)")
        #expect(f.severity == .error)
        #expect(f.message.contains(says) && f.message.contains(names), "\(f.message)")
        #expect(f.unitID == "habit.due")
    }

    @Test("\"userText\" on a number, and a misspelt field, are refused with the fix")
    func wrongPlaceAndTypo() throws {
        let number = Self.source(titles: ["Due: {habit}", "x"], bodies: ["y", "z"])
            .replacingOccurrences(of: "\"name\": { \"type\": \"string\"", with: "\"name\": { \"type\": \"number\", \"userText\": true")
            .replacingOccurrences(of: "\"example\": \"Ana\"", with: "\"example\": 3")
        let a = PoolLintTests.lint(["en": number]).filter { $0.rule == .structure }
        #expect(a.contains { $0.message.contains("'name' is a number") && $0.message.contains("remove it") }, "\(a)")
        let typo = Self.source(titles: ["Due: {habit}", "x"], bodies: ["y", "z"]).replacingOccurrences(of: "\"userText\"", with: "\"usertext\"")
        let b = PoolLintTests.lint(["en": typo]).filter { $0.rule == .structure }
        #expect(b.contains { $0.message.contains("Unknown field \"usertext\"") && $0.message.contains("\"userText\"") }, "\(b)")
    }

    @Test("The bundled source marks the habit's name and the achievement as the user's text")
    func bundledDeclarations() throws {
        let folder = try CatalogFolder.read(directory: PoolLintTests.bundledStrings)
        let en = try #require(folder.files.first { $0.path.hasSuffix("/en.json") })
        let file = try CatalogLoader.parse(bytes: en.bytes, path: en.path, isSource: true)
        var marked: [String] = []
        for m in file.messages { for a in m.arguments where a.isUserText { marked.append("\(m.key).\(a.name)") } }
        #expect(marked.sorted() == ["habit.reminder.daily.habit", "habit.reminder.weekly.habit", "retrieval.preview.achievement"].sorted(), "\(marked)")
        // The bundled texts put a dash or a word after the name («{habit} – à faire aujourd’hui»).
        let found = CatalogLinter().lint(folder).findings.filter { $0.rule == .userTextPunctuation }
        #expect(found.isEmpty, "\(found.map(\.description))")
    }
}
