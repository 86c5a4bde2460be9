import NotificationBatch
import ToolkitSupport
import ToolkitJSON
import Foundation
import MessageCatalog
import MsgToolCommands
import NotificationPlanning

/// `msgtool bench --batch`: times the path of `msgtool batch` (each line decoded, planned by
/// `BatchPlanner`'s planner and written by `BatchOutput`, on `BatchRunner`'s workers, in input
/// order) with the input in memory and the output counted, not printed.
extension Bench {
    func runBatch() async throws {
        let (lines, instant, source) = try batchInput()
        let planner = BatchPlanner(now: instant, content: try ContentGenerator.bundled(), jobs: jobs)
        let stream = BatchStream(planner: planner, shard: .all, shape: outputShape)
        _ = try await stream.totals(lines)  // warm-up: catalogs, compiled messages, ICU formatters
        var times: [Double] = []
        var totals = BatchStream.Totals()
        for _ in 0..<passes {
            let start = DispatchTime.now().uptimeNanoseconds  // monotonic, on every system (ContinuousClock: macOS 13)
            totals = try await stream.totals(lines)
            times.append(nanoseconds(since: start))
        }
        report(times: times, totals: totals, planner: planner, source: source)
    }

    /// `--batch --jobs 1`: the one worker's transform (decode, plan, write the line) on the
    /// calling thread, each line in turn, without the task group.
    func runBatchInline() throws {
        let (lines, instant, source) = try batchInput()
        let planner = BatchPlanner(now: instant, content: try ContentGenerator.bundled(), jobs: 1)
        let stream = BatchStream(planner: planner, shard: .all, shape: outputShape)
        _ = stream.totalsInline(lines)  // warm-up: catalogs, compiled messages, ICU formatters
        var times: [Double] = []
        var totals = BatchStream.Totals()
        for _ in 0..<passes {
            let start = DispatchTime.now().uptimeNanoseconds  // monotonic, on every system (ContinuousClock: macOS 13)
            totals = stream.totalsInline(lines)
            times.append(nanoseconds(since: start))
        }
        report(times: times, totals: totals, planner: planner, source: source)
    }

