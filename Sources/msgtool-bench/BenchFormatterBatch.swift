import ToolkitSupport
import ToolkitJSON
import Dispatch
import Foundation
import MessageCatalog
import MsgToolCommands

/// A micro-benchmark of the formatter, `msgtool bench --formatter-batch`: the raw-ICU anchor's
/// own batch of Benchmarks/workload/README.md (`batch` section + batch_users.json), done the anchor's
/// way: for each user, the next 7 dated daily-affirmation requests at 10:00 local time, with two
/// renders and one JSON line each, by hand. It is not `msgtool batch` (no planner, no catalogs):
/// `msgtool bench --batch` times that path. Time-zone rules come from Foundation's `TimeZone` (the
/// system's current tzdata), so America/Mexico_City is right where ICU 72's own data is not.
struct FormatterBatchWorkload {
    struct User: Sendable {
        let id: String
        let zone: String
        let name: String
        let tone: String
        let weekdaysOnly: Bool
        let streak: Int64
        let title: MessageFormat
        let body: MessageFormat
        let slots: Slots
        let affirmations: [String]
        let window: Int
    }

    /// Argument positions in the compiled title and body.
    struct Slots: Sendable {
        let titleCount: Int, name: Int, day: Int
        let bodyCount: Int, tone: Int, affirmation: Int, streak: Int
        init(title: MessageFormat, body: MessageFormat) {
            titleCount = title.argumentNames.count
            name = title.slot(of: "name") ?? -1
            day = title.slot(of: "day") ?? -1
            bodyCount = body.argumentNames.count
            tone = body.slot(of: "tone") ?? -1
            affirmation = body.slot(of: "affirmation") ?? -1
            streak = body.slot(of: "streak") ?? -1
        }
    }

    let users: [User]
    let nowSeconds: Int64
    let perUser: Int
    let fireHour: Int
    let fireMinute: Int
    let prefix: String
    /// Offsets of every zone over the window, from the current tzdata.
    let windows: [ZoneWindow]

    static func load(workloadPath: String) throws -> FormatterBatchWorkload {
        let data = try ScheduleInput.read(workloadPath, limit: InputFile.Limit.workload, what: "a bench workload")
        let root: JSONNode
        do { root = try JSONReader.parse(String(decoding: data, as: UTF8.self)) } catch {
            throw Failure.at(workloadPath, line: error.position.line, column: error.position.column, error.message)
        }
        guard let batch = root.member("batch") else { throw Failure.at(workloadPath, "the workload has no \"batch\" section") }
        func int(_ key: String) throws -> Int64 {
            guard case .number(let lit)? = batch.member(key)?.value, let v = Int64(lit) else {
                throw Failure.at(workloadPath, "batch.\(key) must be an integer")
            }
            return v
        }
        let nowMs = try int("nowEpochMs")
        let perUser = Int(try int("requestsPerUser"))
        let hour = Int(try int("fireHour")), minute = Int(try int("fireMinute"))
        let prefix = batch.member("identifierPrefix")?.stringValue ?? "daily-affirmation-"
        guard let usersFile = batch.member("usersFile")?.stringValue else { throw Failure.at(workloadPath, "batch.usersFile is missing") }
        let usersPath = URL(fileURLWithPath: workloadPath).deletingLastPathComponent().appendingPathComponent(usersFile).path
        let udata = try ScheduleInput.read(usersPath, limit: InputFile.Limit.workload, what: "a bench users file")
        let uroot: JSONNode
        do { uroot = try JSONReader.parse(String(decoding: udata, as: UTF8.self)) } catch {
            throw Failure.at(usersPath, line: error.position.line, column: error.position.column, error.message)
        }
        var templates: [String: [String: String]] = [:]
        for t in batch.member("templates")?.arrayValue ?? [] {
            guard let id = t.member("id")?.stringValue else { continue }
            var m: [String: String] = [:]
            for member in t.member("messages")?.objectMembers ?? [] { m[member.key] = member.value.stringValue }
            templates[id] = m
        }
        var affirmations: [String: [String]] = [:]
        for member in batch.member("affirmations")?.objectMembers ?? [] {
            affirmations[member.key] = member.value.arrayValue?.compactMap(\.stringValue) ?? []
        }
        var compiled: [String: (MessageFormat, MessageFormat)] = [:]
        var users: [User] = []
        var zoneIndex: [String: Int] = [:]
        var zoneList: [String] = []
        for (index, u) in (uroot.arrayValue ?? []).enumerated() {
            guard let id = u.member("id")?.stringValue, let locale = u.member("locale")?.stringValue,
                let zone = u.member("timeZone")?.stringValue, let name = u.member("name")?.stringValue,
                let tone = u.member("tone")?.stringValue,
                case .number(let streakLit)? = u.member("streak")?.value, let streak = Int64(streakLit)
            else {
                throw Failure.at(usersPath, line: u.position.line, column: u.position.column, "user \(index) lacks id, locale, timeZone, name, tone or streak")
            }
            let weekdaysOnly: Bool
            if case .bool(let b)? = u.member("weekdaysOnly")?.value { weekdaysOnly = b } else { weekdaysOnly = false }
            let lang = String(locale.prefix { $0 != "-" && $0 != "_" })
            if compiled[locale] == nil {
                guard let tt = templates["daily_title"]?[lang], let bt = templates["daily_body"]?[lang] else {
                    throw Failure.at(workloadPath, "no daily_title/daily_body message for language \(lang)")
                }
                do { compiled[locale] = (try MessageFormat(tt, locale: locale), try MessageFormat(bt, locale: locale)) } catch {
                    throw Failure.at(workloadPath, "\(locale): \(Failure.words(error))")
                }
            }
            guard TimeZone(identifier: zone) != nil else {
                throw Failure.at(usersPath, line: u.position.line, column: u.position.column, "unknown time zone '\(zone)'")
            }
            if zoneIndex[zone] == nil { zoneIndex[zone] = zoneList.count; zoneList.append(zone) }
            let (t, b) = compiled[locale]!
            users.append(
                User(
                    id: id, zone: zone, name: name, tone: tone, weekdaysOnly: weekdaysOnly, streak: streak,
                    title: t, body: b, slots: Slots(title: t, body: b), affirmations: affirmations[lang] ?? [],
                    window: zoneIndex[zone]!))
        }
        let now = nowMs / 1000
        let windows = zoneList.map { ZoneWindow(TimeZone(identifier: $0)!, from: now - 3 * 86_400, to: now + 40 * 86_400) }
        return FormatterBatchWorkload(users: users, nowSeconds: now, perUser: perUser, fireHour: hour, fireMinute: minute, prefix: prefix, windows: windows)
    }

