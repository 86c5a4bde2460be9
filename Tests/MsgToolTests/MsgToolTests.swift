import Foundation
import Testing
import TestSupport

// msgtool as users and scripts see it: the built binary, run as a subprocess, with its
// stdout, stderr and exit status (docs/contracts.md: 0 success, 1 a finding or bad input,
// 2 bad usage; errors on stderr as `error: message`).

/// The result of one run.
typealias Run = ProcessRun

enum MsgTool {
    /// The benchmark workload and its reference outputs, kept in the repository
    /// (Benchmarks/workload/README.md).
    static let benchDirectory = Repository.url("Benchmarks/workload")

    /// The bytes of an xz-compressed file of the repository, unpacked by `xz -dc`
    /// (scripts/setup.sh installs xz).
    static func unpackXZ(_ file: URL) throws -> Data {
        try ProcessRunner.tool(["xz", "-dc", file.path], hint: "is xz installed? (bash scripts/setup.sh)")
    }

    /// A temporary folder holding the workload and its batch users unpacked beside it, as
    /// `msgtool bench --formatter-batch` reads them; the caller removes it.
    static func benchWorkloadWithUsers() throws -> URL {
        let folder = try TemporaryFolder.create("bench-workload")
        try FileManager.default.copyItem(
            at: benchDirectory.appendingPathComponent("workload.json"),
            to: folder.appendingPathComponent("workload.json"))
        try unpackXZ(benchDirectory.appendingPathComponent("batch_users.json.xz"))
            .write(to: folder.appendingPathComponent("batch_users.json"))
        return folder
    }

    /// The built msgtool: in the build products directory, which holds the test bundle too.
    static let binary: URL? = ProcessRunner.built("msgtool")

    /// Starts msgtool with `arguments` and the signals unblocked, as a shell starts it (a child
    /// of the test runner starts with most signals blocked), for a test that interrupts it.
    /// Its output goes nowhere.
    static func startInterruptible(_ arguments: [String]) throws -> Process {
        let exe = try #require(binary, "msgtool was not found next to the test bundle (\(CommandLine.arguments[0]))")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments =
            [
                "python3", "-c", "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])",
                exe.path
            ] + arguments
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        return p
    }

    /// Writes a catalog of `messages` messages (en and es) into `folder`
    /// (scripts/gen-big-catalog.py).
    static func generateCatalog(messages: Int, into folder: URL) throws {
        _ = try ProcessRunner.tool(["python3", Repository.url("scripts/gen-big-catalog.py").path, "--messages", String(messages), "--out", folder.path])
    }

    /// Runs msgtool with `arguments`, feeding `stdin`; kills it after `timeout` seconds.
    static func run(
        _ arguments: [String], stdin: Data = Data(), timeout: Double = 120, environment: [String: String] = [:],
        executable: URL? = nil
    ) throws -> Run {
        let exe = try #require(executable ?? binary, "msgtool was not found next to the test bundle (\(CommandLine.arguments[0]))")
        return try ProcessRunner.run(exe, arguments, stdin: stdin, timeout: timeout, environment: environment)
    }

    /// Parses JSON Lines output.
    static func jsonLines(_ data: Data) throws -> [[String: Any]] {
        try String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        }
    }
}

@Suite("msgtool", .serialized)
struct MsgToolTests {
    // MARK: Done when

    @Test func formatSpanishMany() throws {
        let r = try MsgTool.run(["format", "--locale", "es", "--pattern", "{n, plural, one {# día} many {# de días} other {# días}}", "--arg", "n=1000000"])
        #expect(r.status == 0, "\(r)")
        #expect(r.out == "1.000.000 de días\n")
        #expect(r.stderr == "")
    }

