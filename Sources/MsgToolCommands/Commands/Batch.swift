import NotificationBatch
import NotificationPlanning
import ArgumentParser
import Foundation
import MessageCatalog
import ToolkitSupport
import ToolkitJSON

/// `msgtool batch --now ISO [--jobs N] [--shard I/N] [--output-shape compact|compact2|full] [--catalog DIR] [FILE]`: plans many users
/// at once. JSON Lines in (one user a line), one JSON line per user out, in input order, the
/// same bytes whatever `--jobs` is. docs/batch.md has the shapes, the shard hash and the figures.
struct Batch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Plan the notifications of many users: JSON Lines in, one line per user out, in input order.",
        discussion: """
            Each input line is the `msgtool schedule` config of one user plus "id" (required), "state" \
            (the state the previous run printed; absent for a fresh install) and "events" (an array of \
            events). Each output line is {"user", "added", "notes", "removed", "state"} (plus \
            "authorizationRequest" when the app should ask for permission): "added" and "removed" are \
            identifiers and each request is written once, in state.pending, with the Request shape of \
            `msgtool schedule` (--output-shape full: "added" and "pending" as Requests, as before 0.2; --output-shape compact2: \
            "shape": 2 and each request without what a reader derives, which the next run reads back as it is); a bad line prints {"user"?, "line", "error": {"kind", "field"?, \
            "column"?, "message"}} and the stream goes on; the exit status is 1 if any line failed. \
            --shard I/N keeps the users whose id hashes to I: FNV-1a 64 of the id's UTF-8 bytes, modulo N \
            (lines without a readable id go to shard 0). See docs/batch.md.
            """
    )

    @Option(help: "The planning instant for every user, ISO 8601 with an offset (2026-11-23T09:00:00+01:00).") var now: PlanningInstant
    @Option(help: "Users planned at once (default: the number of cores).") var jobs: Int?
    @Option(help: "Keep only shard I of N (I/N, 0 <= I < N): FNV-1a 64 of the UTF-8 id, modulo N.") var shard: ShardArgument?
    @OptionGroup var catalogOptions: CatalogOptions
    @Option(help: "With --html: the id of the user whose next 14 days to draw.") var timelineUser: String?
    @Option(help: "Also write the timeline of --timeline-user as a self-contained HTML page to this file (as msgtool schedule --html).") var html: String?
    @Option(
        help: """
            compact (each request once: added/removed as identifiers, the requests in state.pending), \
            compact2 (compact without what a reader derives: "shape": 2, a state of version 2; docs/batch.md) \
            or full (the shape before 0.2).
            """) var outputShape: BatchOutputShape = .compact
    @Argument(help: "JSON Lines, one user a line (standard input when absent or '-').") var file: String?

    func validate() throws {
        try now.validate()
        if let jobs, jobs < 1 || jobs > 256 { throw ValidationError("--jobs takes 1 to 256 workers (got \(jobs)).") }
        if (timelineUser == nil) != (html == nil) {
            throw ValidationError("--timeline-user ID and --html FILE go together: the user whose plan to draw, and the page to write.")
        }
    }

    func run() async throws {
        let path = file == "-" ? nil : file
        let reader = try LineReader(path: path)
        let planner = BatchPlanner(now: now.date, content: try catalogOptions.content(), jobs: jobs)
        let stream = BatchStream(planner: planner, shard: shard?.shard ?? .all, shape: outputShape, timelineUser: timelineUser)
        let summary = try await stream.run(reader)
        if let html, let timelineUser {
            guard let page = summary.timeline else {
                throw Failure.at(html, "no user with the id \(timelineUser) was planned\(shard.map { " in shard \($0)" } ?? ""): nothing was written")
            }
            do { try AtomicFile.write(Data(page.utf8), to: URL(fileURLWithPath: html)) } catch {
                throw Failure.at(html, "\(error)")
            }
        }
        if let first = summary.firstFailure {
            throw Failure.at(
                path ?? "<stdin>", line: first, column: 1,
                "\(summary.failed) of \(summary.users) users failed; the first is on this line (see the \"error\" lines of the output)")
        }
    }
}

/// One line of input, as the reader hands it to a worker.
package struct InputLine: Sendable {
    /// 1-based line number in the input.
    package var number: Int
    /// The line's bytes, without its end of line.
    package var bytes: [UInt8]
    /// The id read without decoding the whole line, when sharding needed it (error lines read
    /// it themselves otherwise).
    package var id: String?
    /// Why the line cannot be read at all (too long).
    package var problem: String?

    package init(number: Int, bytes: [UInt8], id: String?, problem: String? = nil) {
        self.number = number
        self.bytes = bytes
        self.id = id
        self.problem = problem
    }
}

/// One line of output and whether it is an error line.
package struct OutputLine: Sendable {
    /// The line's bytes, with its end of line.
    package var bytes: [UInt8]
    /// Whether it is an error line.
    package var failed: Bool
    var number: Int
    /// The requests pending after the plan (0 for an error line).
    package var requests = 0
    /// The user's timeline page, for the user of `--timeline-user`.
    var timeline: String? = nil
}