    var requestCount: Int { users.count * perUser }

    /// Plans and renders users[range] into JSON lines appended to `out`.
    func run(_ range: Range<Int>, into out: inout [UInt8], context: FormatContext) throws {
        for u in range {
            let user = users[u]
            let window = windows[user.window]
            let s = user.slots
            var titleArgs = [MessageValue?](repeating: nil, count: s.titleCount)
            var bodyArgs = [MessageValue?](repeating: nil, count: s.bodyCount)
            if s.name >= 0 { titleArgs[s.name] = .string(user.name) }
            if s.tone >= 0 { bodyArgs[s.tone] = .string(user.tone) }
            let localNow = nowSeconds + Int64(window.offset(at: nowSeconds))
            var day = floorDiv(localNow, 86_400)
            var j = 0
            while j < perUser {
                defer { day += 1 }
                let wall = day * 86_400 + Int64(fireHour * 3600 + fireMinute * 60)
                let fire = window.utc(forWall: wall)
                if fire <= nowSeconds { continue }
                let weekday = Int(((day % 7) + 11) % 7)  // 0 = Sunday (1970-01-01 was a Thursday)
                if user.weekdaysOnly && (weekday == 0 || weekday == 6) { continue }
                if s.day >= 0 { titleArgs[s.day] = .date(millis: Double(day * 86_400_000)) }
                let title = try user.title.format(BoundArguments(values: titleArgs), timeZone: "UTC", context: context)
                let aff = user.affirmations.isEmpty ? "" : user.affirmations[(u + j) % user.affirmations.count]
                if s.affirmation >= 0 { bodyArgs[s.affirmation] = .string(aff) }
                if s.streak >= 0 { bodyArgs[s.streak] = .int(user.streak + Int64(j)) }
                let body = try user.body.format(BoundArguments(values: bodyArgs), timeZone: "UTC", context: context)
                out.append(contentsOf: "{\"id\": \"".utf8)
                out.append(contentsOf: prefix.utf8)
                appendDate(day, &out)
                out.append(contentsOf: "\", \"user\": ".utf8)
                JSONWriter.quote(user.id, into: &out)
                out.append(contentsOf: ", \"fireDate\": \"".utf8)
                appendInstant(fire, &out)
                out.append(contentsOf: "\", \"title\": ".utf8)
                JSONWriter.quote(title, into: &out)
                out.append(contentsOf: ", \"body\": ".utf8)
                JSONWriter.quote(body, into: &out)
                out.append(contentsOf: "}\n".utf8)
                j += 1
            }
        }
    }
}

/// A zone's UTC offsets over a window, read once from Foundation's `TimeZone` (current tzdata).
struct ZoneWindow: Sendable {
    /// (instant from which it applies, offset in seconds), ascending.
    let spans: [(Int64, Int)]

    init(_ tz: TimeZone, from: Int64, to: Int64) {
        var spans: [(Int64, Int)] = [(Int64.min, tz.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(from))))]
        var t = Date(timeIntervalSince1970: TimeInterval(from))
        while let next = tz.nextDaylightSavingTimeTransition(after: t), next.timeIntervalSince1970 < TimeInterval(to) {
            spans.append((Int64(next.timeIntervalSince1970), tz.secondsFromGMT(for: next)))
            t = next
        }
        self.spans = spans
    }

    func offset(at instant: Int64) -> Int {
        var o = spans[0].1
        for (start, off) in spans where instant >= start { o = off }
        return o
    }

    /// The instant of a local wall time (seconds since 1970 as if local were UTC). A wall time
    /// that does not exist moves forward by the gap; one that occurs twice takes the first.
    func utc(forWall wall: Int64) -> Int64 {
        let first = wall - Int64(offset(at: wall - Int64(spans[0].1)))
        let second = wall - Int64(offset(at: first))
        return min(first, second) == first && offset(at: first) + Int(first) == Int(wall) ? first : second
    }
}

