import Foundation
import Testing
@testable import MessageCatalog
@testable import MessageCatalogTools
import ToolkitSupport
import TestSupport

// What keeps the tools' memory linear in a large catalog (docs/translators.md, "Large
// catalogs"): an import checks only the file it writes, lint computes text offsets when a
// finding needs them, and a catalog file past the old 16 MiB cap loads.

@Suite("Large catalogs")
struct LargeCatalogTests {
    static let source = """
        {
          "locale": "en",
          "messages": {
            "greeting": {
              "description": "Sent when the user opens the app.",
              "arguments": {"name": {"type": "string", "example": "Ana"}},
              "parts": {"title": "Hello, {name}!"}
            }
          }
        }

        """

    static func catalog() throws -> LocalizedCatalog {
        try LocalizedCatalog(rawFiles: [
            ("strings/en.json", Array(source.utf8)),
            ("strings/es.json", Array(#"{"locale": "es", "messages": {"greeting": {"parts": {"title": "¡Hola, {name}!"}}}}"#.utf8))
        ])
    }

    @Test func aReplacementFileIsCheckedAsLoadingWouldCheckIt() throws {
        let catalog = try Self.catalog()
        try catalog.checkReplacement(
            path: "strings/es.json",
            bytes: Array(#"{"locale": "es", "messages": {"greeting": {"parts": {"title": "¡Buenas, {name}!"}}}}"#.utf8))
        let bad = "{\n  \"locale\": \"es\",\n  \"messages\": {\"greeting\": {\"parts\": {\"title\": \"¡Hola, {nombre}!\"}}}\n}\n"
        let error = #expect(throws: Diagnostic.self) { try catalog.checkReplacement(path: "strings/es.json", bytes: Array(bad.utf8)) }
        #expect(
            error?.rendered()
                == "strings/es.json:3:57: error: greeting.title: '{nombre}' is not an argument of 'greeting' (it declares {name}): use a declared name, or declare it in en.json.",
            "\(String(describing: error?.rendered()))")
        // The same problem is what loading the catalog with that file reports.
        let loading = #expect(throws: Diagnostic.self) {
            _ = try LocalizedCatalog(rawFiles: [("strings/en.json", Array(Self.source.utf8)), ("strings/es.json", Array(bad.utf8))])
        }
        #expect(loading?.rendered() == error?.rendered())
        // A file named by another locale than it says is refused, as loading refuses it.
        #expect(throws: Diagnostic.self) {
            try catalog.checkReplacement(path: "strings/fr.json", bytes: Array(#"{"locale": "es", "messages": {}}"#.utf8))
        }
    }

    @Test func anImportWritesTheCheckedFile() throws {
        // The import loads the catalog once, checks each unit, then the file it would write, as
        // the app loads it (not the whole catalog again).
        let folder = CatalogFolder(
            directory: "strings",
            files: [
                .init(path: "strings/en.json", bytes: Array(Self.source.utf8)),
                .init(path: "strings/es.json", bytes: Array(#"{"locale": "es", "messages": {"greeting": {"parts": {"title": "¡Hola, {name}!"}}}}"#.utf8))
            ])
        let po = """
            msgid ""
            msgstr ""
            "Language: es\\n"
            "Content-Type: text/plain; charset=UTF-8\\n"

            msgctxt "greeting.title"
            msgid "Hello, {name}!"
            msgstr "¡Buenas, {name}!"

            """
        let results = try CatalogExchange.importFile(Array(po.utf8), path: "es.po", format: .po, into: folder, locale: nil)
        #expect(results.map { $0.changes.map(\.id) } == [["greeting.title"]])
        let written = String(decoding: try #require(results.first?.bytes), as: UTF8.self)
        #expect(written.contains("\"title\": \"¡Buenas, {name}!\""))
    }

    @Test func lintPointsIntoLiteralTextWithoutKeepingOffsets() {
        // Lint holds patterns without text offsets; a punctuation finding still has its column.
        let en = """
            {
              "locale": "en",
              "messages": {
                "done": {"description": "Sent when a goal is met.", "parts": {"title": "Well done!"}}
              }
            }

            """
        let zh = "{\n  \"locale\": \"zh-Hans\",\n  \"messages\": {\n    \"done\": {\"parts\": {\"title\": \"做得好!\"}}\n  }\n}\n"
        let folder = CatalogFolder(
            directory: "c", files: [.init(path: "c/en.json", bytes: Array(en.utf8)), .init(path: "c/zh-Hans.json", bytes: Array(zh.utf8))])
        let findings = CatalogLinter().lint(folder).findings.filter { $0.rule == .punctuation }
        #expect(
            findings.map(\.description) == ["c/zh-Hans.json:4:37: warning: done.title: ASCII '!' in Chinese text: use the full-width '！'. [punctuation]"],
            "\(findings.map(\.description))")
    }

    @Test func aCatalogFileOverTheOld16MiBCapLoads() throws {
        // 100,000 messages with descriptions are about 96 MB of en.json: over the old cap.
        let description = String(repeating: "a", count: 17 << 20)
        let en = "{\"locale\": \"en\", \"messages\": {\"m\": {\"description\": \"\(description)\", \"parts\": {\"title\": \"Hi\"}}}}"
        let dir = try TemporaryFolder.create("large-catalog")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(en.utf8).write(to: dir.appendingPathComponent("en.json"))
        let folder = try CatalogFolder.read(directory: dir.path)
        #expect(folder.files.map(\.bytes.count) == [en.utf8.count])
        let catalog = try LocalizedCatalog(directory: dir)
        #expect(catalog.source.message("m")?.description?.count == 17 << 20)
        #expect(InputFile.Limit.catalog == 128 << 20)
    }
}
