import ToolkitSupport
import ToolkitJSON
import Foundation
import Testing
@testable import MessageCatalog
@testable import MessageCatalogTools

// Export and import: every format round-trips the bundled catalogs byte for byte, an edit
// lands in one unit with its source fingerprint, and a broken or truncated file changes nothing.

/// Files of a folder by locale, after an import's results are applied.
func applying(_ results: [CatalogExchange.ImportResult], to folder: CatalogFolder) -> CatalogFolder {
    var files = folder.files
    for r in results {
        guard let bytes = r.bytes else { continue }
        files.removeAll { $0.path == r.path }
        files.append(CatalogFolder.File(path: r.path, bytes: bytes))
    }
    return CatalogFolder(directory: folder.directory, files: files)
}

private func text(_ folder: CatalogFolder, _ locale: String) -> String {
    String(decoding: folder.file(locale: locale)!.bytes, as: UTF8.self)
}

@Suite("Export and import")
struct ExchangeTests {
    static let folder = CatalogFolder.bundled

    @Test(arguments: ExchangeFormat.allCases, ["es", "zh-Hans"])
    func exportThenImportChangesNothing(_ format: ExchangeFormat, _ locale: String) throws {
        let export = try CatalogExchange.export(Self.folder, format: format, locales: [locale])
        let results = try CatalogExchange.importFile(export.bytes, path: "export.\(format.fileExtension)", format: format, into: Self.folder, locale: locale)
        #expect(results.count == 1)
        #expect(results.allSatisfy { $0.bytes == nil && $0.changes.isEmpty }, "\(results.flatMap(\.changes))")
        #expect(results.first?.unchanged == export.units || format == .xcstrings)
    }

    static let editedID = "reminder.achievement.title.cheerful.0"
    static let oldText = "¿Qué te ha salido redondo?"
    static let newText = "¿Qué has logrado?"

    /// The export of es with one translation changed (the text appears verbatim in every format).
    static func editedExport(_ format: ExchangeFormat) throws -> String {
        let export = String(decoding: try CatalogExchange.export(folder, format: format, locales: ["es"]).bytes, as: UTF8.self)
        let range = try #require(export.range(of: oldText))
        return export.replacingCharacters(in: range, with: newText)
    }

    @Test(arguments: ExchangeFormat.allCases)
    func anEditedUnitIsImportedWithItsFingerprint(_ format: ExchangeFormat) throws {
        let edited = try Self.editedExport(format)
        let results = try CatalogExchange.importFile(Array(edited.utf8), path: "edited", format: format, into: Self.folder, locale: "es")
        let r = try #require(results.first)
        #expect(r.changes.map(\.id) == [Self.editedID])
        #expect(r.changes.first?.kind == .changed)
        let after = applying(results, to: Self.folder)
        // Exactly the edit and the fingerprint of the source it was translated from.
        let sourceText = try Self.folder.catalog().source.units.first { $0.id == Self.editedID }!.text
        let before = text(Self.folder, "es")
        let expected =
            before.replacingOccurrences(of: Self.oldText, with: Self.newText).dropLast("  }\n}\n".count)
            + "  },\n  \"sourceFingerprints\": {\n    \"\(Self.editedID)\": \"\(SourceFingerprint.of(sourceText))\"\n  }\n}\n"
        #expect(text(after, "es") == expected)
        // And the catalog loads with it.
        let catalog = try after.catalog()
        #expect(try catalog.format(unitOrKey: Self.editedID, locale: "es", tone: nil, variant: nil, arguments: [:], timeZone: "UTC") == Self.newText)
    }

