import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Hostile inputs of the second sweep as a user or a script meets them: each was a crash, a hang, a device
// or FIFO replaced, unbounded memory or raw terminal codes; each is now an error that says
// what and where, with exit status 1.

@Suite("msgtool: hostile input, second sweep", .serialized)
struct SecondSweepCommandTests {
    static let now = "2026-11-23T09:00:00+01:00"

    /// A fresh folder for one test.
    static func folder() throws -> URL {
        try TemporaryFolder.create("sweep2")
    }

    /// A FIFO (named pipe) at `name` in `dir`.
    static func fifo(_ dir: URL, _ name: String) throws -> String {
        let path = dir.appendingPathComponent(name).path
        try #require(mkfifo(path, 0o600) == 0, "mkfifo failed")
        return path
    }

    static func isFIFO(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
    }

    // MARK: Output paths

    /// `export --out FIFO` replaced the FIFO with a regular file (as root, /dev/null too).
    @Test func exportDoesNotReplaceAFIFO() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pipe = try Self.fifo(dir, "out.po")
        let run = try MsgTool.run(["export", "--format", "po", "--locale", "es", "--out", pipe], timeout: 60)
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("\(pipe): error: cannot write \(pipe): it is a FIFO (named pipe), not a regular file, and is never replaced"), "\(run)")
        #expect(Self.isFIFO(pipe))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.po"])
    }

    /// `preview --html FOLDER`: an error naming the folder, which stays a folder.
    @Test func previewDoesNotWriteOverAFolder() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try MsgTool.run(["preview", "--html", dir.path], timeout: 60)
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("it is a folder, not a regular file"), "\(run)")
    }

    // MARK: Reading

    /// A FIFO given as the config hung (or said "You don't have permission").
    @Test func readingAFIFOIsAClearError() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pipe = try Self.fifo(dir, "config.json")
        let run = try MsgTool.run(["schedule", "--config", pipe, "--now", Self.now], timeout: 30)
        #expect(!run.timedOut && run.status == 1, "\(run)")
        #expect(
            run.stderr.contains("\(pipe): error: it is a FIFO (named pipe), not a regular file: give the path of a schedule config saved as a file"), "\(run)")
        let device = try MsgTool.run(["schedule", "--config", "/dev/zero", "--now", Self.now], timeout: 30)
        #expect(!device.timedOut && device.status == 1 && device.stderr.contains("it is a character device"), "\(device)")
    }

    /// A config over 1 MiB is refused from its size, before it is parsed.
    @Test func configOverItsCap() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("config.json").path
        try (Data(repeating: 0x20, count: 1 << 20) + Data(#"{"timeZone": "UTC"}"#.utf8)).write(to: URL(fileURLWithPath: path))
        let run = try MsgTool.run(["schedule", "--config", path, "--now", Self.now], timeout: 60)
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("\(path): error: the file is 1048595 bytes, over the limit of 1048576 bytes (1 MiB) for a schedule config"), "\(run)")
    }

    /// 501 habits for one user: refused, naming the field.
    @Test func tooManyHabits() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let habits = (0...500).map { #"{"id": "h\#($0)", "name": "Habit \#($0)", "period": "daily", "reminderEnabled": true, "hoursBefore": 5}"# }
        let path = dir.appendingPathComponent("config.json")
        try Data(#"{"timeZone": "UTC", "authorization": "authorized", "habits": [\#(habits.joined(separator: ","))]}"#.utf8).write(to: path)
        let run = try MsgTool.run(["schedule", "--config", path.path, "--now", Self.now], timeout: 60)
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("501 habits, over the limit of 500 per user"), "\(run)")
    }

    /// `format --jsonl` with a line over 4 MiB: that line's error, then the next line's output
    /// (an endless line ended with exit 0 and no output).
    @Test func formatJSONLLineCap() throws {
        var input = Data(#"{"id": "big", "locale": "en", "pattern": ""#.utf8)
        input.append(Data(repeating: UInt8(ascii: "a"), count: 5 << 20))
        input.append(Data("\"}\n".utf8))
        input.append(Data(#"{"id": "ok", "locale": "en", "pattern": "{n, plural, one {# day} other {# days}}", "args": {"n": 2}}"#.utf8 + [0x0A]))
        let run = try MsgTool.run(["format", "--jsonl"], stdin: input, timeout: 60)
        #expect(run.status == 1, "\(run)")
        let lines = run.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(run)")
        #expect(lines.first?.contains("line 1: the line is longer than 4 MiB: not read") == true, "\(run)")
        #expect(lines.last == #"{"id": "ok", "output": "2 days"}"#, "\(run)")
    }

    // MARK: Plural-Forms

    /// A 12.5 KB PO file: 6,000 nested parentheses in Plural-Forms crashed `import`
    /// (SIGSEGV), with --dry-run too; and `export --po-plural-forms`.
    @Test(arguments: [
        String(repeating: "(", count: 6_000) + "n != 1" + String(repeating: ")", count: 6_000),
        String(repeating: "!", count: 100_000) + "(n != 1)",
        "n != 1" + String(repeating: "+0", count: 50_000)
    ])
    func deepPluralFormsAreErrors(expression: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let catalog = dir.appendingPathComponent("strings")
        try FileManager.default.copyItem(at: Repository.url("Resources/strings"), to: catalog)
        let po = dir.appendingPathComponent("es.po")
        let text = """
            msgid ""
            msgstr ""
            "Language: es\\n"
            "Content-Type: text/plain; charset=UTF-8\\n"
            "Plural-Forms: nplurals=2; plural=\(expression);\\n"

            msgctxt "steps.goal.title.cheerful.0"
            msgid "# day"
            msgid_plural "# days"
            msgstr[0] "# día"
            msgstr[1] "# días"

            """
        try Data(text.utf8).write(to: po)
        let run = try MsgTool.run(["import", "--format", "po", "--dry-run", "--catalog", catalog.path, po.path], timeout: 60)
        #expect(run.status == 1, "\(run)")
        #expect(
            run.stderr.contains("\(po.path):5:") && run.stderr.contains("the Plural-Forms expression is") && run.stderr.contains("over the limit of 1000"),
            "\(run)")
        let export = try MsgTool.run(["export", "--format", "po", "--locale", "es", "--po-plural-forms", "nplurals=2; plural=\(expression);"], timeout: 60)
        #expect(export.status == 1 && export.stderr.contains("over the limit of 1000"), "\(export)")
    }

    // MARK: Terminal and lint

    /// A catalog folder whose Spanish text holds a terminal escape code.
    static func catalogWithEscape(_ dir: URL) throws {
        let en = #"{"locale": "en", "messages": {"greet": {"description": "A greeting.", "arguments": {}, "parts": {"title": "Hello"}}}}"#
        let es = #"{"locale": "es", "messages": {"greet": {"parts": {"title": "Hola\u001B[2J\u001B]0;owned\u0007"}}}}"#
        try Data(en.utf8).write(to: dir.appendingPathComponent("en.json"))
        try Data(es.utf8).write(to: dir.appendingPathComponent("es.json"))
    }

    /// preview wrote the translation's ESC sequences raw to the terminal.
    @Test func previewEscapesControlCharacters() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.catalogWithEscape(dir)
        let run = try MsgTool.run(["preview", "--catalog", dir.path, "--locale", "es"], timeout: 60)
        #expect(run.status == 0, "\(run)")
        #expect(!run.stdout.contains(0x1B) && !run.stdout.contains(0x07), "\(run)")
        #expect(run.out.contains(#"Hola\u{1B}[2J\u{1B}]0;owned\u{7}"#), "\(run)")
    }

    /// lint said "No problems" for the escape code; it is an error at its line and column.
    @Test func lintRefusesControlCharacters() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.catalogWithEscape(dir)
        let run = try MsgTool.run(["lint", "--catalog", dir.path], timeout: 60)
        #expect(run.status == 1, "\(run)")
        let all = run.out + run.stderr
        #expect(
            all.contains(
                "\(dir.path)/es.json:1:65: error: greet.title: This text holds an escape character (ESC, which starts terminal control codes) (U+001B)"),
            "\(run)")
        #expect(all.contains("[control-character]"), "\(run)")
    }

    // MARK: bench

    /// A workload with no templates or no locales crashed bench; renders had no upper bound.
    @Test(arguments: [
        (#"{"name": "w", "renders": 10, "locales": ["en"], "templates": []}"#, "\"templates\" must hold 1 to"),
        (#"{"name": "w", "renders": 10, "locales": [], "templates": [{"id": "t", "messages": {}, "args": [{}]}]}"#, "\"locales\" must list 1 to"),
        (
            #"{"name": "w", "renders": 10000000000000, "locales": ["en"], "templates": [{"id": "t", "messages": {"en": "x"}, "args": [{}]}]}"#,
            "\"renders\" must be an integer from 1 to 1000000000"
        ),
        (
            #"{"name": "w", "renders": 10, "locales": ["en"], "templates": [{"id": "t", "messages": {"en": "x"}, "args": []}]}"#,
            "must hold 1 to 64 argument sets"
        )
    ])
    func benchRefusesEmptyOrHugeWorkloads(workload: String, mention: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("w.json").path
        try Data(workload.utf8).write(to: URL(fileURLWithPath: path))
        let run = try MsgTool.run(["bench", "--workload", path, "--passes", "1"], timeout: 60)
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains(mention), "\(run)")
    }
}
