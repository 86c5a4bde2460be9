import ToolkitSupport
import ToolkitJSON
import NotificationPlanning
import ArgumentParser
import Foundation
import MessageCatalog

/// `msgtool schedule --config FILE --now ISO [--state FILE] [--events FILE] [--catalog DIR] [--html FILE]`:
/// plans the pending notifications and prints one JSON object
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
    @Option(help: "The planning instant, ISO 8601 with an offset (2026-11-23T09:00:00+01:00).") var now: PlanningInstant
    @Option(help: "The state file, read and written back atomically.") var state: String?
    @Option(help: "Events, JSON Lines.") var events: String?
    @OptionGroup var catalogOptions: CatalogOptions
    @Option(help: "Also write the next 14 days as a self-contained HTML timeline to this file.") var html: String?

    func validate() throws { try now.validate() }

    func run() throws {
        let instant = now.date
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
            switch ScheduleInput.state(from: data) {
            case .success(let value): current = value
            case .failure(let error): throw Failure.at(state, line: error.location.line, column: error.location.column, error.message)
            }
        }
        var parsed: [(line: Int, event: PlannerEvent)] = []
        if let events {
            switch ScheduleInput.events(from: try ScheduleInput.read(events, limit: InputFile.Limit.events, what: "an events file")) {
            case .success(let value): parsed = value
            case .failure(let error): throw Failure.at(events, line: error.location.line, column: error.location.column, error.message)
            }
        }
        let content = try catalogOptions.content()
        let result: PlanResult
        switch ScheduleInput.plan(preferences, current, parsed.map(\.event), instant, content) {
        case .success(let value):
            result = value
        case .failure(let error):
            if let index = error.eventIndex, let events, index < parsed.count {
                throw Failure.at(events, line: parsed[index].line, column: 1, error.message)
            }
            // A setting names the config file; a content problem names a message key, not a setting.
            throw Failure.at(error.path == nil || error.code == .content ? nil : config, error.message)
        }
        var writer = JSONStreamWriter(pretty: true)
        result.write(to: &writer)
        let output = writer.bytes
        // The state is written last, once the plan has been delivered: when the timeline page or
        // standard output cannot be written, the run fails with the old state in place, so a
        // retry plans the same requests again instead of believing them handed over.
        if let html {
            do {
                try AtomicFile.write(Data(ScheduleTimeline.html(result: result, preferences: preferences).utf8), to: URL(fileURLWithPath: html))
            } catch {
                throw Failure.at(html, "\(error)")
            }
        }
        // A failed write of standard output ends the process here (status 1), before the state.
        Output.stdout(output + [0x0A])
        if let state {
            do {
                // The state holds the user's own texts: a new state file is readable by its owner only.
                try AtomicFile.write(try result.state.jsonData(), to: URL(fileURLWithPath: state), newFileMode: 0o600)
            } catch {
                throw Failure.at(state, "\(error)")
            }
        }
    }
}

/// Reading msgtool's input files (capped, regular files only) and the scheduling inputs, with
/// errors worded as `file:line:column: error: message`.
package enum ScheduleInput {
    /// The file's bytes, refused before parsing when it is over `limit` (`InputFile.Limit`) or
    /// not a regular file.
    package static func read(_ path: String, limit: Int, what: String) throws -> Data {
        Data(try bytes(path, limit: limit, what: what))
    }

    /// ``read(_:limit:what:)`` as the bytes read (no copy: a translators' file can be hundreds of MB).
    static func bytes(_ path: String, limit: Int, what: String) throws -> [UInt8] {
        do throws(InputFile.ReadError) {
            return try InputFile.read(path, limit: limit, what: what)
        } catch {
            throw Failure.at(path, error.message)
        }
    }

    static func decode<T: Decodable>(_ type: T.Type, file: String) throws -> T {
        let data = try read(file, limit: InputFile.Limit.config, what: "a schedule config")
        do {
            return try InputLimits.decoder.decode(T.self, from: [UInt8](data))
        } catch let error as JSONSyntaxError {
            throw Failure.at(file, line: error.position.line, column: error.position.column, "invalid JSON: \(error.message)")
        } catch {
            throw failure(file: file, Diagnostic.describe(error))
        }
    }

    /// A failure for `file`.
    static func failure(file: String, _ message: String) -> Failure { Failure.at(file, message) }

    static func state(from data: Data) -> Result<SchedulerState, Diagnostic> {
        do { return .success(try SchedulerState.from(json: data)) } catch { return .failure(error) }
    }

    static func events(from data: Data) -> Result<[(line: Int, event: PlannerEvent)], Diagnostic> {
        do { return .success(try PlannerEvent.parseJSONLines(bytes: [UInt8](data))) } catch { return .failure(error) }
    }

    static func plan(
        _ preferences: NotificationPreferences, _ state: SchedulerState, _ events: [PlannerEvent], _ now: Date,
        _ content: ContentGenerator
    ) -> Result<PlanResult, Diagnostic> {
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