    /// Cut points inside the file (after the edited unit, inside a string), for each format.
    @Test(arguments: ExchangeFormat.allCases, [0.3, 0.5, 0.8])
    func aTruncatedFileChangesNothing(_ format: ExchangeFormat, _ fraction: Double) throws {
        let edited = Array(try Self.editedExport(format).utf8)
        var cut = Int(Double(edited.count) * fraction)
        while cut < edited.count, edited[cut] & 0xC0 == 0x80 { cut += 1 }  // a character boundary
        // Inside a translation for PO (a cut between two entries leaves a valid, shorter file).
        if format == .po {
            let marker = Array("\nmsgstr \"".utf8)
            var i = cut
            while i + marker.count < edited.count, Array(edited[i..<i + marker.count]) != marker { i += 1 }
            cut = i + marker.count + 1
        }
        let truncated = Array(edited[..<cut])
        #expect(throws: Diagnostic.self) {
            try CatalogExchange.importFile(truncated, path: "cut", format: format, into: Self.folder, locale: "es")
        }
    }

    @Test(arguments: ExchangeFormat.allCases)
    func oneBadUnitStopsTheWholeImport(_ format: ExchangeFormat) throws {
        var edited = try Self.editedExport(format)
        // A second unit that does not compile (in a String Catalog a brace is literal text, so
        // there an argument that does not exist): nothing may be imported, not even the good edit.
        let range = try #require(edited.range(of: "¡Toca apuntar un logro! 🎉"))
        // (In gettext text a brace that opens no argument is text too; in ARB a placeholder the
        // message does not declare.)
        let bad = [ExchangeFormat.xcstrings: "¡Hora de %5$@!", .po: "¡Hora de %5$@!", .arb: "¡Hora de {apuntar} un logro!"]
        edited.replaceSubrange(range, with: bad[format] ?? "¡Hora de {apuntar un logro!")
        let failure = try #require(throws: Diagnostic.self) {
            try CatalogExchange.importFile(Array(edited.utf8), path: "bad.\(format.rawValue)", format: format, into: Self.folder, locale: "es")
        }
        #expect(failure.lines.count == 1)
        #expect(failure.lines[0].hasPrefix("bad.\(format.rawValue):"))
        #expect(failure.lines[0].contains("reminder.achievement.title.cheerful.1"))
    }

    @Test func everyUnitIsCheckedBeforeAnythingIsWritten() throws {
        let po = """
            msgid ""
            msgstr "Language: es\\n"

            msgctxt "no.such.unit"
            msgid "x"
            msgstr "y"

            msgctxt "action.quick_add.title"
            msgid "Add Achievement"
            msgstr "Añadir {cosa}"

            msgctxt "milestone.streak.title.minimal"
            msgid "{days}-day streak"
            msgstr "{days, date, long}"

            msgctxt "action.mark_done.title"
            msgid "Mark Done"
            msgstr "Hecho"

            msgctxt "action.mark_done.title"
            msgid "Mark Done"
            msgstr "Listo"
            """
        let failure = try #require(throws: Diagnostic.self) {
            try CatalogExchange.importFile(Array(po.utf8), path: "t.po", format: .po, into: Self.folder, locale: nil)
        }
        #expect(failure.lines.count == 4, "\(failure.lines)")
        #expect(failure.lines[0].hasPrefix("t.po:6:9: error: no.such.unit:"))
        #expect(failure.lines[1].contains("'{cosa}' is not an argument"))
        #expect(failure.lines[2].contains("declared as number but used as date"))
        #expect(failure.lines[3].contains("appears twice"))
    }

    @Test func theLocaleMustMatch() throws {
        let export = try CatalogExchange.export(Self.folder, format: .xliff, locales: ["es"])
        #expect(throws: Diagnostic.self) { try CatalogExchange.importFile(export.bytes, path: "x", format: .xliff, into: Self.folder, locale: "zh-Hans") }
        let en = try CatalogExchange.export(Self.folder, format: .po, locales: ["en"])
        #expect(throws: Diagnostic.self) { try CatalogExchange.importFile(en.bytes, path: "x", format: .po, into: Self.folder, locale: nil) }
    }

    /// Source changed → stale (PO fuzzy); a reviewed import confirms it.
    @Test func staleUnitsAreMarkedAndConfirmed() throws {
        let id = "action.quick_add.title"
        let catalog = try Self.folder.catalog()
        let oldSource = catalog.source.units.first { $0.id == id }!.text
        var files = Self.folder.files.map { f -> CatalogFolder.File in
            var s = String(decoding: f.bytes, as: UTF8.self)
            if f.locale == "en" { s = s.replacingOccurrences(of: "\"\(oldSource)\"", with: "\"Add an Achievement\"") }
            if f.locale == "es" {
                s = String(s.dropLast("  }\n}\n".count)) + "  },\n  \"sourceFingerprints\": {\n    \"\(id)\": \"\(SourceFingerprint.of(oldSource))\"\n  }\n}\n"
            }
            return CatalogFolder.File(path: f.path, bytes: Array(s.utf8))
        }
        var folder = CatalogFolder(directory: nil, files: files)
        let stats = CatalogStats(catalog: try folder.catalog())
        #expect(stats.locales.first { $0.locale == "es" }?.total.stale == 1)

        let po = String(decoding: try CatalogExchange.export(folder, format: .po, locales: ["es"]).bytes, as: UTF8.self)
        #expect(po.contains("#, fuzzy\nmsgctxt \"\(id)\"\nmsgid \"Add an Achievement\""))
        // Still fuzzy: nothing changes.
        #expect(try CatalogExchange.importFile(Array(po.utf8), path: "p", format: .po, into: folder, locale: "es").allSatisfy { $0.bytes == nil })
        // Reviewed (fuzzy removed): confirmed against the current source.
        let reviewed = po.replacingOccurrences(of: "#, fuzzy\n", with: "")
        let results = try CatalogExchange.importFile(Array(reviewed.utf8), path: "p", format: .po, into: folder, locale: "es")
        #expect(results.first?.changes.map(\.kind) == [.confirmed])
        files = applying(results, to: folder).files
        folder = CatalogFolder(directory: nil, files: files)
        #expect(CatalogStats(catalog: try folder.catalog()).locales.first { $0.locale == "es" }?.total.stale == 0)
        #expect(text(folder, "es").contains("\"\(id)\": \"\(SourceFingerprint.of("Add an Achievement"))\""))
    }

    @Test func aNewLocaleGetsACanonicalFile() throws {
        var xliff = String(decoding: try CatalogExchange.export(Self.folder, format: .xliff, locales: ["it"]).bytes, as: UTF8.self)
        #expect(!xliff.contains("<target"))
        for (source, target) in [("Add Achievement", "Aggiungi un traguardo"), ("Mark as Done", "Segna come fatto")] {
            let range = try #require(xliff.range(of: "<source xml:space=\"preserve\">\(source)</source>\n"))
            xliff.insert(contentsOf: "        <target xml:space=\"preserve\">\(target)</target>\n", at: range.upperBound)
        }
        let results = try CatalogExchange.importFile(Array(xliff.utf8), path: "it.xliff", format: .xliff, into: Self.folder, locale: nil)
        let r = try #require(results.first)
        #expect(r.locale == "it")
        #expect(r.path == "Resources/strings/it.json")
        #expect(r.changes.map(\.kind) == [.added, .added])
        let folder = applying(results, to: Self.folder)
        let catalog = try folder.catalog()
        #expect(
            try catalog.format(unitOrKey: "action.mark_done.title", locale: "it", tone: nil, variant: nil, arguments: [:], timeZone: "UTC")
                == "Segna come fatto")
        #expect(try CanonicalCatalog.differences(in: folder).isEmpty)
    }

    @Test func aPoolHasNoGaps() throws {
        let po = """
            msgid ""
            msgstr "Language: it\\n"

            msgctxt "reminder.achievement.title.gentle.3"
            msgid "A quiet check-in"
            msgstr "Un petit point"
            """
        let failure = try #require(throws: Diagnostic.self) {
            try CatalogExchange.importFile(Array(po.utf8), path: "it.po", format: .po, into: Self.folder, locale: nil)
        }
        #expect(failure.lines.first?.contains("variant 3 cannot be added before variant 0") == true)
    }

    /// The writer of the ARB and String Catalog exports gives the bytes `CanonicalCatalog.write`
    /// gives the same members as a tree: empty objects, nesting, escapes, both colons.
    @Test func theStreamingWriterWritesATreesCanonicalBytes() {
        for colon in [": ", " : "] {
            var bytes: [UInt8] = []
            // Chunks of 7 bytes: the file is the same however it is cut.
            let sink = ExportSink(chunkSize: 7) { bytes += $0 }
            var w = JSONStreamWriter(layout: .canonical(colon: colon))
            w.beginObject()
            w.key("a\"\n"); w.string("é \u{1}\t")
            sink.drain(&w)
            w.key("empty"); w.beginObject(); w.endObject()
            w.key("list"); w.beginArray(); w.int(1); w.beginArray(); w.endArray(); w.string("x"); w.endArray()
            w.key("nested"); w.beginObject()
            w.key("n"); w.int(12)
            w.key("inner"); w.beginObject(); w.key("x"); w.string(""); w.endObject()
            w.endObject()
            w.endObject()
            let tree = JSONNode.object([
                ("a\"\n", .string("é \u{1}\t")),
                ("empty", .object([])),
                ("list", .array([.number(1), .array([]), .string("x")])),
                ("nested", .object([("n", .number(12)), ("inner", .object([("x", .string(""))]))]))
            ])
            var expected = ""
            CanonicalCatalog.write(tree, indent: 0, colon: colon, into: &expected)
            w.bytes.append(0x0A)
            sink.drain(&w)
            #expect(throws: Never.self) { try sink.finish() }
            #expect(String(decoding: bytes, as: UTF8.self) == expected + "\n")
        }
    }
}