    private func nanoseconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start)
    }

    private func report(times: [Double], totals: BatchStream.Totals, planner: BatchPlanner, source: String) {
        var times = times
        times.sort()
        let median = times[times.count / 2]
        let users = max(1, totals.users)
        let usPerUser = median / 1e3 / Double(users)
        let usersPerSecond = Int(Double(users) / (median / 1e9))
        let bytesPerUser = totals.bytes / users
        let requestsPerUser = Double(totals.requests) / Double(users)
        if json {
            Output.out(
                "{\"users\": \(totals.users), \"jobs\": \(planner.jobs), \"shape\": \"\(outputShape.rawValue)\", \"us_per_user\": \(String(format: "%.1f", usPerUser)), \"users_per_second\": \(usersPerSecond), \"requests\": \(totals.requests), \"bytes\": \(totals.bytes), \"failed\": \(totals.failed)}"
            )
        } else {
            Output.out(
                """
                batch:        \(totals.users) users (\(source)), \(planner.jobs) job\(planner.jobs == 1 ? "" : "s"), \(outputShape.rawValue) lines, median of \(passes) passes
                µs/user:      \(String(format: "%.1f", usPerUser))
                users/s:      \(usersPerSecond)
                requests:     \(String(format: "%.2f", requestsPerUser)) pending per user
                bytes/user:   \(bytesPerUser)
                failed:       \(totals.failed)
                """)
        }
    }

    /// The input lines and the planning instant: `--users` and `--now`, or the workload's batch
    /// users as `msgtool batch` lines (see ``workloadLines(_:)``).
    private func batchInput() throws -> (lines: [InputLine], now: Date, source: String) {
        if let users, let now {
            guard let data = FileManager.default.contents(atPath: users) else { throw Failure.at(users, "cannot read the file") }
            var lines: [InputLine] = []
            for (i, line) in data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
                let bytes = [UInt8](line)
                lines.append(InputLine(number: i + 1, bytes: bytes, id: JSONLine.topLevelString("id", in: bytes)))
            }
            return (lines, now.date, URL(fileURLWithPath: users).lastPathComponent)
        }
        let (lines, now) = try workloadLines(workload)
        return (lines, now, "the workload's batch users")
    }

    /// The benchmark workload's batch users (Benchmarks/workload/README.md) as `msgtool batch` lines:
    /// the anchor's 7 daily requests at 10:00 become the planner's daily affirmation (7 days at
    /// 10:00, two renders per request). Its tones map to gentle, cheerful (energetic) and minimal
    /// (neutral); `weekdaysOnly` has no planner setting and is not used.
    private func workloadLines(_ path: String) throws -> ([InputLine], Date) {
        func load(_ path: String) throws -> JSONNode {
            guard let data = FileManager.default.contents(atPath: path) else { throw Failure.at(path, "cannot read the file") }
            do { return try JSONReader.parse(String(decoding: data, as: UTF8.self)) } catch {
                throw Failure.at(path, line: error.position.line, column: error.position.column, error.message)
            }
        }
        let root = try load(path)
        guard let batch = root.member("batch"), let nowText = batch.member("now")?.stringValue, let now = ISO8601Instant.date(nowText),
            let usersFile = batch.member("usersFile")?.stringValue
        else {
            throw Failure.at(path, "the workload has no \"batch\" section with \"now\" and \"usersFile\"")
        }
        let usersPath = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(usersFile).path
        let tones = ["gentle": "gentle", "energetic": "cheerful", "neutral": "minimal"]
        var lines: [InputLine] = []
        for (index, user) in (try load(usersPath).arrayValue ?? []).enumerated() {
            guard let id = user.member("id")?.stringValue, let locale = user.member("locale")?.stringValue,
                let zone = user.member("timeZone")?.stringValue, let tone = user.member("tone")?.stringValue.flatMap({ tones[$0] })
            else {
                throw Failure.at(usersPath, line: user.position.line, column: user.position.column, "user \(index) lacks id, locale, timeZone or a known tone")
            }
            var w = JSONStreamWriter()
            w.beginObject()
            w.key("dailyAffirmation")
            w.beginObject()
            w.key("enabled"); w.bool(true)
            w.key("time"); w.string("10:00")
            w.key("windowDays"); w.int(7)
            w.endObject()
            w.key("id"); w.string(id)
            w.key("locale"); w.string(locale)
            w.key("timeZone"); w.string(zone)
            w.key("tone"); w.string(tone)
            w.key("userSeed"); w.int(index)
            w.endObject()
            lines.append(InputLine(number: index + 1, bytes: w.bytes, id: id))
        }
        return (lines, now)
    }
}

extension BatchStream {
    /// What a pass of ``totals(_:)`` produced.
    struct Totals: Sendable {
        var users = 0
        var failed = 0
        var requests = 0
        var bytes = 0
    }

    /// Runs `lines` through ``line(for:)`` on the calling thread, counting the output.
    func totalsInline(_ lines: [InputLine]) -> Totals {
        var totals = Totals()
        for input in lines {
            let out = line(for: input)
            totals.users += 1
            totals.failed += out.failed ? 1 : 0
            totals.requests += out.requests
            totals.bytes += out.bytes.count
        }
        return totals
    }

    /// Runs `lines` through the workers of ``run(_:)``, counting the output instead of writing it.
    func totals(_ lines: [InputLine]) async throws -> Totals {
        var totals = Totals()
        try await BatchRunner.run(jobs: planner.jobs, window: planner.window, lines, transform: { [self] in line(for: $0) }) { out in
            totals.users += 1
            totals.failed += out.failed ? 1 : 0
            totals.requests += out.requests
            totals.bytes += out.bytes.count
        }
        return totals
    }
}
