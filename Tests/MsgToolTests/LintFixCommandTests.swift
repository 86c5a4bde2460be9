import Foundation
import Testing
import TestSupport

// msgtool lint --fix, end to end: what it rewrites, what it says, what a second run does, and
// that a fix that cannot be made writes nothing. msgtool preview marks fallbacks.

@Suite("msgtool lint --fix", .serialized)
struct LintFixCommandTests {
    static let en = """
        {
          "locale": "en",
          "messages": {
            "walk": {
              "description": "Test.",
              "arguments": { "name": { "type": "string", "example": "Ana", "examples": { "zh": "小安" } }, "km": { "type": "number", "example": 5 } },
              "parts": { "title": "Well done, {name}!", "body": "You walked {km} km." }
            }
          }
        }
        """
    static let zh = #"{"locale": "zh-Hans", "messages": {"walk": {"parts": {"title": "做得好,{name}!"}}}}"#
    static let es = #"{"locale": "es", "messages": {"walk": {"parts": {"title": "¡Bien hecho, {name}!", "body": "Caminaste {km} km."}}}}"#

    static func folder(es: String = es) throws -> URL {
        let dir = try TemporaryFolder.create("lint-fix")
        try Data(en.utf8).write(to: dir.appendingPathComponent("en.json"))
        try Data(zh.utf8).write(to: dir.appendingPathComponent("zh-Hans.json"))
        try Data(es.utf8).write(to: dir.appendingPathComponent("es.json"))
        return dir
    }

    static func read(_ dir: URL, _ name: String) throws -> String {
        String(decoding: try Data(contentsOf: dir.appendingPathComponent(name)), as: UTF8.self)
    }

    @Test func fixesThenLintsTheResult() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try MsgTool.run(["lint", "--fix", "--catalog", dir.path])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.contains("Fixed \(dir.path)/es.json: 1 finding (1 unit-space)."), "\(run)")
        #expect(run.stderr.contains("Fixed \(dir.path)/zh-Hans.json: 2 findings (2 punctuation)."), "\(run)")
        #expect(!run.out.contains("[punctuation]") && !run.out.contains("[unit-space]"), "\(run)")
        #expect(try Self.read(dir, "zh-Hans.json").contains("\"title\": \"做得好，{name}！\""))
        #expect(try Self.read(dir, "es.json").contains("Caminaste {km}\u{00A0}km."))

        // Byte-stable: a second run fixes nothing and leaves every byte as it was.
        let before = try Self.read(dir, "es.json") + Self.read(dir, "zh-Hans.json")
        let again = try MsgTool.run(["lint", "--fix", "--catalog", dir.path])
        #expect(again.status == 0, "\(again)")
        #expect(again.stderr.contains("Nothing to fix (the rules with one obvious fix: punctuation, unit-space)."), "\(again)")
        #expect(try Self.read(dir, "es.json") + Self.read(dir, "zh-Hans.json") == before)
    }

    @Test func aFailedFixChangesNothing() throws {
        let dir = try Self.folder(es: Self.es.replacingOccurrences(of: "{name}!", with: "{name!"))
        defer { try? FileManager.default.removeItem(at: dir) }
        let zhBefore = try Self.read(dir, "zh-Hans.json")
        let run = try MsgTool.run(["lint", "--fix", "--catalog", dir.path])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("error: nothing was fixed (1 problem); the catalog files are unchanged."), "\(run)")
        #expect(try Self.read(dir, "zh-Hans.json") == zhBefore)
    }

    @Test func fixNeedsACatalogFolder() throws {
        let run = try MsgTool.run(["lint", "--fix"])
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("--fix rewrites catalog files: give --catalog DIR"), "\(run)")
    }

    @Test func thePreviewMarksFallbacksAndTakesEachLanguagesExamples() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try MsgTool.run(["preview", "--catalog", dir.path, "--locale", "zh-Hans", "walk"])
        #expect(run.status == 0, "\(run)")
        // The title is zh-Hans's (with the Chinese example), the body falls back to en.
        #expect(run.out.contains("walk.title  zh-Hans       -     -        example  做得好,小安!"), "\(run)")
        #expect(run.out.contains("walk.body   zh-Hans (en)  -     -        example  You walked 5 km."), "\(run)")
        #expect(run.out.contains("1 of 1 banners (1 message) show a fallback"), "\(run)")

        let page = dir.appendingPathComponent("p.html")
        let html = try MsgTool.run(["preview", "--catalog", dir.path, "--locale", "zh-Hans", "walk", "--html", page.path])
        #expect(html.status == 0, "\(html)")
        let text = try Self.read(dir, "p.html")
        #expect(text.contains("class=\"banner card mixed\""), "\(text)")
        #expect(text.contains("zh-Hans → zh-Hans + en · fallback: body from en"), "\(text)")
        #expect(text.contains("data-fallback=\"en\">You walked 5 km.<"), "\(text)")
    }
}