@Suite("String Catalogs")
struct XCStringsTests {
    static let source = """
        {
          "locale": "en",
          "messages": {
            "m": {
              "description": "Test.",
              "arguments": {
                "days": { "type": "number", "example": 7 },
                "name": { "type": "string", "example": "Ana" },
                "when": { "type": "date", "example": "2026-05-14T09:30:00Z" },
                "kind": { "type": "string", "example": "run" }
              },
              "parts": {
                "whole": "{days, plural, one {# day} other {# days}}",
                "mixed": "{days, plural, one {# day} other {# days}} for {name}, 100%",
                "dated": "On {when, date, long}",
                "chosen": "{kind, select, run {Run} other {Workout}}",
                "exact": "{days, plural, =0 {None} other {# days}}"
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
                "whole": "{days, plural, one {# día} many {# de días} other {# días}}",
                "mixed": "{days, plural, one {# día} many {# de días} other {# días}} para {name}, 100%",
                "dated": "El {when, date, long}",
                "chosen": "{kind, select, run {Carrera} other {Ejercicio}}",
                "exact": "{days, plural, =0 {Ninguno} other {# días}}"
              }
            }
          }
        }
        """
    static let folder = CatalogFolder(
        directory: "/x", files: [.init(path: "/x/en.json", bytes: Array(source.utf8)), .init(path: "/x/es.json", bytes: Array(es.utf8))])

