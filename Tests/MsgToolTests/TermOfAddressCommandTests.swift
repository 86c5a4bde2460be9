import Foundation
import Testing
import TestSupport

/// `--term-of-address` in `msgtool format` and `preview`, and `"termOfAddress"` in a schedule
/// config, a batch line and a `format --jsonl` line, as a user runs them.
@Suite("msgtool and the term of address")
struct TermOfAddressCommandTests {
    static let pattern = "{termOfAddress, select, feminine {¡Lo lograste, campeona!} masculine {¡Lo lograste, campeón!} other {¡Lo lograste!}}"

    @Test(
        "format --term-of-address picks the case; without it, the neutral text",
        arguments: [
            (["--term-of-address", "feminine"], "¡Lo lograste, campeona!"), (["--term-of-address", "masculine"], "¡Lo lograste, campeón!"),
            (["--term-of-address", "neutral"], "¡Lo lograste!"), ([], "¡Lo lograste!")
        ])
    func formatPattern(flag: [String], expected: String) throws {
        let r = try MsgTool.run(["format", "--locale", "es-MX", "--pattern", Self.pattern] + flag)
        #expect(r.status == 0, "\(r)")
        #expect(r.out == expected + "\n")
    }

    @Test("format --key renders the bundled cheerful title for the term")
    func formatKey() throws {
        let r = try MsgTool.run(["format", "--locale", "es-MX", "--key", "steps.goal.title.cheerful.1", "--term-of-address", "feminine"])
        #expect(r.status == 0, "\(r)")
        #expect(r.out == "¡Lo lograste, campeona!\n")
    }

    @Test("The term is not an --arg, and an unknown term is a usage error")
    func usageErrors() throws {
        let asArg = try MsgTool.run(["format", "--locale", "es", "--pattern", Self.pattern, "--arg", "termOfAddress=feminine"])
        #expect(asArg.status == 2)
        #expect(asArg.stderr.contains("--arg termOfAddress: the term of address is not an argument: give --term-of-address feminine"))
        let unknown = try MsgTool.run(["format", "--locale", "es", "--pattern", Self.pattern, "--term-of-address", "female"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("'unspecified', 'feminine', 'masculine' or 'neutral'"))
    }

    @Test("format --jsonl takes a line's \"termOfAddress\"")
    func jsonl() throws {
        let input = """
            {"id": 1, "locale": "es", "termOfAddress": "masculine", "pattern": "\(Self.pattern)"}
            {"id": 2, "locale": "es", "pattern": "\(Self.pattern)"}
            {"id": 3, "locale": "es", "termOfAddress": "neuter", "pattern": "\(Self.pattern)"}
            {"id": 4, "locale": "es", "pattern": "\(Self.pattern)", "args": {"termOfAddress": "feminine"}}

            """
        let r = try MsgTool.run(["format", "--jsonl"], stdin: Data(input.utf8))
        #expect(r.status == 1)
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0] == #"{"id": 1, "output": "¡Lo lograste, campeón!"}"#)
        #expect(lines[1] == #"{"id": 2, "output": "¡Lo lograste!"}"#)
        #expect(lines[2].contains(#""kind": "badInput""#) && lines[2].contains("is one of unspecified, feminine, masculine, neutral"))
        #expect(lines[3].contains(#""kind": "badArgument""#) && lines[3].contains("give it as the line's"))
    }

    @Test("preview shows a row per gendered term under a text that varies")
    func preview() throws {
        let r = try MsgTool.run(["preview", "steps.goal", "--locale", "es-MX", "--tone", "cheerful"])
        #expect(r.status == 0, "\(r)")
        let rows = r.out.split(separator: "\n").filter { $0.contains("termOfAddress=") }
        #expect(rows.count == 2)
        #expect(rows.first?.contains("termOfAddress=feminine") == true && rows.first?.hasSuffix("¡Lo lograste, campeona!") == true)
        #expect(rows.last?.hasSuffix("¡Lo lograste, campeón!") == true)
        let forced = try MsgTool.run(["preview", "steps.goal", "--locale", "es-MX", "--tone", "cheerful", "--term-of-address", "masculine"])
        #expect(forced.out.contains("¡Lo lograste, campeón!") && !forced.out.contains("¡Lo lograste!  ") && !forced.out.contains("campeona"))
    }

    @Test("schedule --config refuses an unknown term with the key and the accepted values")
    func scheduleConfig() throws {
        let dir = try TemporaryFolder.create("msgtool-toa")
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("config.json")
        try Data(#"{"timeZone": "America/Mexico_City", "locale": "es-MX", "termOfAddress": "neuter"}"#.utf8).write(to: config)
        let bad = try MsgTool.run(["schedule", "--config", config.path, "--now", "2026-11-23T10:00:00Z"])
        #expect(bad.status == 1)
        #expect(
            bad.stderr.contains(
                "termOfAddress: 'neuter' is not a term of address: use feminine, masculine, neutral or unspecified (Android's neuter is neutral)"))
        try Data(
            #"{"timeZone": "America/Mexico_City", "locale": "es-MX", "tone": "cheerful", "termOfAddress": "feminine", "steps": {"goalEnabled": true}}"#.utf8
        ).write(to: config)
        let events = dir.appendingPathComponent("events.jsonl")
        try Data(#"{"type": "stepsUpdated", "steps": 12000, "timestamp": "2026-11-23T09:50:00-06:00"}"#.utf8).write(to: events)
        let good = try MsgTool.run(["schedule", "--config", config.path, "--now", "2026-11-23T10:00:00-06:00", "--events", events.path])
        #expect(good.status == 0, "\(good)")
        #expect(good.out.contains("goal-achievement"))
    }

    @Test("A batch line's termOfAddress is read, and a bad one is that line's error")
    func batch() throws {
        let input = """
            {"id": "f", "timeZone": "America/Mexico_City", "locale": "es-MX", "termOfAddress": "feminine"}
            {"id": "x", "timeZone": "America/Mexico_City", "termOfAddress": 3}
            {"id": "n", "timeZone": "America/Mexico_City"}

            """
        let r = try MsgTool.run(["batch", "--now", "2026-11-23T10:00:00Z"], stdin: Data(input.utf8))
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(r)")
        #expect(!lines[0].contains("\"error\""))
        #expect(lines[1].contains("\"error\"") && lines[1].contains("termOfAddress"))
        #expect(!lines[2].contains("\"error\""))
    }
}