    @Test func pluralVisibleFractionDigits() throws {
        let r = try MsgTool.run(["plural", "--locale", "en", "1", "1.0"])
        #expect(r.status == 0, "\(r)")
        #expect(r.out == "one\nother\n")
        #expect(r.stderr == "")
        let o = try MsgTool.run(["plural", "--locale", "en", "--ordinal", "1", "2", "3", "4", "11", "22"])
        #expect(o.out == "one\ntwo\nfew\nother\nother\ntwo\n", "\(o)")
        let ar = try MsgTool.run(["plural", "--locale", "ar", "0", "1", "2", "3", "11", "100"])
        #expect(ar.out == "zero\none\ntwo\nfew\nmany\nother\n", "\(ar)")
    }

    @Test func formatTypesArguments() throws {
        let r = try MsgTool.run([
            "format", "--locale", "en", "--time-zone", "America/Mexico_City",
            "--pattern", "{name}: {n, number, ::.00} on {d, date, medium} at {d, time, short}",
            "--arg", "name=Ana", "--arg", "n=1.5", "--arg", "d=2026-07-01T18:00:00Z"
        ])
        #expect(r.status == 0, "\(r)")
        #expect(r.out == "Ana: 1.50 on Jul 1, 2026 at 12:00\u{202F}PM\n")
        let decimal = try MsgTool.run([
            "format", "--locale", "en", "--pattern", "{n, plural, one {# item} other {# items}} / {n, number, ::.00}", "--arg", "n=1.50"
        ])
        #expect(decimal.out == "1.5 items / 1.50\n", "\(decimal)")
    }

    // MARK: Exit statuses

    @Test(arguments: [
        ["format", "--pattern", "{n}"],  // no --locale
        ["format", "--locale", "en"],  // neither --pattern nor --key
        ["format", "--locale", "en", "--pattern", "x", "--key", "a.b"],  // both
        ["format", "--locale", "en", "--pattern", "{n}", "--arg", "n"],  // not name=value
        ["format", "--locale", "en", "--pattern"],  // missing value
        ["plural", "--locale", "en"],  // no numbers
        ["plural", "1"],  // no --locale
        ["frobnicate"],  // unknown subcommand
        ["format", "--no-such-flag"],
        ["bench"]  // no --workload
    ])
    func badUsageExitsTwo(_ arguments: [String]) throws {
        let r = try MsgTool.run(arguments)
        #expect(r.status == 2, "\(r)")
        #expect(!r.stderr.isEmpty)
        #expect(r.out.isEmpty, "\(r)")
    }

    @Test(arguments: [
        (["format", "--locale", "xx", "--pattern", "{n, number}", "--arg", "n=1"], "xx"),
        (["format", "--locale", "en_US!", "--pattern", "{n, number}", "--arg", "n=1"], "en_US!"),
        (["format", "--locale", "en", "--pattern", "{n, plural, one {#}}", "--arg", "n=1"], "other"),
        (["format", "--locale", "en", "--pattern", "{n, number, ::.0x}", "--arg", "n=1"], "skeleton"),
        (["format", "--locale", "en", "--pattern", "Hello {name", "--arg", "name=Ana"], "never closed"),
        (["format", "--locale", "en", "--pattern", "{n, plural, one {#} other {#}}"], "'n'"),  // missing argument
        (["format", "--locale", "en", "--pattern", "{n, plural, one {#} other {#}}", "--arg", "n=three"], "three"),
        (["format", "--locale", "en", "--time-zone", "Mars/Olympus_Mons", "--pattern", "{d, time}", "--arg", "d=2026-07-01T18:00:00Z"], "Mars/Olympus_Mons"),
        (["format", "--locale", "en", "--pattern", "{d, time}", "--arg", "d=yesterday"], "ISO 8601"),
        (["format", "--locale", "en", "--pattern", String(repeating: "{", count: 10_000) + String(repeating: "}", count: 10_000)], "name"),
        (["plural", "--locale", "xx", "1"], "xx"),
        (["plural", "--locale", "en", "one"], "one"),
        (["bench", "--workload", "/nonexistent/workload.json"], "workload")
    ])
    func badInputExitsOne(_ arguments: [String], _ mentioned: String) throws {
        let r = try MsgTool.run(arguments)
        #expect(r.status == 1, "\(r)")
        // `error: message`, or `file: error: message` where a file is involved (the workload).
        #expect(r.stderr.hasPrefix("error: ") || r.stderr.hasPrefix("/nonexistent/workload.json: error: "), "\(r)")
        #expect(r.stderr.contains(mentioned), "\(r)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r)")
    }