    static func exported(version: String = "1.0") throws -> (json: [String: Any], text: String, notes: [String]) {
        let export = try CatalogExchange.export(folder, format: .xcstrings, locales: ["es"], xcstringsVersion: version)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(export.bytes)) as? [String: Any])
        return (json, String(decoding: export.bytes, as: UTF8.self), export.notes)
    }

    static func localization(_ json: [String: Any], _ key: String, _ locale: String) -> [String: Any]? {
        ((json["strings"] as? [String: Any])?[key] as? [String: Any]).flatMap { ($0["localizations"] as? [String: Any])?[locale] as? [String: Any] }
    }

    @Test func pluralsBecomeVariationsOrSubstitutions() throws {
        let (json, text, _) = try Self.exported()
        #expect(json["version"] as? String == "1.0")
        #expect(json["sourceLanguage"] as? String == "en")
        #expect(text.contains("\"sourceLanguage\" : \"en\""))  // Xcode's spacing
        let whole = try #require(Self.localization(json, "m.whole", "es")?["variations"] as? [String: Any])
        let cases = try #require(whole["plural"] as? [String: [String: [String: String]]])
        #expect(cases["many"]?["stringUnit"]?["value"] == "%lld de días")
        let mixed = try #require(Self.localization(json, "m.mixed", "en"))
        #expect((mixed["stringUnit"] as? [String: String])?["value"] == "%#@days@ for %2$@, 100%%")
        let sub = try #require((mixed["substitutions"] as? [String: [String: Any]])?["days"])
        #expect(sub["argNum"] as? Int == 1)
        #expect(sub["formatSpecifier"] as? String == "lld")
        let one = ((sub["variations"] as? [String: Any])?["plural"] as? [String: [String: [String: String]]])?["one"]
        #expect(one?["stringUnit"]?["value"] == "%arg day")
    }

    @Test func whatTheFormatCannotHoldIsReported() throws {
        let (json, _, notes) = try Self.exported()
        let strings = try #require(json["strings"] as? [String: Any])
        #expect(strings["m.chosen"] == nil)
        // =0 is Apple's zero in English and Spanish (CLDR has no zero there).
        #expect(((Self.localization(json, "m.exact", "es")?["variations"] as? [String: Any])?["plural"] as? [String: Any])?["zero"] != nil)
        #expect(notes.contains { $0.hasPrefix("m.chosen (1 unit, en): not exported: select") })
        #expect(!notes.contains { $0.hasPrefix("m.exact") })
        #expect(notes.contains("m: {when, date, long} becomes %3$@: the app passes it formatted"))
        #expect((Self.localization(json, "m.dated", "es")?["stringUnit"] as? [String: String])?["value"] == "El %3$@")
    }

    @Test(arguments: ["1.0", "1.1"])
    func editsComeBackAsICU(_ version: String) throws {
        var (_, text, _) = try Self.exported(version: version)
        #expect(text.contains("\"version\" : \"\(version)\""))
        text = text.replacingOccurrences(of: "\"%arg de días\"", with: "\"%arg días largos\"")
        text = text.replacingOccurrences(of: "\"El %3$@\"", with: "\"Del %3$@\"")
        let results = try CatalogExchange.importFile(Array(text.utf8), path: "m.xcstrings", format: .xcstrings, into: Self.folder, locale: nil)
        let r = try #require(results.first)
        #expect(Set(r.changes.map(\.id)) == ["m.mixed", "m.dated"])
        let es = String(decoding: try #require(r.bytes), as: UTF8.self)
        #expect(es.contains("\"mixed\": \"{days, plural, one {# día} many {# días largos} other {# días}} para {name}, 100%\""))
        #expect(es.contains("\"dated\": \"Del {when, date, long}\""))
        #expect(es.contains("\"chosen\": \"{kind, select, run {Carrera} other {Ejercicio}}\""))
    }

    @Test(arguments: [
        ("\"version\" : \"1.0\"", "\"version\" : \"2.0\"", "version \"2.0\" is not supported"),
        ("\"variations\" : {\n            \"plural\"", "\"variations\" : {\n            \"device\"", "device variations"),
        ("\"%lld de días\"", "\"%lld de %5$@\"", "argument %5$ does not exist")
    ])
    func unsupportedInputIsRefused(_ from: String, _ to: String, _ message: String) throws {
        let (_, text, _) = try Self.exported()
        let changed = text.replacingOccurrences(of: from, with: to)
        #expect(changed != text)
        let failure = try #require(throws: Diagnostic.self) {
            try CatalogExchange.importFile(Array(changed.utf8), path: "m.xcstrings", format: .xcstrings, into: Self.folder, locale: nil)
        }
        #expect(failure.lines.contains { $0.contains(message) }, "\(failure.lines)")
    }
}

