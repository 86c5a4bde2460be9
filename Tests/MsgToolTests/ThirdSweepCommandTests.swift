import Foundation
import Testing
import TestSupport

// A third hostile sweep, as a user or a script meets it: an XLIFF file in UTF-16 that crashed
// the parser, a plan whose output failed after its state was saved, two imports into one
// catalog at once. Each now fails clearly (status 1, the catalog or state unchanged) or takes
// turns.

@Suite("msgtool: hostile input, third sweep", .serialized)
struct ThirdSweepCommandTests {
    static let config = Repository.url("examples/schedule-config.json").path

    /// A fresh folder for one test.
    static func folder() throws -> URL {
        try TemporaryFolder.create("sweep3")
    }

    /// A copy of the bundled catalogs in `dir`/strings.
    static func catalogCopy(in dir: URL) throws -> URL {
        let strings = dir.appendingPathComponent("strings")
        try FileManager.default.copyItem(at: Repository.url("Resources/strings"), to: strings)
        return strings
    }

    /// `text` as UTF-16 little-endian without a byte-order mark.
    static func utf16LE(_ text: String) -> Data {
        Data(text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
    }

    // MARK: UTF-16 XLIFF

    /// 18 bytes, `<?x?><a/>` in UTF-16 without a byte-order mark, ended `import` with SIGSEGV
    /// (the UTF-8 checks before the parser saw NUL bytes and no `<?`).
    @Test func utf16XLIFFIsRefusedNotACrash() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let catalog = try Self.catalogCopy(in: dir)
        let before = try Data(contentsOf: catalog.appendingPathComponent("es.json"))
        let file = dir.appendingPathComponent("es.xliff")
        try Self.utf16LE("<?x?><a/>").write(to: file)
        #expect(try Data(contentsOf: file).count == 18)
        let run = try MsgTool.run(["import", "--catalog", catalog.path, file.path], timeout: 60)
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("\(file.path):1:1: error: the file is UTF-16 little-endian without a byte-order mark"), "\(run)")
        #expect(run.stderr.contains("save the file as UTF-8"), "\(run)")
        #expect(try Data(contentsOf: catalog.appendingPathComponent("es.json")) == before)
    }

    /// The same bytes inside an Xcode localization catalog.
    @Test func utf16XLIFFInsideAnXclocIsRefused() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let catalog = try Self.catalogCopy(in: dir)
        let contents = dir.appendingPathComponent("es.xcloc/Localized Contents")
        try FileManager.default.createDirectory(at: contents, withIntermediateDirectories: true)
        try Self.utf16LE("<?x?><a/>").write(to: contents.appendingPathComponent("es.xliff"))
        let run = try MsgTool.run(["import", "--catalog", catalog.path, dir.appendingPathComponent("es.xcloc").path], timeout: 60)
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("es.xliff:1:1: error: the file is UTF-16 little-endian"), "\(run)")
    }

    /// A DOCTYPE with entities in UTF-16 passed the UTF-8 check; each reference then dropped
    /// its text (`First &ext; second part` landed as `First `) with status 0.
    @Test func utf16EntitiesAreRefused() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let catalog = try Self.catalogCopy(in: dir)
        let before = try Data(contentsOf: catalog.appendingPathComponent("es.json"))
        let xliff = """
            <?xml version="1.0" encoding="UTF-16"?>
            <!DOCTYPE xliff [<!ENTITY ext SYSTEM "file:///etc/hostname">]>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="es">
              <file id="f"><unit id="retrieval.preview.title.gentle"><segment state="translated">
                <source>A moment worth revisiting</source><target>First &ext; second part</target>
              </segment></unit></file>
            </xliff>

            """
        let file = dir.appendingPathComponent("es.xliff")
        try Self.utf16LE(xliff).write(to: file)
        let run = try MsgTool.run(["import", "--catalog", catalog.path, file.path], timeout: 60)
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("UTF-16"), "\(run)")
        #expect(try Data(contentsOf: catalog.appendingPathComponent("es.json")) == before)
    }

    // MARK: schedule --state: the state follows the delivered plan

    /// The state of a run whose plan could not be written is the state before it: the retry
    /// adds the requests again.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full here"))
    func aFailedStandardOutputKeepsTheOldState() throws {
        guard let exe = MsgTool.binary else { Issue.record("msgtool was not found next to the test bundle"); return }
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("state.json").path
        let now = "2026-11-23T09:30:00+01:00"
        let p = Process()
        p.executableURL = exe
        p.arguments = ["schedule", "--config", Self.config, "--now", now, "--state", state]
        p.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let err = Pipe()
        p.standardError = err
        try p.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 1, "\(message)")
        #expect(message.contains("cannot write the output"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: state), "the state was written although the plan was not delivered")
        // The retry hands the requests over.
        let retry = try MsgTool.run(["schedule", "--config", Self.config, "--now", now, "--state", state], timeout: 60)
        #expect(retry.status == 0, "\(retry)")
        let plan = try #require(try JSONSerialization.jsonObject(with: retry.stdout) as? [String: Any])
        #expect(((plan["added"] as? [Any])?.count ?? 0) > 0, "\(retry)")
    }

    /// `--html` that cannot be written (a folder): status 1 and the state as it was.
    @Test func aFailedTimelineKeepsTheOldState() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("state.json").path
        let first = try MsgTool.run(["schedule", "--config", Self.config, "--now", "2026-11-23T09:30:00+01:00", "--state", state], timeout: 60)
        #expect(first.status == 0, "\(first)")
        let before = try Data(contentsOf: URL(fileURLWithPath: state))
        let html = dir.appendingPathComponent("timeline.html")
        try FileManager.default.createDirectory(at: html, withIntermediateDirectories: true)
        let run = try MsgTool.run(
            ["schedule", "--config", Self.config, "--now", "2026-11-30T09:30:00+01:00", "--state", state, "--html", html.path], timeout: 60)
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains(html.path), "\(run)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: state)) == before, "the state changed although the run failed")
        #expect(run.stdout.isEmpty, "\(run)")
    }

    // MARK: Two imports at once

    /// An XLIFF 2.0 file that translates one unit.
    static func xliff(unit: String, source: String, target: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="es">
          <file id="f"><unit id="\(unit)"><segment state="translated">
            <source>\(source)</source><target>\(target)</target>
          </segment></unit></file>
        </xliff>

        """
    }

    /// Two imports into the same catalog at once both said "Updated" and one change was lost
    /// (10 of 10 trials): now they take turns on the folder's lock, and both changes land.
    @Test func concurrentImportsKeepBothChanges() throws {
        guard let exe = MsgTool.binary else { Issue.record("msgtool was not found next to the test bundle"); return }
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.xliff"), b = dir.appendingPathComponent("b.xliff")
        for trial in 0..<3 {
            let catalog = dir.appendingPathComponent("strings-\(trial)")
            try FileManager.default.copyItem(at: Repository.url("Resources/strings"), to: catalog)
            let filesBefore = try FileManager.default.contentsOfDirectory(atPath: catalog.path).sorted()
            try Data(Self.xliff(unit: "retrieval.preview.title.gentle", source: "A moment worth revisiting", target: "Primera \(trial)").utf8).write(to: a)
            try Data(Self.xliff(unit: "retrieval.no_preview.title.gentle", source: "A memory from your journal", target: "Segunda \(trial)").utf8).write(to: b)
            let processes = [a, b].map { file in
                let p = Process()
                p.executableURL = exe
                p.arguments = ["import", "--catalog", catalog.path, file.path]
                p.standardOutput = FileHandle.nullDevice
                p.standardError = FileHandle.nullDevice
                return p
            }
            for p in processes { try p.run() }
            for p in processes { p.waitUntilExit() }
            #expect(processes.allSatisfy { $0.terminationStatus == 0 })
            let es = String(decoding: try Data(contentsOf: catalog.appendingPathComponent("es.json")), as: UTF8.self)
            #expect(es.contains("\"Primera \(trial)\""), "trial \(trial): the first import's change was lost")
            #expect(es.contains("\"Segunda \(trial)\""), "trial \(trial): the second import's change was lost")
            // The lock is the folder's own: nothing is added to it.
            #expect(try FileManager.default.contentsOfDirectory(atPath: catalog.path).sorted() == filesBefore)
        }
    }

    // MARK: format --jsonl is strict

    /// A key given twice took the first value, an unknown key was ignored, an array term of
    /// address was "not null", and a catalog that did not load showed a Swift debug dump.
    @Test func jsonlRequestsAreStrict() throws {
        let input =
            [
                #"{"id": 1, "locale": "en", "pattern": "first", "pattern": "second"}"#,
                #"{"id": 2, "locale": "en", "patern": "typo"}"#,
                #"{"id": 3, "locale": "en", "pattern": "x", "termOfAddress": ["feminine"]}"#,
                #"{"id": 4, "locale": "en", "pattern": "fine"}"#,
                #"{"id": 5, "locale": "en", "pattern": "{d, time, short}", "args": {"d": "2026-11-23T09:00:00Z"}, "timezone": "Asia/Tokyo"}"#,
                #"{"id": 6, "locale": "en", "pattern": "kept", "expected": "kept"}"#
            ].joined(separator: "\n") + "\n"
        let run = try MsgTool.run(["format", "--jsonl"], stdin: Data(input.utf8), timeout: 60)
        #expect(run.status == 1, "\(run)")
        let lines = try MsgTool.jsonLines(run.stdout)
        #expect(lines.count == 6, "\(run)")
        func message(_ i: Int) -> String { ((lines[i]["error"] as? [String: Any])?["message"] as? String) ?? "" }
        #expect(message(0) == #"line 1: the key "pattern" appears twice in one object (column 47): keep one"#, "\(run)")
        #expect(message(1) == #"line 2: unknown key "patern" (column 27): did you mean "pattern"?"#, "\(run)")
        #expect(message(2).hasSuffix("not an array"), "\(run)")
        #expect(lines[3]["output"] as? String == "fine", "\(run)")
        // A misspelt key would have formatted in UTC: refused. The caller's own data is passed over.
        #expect(message(4).hasSuffix(#"unknown key "timezone" (column 97): did you mean "timeZone"?"#), "\(run)")
        #expect(lines[5]["output"] as? String == "kept", "\(run)")
    }

    @Test func jsonlNamesACatalogThatDoesNotLoad() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(#"{"locale": "en", "messages": {"#.utf8).write(to: dir.appendingPathComponent("en.json"))
        let input = #"{"id": 1, "locale": "en", "key": "a.b"}"# + "\n"
        let run = try MsgTool.run(["format", "--jsonl", "--catalog", dir.path], stdin: Data(input.utf8), timeout: 60)
        #expect(run.status == 1, "\(run)")
        let line = try #require(try MsgTool.jsonLines(run.stdout).first)
        let message = ((line["error"] as? [String: Any])?["message"] as? String) ?? ""
        #expect(!message.contains("Failure("), "\(message)")
        #expect(message.contains("en.json"), "\(message)")
        #expect(!message.hasPrefix("error: "), "\(message)")
    }
}