    // MARK: JSON Lines

    @Test func jsonlStreamGoesOnAfterBadLines() throws {
        let lines = [
            #"{"id": 1, "locale": "es", "pattern": "{n, plural, one {# día} many {# de días} other {# días}}", "args": {"n": 1000000}}"#,
            #"{"id": 2, "locale": "en", "pattern": "this line is not JSON"#,
            #"{"id": "three", "locale": "en", "pattern": "Hi {n, plural, one {#}}", "args": {"n": 1}}"#,
            "",
            #"{"id": 4, "locale": "en", "timeZone": "America/Mexico_City", "pattern": "{d, time, short}", "args": {"d": "2026-07-01T18:00:00Z"}}"#,
            #"{"id": 5, "locale": "xx", "pattern": "{n}", "args": {"n": 1}}"#,
            #"{"id": 6, "locale": "en", "pattern": "{n, plural, one {# item} other {# items}}", "args": {"n": "1.50"}}"#,
            #"{"id": 7, "locale": "en", "pattern": "{n, number}", "args": {}}"#,
            #"[1, 2]"#,
            #"{"id": 9, "locale": "zh-Hans", "pattern": "{who}有{n, plural, other {#个提醒}}", "args": {"who": "伟", "n": 3}}"#
        ]
        let r = try MsgTool.run(["format", "--jsonl"], stdin: Data((lines.joined(separator: "\n") + "\n").utf8))
        #expect(r.status == 1, "\(r)")  // some lines failed
        let out = try MsgTool.jsonLines(r.stdout)
        try #require(out.count == 9, "\(r)")  // one line per non-blank input line, in order

        #expect(out[0]["id"] as? Int == 1)
        #expect(out[0]["output"] as? String == "1.000.000 de días")

        let bad = try #require(out[1]["error"] as? [String: Any])
        #expect(bad["kind"] as? String == "badInput")
        #expect(bad["message"] as? String != nil)
        #expect(out[1]["output"] == nil)

        #expect(out[2]["id"] as? String == "three")
        let syntax = try #require(out[2]["error"] as? [String: Any], "\(out[2])")
        #expect(syntax["kind"] as? String == "syntax")
        #expect((syntax["message"] as? String)?.contains("other") == true)
        #expect(syntax["offset"] as? Int == 3)

        #expect(out[3]["id"] as? Int == 4)
        #expect(out[3]["output"] as? String == "12:00\u{202F}PM")

        #expect(out[4]["id"] as? Int == 5)
        #expect((out[4]["error"] as? [String: Any])?["kind"] as? String == "badLocale")

        #expect(out[5]["output"] as? String == "1.5 items")

        #expect(out[6]["id"] as? Int == 7)
        #expect((out[6]["error"] as? [String: Any])?["kind"] as? String == "missingArgument")

        #expect((out[7]["error"] as? [String: Any])?["kind"] as? String == "badInput")

        #expect(out[8]["id"] as? Int == 9)
        #expect(out[8]["output"] as? String == "伟有3个提醒")
    }

    @Test func jsonlAllGoodExitsZero() throws {
        let input = (0..<50).map {
            #"{"id": \#($0), "locale": "ru", "pattern": "{n, plural, one {# файл} few {# файла} many {# файлов} other {# файла}}", "args": {"n": \#($0)}}"#
        }
        let r = try MsgTool.run(["format", "--jsonl"], stdin: Data((input.joined(separator: "\n") + "\n").utf8))
        #expect(r.status == 0, "\(r)")
        #expect(r.stderr == "")
        let out = try MsgTool.jsonLines(r.stdout)
        #expect(out.map { $0["id"] as? Int } == Array(0..<50))
        #expect(out[1]["output"] as? String == "1 файл")
        #expect(out[3]["output"] as? String == "3 файла")
        #expect(out[5]["output"] as? String == "5 файлов")
        #expect(out[21]["output"] as? String == "21 файл")
    }