/// The batch as a stream: lines → workers (decode, plan, encode) → output in input order.
package struct BatchStream: Sendable {
    package let planner: BatchPlanner
    let shard: BatchShard
    /// The shape of each user's line.
    let shape: BatchOutputShape

    /// The user whose timeline page to draw, if any.
    let timelineUser: String?

    package init(planner: BatchPlanner, shard: BatchShard, shape: BatchOutputShape = .compact, timelineUser: String? = nil) {
        self.planner = planner
        self.shard = shard
        self.shape = shape
        self.timelineUser = timelineUser
    }

    struct Summary: Sendable {
        var users = 0
        var failed = 0
        var firstFailure: Int?
        /// The timeline page of `timelineUser` (the first line with that id).
        var timeline: String?
    }

    /// Reads every line, plans the users of this shard and writes their lines to standard output.
    func run(_ reader: LineReader) async throws -> Summary {
        let out = StdoutBuffer()
        reader.beforeWaiting = { out.flush() }
        var summary = Summary()
        try await BatchRunner.run(
            jobs: planner.jobs, window: planner.window, poll: { try next(reader, wait: $0) },
            transform: { [self] in line(for: $0) }
        ) { line in
            summary.users += 1
            if line.failed {
                summary.failed += 1
                if summary.firstFailure == nil { summary.firstFailure = line.number }
            }
            if summary.timeline == nil, let page = line.timeline { summary.timeline = page }
            out.write(bytes: line.bytes)
        }
        out.flush()
        return summary
    }

    /// The next non-blank line of this shard, the end, or `notReady` (only when `wait` is false).
    private func next(_ reader: LineReader, wait: Bool) throws -> BatchPull<InputLine> {
        while true {
            let line: LineReader.Line
            switch try reader.next(wait: wait) {
            case .input(let value): line = value
            case .notReady: return .notReady
            case .end: return .end
            }
            if line.problem == nil && line.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            // Without shards every line is planned: the worker reads the line once, and its id
            // only when the line fails. With shards the id is read here, up to its member.
            guard shard.count > 1 else { return .input(InputLine(number: line.number, bytes: line.bytes, id: nil, problem: line.problem)) }
            let id = line.problem == nil ? JSONLine.topLevelString("id", in: line.bytes) : nil
            // Lines without a readable id are reported by shard 0 only, so the shards together
            // report each of them once.
            guard id.map(shard.contains(id:)) ?? (shard.index == 0) else { continue }
            return .input(InputLine(number: line.number, bytes: line.bytes, id: id, problem: line.problem))
        }
    }

    /// A worker's job: decode, plan, encode one line.
    package func line(for input: InputLine) -> OutputLine {
        if let problem = input.problem {
            return failure(input, BatchLineError(kind: "invalidLine", message: problem))
        }
        let user: BatchUser
        switch BatchUser.decodeLine(bytes: input.bytes) {
        case .success(let value):
            user = value
        case .failure(let error):
            return failure(input, BatchLineError(reading: input.bytes, error))
        }
        switch planner.plan(user).outcome {
        case .success(let result):
            let page = user.id == timelineUser ? ScheduleTimeline.html(result: result, preferences: user.preferences) : nil
            return OutputLine(
                bytes: BatchOutput.line(user: user.id, result: result, shape: shape), failed: false, number: input.number,
                requests: result.pending.count, timeline: page)
        case .failure(let error):
            return failure(input, BatchLineError(error))
        }
    }

    /// `{"user"?, "line", "error": {...}}`.
    private func failure(_ input: InputLine, _ error: BatchLineError) -> OutputLine {
        let id = input.id ?? (input.problem == nil ? JSONLine.topLevelString("id", in: input.bytes) : nil)
        let bytes = BatchOutput.errorLine(
            user: id, line: input.number, kind: error.kind, field: error.field,
            column: error.column, message: error.message)
        return OutputLine(bytes: bytes, failed: true, number: input.number)
    }
}

/// The `"error"` object of a failed line: `{"kind", "field"?, "column"?, "message"}`.
struct BatchLineError: Sendable {
    /// `invalidJSON`, `invalidLine`, `invalidUser` (no `id` string), or the planner's code (`invalidPreferences`,
    /// `intervalOutOfRange`, `invalidEvent`, `invalidState`, `content`).
    var kind: String
    /// The setting concerned, as a path (`habits[0].hoursBefore`, `events[1].timestamp`).
    var field: String?
    /// Invalid JSON: the 1-based column (in characters) where the line stops being JSON.
    var column: Int?
    var message: String

    init(kind: String, field: String? = nil, column: Int? = nil, message: String) {
        self.kind = kind
        self.field = field
        self.column = column
        self.message = message
    }

