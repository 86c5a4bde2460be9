import Foundation
import Testing
import TestSupport

// The translator tools as translators and CI run them: msgtool lint, fmt, stats, export,
// import and pseudo, as a subprocess, on copies of the bundled catalogs in temporary folders.

/// A temporary copy of Resources/strings, removed at the end of the test.
final class CatalogCopy {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = try TemporaryFolder.create("catalog")
        let source = Repository.url("Resources/strings")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) where name.hasSuffix(".json") {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: url.appendingPathComponent(name))
        }
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func file(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Every file's bytes, to compare before and after.
    func snapshot() throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: path) { out[name] = try Data(contentsOf: url.appendingPathComponent(name)) }
        return out
    }

    func write(_ name: String, _ text: String) throws { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
    func read(_ name: String) throws -> String { String(decoding: try Data(contentsOf: url.appendingPathComponent(name)), as: UTF8.self) }
}

@Suite("msgtool translator tools")
struct TranslatorToolTests {
    @Test func lintOfTheBundledCatalogsHasNoErrors() throws {
        let run = try MsgTool.run(["lint"])
        #expect(run.status == 0, "\(run)")
        #expect(!run.out.contains(": error:"))
        #expect(run.out.split(separator: "\n").last?.hasPrefix("0 errors") == true || run.out.hasPrefix("No problems"), "\(run)")
    }

