import ToolkitSupport
import NotificationPlanning
import ArgumentParser
import Foundation
import MessageCatalog

/// `msgtool schedule --config FILE --now ISO [--state FILE] [--events FILE] [--catalog DIR] [--html FILE]`:
/// plans the pending notifications and prints DESIGN's JSON object
/// `{"now", "authorization", "timeZone", "added", "removed", "pending", "notes", "authorizationRequest"?}`.
struct Schedule: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Plan the pending notifications for a user's preferences, state and events.",
        discussion: """
        Prints one JSON object: {"now", "authorization", "timeZone", "added": [Request], "removed": \
        [identifier], "pending": [Request], "notes": [string]} (plus "authorizationRequest" when the app \
        should ask for permission). With --state, the pending set and the deduplication history are \
        read from that file (a missing file is a fresh install) and written back atomically. \
        --events is JSON Lines, one event a line, each with its "timestamp". The formats are in \
        docs/scheduling.md; examples/schedule-config.json turns on every kind. --html FILE also \
        writes the next 14 days as a self-contained HTML timeline (one lane per kind).
        """
    )

    @Option(help: "The preferences (JSON).") var config: String
    @Option(help: "The planning instant, ISO 8601 with an offset (2026-11-23T09:00:00+01:00).") var now: String
    @Option(help: "The state file, read and written back atomically.") var state: String?
    @Option(help: "Events, JSON Lines.") var events: String?
    @Option(help: "A catalog folder instead of the bundled catalogs.") var catalog: String?
    @Option(help: CatalogLoading.baseHelp) var base: String?
    @Option(help: "Also write the next 14 days as a self-contained HTML timeline to this file.") var html: String?

    func validate() throws { try ScheduleInput.validateNow(now) }

    func run() throws {
        let instant = ISO8601Instant.date(now)!
        let preferences: NotificationPreferences = try ScheduleInput.decode(NotificationPreferences.self, file: config)
        // Two runs on one state file take turns for the whole read-plan-write cycle, so
        // neither update is lost (docs/scheduling.md).
        var lock: FileLock? = nil
        if let state {
            do { lock = try FileLock(exclusiveFor: state) } catch { throw Failure.at(state, "cannot lock the state file: \(error)") }
        }
        defer { lock?.unlock() }
        var current = SchedulerState()
        if let state, FileManager.default.fileExists(atPath: state) {
            let data = try ScheduleInput.read(state, limit: InputFile.Limit.state, what: "a state file")
            if let problem = JSONSyntax.firstError(in: data), !data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
                throw Failure.at(state, line: problem.line, column: problem.column, "invalid JSON: \(problem.message)")
            }
            switch ScheduleInput.state(from: data) {
            case .success(let value): current = value
            case .failure(let error): throw Failure.at(state, error.message)
            }
        }
        var parsed: [(line: Int, event: PlannerEvent)] = []
        if let events {
            switch ScheduleInput.events(from: try ScheduleInput.read(events, limit: InputFile.Limit.events, what: "an events file")) {
            case .success(let value): parsed = value
            case .failure(let error): throw Failure.at(events, line: error.line, column: error.column, error.message)
            }
        }
        let content = try ScheduleInput.content(catalog, base: base)
        let result: PlanResult
        switch ScheduleInput.plan(preferences, current, parsed.map(\.event), instant, content) {
        case .success(let value):
            result = value
        case .failure(let error):
            if let index = error.eventIndex, let events, index < parsed.count {
                throw Failure.at(events, line: parsed[index].line, column: 1, error.message)
            }
            throw Failure.at(error.path == nil ? nil : config, error.message)
        }
        let output = try PlanJSON.encoder(pretty: true).encode(result)
        if let state {
            do {
                // The state holds the user's own texts: a new state file is readable by its owner only.
                try AtomicFile.write(try result.state.jsonData(), to: URL(fileURLWithPath: state), newFileMode: 0o600)
            } catch {
                throw Failure.at(state, "\(error)")
            }
        }
        if let html {
            do {
                try AtomicFile.write(Data(ScheduleTimeline.html(result: result, preferences: preferences).utf8), to: URL(fileURLWithPath: html))
            } catch {
                throw Failure.at(html, "\(error)")
            }
        }
        Output.out(String(decoding: output, as: UTF8.self))
    }
}

/// Reading msgtool's input files (capped, regular files only) and the scheduling inputs, with
/// errors worded as `file:line:column: error: message`.
enum ScheduleInput {
    /// Usage check of `--now`: an ISO 8601 instant with an offset.
    static func validateNow(_ now: String) throws {
        if ISO8601Instant.date(now) == nil {
            throw ValidationError("--now takes an ISO 8601 instant with an offset, e.g. 2026-11-23T09:00:00+01:00 (got '\(now)').")
        }
        if let problem = InputLimits.instantProblem(now) { throw ValidationError("--now: \(problem).") }
    }

    /// The file's bytes, refused before parsing when it is over `limit` (`InputFile.Limit`) or
    /// not a regular file.
    static func read(_ path: String, limit: Int, what: String) throws -> Data {
        do throws(InputFile.ReadError) {
            return Data(try InputFile.read(path, limit: limit, what: what))
        } catch {
            throw Failure.at(path, error.message)
        }
    }

    static func decode<T: Decodable>(_ type: T.Type, file: String) throws -> T {
        let data = try read(file, limit: InputFile.Limit.config, what: "a schedule config")
        if let problem = JSONSyntax.firstError(in: data) {
            throw Failure.at(file, line: problem.line, column: problem.column, "invalid JSON: \(problem.message)")
        }
        do {
            return try InputLimits.decoder.decode(T.self, from: [UInt8](data))
        } catch let error as JSONSyntaxError {
            throw Failure.at(file, line: error.position.line, column: error.position.column, "invalid JSON: \(error.message)")
        } catch {
            throw failure(file: file, SchedulerError.describe(error))
        }
    }