@Suite("Pattern printer")
struct PatternPrinterTests {
    @Test(arguments: [
        "It''s {n, plural, one {# '{x}'} other {# '#' {n}}}",
        "'{'literal'}' braces",
        "a '' b, don't, trailing '",
        "{d, date, long} and {t, time, short}",
        "{n, number, ::.0 measure-unit/length-kilometer unit-width-short}",
        "{k, select, a {{n, plural, offset:1 =0 {none} one {#} other {# more}}} other {x}}",
        "100% {x}'s '{'",
        "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}"
    ])
    func printingKeepsTheMessage(_ pattern: String) throws {
        let parsed = try MessagePattern(pattern)
        let printed = PatternPrinter.text(parsed.nodes)
        let reparsed = try MessagePattern(printed)
        #expect(PatternPrinter.text(reparsed.nodes) == printed)
        #expect(PatternPrinter.equivalent(pattern, printed))
        // The same output, for arguments that reach every case.
        let args: [String: MessageValue] = ["n": 2, "x": "X", "k": "a", "d": .date(millis: 0), "t": .date(millis: 0)]
        let a = try MessageFormat(pattern, locale: "en").format(args), b = try MessageFormat(printed, locale: "en").format(args)
        #expect(a == b)
    }

    @Test func equivalentIgnoresCaseOrderPoundAndStyleSpaces() {
        #expect(PatternPrinter.equivalent("{n, plural, other {{n} x} one {# y}}", "{n, plural, one {# y} other {# x}}"))
        #expect(PatternPrinter.equivalent("{d, date,long}", "{d, date, long}"))
        #expect(!PatternPrinter.equivalent("{n, plural, one {# y} other {# x}}", "{n, plural, one {# y} other {# z}}"))
    }
}