    @Test func lintJSONForCIBots() throws {
        let run = try MsgTool.run(["lint", "--format", "json"])
        #expect(run.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        #expect(json["errors"] as? Int == 0)
        #expect((json["files"] as? [String])?.count == 6)
        for f in try #require(json["findings"] as? [[String: Any]]) {
            #expect(Set(f.keys).isSuperset(of: ["file", "line", "column", "severity", "rule", "message"]))
        }
    }

    @Test func lintFindsAnErrorAtItsLineAndColumnAndExits1() throws {
        let copy = try CatalogCopy()
        let es = try copy.read("es.json")
        let broken = es.replacingOccurrences(of: "\"¿Qué ha ido bien últimamente?\"", with: "\"¿Qué {ha ido bien últimamente?\"")
        #expect(broken != es)
        try copy.write("es.json", broken)
        let run = try MsgTool.run(["lint", "--catalog", copy.path])
        #expect(run.status == 1, "\(run)")
        let lines = broken.split(separator: "\n", omittingEmptySubsequences: false)
        let lineIndex = try #require(lines.firstIndex { $0.contains("¿Qué {ha") })
        // ICU stops after the name, at "ido" (the argument name cannot contain a space).
        let column = lines[lineIndex].distance(from: lines[lineIndex].startIndex, to: lines[lineIndex].range(of: "ido bien últimamente")!.lowerBound) + 1
        #expect(run.out.contains("\(copy.file("es.json")):\(lineIndex + 1):\(column): error: reminder.achievement.title.gentle.0: "), "\(run)")
        #expect(run.out.contains("[syntax]"))
    }

    @Test func lintListsItsRules() throws {
        let run = try MsgTool.run(["lint", "--rules"])
        #expect(run.status == 0)
        for id in ["syntax", "duplicate-key", "plural-category", "length", "identical", "punctuation", "missing-tone"] {
            #expect(run.out.contains(id))
        }
    }

    @Test func fmtChecksAndRewrites() throws {
        #expect(try MsgTool.run(["fmt", "--check"]).status == 0)
        #expect(try MsgTool.run(["fmt"]).status == 2)
        let copy = try CatalogCopy()
        let compact = try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(with: Data(copy.read("zh-Hans.json").utf8)))
        try compact.write(to: URL(fileURLWithPath: copy.file("zh-Hans.json")))
        let check = try MsgTool.run(["fmt", "--check", "--catalog", copy.path])
        #expect(check.status == 1)
        #expect(check.out.contains("\(copy.file("zh-Hans.json")): not canonical"))
        #expect(!check.out.contains("es.json: not canonical"))
        let fmt = try MsgTool.run(["fmt", "--catalog", copy.path])
        #expect(fmt.status == 0, "\(fmt)")
        // Canonical again, and byte for byte the bundled file (the order comes from en.json).
        let original = try Data(contentsOf: Repository.url("Resources/strings/zh-Hans.json"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy.file("zh-Hans.json"))) == original)
        #expect(try MsgTool.run(["fmt", "--check", "--catalog", copy.path]).status == 0)
    }

    @Test(arguments: ["xliff", "po", "arb", "xcstrings"])
    func exportThenImportLeavesTheFilesByteIdentical(_ format: String) throws {
        let copy = try CatalogCopy()
        let before = try copy.snapshot()
        let out = copy.url.deletingLastPathComponent().appendingPathComponent("\(UUID().uuidString).\(format)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let export = try MsgTool.run(["export", "--catalog", copy.path, "--format", format, "--locale", "es", "--out", out])
        #expect(export.status == 0, "\(export)")
        let run = try MsgTool.run(["import", "--catalog", copy.path, "--format", format, out])
        #expect(run.status == 0, "\(run)")
        #expect(run.out.hasPrefix("Unchanged \(copy.file("es.json"))"), "\(run)")
        #expect(try copy.snapshot() == before)
    }

    @Test func importOfABrokenOrTruncatedFileChangesNothing() throws {
        let copy = try CatalogCopy()
        let export = try MsgTool.run(["export", "--catalog", copy.path, "--format", "xliff", "--locale", "es"])
        #expect(export.status == 0)
        let edited = export.out.replacingOccurrences(of: "¿Qué ha ido bien últimamente?</target>", with: "¿Qué tal te ha ido?</target>")
        let before = try copy.snapshot()
        let dir = copy.url.deletingLastPathComponent()
        let broken = dir.appendingPathComponent("\(UUID().uuidString).xliff"), cut = dir.appendingPathComponent("\(UUID().uuidString).xliff")
        defer { try? FileManager.default.removeItem(at: broken); try? FileManager.default.removeItem(at: cut) }
        try Data(edited.replacingOccurrences(of: "Nuevo apunte</target>", with: "Nuevo {apunte</target>").utf8).write(to: broken)
        try Data(edited.utf8.prefix(edited.utf8.count * 2 / 3)).write(to: cut)
        for file in [broken, cut] {
            let run = try MsgTool.run(["import", "--catalog", copy.path, file.path])
            #expect(run.status == 1, "\(run)")
            #expect(run.stderr.contains("\(file.path):"))
            #expect(run.stderr.contains("nothing was imported"))
            #expect(try copy.snapshot() == before)
        }
        // The good edit alone goes in.
        try Data(edited.utf8).write(to: broken)
        let good = try MsgTool.run(["import", "--catalog", copy.path, broken.path])
        #expect(good.status == 0, "\(good)")
        #expect(good.out.contains("changed   reminder.achievement.title.gentle.0"))
        #expect(try copy.read("es.json").contains("\"¿Qué tal te ha ido?\""))
    }

    @Test func importNeedsAFolderToWrite() throws {
        #expect(try MsgTool.run(["import", "x.po"]).status == 2)
    }

    @Test func statsTableAndJSON() throws {
        let table = try MsgTool.run(["stats"])
        #expect(table.status == 0)
        #expect(table.out.hasPrefix("LOCALE   UNITS  TRANSLATED  INHERITED  MISSING  STALE  WORDS  TO DO\n"))
        // es-419 holds only what differs from es: the rest is inherited, not missing.
        #expect(table.out.contains("es-419 overrides "))
        #expect(table.out.contains("By tone") && table.out.contains("By kind"))
        let json = try MsgTool.run(["stats", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let locales = try #require(object["locales"] as? [[String: Any]])
        #expect(locales.map { $0["locale"] as? String } == ["en", "en-GB", "es", "es-419", "fr", "zh-Hans"])
        let latam = try #require(locales.first { $0["locale"] as? String == "es-419" })
        #expect(latam["parent"] as? String == "es")
        #expect((latam["inherited"] as? Int ?? 0) > (latam["translated"] as? Int ?? 0))
        #expect(locales.allSatisfy { $0["missing"] as? Int == 0 })
    }

    @Test func pseudoLocalesPreviewAndFormat() throws {
        let out = TemporaryFolder.uniqueURL("pseudo")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try MsgTool.run(["pseudo", "--locale", "en-XA", "--locale", "ar-XB", "--out", out.path])
        #expect(run.status == 0, "\(run)")
        let preview = try MsgTool.run(["preview", "--catalog", out.path, "--locale", "en-XA", "milestone.streak"])
        #expect(preview.status == 0, "\(preview)")
        #expect(preview.out.contains("[7 ðå"), "\(preview)")
        let format = try MsgTool.run(["format", "--catalog", out.path, "--locale", "en-XA", "--key", "milestone.streak.body.minimal", "--arg", "days=1"])
        #expect(format.status == 0, "\(format)")
        #expect(format.out.hasPrefix("[Å") && format.out.contains(" 1 ðå"))
        let rtl = try MsgTool.run(["format", "--catalog", out.path, "--locale", "ar-XB", "--key", "action.view_steps.title"])
        #expect(rtl.status == 0)
        #expect(rtl.out.unicodeScalars.contains("\u{202E}"))
    }

    @Test func exportToStdoutWithNotesOnStderr() throws {
        let run = try MsgTool.run(["export", "--format", "xcstrings", "--locale", "es", "--locale", "zh-Hans"])
        #expect(run.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        #expect(json["sourceLanguage"] as? String == "en")
        #expect(run.stderr.contains("note: steps.workout.title"))
        #expect(try MsgTool.run(["export", "--format", "po", "--locale", "es", "--locale", "zh-Hans"]).status == 2)
    }
}

/// Files as translators' tools return them, through the command line: refused imports leave
/// every catalog file byte for byte as it was; input mistakes are named with a suggestion.
@Suite("msgtool: translators' files and input hygiene")
struct TranslatorInputTests {
    /// Xcode's .xcloc folder is an import source; --xliff-version 1.2 exports what imports back
    /// unchanged.
    @Test func anXclocFolderImportsAndXLIFF12RoundTrips() throws {
        let copy = try CatalogCopy()
        let xcloc = Repository.fixture("exchange/es.xcloc").path
        let run = try MsgTool.run(["import", "--catalog", copy.path, xcloc])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.contains("es.xcloc/Localized Contents/es.xliff:3:3: warning: <file original=\"Affirmations/InfoPlist.xcstrings\">"), "\(run)")
        #expect(run.out.contains("0 added, 4 changed"), "\(run)")
        #expect(try copy.read("es.json").contains("\"minimal\": \"Anotado el {recordedOn, date, long}: «{achievement}»\""))
        let before = try copy.snapshot()
        let export = try MsgTool.run([
            "export", "--catalog", copy.path, "--format", "xliff", "--xliff-version", "1.2", "--locale", "es", "--out", copy.file("es.xliff")
        ])
        #expect(export.status == 0, "\(export)")
        #expect(try copy.read("es.xliff").contains("<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\">"))
        let back = try MsgTool.run(["import", "--catalog", copy.path, copy.file("es.xliff")])
        #expect(back.status == 0, "\(back)")
        #expect(back.out.hasPrefix("Unchanged"), "\(back)")
        var after = try copy.snapshot()
        after["es.xliff"] = nil
        #expect(after == before)
    }

    @Test func aRefusedImportLeavesEveryFileByteIdenticalAndAPartialOneSaysWhatItSkipped() throws {
        let copy = try CatalogCopy()
        let xcstrings = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "action.mark_done.title" : { "localizations" : { "es" : { "stringSet" : { "state" : "translated", "values" : [ "Hecho", "Listo" ] } } } },
                "action.quick_add.title" : { "localizations" : { "es" : { "stringUnit" : { "state" : "translated", "value" : "Añadir un logro" } } } }
              },
              "version" : "1.0"
            }
            """
        try copy.write("App.xcstrings", xcstrings)
        let before = try copy.snapshot()
        let refused = try MsgTool.run(["import", "--catalog", copy.path, copy.file("App.xcstrings")])
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("App.xcstrings:4:61: error: action.mark_done.title: (es) a stringSet"), "\(refused)")
        #expect(try copy.snapshot() == before)
        let partial = try MsgTool.run(["import", "--skip-invalid", "--catalog", copy.path, copy.file("App.xcstrings")])
        #expect(partial.status == 0, "\(partial)")
        #expect(partial.out.contains("1 changed"), "\(partial)")
        #expect(partial.out.contains("skipped   1 refused unit (--skip-invalid"), "\(partial)")
        #expect(try copy.read("es.json").contains("\"title\": \"Añadir un logro\""))
    }

    /// One refused file per format (as a tool writes it): exit 1, the reason at its line, and
    /// every catalog file byte for byte as it was.
    @Test(arguments: [
        (
            "bad.po",
            "msgid \"\"\nmsgstr \"\"\n\"Language: ru\\n\"\n\"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 ? 1 : 2);\\n\"\n\nmsgctxt \"habit.reminder.daily.body.minimal\"\nmsgid \"# hour left in the day.\"\nmsgid_plural \"# hours left in the day.\"\nmsgstr[0] \"# час\"\nmsgstr[1] \"# часа\"\nmsgstr[2] \"# часов\"\n",
            "bad.po:4:2: error: the Plural-Forms rule and CLDR's plural rules for ru disagree"
        ),
        (
            "bad.xlf",
            "<?xml version=\"1.0\"?>\n<xliff xmlns=\"urn:oasis:names:tc:xliff:document:2.0\" version=\"2.0\" srcLang=\"en\" trgLang=\"es\">\n<file id=\"f\">\n<unit id=\"action.mark_done.title\"><segment state=\"translated\"><source>Mark as Done</source>\n<target><ph id=\"1\"/>Hecho</target></segment></unit>\n</file>\n</xliff>\n",
            "bad.xlf:5:"
        ),
        (
            "app_fr.arb", "{\n  \"@@locale\": \"es\",\n  \"action.mark_done.title\": \"Hecho\"\n}\n",
            "app_fr.arb:2:15: error: \"@@locale\": \"es\" but the file name says fr"
        )
    ])
    func aRefusedImportInAnyFormatChangesNoByte(_ name: String, _ text: String, _ expected: String) throws {
        let copy = try CatalogCopy()
        try copy.write(name, text)
        let before = try copy.snapshot()
        let run = try MsgTool.run(["import", "--catalog", copy.path, copy.file(name)])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains(copy.file(expected)) || run.stderr.contains(expected), "\(run)")
        #expect(run.stderr.hasSuffix("the catalog files are unchanged.\n"), "\(run)")
        #expect(try copy.snapshot() == before)
    }

    @Test func aCrowdinLocaleSaysWhichFileItMapsTo() throws {
        let copy = try CatalogCopy()
        try copy.write("ru.po", "msgid \"\"\nmsgstr \"Language: ru_RU\\n\"\n\nmsgctxt \"action.mark_done.title\"\nmsgid \"Mark as Done\"\nmsgstr \"Готово\"\n")
        let run = try MsgTool.run(["import", "--catalog", copy.path, copy.file("ru.po")])
        #expect(run.status == 0, "\(run)")
        #expect(run.out.hasPrefix("Locale ru_RU → ru-RU.json (new) (ru_RU is ru-RU in BCP 47).\nUpdated \(copy.file("ru-RU.json")): 1 added"), "\(run)")
        let export = try MsgTool.run(["export", "--format", "po", "--locale", "zh-CN", "--out", copy.file("zh.po")])
        #expect(export.out == "Wrote \(copy.file("zh.po")): 381 units, po, zh-CN → zh-Hans.json.\n", "\(export)")
    }

    @Test(arguments: ["happy", "Gentle"])
    func anUnknownToneListsTheTones(_ tone: String) throws {
        let run = try MsgTool.run(["format", "--locale", "en", "--key", "milestone.streak", "--tone", tone, "--arg", "days=3"])
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("'\(tone)' is invalid for '--tone <tone>'. Please provide one of 'cheerful', 'gentle' or 'minimal'."), "\(run)")
    }

    @Test func aMessageKeyPrintsEveryPartLabelled() throws {
        let run = try MsgTool.run(["format", "--locale", "en", "--key", "milestone.streak", "--tone", "gentle", "--arg", "days=3"])
        #expect(run.status == 0, "\(run)")
        #expect(
            run.out
                == "title: 3 days of showing up\nbody: You’ve made space for your achievements, day after day. That steady care for yourself is worth noticing.\n"
        )
    }

    @Test func anUndeclaredArgumentIsNamedWithASuggestion() throws {
        let run = try MsgTool.run(["format", "--locale", "en", "--key", "milestone.streak.title", "--tone", "gentle", "--arg", "dayz=3"])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr == "error: --arg dayz: not an argument of this message: did you mean 'days'? ('milestone.streak.title' declares: days).\n", "\(run)")
        let pattern = try MsgTool.run(["format", "--locale", "en", "--pattern", "{count} left", "--arg", "cuont=3"])
        #expect(pattern.stderr.contains("did you mean 'count'?"), "\(pattern)")
    }

    @Test func aMisspeltFlagGetsASuggestion() throws {
        let run = try MsgTool.run(["lint", "--catalgo", "x"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("Unknown option '--catalgo'. Did you mean '--catalog'?"), "\(run)")
    }
}
