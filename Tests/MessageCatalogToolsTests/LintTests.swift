import ToolkitSupport
import ToolkitJSON
import Foundation
import Testing
@testable import MessageCatalog
@testable import MessageCatalogTools

// msgtool lint's rules, one small catalog each: a source and two translations that lint clean,
// then one change that must trigger the rule (at the right file, line and column where the
// rule points into a text), and the bundled catalogs.

/// A small catalog folder: the source, es and zh-Hans, generated in canonical form.
enum LintFixture {
    static let source = """
        {
          "locale": "en",
          "messages": {
            "streak": {
              "description": "Sent when the user keeps a streak.",
              "arguments": {
                "days": { "type": "number", "example": 7 },
                "name": { "type": "string", "example": "Ana" },
                "kind": { "type": "string", "example": "run", "values": ["run", "walk", "other"] }
              },
              "parts": {
                "title": { "cheerful": "{days, plural, one {# day} other {# days}}, {name}!", "gentle": "Well done, {name}", "minimal": "{kind, select, run {Run streak: {days}} other {Streak: {days}}}" },
                "body": ["{kind, select, run {You ran} walk {You walked} other {You moved}} {days, plural, one {# day} other {# days}}.", "Keep going, {name}.", "Day {days}."]
              }
            },
            "button": {
              "description": "A button.",
              "arguments": {},
              "parts": { "title": "Open" }
            }
          }
        }
        """

    /// The texts of a translation, to change one at a time.
    struct Texts {
        var cheerful, gentle, minimal: String
        var body: [String]
        var button: String
    }

    static let es = Texts(
        cheerful: "¡{days, plural, one {# día} many {# de días} other {# días}}, {name}!", gentle: "Bien hecho, {name}",
        minimal: "{kind, select, run {Racha corriendo: {days}} other {Racha: {days}}}",
        body: [
            "{kind, select, run {Corriste} walk {Caminaste} other {Te moviste}} {days, plural, one {# día} many {# de días} other {# días}}.",
            "Sigue así, {name}.", "Día {days}."
        ],
        button: "Abrir")

    static let zh = Texts(
        cheerful: "{days, plural, other {#天}}，{name}！", gentle: "做得好，{name}", minimal: "{kind, select, run {跑步连续：{days}} other {连续：{days}}}",
        body: ["{kind, select, run {跑步} walk {步行} other {运动}}{days, plural, other {#天}}。", "继续加油，{name}。", "第{days}天。"],
        button: "打开")

    /// A translation file in canonical form.
    static func file(_ locale: String, _ t: Texts) -> String {
        JSONNode.object([
            ("locale", .string(locale)),
            (
                "messages",
                .object([
                    (
                        "streak",
                        .object([
                            (
                                "parts",
                                .object([
                                    ("title", .object([("cheerful", .string(t.cheerful)), ("gentle", .string(t.gentle)), ("minimal", .string(t.minimal))])),
                                    ("body", .array(t.body.map(JSONNode.string)))
                                ])
                            )
                        ])
                    ),
                    ("button", .object([("parts", .object([("title", .string(t.button))]))]))
                ])
            )
        ]).prettyText
    }

    static func folder(_ files: [String: String]) -> CatalogFolder {
        CatalogFolder(directory: "/fixtures", files: files.map { CatalogFolder.File(path: "/fixtures/\($0.key).json", bytes: Array($0.value.utf8)) })
    }

    /// The clean folder with some files replaced.
    static func lint(
        en: String = source, es: String? = nil, zh: String? = nil, extra: [String: String] = [:],
        options: LintOptions = LintOptions()
    ) -> LintReport {
        var files = ["en": en, "es": es ?? file("es", Self.es), "zh-Hans": zh ?? file("zh-Hans", Self.zh)]
        for (k, v) in extra { files[k] = v }
        return CatalogLinter(options: options).lint(folder(files))
    }

    /// The 1-based line and column of the first occurrence of `needle` in `text`.
    static func position(of needle: String, in text: String) -> (line: Int, column: Int) {
        let range = text.range(of: needle)!
        let before = text[..<range.lowerBound]
        let line = before.count { $0 == "\n" } + 1
        let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
        return (line, before[lineStart...].unicodeScalars.count + 1)
    }
}

@Suite("Lint")
struct LintTests {
    @Test func theFixtureLintsClean() {
        let report = LintFixture.lint()
        #expect(report.findings.map(\.description) == [])
    }