@Suite("Canonical catalogs, stats and pseudo-locales")
struct CanonicalStatsPseudoTests {
    @Test func theBundledCatalogsAreCanonical() throws {
        #expect(try CanonicalCatalog.differences(in: .bundled).map(\.file.path) == [])
    }

    @Test func keysAreReorderedTheCanonicalWay() throws {
        let en =
            #"{"messages": {"b": {"parts": {"title": "B"}, "arguments": {}, "description": "b"}, "a": {"description": "a", "arguments": {"n": {"example": 1, "type": "number"}}, "parts": {"body": "{n}", "title": "A"}}}, "locale": "en"}"#
        let es =
            #"{"sourceFingerprints": {"a.title": "x", "b.title": "y"}, "messages": {"a": {"parts": {"title": "Á", "body": "{n}"}}, "b": {"parts": {"title": "Bé"}}}, "locale": "es"}"#
        let folder = CatalogFolder(directory: "/c", files: [.init(path: "/c/en.json", bytes: Array(en.utf8)), .init(path: "/c/es.json", bytes: Array(es.utf8))])
        let d = try CanonicalCatalog.differences(in: folder)
        #expect(d.count == 2)
        let canonicalES = String(decoding: try #require(d.first { $0.file.locale == "es" }).canonical, as: UTF8.self)
        #expect(
            canonicalES == """
                {
                  "locale": "es",
                  "messages": {
                    "b": {
                      "parts": {
                        "title": "Bé"
                      }
                    },
                    "a": {
                      "parts": {
                        "body": "{n}",
                        "title": "Á"
                      }
                    }
                  },
                  "sourceFingerprints": {
                    "b.title": "y",
                    "a.title": "x"
                  }
                }

                """)
        let dup = CatalogFolder(directory: "/c", files: [.init(path: "/c/en.json", bytes: Array(#"{"locale": "en", "locale": "en", "messages": {}}"#.utf8))])
        #expect(throws: Diagnostic.self) { try CanonicalCatalog.differences(in: dup) }
    }

    @Test func fingerprintsAreFNV1a64() {
        #expect(SourceFingerprint.of("Hello") == "63f0bfacf2c00f6b")
        #expect(SourceFingerprint.of("") == "cbf29ce484222325")
    }

    @Test(arguments: [("Hello, wonderful world", 3), ("It’s a don't-stop day", 4), ("你好，世界", 4), ("{n, plural, one {# day} other {# days}}", 2), ("{name}", 0)])
    func words(_ text: String, _ count: Int) {
        #expect(CatalogStats.words(in: text) == count)
    }

    @Test func statsCountMissingAndStaleUnits() throws {
        let en =
            #"{"locale": "en", "messages": {"a": {"description": "a", "arguments": {}, "parts": {"title": "One two", "body": {"cheerful": "Three", "gentle": "Four", "minimal": "Five"}}}, "x.y": {"description": "x", "arguments": {}, "parts": {"title": "Six"}}}}"#
        let es =
            #"{"locale": "es", "messages": {"a": {"parts": {"title": "Uno dos", "body": {"cheerful": "Tres", "gentle": "Cuatro", "minimal": "Cinco"}}}}, "sourceFingerprints": {"a.title": "0000000000000000", "a.body.gentle": "\#(SourceFingerprint.of("Four"))"}}"#
        let catalog = try LocalizedCatalog(rawFiles: [("/s/en.json", Array(en.utf8)), ("/s/es.json", Array(es.utf8))])
        let stats = CatalogStats(catalog: catalog)
        let t = try #require(stats.locales.first { $0.locale == "es" }).total
        #expect((t.units, t.translated, t.missing, t.stale, t.words, t.wordsToDo) == (5, 4, 1, 1, 5, 3))
        let byKind = try #require(stats.locales.first { $0.locale == "es" }).byKind
        #expect(byKind.map(\.kind) == ["a", "x"])
        let byTone = try #require(stats.locales.first { $0.locale == "es" }).byTone
        #expect(byTone.map(\.tone) == ["cheerful", "gentle", "minimal", "none"])
        #expect(byTone.last?.counts.stale == 1)
    }

    /// Every bundled source text, pseudo-localized: the same arguments used the same way, the
    /// brackets, 30–40 % more letters, and it formats for the pseudo-locale.
    @Test(arguments: PseudoLocalizer.PseudoLocale.allCases)
    func pseudoLocalizationKeepsPlaceholders(_ locale: PseudoLocalizer.PseudoLocale) throws {
        let catalog = try LocalizedCatalog.bundled()
        let letters: (String) -> Int = { t in
            let p = try! MessagePattern(t, recordingTextOffsets: true)
            return PatternText(p).allSegments.reduce(0) { $0 + $1.text.unicodeScalars.count { $0.properties.isAlphabetic } }
        }
        for unit in catalog.source.units {
            let pseudo = try PseudoLocalizer.transform(unit.text, to: locale)
            let a = try MessagePattern(unit.text).argumentUsages.map { "\($0.name):\($0.kind)" }
            let b = try MessagePattern(pseudo).argumentUsages.map { "\($0.name):\($0.kind)" }
            #expect(a == b, "\(unit.id)")
            switch locale {
            case .accented:
                #expect(pseudo.hasPrefix("[") && pseudo.hasSuffix("]"), "\(unit.id)")
                let n = letters(unit.text), m = letters(pseudo)
                if n >= 10 { #expect(Double(m) / Double(n) >= 1.3 && Double(m) / Double(n) <= 1.4, "\(unit.id): \(n) → \(m)") }
            case .bidi:
                if letters(unit.text) > 0 { #expect(pseudo.unicodeScalars.contains("\u{200F}") && pseudo.unicodeScalars.contains("\u{202E}"), "\(unit.id)") }
            }
        }
        let file = try PseudoLocalizer.catalogFile(source: catalog.source, locale: locale)
        let pseudoCatalog = try LocalizedCatalog(rawFiles: BundledStrings.files.filter { $0.path.hasSuffix("en.json") } + [("p/\(locale.rawValue).json", file)])
        let text = try pseudoCatalog.format(
            unitOrKey: "milestone.streak.body.minimal", locale: locale.rawValue, tone: nil, variant: nil,
            arguments: ["days": 7], timeZone: "UTC")
        switch locale {
        case .accented: #expect(text.hasPrefix("[") && text.contains("7"))
        case .bidi: #expect(text.contains("7") || text.contains("٧"))
        }
        #expect(
            text
                != (try pseudoCatalog.format(
                    unitOrKey: "milestone.streak.body.minimal", locale: "en", tone: nil, variant: nil, arguments: ["days": 7], timeZone: "UTC")))
    }
}
