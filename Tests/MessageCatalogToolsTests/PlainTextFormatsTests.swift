import Foundation
import Testing
@testable import MessageCatalog
@testable import MessageCatalogTools

// Text from formats that are not ICU (gettext PO, ARB, String Catalogs): what a translator
// types there stays what it is. An apostrophe, a brace or a # lands as text, never as ICU
// syntax; printf specifiers become the message's arguments; each export reads back unchanged.

@Suite("Plain text formats: quoted into ICU, unquoted on export")
struct PlainTextFormatsTests {
    static let source = """
        {
          "locale": "en",
          "messages": {
            "m": {
              "description": "Test.",
              "arguments": {
                "days": { "type": "number", "example": 7 },
                "name": { "type": "string", "example": "Ana" }
              },
              "parts": {
                "title": "{name}’s day",
                "brace": "Curly braces",
                "count": "{days, plural, one {# day} other {# days}}",
                "mixed": "Day #{days} for {name}"
              }
            }
          }
        }
        """
    static let es = """
        {
          "locale": "es",
          "messages": {
            "m": {
              "parts": {
                "title": "Aujourd''hui, {name}",
                "brace": "Llaves '{ }' y ''comillas''",
                "count": "{days, plural, one {'#'# día} many {'#'# de días} other {'#'# días}}",
                "mixed": "Día #{days} para '{name}'"
              }
            }
          }
        }
        """
    static let folder = CatalogFolder(
        directory: "/x", files: [.init(path: "/x/en.json", bytes: Array(source.utf8)), .init(path: "/x/es.json", bytes: Array(es.utf8))])

    /// The Spanish text of one part after importing `file`.
    static func imported(_ file: String, format: ExchangeFormat, part: String) throws -> String? {
        let results = try CatalogExchange.importFile(Array(file.utf8), path: "t.\(format.fileExtension)", format: format, into: folder, locale: "es")
        let after = applying(results, to: folder)
        return try after.catalog().files["es"]?.message("m")?.units.first { $0.part == part }?.text
    }

    static func rendered(_ icu: String, _ arguments: [String: MessageValue] = [:]) throws -> String {
        try MessageFormat(icu, locale: "es").format(arguments, timeZone: "UTC")
    }

    static func po(_ entries: [(id: String, msgid: String, msgstr: String)], flags: String? = nil) -> String {
        var out = "msgid \"\"\nmsgstr \"\"\n\"Language: es\\n\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
        for e in entries {
            out += "\n" + (flags.map { "#, \($0)\n" } ?? "") + "msgctxt \"\(e.id)\"\nmsgid \"\(e.msgid)\"\nmsgstr \"\(e.msgstr)\"\n"
        }
        return out
    }

    // MARK: gettext PO

    @Test func gettextBracesAndApostrophesAreText() throws {
        let icu = try #require(try Self.imported(Self.po([("m.brace", "Curly braces", "Nawiasy klamrowe { } i 'cudzysłów'")]), format: .po, part: "brace"))
        #expect(icu == "Nawiasy klamrowe '{' '}' i ''cudzysłów''")
        #expect(try Self.rendered(icu) == "Nawiasy klamrowe { } i 'cudzysłów'")
    }

    @Test func gettextArgumentsStayArguments() throws {
        // An argument written as the source writes it, and printf specifiers numbered by the
        // order the source declares the arguments (days 1, name 2).
        let named = try #require(try Self.imported(Self.po([("m.title", "{name}’s day", "D'{name}")]), format: .po, part: "title"))
        #expect(try Self.rendered(named, ["name": .string("Ana")]) == "D'Ana")
        let printf = try #require(try Self.imported(Self.po([("m.mixed", "Day #{days} for {name}", "#%1$d pour %2$s, 100%")]), format: .po, part: "mixed"))
        #expect(try Self.rendered(printf, ["days": .int(3), "name": .string("Ana")]) == "#3 pour Ana, 100%")
    }