    /// A regional catalog (es-419 beside es) holds only what differs from its parent: what it
    /// leaves out (a part, or a tone of a part) is not missing; a language of
    /// its own (zh-Hant, no parent catalog) still reports what it lacks.
    @Test func aRegionalCatalogHoldsOnlyWhatDiffers() {
        let regional = #"{"locale": "es-419", "messages": {"button": {"parts": {"title": "Abrir ya"}}}}"#
        #expect(LintFixture.lint(extra: ["es-419": regional]).findings.map(\.description) == [])
        let missingTone =
            #"{"locale": "es-419", "messages": {"streak": {"parts": {"title": {"cheerful": "¡{days, plural, one {# día} many {# de días} other {# días}}, {name}!"}}}}}"#
        let tones = LintFixture.lint(extra: ["es-419": missingTone]).findings.filter { $0.file == "/fixtures/es-419.json" }
        #expect(tones.map(\.description) == [])
        let ownLanguage = #"{"locale": "zh-Hant", "messages": {"button": {"parts": {"title": "打開"}}}}"#
        let missing = LintFixture.lint(extra: ["zh-Hant": ownLanguage]).findings.filter { $0.file == "/fixtures/zh-Hant.json" }
        #expect(missing.map(\.rule) == [.missingTranslation], "\(missing.map(\.description))")
    }

    /// The bundled catalogs have no findings at all, errors or warnings (a select echo would
    /// have to be listed in `TitleInBodySelectLintTests.knownBundled`, which is empty).
    @Test func theBundledCatalogsLintClean() {
        let report = CatalogLinter().lint(CatalogFolder.bundled)
        let known = { (f: LintFinding) in f.rule == .titleInBodySelect && TitleInBodySelectLintTests.knownBundled.contains(f.unitID ?? "") }
        #expect(report.findings.filter { !known($0) }.map(\.description) == [])
    }

    typealias Change = @Sendable (inout LintFixture.Texts) -> Void

    /// One change to the es or zh-Hans texts, the rule it must trigger, and its severity.
    static let textCases: [(String, String, Change, LintRule, LintFinding.Severity)] = [
        ("syntax", "es", { $0.gentle = "Bien hecho, {name" }, .syntax, .error),
        // A skeleton stem the phone (Foundation) cannot print as the server does: refused on the server too.
        ("skeleton stem neither backend prints alike", "es", { $0.minimal = "Racha: {days, number, ::group-min2}" }, .syntax, .error),
        ("missing other", "es", { $0.gentle = "{days, plural, one {# día}}" }, .missingOther, .error),
        ("undeclared argument", "es", { $0.gentle = "Bien hecho, {nombre}" }, .unknownArgument, .error),
        ("dropped argument", "es", { $0.gentle = "Bien hecho" }, .unusedArgument, .warning),
        ("dropped in a case", "zh-Hans", { $0.minimal = "{kind, select, run {跑步连续} other {连续：{days}}}" }, .unusedArgument, .warning),
        ("plural over text", "es", { $0.minimal = "Racha: {days} {name, plural, other {x}}" }, .argumentType, .error),
        ("select over a number", "es", { $0.minimal = "Racha: {days, select, other {x}}" }, .argumentType, .error),
        ("one in Chinese", "zh-Hans", { $0.cheerful = "{days, plural, one {1天} other {#天}}，{name}！" }, .pluralCategory, .error),
        (
            "few in Spanish", "es", { $0.cheerful = "¡{days, plural, one {# día} few {# días} many {# de días} other {# días}}, {name}!" }, .pluralCategory,
            .error
        ),
        (
            "the same case twice", "es", { $0.cheerful = "¡{days, plural, one {# día} one {un día} many {# de días} other {# días}}, {name}!" },
            .duplicateSelector, .error
        ),
        ("many missing in Spanish", "es", { $0.cheerful = "¡{days, plural, one {# día} other {# días}}, {name}!" }, .pluralMissingCategory, .warning),
        (
            "select case not a value", "es",
            { $0.body[0] = "{kind, select, run {Corriste} wlak {Caminaste} other {Te moviste}} {days, plural, one {# día} many {# de días} other {# días}}." },
            .selectValue, .warning
        ),
        ("too long a title", "zh-Hans", { $0.gentle = "做得好，{name}，你今天又一次坚持完成了所有的练习，真的非常了不起" }, .length, .warning),
        ("too long a body", "es", { $0.body[1] = "Sigue así, {name}. " + String(repeating: "Cada día cuenta. ", count: 9) }, .length, .warning),
        ("untranslated", "es", { $0.button = "Open" }, .identical, .warning),
        ("ASCII comma in Chinese", "zh-Hans", { $0.gentle = "做得好, {name}" }, .punctuation, .warning),
        ("no opening ¡", "es", { $0.gentle = "Bien hecho, {name}!" }, .punctuation, .warning),
        ("no opening ¿ across an argument", "es", { $0.body[1] = "Sigue así, {name}?" }, .punctuation, .warning)
    ]