    /// A planner's error.
    init(_ error: Diagnostic) {
        self.init(kind: error.code.description, field: error.code == .content ? nil : error.path, message: error.message)
    }

    /// A line that did not decode (read once: the failure says where and why): invalid UTF-8
    /// or JSON with its column, else the field.
    init(reading bytes: [UInt8], _ failure: BatchUser.LineFailure) {
        if !UTF8Validation.isValid(bytes) {
            self.init(kind: "invalidJSON", message: "the line is not valid UTF-8")
            return
        }
        switch failure {
        case .syntax(let problem):
            self.init(kind: "invalidJSON", column: problem.position.column, message: "invalid JSON: \(problem.message)")
        case .invalid(let error):
            if error.path == nil, !bytes.drop(while: { $0 == 0x20 || $0 == 0x09 }).starts(with: [UInt8(ascii: "{")]) {
                self.init(kind: "invalidJSON", message: "a line must be one JSON object (a user)")
            } else if error.path == "id" {
                self.init(kind: "invalidUser", field: "id", message: "every user needs an \"id\" string (\(error.message))")
            } else {
                self.init(error)
            }
        }
    }
}

/// Reads a file or standard input line by line through a fixed buffer: memory does not grow with
/// the input, only with the longest line (which is capped).
final class LineReader {
    struct Line {
        var number: Int
        var bytes: [UInt8]
        var problem: String?
    }

    /// Lines longer than this are reported as errors and skipped, not held (a batch line).
    static let lineLimit = 1 << 20
    /// This reader's limit (``lineLimit`` unless given).
    private let limit: Int

    /// Called before a read that may wait for the producer (flush the output first).
    var beforeWaiting: () -> Void = {}
    private let fd: Int32
    private let name: String
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    private var end = 0
    private var number = 0
    private var atEnd = false
    /// The line being gathered across reads.
    private var partial: [UInt8] = []
    private var tooLong = false

    /// A reader of `path`, or of standard input when nil.
    /// - Parameter limit: the longest line held, in bytes.
    init(path: String?, limit: Int = LineReader.lineLimit) throws {
        self.limit = limit
        guard let path else {
            fd = 0
            name = "<stdin>"
            return
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw Failure.at(path, "cannot read the file (no such file)")
        }
        let opened = open(path, O_RDONLY)
        guard opened >= 0 else { throw Failure.at(path, "cannot read the file (\(String(cString: strerror(errno))))") }
        fd = opened
        name = path
    }

    deinit { if fd > 2 { close(fd) } }

    /// The next line without its `\n` (and `\r`), the end, or, when `wait` is false and the
    /// input has nothing ready (a pipe whose producer is slow), `notReady`.
    func next(wait: Bool) throws -> BatchPull<Line> {
        while true {
            if let newline = buffer[start..<end].firstIndex(of: 0x0A) {
                number += 1
                if !tooLong { partial += buffer[start..<newline] }
                start = newline + 1
                return .input(takeLine())
            }
            if !tooLong {
                partial += buffer[start..<end]
                if partial.count > limit {
                    tooLong = true
                    partial = []
                }
            }
            start = 0
            end = 0
            if atEnd { return .end }
            if !wait && !readable() { return .notReady }
            if try !fill(flushingFirst: wait) {
                atEnd = true
                guard !partial.isEmpty || tooLong else { return .end }
                number += 1
                return .input(takeLine())
            }
        }
    }

    /// The line gathered in `partial`, which starts afresh.
    private func takeLine() -> Line {
        defer {
            partial = []
            tooLong = false
        }
        return finish(partial, tooLong: tooLong || partial.count > limit)
    }

    /// Whether a read would return at once (data or the end of the input).
    private func readable() -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) != 0
    }

    private func finish(_ bytes: [UInt8], tooLong: Bool) -> Line {
        if tooLong {
            return Line(number: number, bytes: [], problem: "the line is longer than \(limit >> 20) MiB: not read")
        }
        return Line(number: number, bytes: bytes.last == 0x0D ? Array(bytes.dropLast()) : bytes)
    }

    /// Reads more; false at the end of the input.
    private func fill(flushingFirst: Bool) throws -> Bool {
        if flushingFirst { beforeWaiting() }
        let count = InterruptRetry.call { buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }
        if count > 0 {
            end = count
            return true
        }
        if count == 0 { return false }
        throw Failure.at(name, "cannot read the input (\(String(cString: strerror(errno))))")
    }
}

/// One line of the batch input read with ToolkitJSON's scanner (the one the decoder uses), for
/// what msgtool needs before or beside decoding: the user's id.
package enum JSONLine {
    /// The string value of the top-level member `key`, read up to that member (a line whose
    /// JSON breaks later still names its user), or nil.
    package static func topLevelString(_ key: String, in bytes: [UInt8]) -> String? {
        JSONReader.leadingString(key, in: bytes)
    }
}

extension BatchOutputShape: ExpressibleByArgument {}