@inline(__always) func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }

/// Days since 1970-01-01 → (year, month, day), proleptic Gregorian (Howard Hinnant's civil_from_days).
@inline(__always) func civil(_ days: Int64) -> (Int64, Int64, Int64) {
    let z = days + 719_468
    let era = floorDiv(z, 146_097)
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
}

@inline(__always) func appendDigits(_ v: Int64, _ width: Int, _ out: inout [UInt8]) {
    var div: Int64 = 1
    for _ in 1..<width { div *= 10 }
    var x = v
    while div > 0 { out.append(UInt8(0x30 + (x / div) % 10)); x %= div; div /= 10 }
}

/// YYYY-MM-DD, ASCII digits, Gregorian.
func appendDate(_ day: Int64, _ out: inout [UInt8]) {
    let (y, m, d) = civil(day)
    appendDigits(y, 4, &out); out.append(0x2D); appendDigits(m, 2, &out); out.append(0x2D); appendDigits(d, 2, &out)
}

/// YYYY-MM-DDTHH:MM:SSZ.
func appendInstant(_ t: Int64, _ out: inout [UInt8]) {
    let day = floorDiv(t, 86_400)
    let s = t - day * 86_400
    appendDate(day, &out)
    out.append(0x54)
    appendDigits(s / 3600, 2, &out); out.append(0x3A); appendDigits((s % 3600) / 60, 2, &out); out.append(0x3A); appendDigits(s % 60, 2, &out)
    out.append(0x5A)
}

extension Bench {
    func runFormatterBatch() throws {
        let w = try FormatterBatchWorkload.load(workloadPath: workload)
        let jobs = max(1, self.jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        let chunks = chunkRanges(w.users.count, jobs)
        func runAll() throws -> [[UInt8]] {
            // Exactly `jobs` workers (never more threads than asked), each taking the next chunk.
            let results = ResultSlots(count: chunks.count)
            DispatchQueue.concurrentPerform(iterations: min(jobs, chunks.count)) { _ in
                let context = FormatContext()
                while let i = results.claim() {
                    var buf: [UInt8] = []
                    buf.reserveCapacity(chunks[i].count * w.perUser * 220)
                    do {
                        try w.run(chunks[i], into: &buf, context: context)
                        results.set(i, .success(buf))
                    } catch { results.set(i, .failure(error)) }
                }
            }
            return try results.values()
        }
        if verify {
            let parts = try runAll()
            for p in parts { Output.stdout(p) }
            return
        }
        _ = try runAll()  // warm-up
        var times: [Double] = []
        var bytes = 0
        for _ in 0..<passes {
            let start = DispatchTime.now().uptimeNanoseconds  // monotonic, on every system (ContinuousClock: macOS 13)
            let parts = try runAll()
            let d = DispatchTime.now().uptimeNanoseconds - start
            bytes = parts.reduce(0) { $0 + $1.count }
            times.append(Double(d))
        }
        times.sort()
        let median = times[times.count / 2]
        let n = w.requestCount
        let ns = median / Double(n)
        if json {
            Output.out(
                "{\"requests\": \(n), \"jobs\": \(jobs), \"ns_per_request\": \(String(format: "%.1f", ns)), \"requests_per_second\": \(Int(Double(n) / (median / 1e9))), \"bytes\": \(bytes)}"
            )
        } else {
            Output.out(
                """
                formatter batch: \(w.users.count) users × \(w.perUser) requests, \(jobs) job\(jobs == 1 ? "" : "s"), median of \(passes) passes
                ns/request: \(String(format: "%.1f", ns))
                requests/s: \(Int(Double(n) / (median / 1e9)))
                bytes:      \(bytes)
                """)
        }
    }

    private func chunkRanges(_ n: Int, _ jobs: Int) -> [Range<Int>] {
        // Small chunks balance the load; output order is kept by slot.
        let size = max(1, min(500, (n + jobs - 1) / jobs))
        return stride(from: 0, to: n, by: size).map { $0..<min(n, $0 + size) }
    }
}

/// Results of parallel workers, by slot.
///
/// Sendable notes: every access goes through ToolkitSupport's lock.
final class ResultSlots: Sendable {
    private let state: Locked<(slots: [Result<[UInt8], Error>?], next: Int)>
    init(count: Int) { state = Locked((Array(repeating: nil, count: count), 0)) }
    /// The next slot no worker has taken, or nil when all are taken.
    func claim() -> Int? {
        state.withLock { s in
            guard s.next < s.slots.count else { return nil }
            s.next += 1
            return s.next - 1
        }
    }
    func set(_ i: Int, _ r: Result<[UInt8], Error>) { state.withLock { $0.slots[i] = r } }
    func values() throws -> [[UInt8]] { try state.withLock { $0.slots }.map { try $0!.get() } }
}