    @Test func invalidUTF8OnStdin() throws {
        var input = Data([0xFF, 0xFE, 0xC3, 0x28, 0x0A])  // garbage, then a newline
        input.append(Data(#"{"id": 1, "locale": "en", "pattern": "caf"#.utf8))
        input.append(contentsOf: [0xE9])  // Latin-1 é inside a JSON string
        input.append(Data(#" {n, number}", "args": {"n": 2}}"#.utf8))
        input.append(0x0A)
        input.append(Data(#"{"id": 2, "locale": "en", "pattern": "ok {n, number}", "args": {"n": 3}}"#.utf8))
        input.append(contentsOf: [0x0A, 0x80, 0x80])  // and a truncated last line
        let r = try MsgTool.run(["format", "--jsonl"], stdin: input)
        #expect(!r.timedOut)
        #expect(r.status == 0 || r.status == 1, "\(r)")  // not a crash (negative: a signal)
        let out = try MsgTool.jsonLines(r.stdout)
        #expect(out.count == 4, "\(r)")
        #expect(out.first?["error"] != nil)
        #expect(out.contains { $0["id"] as? Int == 2 && $0["output"] as? String == "ok 3" }, "\(r)")
        // The ids stay in input order.
        let ids = out.compactMap { $0["id"] as? Int }
        #expect(ids == ids.sorted())
    }

    @Test(.timeLimit(.minutes(2))) func jsonlOneMegabytePattern() throws {
        let unit = "Hello {name}, {n, plural, one {# day} other {# days}} left. "
        let count = (1 << 20) / unit.utf8.count + 1
        let pattern = String(repeating: unit, count: count)
        let line = try JSONSerialization.data(withJSONObject: ["id": 1, "locale": "en", "pattern": pattern, "args": ["name": "Ana", "n": 2]] as [String: Any])
        var input = line
        input.append(Data("\n".utf8))
        input.append(Data(#"{"id": 2, "locale": "en", "pattern": "{n, number}", "args": {"n": 1}}"#.utf8 + [0x0A]))
        let r = try MsgTool.run(["format", "--jsonl"], stdin: input, timeout: 100)
        #expect(!r.timedOut)
        #expect(r.status == 0, "\(r.stderr)")
        let out = try MsgTool.jsonLines(r.stdout)
        try #require(out.count == 2)
        #expect(out[0]["output"] as? String == String(repeating: "Hello Ana, 2 days left. ", count: count))
        #expect(out[1]["output"] as? String == "1")
    }

    // MARK: bench

    @Test func benchVerifyEqualsICU72() throws {
        let workload = MsgTool.benchDirectory.appendingPathComponent("workload.json").path
        let r = try MsgTool.run(["bench", "--workload", workload, "--verify"])
        #expect(r.status == 0, "\(r.stderr)")
        var expected = try String(contentsOf: MsgTool.benchDirectory.appendingPathComponent("expected_icu72.tsv"), encoding: .utf8)
        let ours = r.out
        // Both backends differ from ICU 72's own MessageFormat on this workload in the one way
        // docs/foundation-backend.md documents (CLDR's minimum grouping digits, as ICU 73+ and Foundation): Spanish
        // four-digit numbers are not grouped ("1000 pasos", not "1.000 pasos"). Apply exactly that
        // to ICU's text; all else must be equal.
        expected = expected.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.split(separator: "\t").dropFirst().first == "es" else { return String(line) }
            return String(line).replacingOccurrences(of: #"(?<![\d.,])(\d)\.(\d{3})(?![\d.,])"#, with: "$1$2", options: .regularExpression)
        }.joined(separator: "\n")
        if ours != expected {
            let a = ours.split(separator: "\n", omittingEmptySubsequences: false)
            let b = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let diffs = zip(a, b).enumerated().filter { $0.element.0 != $0.element.1 }.prefix(10)
                .map { "line \($0.offset + 1):\n  ours: \($0.element.0)\n  ICU:  \($0.element.1)" }
            Issue.record("bench --verify differs from expected_icu72.tsv (\(a.count) vs \(b.count) lines):\n\(diffs.joined(separator: "\n"))")
        }
        #expect(expected.split(separator: "\n").count == 744)
        // msgtool-bench, run itself, prints the same bytes: `msgtool bench` only hands over.
        let bench = try #require(ProcessRunner.built("msgtool-bench"), "msgtool-bench was not found next to the test bundle")
        let direct = try MsgTool.run(["--workload", workload, "--verify"], executable: bench)
        #expect(direct.status == 0, "\(direct.stderr)")
        #expect(direct.stdout == r.stdout)
    }

    /// The shipped msgtool holds no benchmark engine: copied alone into a folder, `msgtool bench`
    /// says where it looked for msgtool-bench and how to build it, and exits 1.
    @Test func benchWithoutMsgtoolBenchSaysHowToBuildIt() throws {
        let msgtool = try #require(MsgTool.binary, "msgtool was not found next to the test bundle")
        let folder = try TemporaryFolder.create("msgtool-alone")
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("msgtool")
        try FileManager.default.copyItem(at: msgtool, to: copy)
        let workload = MsgTool.benchDirectory.appendingPathComponent("workload.json").path
        let r = try MsgTool.run(["bench", "--workload", workload, "--json", "--passes", "1"], executable: copy)
        #expect(r.status == 1, "\(r)")
        #expect(r.out.isEmpty, "\(r)")
        #expect(r.stderr.hasPrefix("error: msgtool bench runs msgtool-bench, which is not next to msgtool (no executable "), "\(r)")
        #expect(r.stderr.contains("\(folder.lastPathComponent)/msgtool-bench)"), "\(r)")
        #expect(r.stderr.contains("build them with `swift build -c release --product msgtool-bench`"), "\(r)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r)")
        // The other commands work from the copy as from the build.
        let plural = try MsgTool.run(["plural", "--locale", "en", "1"], executable: copy)
        #expect(plural.out == "one\n", "\(plural)")
    }

    @Test func benchJSONHasTheFigures() throws {
        let workload = MsgTool.benchDirectory.appendingPathComponent("workload.json").path
        let r = try MsgTool.run(["bench", "--workload", workload, "--json", "--passes", "1"])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any], "\(r)")
        #expect(object["renders"] as? Int == 200_000)
        // ICU 72's text without the grouping dot of Spanish four-digit numbers (the one
        // exception docs/foundation-backend.md describes, on both backends): 1,880 renders one code unit shorter than ICU 72's 7,115,952.
        #expect(object["checksum"] as? Int == 7_114_072)
        #expect((object["ns_per_render"] as? Double).map { $0 > 0 } == true)
        #expect((object["renders_per_second"] as? Double).map { $0 > 0 } == true)
    }

    /// The formatter micro-benchmark's 70,000 lines equal the reference byte for byte, on one worker and on two.
    @Test(arguments: ["1", "2"])
    func benchBatchVerifyEqualsTheReference(jobs: String) throws {
        let folder = try MsgTool.benchWorkloadWithUsers()
        defer { try? FileManager.default.removeItem(at: folder) }
        let workload = folder.appendingPathComponent("workload.json").path
        let r = try MsgTool.run(["bench", "--workload", workload, "--formatter-batch", "--verify", "--jobs", jobs], timeout: 300)
        #expect(r.status == 0, "\(r.stderr)")
        let expected = try MsgTool.unpackXZ(MsgTool.benchDirectory.appendingPathComponent("expected_batch.jsonl.xz"))
        #expect(expected.count == 14_780_511)
        if r.stdout != expected {
            let a = r.out.split(separator: "\n"), b = String(decoding: expected, as: UTF8.self).split(separator: "\n")
            let first = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }
            Issue.record(
                "bench --formatter-batch --verify differs (\(a.count) vs \(b.count) lines); first at line \((first?.offset ?? min(a.count, b.count)) + 1):\n  ours: \(first?.element.0 ?? "")\n  ref:  \(first?.element.1 ?? "")"
            )
        }
    }
}