    @Test(arguments: textCases.indices)
    func eachTextRuleTriggers(_ index: Int) throws {
        let (name, locale, change, rule, severity) = Self.textCases[index]
        var es = LintFixture.es, zh = LintFixture.zh
        if locale == "es" { change(&es) } else { change(&zh) }
        let report = LintFixture.lint(es: LintFixture.file("es", es), zh: LintFixture.file("zh-Hans", zh))
        let hits = report.findings.filter { $0.rule == rule && $0.file == "/fixtures/\(locale).json" }
        #expect(hits.count >= 1, "\(name): \(report.findings.map(\.description))")
        #expect(hits.allSatisfy { $0.severity == severity }, "\(name)")
        #expect(
            hits.allSatisfy {
                $0.description.hasPrefix("/fixtures/\(locale).json:\($0.line):\($0.column): \(severity.rawValue): ")
                    && $0.description.hasSuffix("[\(rule.rawValue)]")
            })
    }

    /// Structural rules: a change to a whole file.
    static let fileCases: [(String, String, @Sendable (String) -> String, LintRule, LintFinding.Severity)] = [
        ("not JSON", "es", { String($0.prefix(40)) }, .json, .error),
        (
            "unknown top-level key", "es", { $0.replacingOccurrences(of: "\"locale\": \"es\",", with: "\"locale\": \"es\",\n  \"extra\": 1,") }, .structure,
            .error
        ),
        ("locale and name differ", "es", { $0.replacingOccurrences(of: "\"locale\": \"es\"", with: "\"locale\": \"fr\"") }, .structure, .error),
        (
            "a key twice", "zh-Hans",
            { $0.replacingOccurrences(of: "\"gentle\": \"做得好，{name}\",", with: "\"gentle\": \"做得好，{name}\",\n          \"gentle\": \"好，{name}\",") },
            .duplicateKey, .error
        ),
        (
            "a message missing", "es",
            { $0.replacingOccurrences(of: ",\n    \"button\": {\n      \"parts\": {\n        \"title\": \"Abrir\"\n      }\n    }", with: "") },
            .missingTranslation, .warning
        ),
        ("a message only in the translation", "es", { $0.replacingOccurrences(of: "\"button\": {", with: "\"buton\": {") }, .obsolete, .error),
        (
            "a tone missing", "es", { $0.replacingOccurrences(of: ",\n          \"minimal\": " + JSONWriter.quote(LintFixture.es.minimal), with: "") },
            .missingTone, .error
        ),
        // a smaller pool, or one text for a pool, is allowed (a locale may ship fewer variants)
        ("a larger pool", "es", { $0.replacingOccurrences(of: "\"Día {days}.\"", with: "\"Día {days}.\", \"Otro día: {days}.\"") }, .poolSize, .warning),
        (
            "texts by tone for a pool", "es", { $0.replacingOccurrences(of: "\"body\": [", with: "\"body\": {\"cheerful\": \"Día {days}.\"}, \"x\": [") },
            .shape, .error
        )
    ]

    @Test(arguments: fileCases.indices)
    func eachFileRuleTriggers(_ index: Int) throws {
        let (name, locale, change, rule, severity) = Self.fileCases[index]
        let es = LintFixture.file("es", LintFixture.es), zh = LintFixture.file("zh-Hans", LintFixture.zh)
        let changed = change(locale == "es" ? es : zh)
        #expect(changed != (locale == "es" ? es : zh), "\(name): the change did not apply")
        let report = locale == "es" ? LintFixture.lint(es: changed) : LintFixture.lint(zh: changed)
        let hits = report.findings.filter { $0.rule == rule && $0.file == "/fixtures/\(locale).json" }
        #expect(hits.count >= 1, "\(name): \(report.findings.map(\.description))")
        #expect(hits.allSatisfy { $0.severity == severity }, "\(name)")
    }

    @Test func aDeclaredArgumentNoTextUsesAndAMissingExample() {
        let en = LintFixture.source.replacingOccurrences(
            of: "\"kind\": { \"type\": \"string\", \"example\": \"run\",",
            with: "\"unused\": { \"type\": \"date\" },\n        \"kind\": { \"type\": \"string\", \"example\": \"run\",")
        let report = LintFixture.lint(en: en)
        #expect(report.findings.contains { $0.rule == .unusedArgument && $0.file == "/fixtures/en.json" && $0.message.contains("'unused'") })
        #expect(report.findings.contains { $0.rule == .missingExample && $0.severity == .warning })
    }

    @Test func aLiteralOneWhereOneCoversMore() throws {
        // French `one` covers 0 and 1: "1 jour" would read "1" for 0.
        var fr = LintFixture.es
        fr.cheerful = "{days, plural, one {1 jour} many {# de jours} other {# jours}}, {name} !"
        fr.gentle = "Bravo, {name}"; fr.minimal = "{kind, select, run {Série de course : {days}} other {Série : {days}}}"; fr.button = "Ouvrir"
        fr.body = [
            "{kind, select, run {Couru} walk {Marché} other {Bougé}} {days, plural, one {# jour} many {# de jours} other {# jours}}.",
            "Continue, {name}.", "Jour {days}."
        ]
        let file = LintFixture.file("fr", fr)
        let report = LintFixture.lint(extra: ["fr": file])
        let hit = try #require(report.findings.first { $0.rule == .pluralLiteralOne })
        #expect(hit.file == "/fixtures/fr.json")
        #expect(hit.message.contains("0"))
        let at = LintFixture.position(of: "1 jour", in: file)
        #expect((hit.line, hit.column) == (at.line, at.column))
    }

    @Test func positionsPointIntoTheTextAcrossEscapes() throws {
        var es = LintFixture.es
        es.gentle = "Bien \"hecho\" café\t{name"
        let file = LintFixture.file("es", es)
        #expect(file.contains(#"Bien \"hecho\" café\t{name"#))
        let report = LintFixture.lint(es: file)
        let hit = try #require(report.findings.first { $0.rule == .syntax })
        let at = LintFixture.position(of: "{name\"", in: file)
        #expect((hit.line, hit.column) == (at.line, at.column), "\(hit)")
        #expect(hit.unitID == "streak.title.gentle")
    }

    @Test func everyProblemIsReportedNotOnlyTheFirst() {
        var es = LintFixture.es
        es.gentle = "Bien hecho, {name"
        es.minimal = "Racha: {dias}"
        es.body[2] = "Día {days, plural, one {# día}}."
        let broken = LintFixture.file("es", es).replacingOccurrences(
            of: "\"button\": {\n      \"parts\": {", with: "\"button\": {\n      \"notes\": 1,\n      \"parts\": {")
        let report = LintFixture.lint(es: broken)
        let rules = Set(report.findings.filter { $0.file == "/fixtures/es.json" }.map(\.rule))
        #expect(rules.isSuperset(of: [.syntax, .unknownArgument, .missingOther, .structure]), "\(report.findings.map(\.description))")
    }

    @Test func theAllowListAcceptsIdenticalTexts() {
        var es = LintFixture.es
        es.button = "Open"
        for entry in ["button.title", "button", "Open"] {
            var options = LintOptions()
            options.allowIdentical = [entry]
            let report = LintFixture.lint(es: LintFixture.file("es", es), options: options)
            #expect(!report.findings.contains { $0.rule == .identical }, "\(entry)")
        }
    }

    @Test func budgetsAreConfigurable() {
        var options = LintOptions()
        options.budgets["title"] = 10
        let report = LintFixture.lint(options: options)
        // "Well done, Ana" is 14 columns; the widest Chinese title "做得好，Ana" 11 (wide characters count 2).
        #expect(report.findings.contains { $0.rule == .length && $0.unitID == "streak.title.gentle" && $0.file == "/fixtures/en.json" })
        #expect(report.findings.contains { $0.rule == .length && $0.unitID == "streak.title.gentle" && $0.file == "/fixtures/zh-Hans.json" })
    }

    @Test func aMissingSourceFileIsReported() {
        let report = CatalogLinter().lint(LintFixture.folder(["es": LintFixture.file("es", LintFixture.es)]))
        #expect(report.findings.contains { $0.rule == .structure && $0.file == "/fixtures/en.json" })
    }
}

@Suite("Display width")
struct DisplayWidthTests {
    @Test(arguments: [("Hello", 5), ("做得好", 6), ("¡Hola!", 6), ("Time to log a win! 🎉", 21), ("❤️", 2), ("👍🏽", 2), ("ｆｕｌｌ", 8), ("한국", 4), ("e\u{301}", 1)])
    func columns(_ text: String, _ width: Int) {
        #expect(DisplayWidth.columns(text) == width)
    }
}
