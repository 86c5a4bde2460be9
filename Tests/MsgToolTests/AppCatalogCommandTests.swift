import Foundation
import Testing
import TestSupport

// `--catalog DIR --base bundled` (docs/app-catalog.md) and `gen swift`
// (docs/typed-accessors.md) as a user runs them.

@Suite("msgtool: an app's catalog and gen swift")
struct AppCatalogCommandTests {
    static let app = Repository.url("docs/examples/app-strings").path

    @Test func lintStatsAndFormatReadTheLayeredCatalog() throws {
        let lint = try MsgTool.run(["lint", "--catalog", Self.app, "--base", "bundled"])
        #expect(lint.status == 0, "\(lint)")
        #expect(lint.out.hasPrefix("No problems in 5 files"), "\(lint)")
        let fmt = try MsgTool.run(["fmt", "--check", "--catalog", Self.app, "--base", "bundled"])
        #expect(fmt.status == 0 && fmt.out == "All 5 catalog files are canonical.\n", "\(fmt)")
        let stats = try MsgTool.run(["stats", "--catalog", Self.app, "--base", "bundled"])
        #expect(stats.out.contains("en: the app's catalog overrides 6 units of the base and adds 4."), "\(stats)")
        let format = try MsgTool.run([
            "format", "--catalog", Self.app, "--base", "bundled", "--key", "journal.prompt.body", "--tone", "gentle",
            "--arg", "entries=0", "--arg", "mood=happy", "--locale", "es-MX"
        ])
        #expect(format.out == "Guarda lo que hizo bueno tu día. Te espera tu primera entrada de la semana.\n", "\(format)")
        let alone = try MsgTool.run(["format", "--catalog", Self.app, "--key", "journal.prompt", "--locale", "en", "--arg", "entries=1", "--arg", "mood=calm"])
        #expect(alone.status == 1)  // without --base the folder is no complete catalog
        let noCatalog = try MsgTool.run(["stats", "--base", "bundled"])
        #expect(noCatalog.status == 1 && noCatalog.stderr.contains("give --catalog too"), "\(noCatalog)")
    }

    @Test func genSwiftWritesOnceAndRefusesCollisions() throws {
        let dir = try TemporaryFolder.create("gen")
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = dir.appendingPathComponent("Messages.swift").path
        let first = try MsgTool.run(["gen", "swift", "--catalog", Self.app, "--base", "bundled", "--output", output])
        #expect(first.status == 0 && first.out == "Wrote \(output): 39 messages.\n", "\(first)")
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(text.contains("static func prompt(entries: some MessageCatalog.MessageNumber, mood: Prompt.Mood) -> Prompt {"))
        let again = try MsgTool.run(["gen", "swift", "--catalog", Self.app, "--base", "bundled", "--output", output])
        #expect(again.out == "\(output) is up to date (39 messages).\n", "\(again)")

        let collide = dir.appendingPathComponent("collide")
        try FileManager.default.createDirectory(at: collide, withIntermediateDirectories: true)
        try
            #"{"locale": "en", "messages": {"a.quick_add": {"description": "d", "arguments": {}, "parts": {"title": "A"}}, "a.quick-add": {"description": "d", "arguments": {}, "parts": {"title": "B"}}}}"#
            .write(to: collide.appendingPathComponent("en.json"), atomically: true, encoding: .utf8)
        let bad = dir.appendingPathComponent("Bad.swift").path
        let run = try MsgTool.run(["gen", "swift", "--catalog", collide.path, "--output", bad])
        #expect(run.status == 1)
        #expect(run.stderr.contains("error: The keys 'a.quick-add' and 'a.quick_add' both become Messages.A.QuickAdd"), "\(run)")
        #expect(!FileManager.default.fileExists(atPath: bad))
    }
}