    /// A failure for `file`.
    static func failure(file: String, _ message: String) -> Failure { Failure.at(file, message) }

    static func state(from data: Data) -> Result<SchedulerState, SchedulerError> {
        do { return .success(try SchedulerState.from(json: data)) } catch { return .failure(error) }
    }

    static func events(from data: Data) -> Result<[(line: Int, event: PlannerEvent)], SchedulerError> {
        do { return .success(try PlannerEvent.parseJSONLines(bytes: [UInt8](data))) } catch { return .failure(error) }
    }

    static func plan(_ preferences: NotificationPreferences, _ state: SchedulerState, _ events: [PlannerEvent], _ now: Date,
                     _ content: ContentGenerator) -> Result<PlanResult, SchedulerError> {
        do {
            return .success(try Planner.plan(preferences: preferences, state: state, events: events, now: now, content: content))
        } catch {
            return .failure(error)
        }
    }

    static func content(_ catalog: String?, base: String? = nil) throws -> ContentGenerator {
        ContentGenerator(catalog: try CatalogLoading.load(catalog, base: base))
    }
}

/// Finds where a JSON text stops being JSON, because the toolchain's decoder on Linux reports
/// only "not valid JSON": a small recursive-descent scanner over the UTF-8 bytes.
enum JSONSyntax {
    struct Problem: Error {
        var offset: Int
        var message: String
    }

    /// The 1-based line and column (in characters) of the first syntax error, if any.
    static func firstError(in data: Data) -> (line: Int, column: Int, message: String)? {
        let bytes = [UInt8](data)
        var i = 0
        do {
            skipSpace(bytes, &i)
            try value(bytes, &i, depth: 0)
            skipSpace(bytes, &i)
            if i < bytes.count { throw Problem(offset: i, message: "unexpected text after the JSON value") }
            return nil
        } catch let problem as Problem {
            let prefix = bytes[..<min(problem.offset, bytes.count)]
            let line = prefix.filter { $0 == 0x0A }.count + 1
            let lineStart = prefix.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let column = String(decoding: bytes[lineStart..<min(problem.offset, bytes.count)], as: UTF8.self).count + 1
            return (line, column, problem.message)
        } catch {
            return nil
        }
    }

    static func skipSpace(_ b: [UInt8], _ i: inout Int) {
        while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
    }

    static func value(_ b: [UInt8], _ i: inout Int, depth: Int) throws {
        guard depth < 512 else { throw Problem(offset: i, message: "nested too deeply") }
        guard i < b.count else { throw Problem(offset: i, message: "unexpected end of the file: a value is missing") }
        switch b[i] {
        case UInt8(ascii: "{"):
            i += 1
            skipSpace(b, &i)
            if i < b.count, b[i] == UInt8(ascii: "}") { i += 1; return }
            while true {
                skipSpace(b, &i)
                guard i < b.count, b[i] == UInt8(ascii: "\"") else { throw Problem(offset: i, message: "expected a key in double quotes") }
                try string(b, &i)
                skipSpace(b, &i)
                guard i < b.count, b[i] == UInt8(ascii: ":") else { throw Problem(offset: i, message: "expected ':' after the key") }
                i += 1
                skipSpace(b, &i)
                try value(b, &i, depth: depth + 1)
                skipSpace(b, &i)
                guard i < b.count else { throw Problem(offset: i, message: "unexpected end of the file: '}' is missing") }
                if b[i] == UInt8(ascii: ",") { i += 1; continue }
                if b[i] == UInt8(ascii: "}") { i += 1; return }
                throw Problem(offset: i, message: "expected ',' or '}'")
            }
        case UInt8(ascii: "["):
            i += 1
            skipSpace(b, &i)
            if i < b.count, b[i] == UInt8(ascii: "]") { i += 1; return }
            while true {
                skipSpace(b, &i)
                try value(b, &i, depth: depth + 1)
                skipSpace(b, &i)
                guard i < b.count else { throw Problem(offset: i, message: "unexpected end of the file: ']' is missing") }
                if b[i] == UInt8(ascii: ",") { i += 1; continue }
                if b[i] == UInt8(ascii: "]") { i += 1; return }
                throw Problem(offset: i, message: "expected ',' or ']'")
            }
        case UInt8(ascii: "\""):
            try string(b, &i)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = i
            if b[i] == UInt8(ascii: "-") { i += 1 }
            var digits = 0
            while i < b.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b[i]) || b[i] == UInt8(ascii: ".")
                || b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") || b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
                i += 1
                digits += 1
            }
            if digits == 0 || Double(String(decoding: b[start..<i], as: UTF8.self)) == nil {
                throw Problem(offset: start, message: "invalid number")
            }
        default:
            for literal in ["true", "false", "null"] {
                let l = Array(literal.utf8)
                if i + l.count <= b.count, Array(b[i..<(i + l.count)]) == l { i += l.count; return }
            }
            throw Problem(offset: i, message: "unexpected character: expected a value (a string in double quotes, a number, true, false, null, an object or an array)")
        }
    }

    static func string(_ b: [UInt8], _ i: inout Int) throws {
        let start = i
        i += 1
        while i < b.count {
            switch b[i] {
            case UInt8(ascii: "\""): i += 1; return
            case UInt8(ascii: "\\"): i += 2
            case 0x00..<0x20: throw Problem(offset: i, message: "a control character (a line break?) inside a string")
            default: i += 1
            }
        }
        throw Problem(offset: start, message: "unterminated string")
    }
}