    @Test func anUndeclaredPrintfArgumentIsRefusedAtItsLine() throws {
        let failure = try #require(throws: Diagnostic.self) {
            try Self.imported(Self.po([("m.brace", "Curly braces", "Llaves %3$s")]), format: .po, part: "brace")
        }
        #expect(
            failure.lines.first?.hasPrefix("t.po:8:9: error: m.brace: '%3$s' stands for argument 3, but this message has 2 ({days}, {name}") == true,
            "\(failure.lines)")
    }

    @Test func aGettextPluralFormsNumberIsPercentDAndItsHashIsText() throws {
        let file = """
            msgid ""
            msgstr ""
            "Language: pl\\n"
            "Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

            msgctxt "m.count"
            msgid "%d day"
            msgid_plural "%d days"
            msgstr[0] "Pozycja #%d"
            msgstr[1] "Pozycje #%d"
            msgstr[2] "Pozycji #%d"

            """
        let results = try CatalogExchange.importFile(Array(file.utf8), path: "t.po", format: .po, into: Self.folder, locale: "pl")
        let text = try #require(try applying(results, to: Self.folder).catalog().files["pl"]?.message("m")?.units.first?.text)
        #expect(try MessageFormat(text, locale: "pl").format(["days": .int(5)], timeZone: "UTC") == "Pozycji #5")
        #expect(try MessageFormat(text, locale: "pl").format(["days": .int(1)], timeZone: "UTC") == "Pozycja #1")
    }

    @Test func aPluralFormWithoutPercentDKeepsHashAsItsNumber() throws {
        // As msgtool wrote plural forms before: # is the number where no %d writes it.
        let file = """
            msgid ""
            msgstr ""
            "Language: es\\n"
            "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

            msgctxt "m.count"
            msgid "# day"
            msgid_plural "# days"
            msgstr[0] "# día"
            msgstr[1] "# días, 100%"

            """
        let results = try CatalogExchange.importFile(Array(file.utf8), path: "t.po", format: .po, into: Self.folder, locale: "es")
        let text = try #require(try applying(results, to: Self.folder).catalog().files["es"]?.message("m")?.units.first { $0.part == "count" }?.text)
        #expect(try Self.rendered(text, ["days": .int(3)]) == "3 días, 100%")
    }

    @Test func aPOExportWritesGettextTextAndReadsBackUnchanged() throws {
        let export = try CatalogExchange.export(Self.folder, format: .po, locales: ["es"])
        let text = export.text
        #expect(text.contains("msgctxt \"m.brace\"\nmsgid \"Curly braces\"\nmsgstr \"Llaves { } y 'comillas'\""))
        #expect(text.contains("msgstr \"Aujourd'hui, {name}\""))
        // '{name}' quoted is text that gettext would read as the argument: kept in ICU, flagged.
        #expect(text.contains("#, icu-message-format\nmsgctxt \"m.mixed\"\nmsgid \"Day #{days} for {name}\"\nmsgstr \"Día #{days} para '{name}'\""))
        let results = try CatalogExchange.importFile(export.bytes, path: "es.po", format: .po, into: Self.folder, locale: "es")
        #expect(results.allSatisfy { $0.bytes == nil && $0.changes.isEmpty }, "\(results.flatMap(\.changes))")
    }

    @Test func aPOExportWithPluralFormsWritesPercentDAndReadsBackUnchanged() throws {
        // Weblate's Spanish: one, many (1000000), other.
        let forms = "nplurals=3; plural=n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2;"
        let export = try CatalogExchange.export(Self.folder, format: .po, locales: ["es"], poPluralForms: forms)
        #expect(
            export.text.contains("msgid \"%d day\"\nmsgid_plural \"%d days\"\nmsgstr[0] \"#%d día\"\nmsgstr[1] \"#%d de días\"\nmsgstr[2] \"#%d días\""),
            "\(export.text)")
        let results = try CatalogExchange.importFile(export.bytes, path: "es.po", format: .po, into: Self.folder, locale: "es")
        #expect(
            results.allSatisfy { $0.bytes == nil && $0.changes.isEmpty },
            "\(results.flatMap(\.changes)) \(results.map { String(decoding: $0.bytes ?? [], as: UTF8.self) })")
    }

    @Test func anEntryFlaggedICUIsReadAsICU() throws {
        let icu = try #require(
            try Self.imported(Self.po([("m.brace", "Curly braces", "Llaves '{ }'")], flags: "icu-message-format"), format: .po, part: "brace"))
        #expect(try Self.rendered(icu) == "Llaves { }")
    }

    // MARK: ARB

    @Test func arbBracesThatOpenNoPlaceholderAreText() throws {
        let file = #"{"@@locale": "es", "m.brace": "Nawiasy klamrowe { } i '{name}'", "m.title": "Día de {name}"}"#
        let brace = try #require(try Self.imported(file, format: .arb, part: "brace"))
        #expect(try Self.rendered(brace, ["name": .string("Ana")]) == "Nawiasy klamrowe { } i 'Ana'")
        let title = try #require(try Self.imported(file, format: .arb, part: "title"))
        #expect(title == "Día de {name}")
    }

    @Test func anARBExportReadsBackUnchanged() throws {
        let export = try CatalogExchange.export(Self.folder, format: .arb, locales: ["es"])
        #expect(export.text.contains("\"m.brace\": \"Llaves { } y 'comillas'\""), "\(export.text)")
        let results = try CatalogExchange.importFile(export.bytes, path: "es.arb", format: .arb, into: Self.folder, locale: "es")
        #expect(results.allSatisfy { $0.bytes == nil && $0.changes.isEmpty }, "\(results.flatMap(\.changes))")
    }

    // MARK: String Catalogs

    @Test func stringCatalogTextIsText() throws {
        let file = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "m.brace": {"localizations": {"es": {"stringUnit": {"state": "translated", "value": "Llaves { } y 'comillas' #1"}}}},
              "m.count": {"localizations": {"es": {"variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "#%lld día"}},
                "other": {"stringUnit": {"state": "translated", "value": "#%lld días"}}}}}}}
            }}
            """
        let brace = try #require(try Self.imported(file, format: .xcstrings, part: "brace"))
        #expect(try Self.rendered(brace) == "Llaves { } y 'comillas' #1")
        let count = try #require(try Self.imported(file, format: .xcstrings, part: "count"))
        #expect(try Self.rendered(count, ["days": .int(4)]) == "#4 días")
    }

    @Test func aStringCatalogExportReadsBackUnchanged() throws {
        let export = try CatalogExchange.export(Self.folder, format: .xcstrings, locales: ["es"])
        #expect(export.text.contains("\"value\" : \"Llaves { } y 'comillas'\""), "\(export.text)")
        let results = try CatalogExchange.importFile(export.bytes, path: "es.xcstrings", format: .xcstrings, into: Self.folder, locale: "es")
        #expect(results.allSatisfy { $0.bytes == nil && $0.changes.isEmpty }, "\(results.flatMap(\.changes))")
    }
}
