import Foundation
import Testing
import TestSupport

/// `msgtool import` stopped by Ctrl-C (`SIGINT`) at any moment leaves each catalog file whole:
/// the old one or the new one, never a part of one, and no temporary file beside it.
@Suite("msgtool import: interrupted")
final class InterruptedImportTests {
    let dir: URL

    init() throws {
        dir = try TemporaryFolder.create("import-int")
    }

    deinit { try? FileManager.default.removeItem(at: dir) }

    @Test func anImportInterruptedAtAnyMomentLeavesTheOldFileOrTheNewOne() throws {
        let catalog = dir.appendingPathComponent("catalog")
        try MsgTool.generateCatalog(messages: 1000, into: catalog)
        // A translator's file that changes every Spanish text.
        let exported = dir.appendingPathComponent("es.xliff")
        let export = try MsgTool.run(["export", "--catalog", catalog.path, "--format", "xliff", "--locale", "es", "--out", exported.path])
        try #require(export.status == 0, "\(export)")
        let changed = dir.appendingPathComponent("es-changed.xliff")
        try Data(
            try String(contentsOf: exported, encoding: .utf8)
                .replacingOccurrences(of: "<target xml:space=\"preserve\">", with: "<target xml:space=\"preserve\">Hoy: ").utf8
        )
        .write(to: changed)
        let file = catalog.appendingPathComponent("es.json")
        let old = try Data(contentsOf: file)

        // The whole import once, on a copy: the file it writes, and how long it takes.
        let copy = dir.appendingPathComponent("copy")
        try FileManager.default.copyItem(at: catalog, to: copy)
        let start = Date()
        let whole = try MsgTool.run(["import", "--catalog", copy.path, changed.path])
        let duration = Date().timeIntervalSince(start)
        try #require(whole.status == 0, "\(whole)")
        let new = try Data(contentsOf: copy.appendingPathComponent("es.json"))
        try #require(new != old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: copy.path).sorted() == ["en.json", "es.json"])

        // Then interrupted at moments spread over that time, most of them late, when it writes.
        for fraction in [0.3, 0.7, 0.9, 0.95, 1.0, 1.1] {
            let p = try MsgTool.startInterruptible(["import", "--catalog", catalog.path, changed.path])
            usleep(useconds_t(duration * fraction * 1_000_000))
            kill(p.processIdentifier, SIGINT)
            p.waitUntilExit()
            let ended = p.terminationReason == .uncaughtSignal ? "signal \(p.terminationStatus)" : "exit \(p.terminationStatus)"
            #expect(ended == "signal \(SIGINT)" || ended == "exit 0", "at \(fraction): \(ended)")
            let now = try Data(contentsOf: file)
            #expect(now == old || now == new, "at \(fraction) (\(ended)): es.json is neither the old file nor the new one")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: catalog.path).sorted() == ["en.json", "es.json"],
                "at \(fraction) (\(ended)): a file was left beside the catalog")
            try old.write(to: file)
        }
    }
}
