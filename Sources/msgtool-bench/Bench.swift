import NotificationBatch
import ToolkitSupport
import ToolkitJSON
import ArgumentParser
import Foundation
import MessageCatalog
import MsgToolCommands
import NotificationPlanning

/// msgtool-bench: the benchmarks of the repository's workload (Benchmarks/workload/README.md),
/// an executable of its own so that msgtool, which servers ship, holds no benchmark engine.
/// `msgtool bench ARGS` runs `msgtool-bench ARGS`. Exit status: 0 success, 1 bad input, 2 bad usage.
@main
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "msgtool-bench",
        abstract: "Run a render workload (the repository's Benchmarks/workload/workload.json) and print renders per second, ns per render and the checksum.",
        discussion: """
            Before timing, each (template, locale) is compiled once and each argument set is bound to \
            the message's argument slots once; rendered output is never cached. One untimed warm-up \
            pass, then --passes timed passes of `renders` renders each; the figures are the median pass. \
            --verify prints every distinct render as TSV (id, locale, k, text) instead of timing.
            """
    )

    @Option(help: "The workload JSON file.") var workload: String
    @Flag(help: "Print one JSON object {renders, ns_per_render, renders_per_second, checksum}.") var json = false
    @Flag(help: "Print every distinct render as TSV instead of timing.") var verify = false
    @Option(help: "Timed passes (the median is reported).") var passes: Int = 5
    @Flag(help: "Time msgtool batch's path (decode, BatchPlanner, the output line) on the workload's batch users, or on --users.") var batch = false
    @Option(help: "With --batch: JSON Lines of users (msgtool batch's input, e.g. from scripts/gen-users.py) instead of the workload's.") var users: String?
    @Option(help: "With --users: the planning instant (ISO 8601 with an offset).") var now: PlanningInstant?
    @Option(help: "With --batch: the output line's shape (compact or full).") var outputShape: BatchOutputShape = .compact
    @Flag(help: "The formatter micro-benchmark: the anchor's own 7-request batch, done by hand (not msgtool batch).") var formatterBatch = false
    @Option(
        help: "Workers for --batch and --formatter-batch (default: the number of cores); --batch --jobs 1 plans on the calling thread, without worker tasks.")
    var jobs: Int?

    func validate() throws {
        if passes < 1 || passes > 1000 { throw ValidationError("--passes takes 1 to 1000.") }
        if let jobs, jobs < 1 || jobs > 256 { throw ValidationError("--jobs takes 1 to 256.") }
        if jobs != nil && !batch && !formatterBatch { throw ValidationError("--jobs goes with --batch or --formatter-batch.") }
        if batch && formatterBatch { throw ValidationError("--batch and --formatter-batch are two benchmarks: run one at a time.") }
        if (users != nil || now != nil) && !batch { throw ValidationError("--users and --now go with --batch.") }
        if (users == nil) != (now == nil) { throw ValidationError("--users FILE and --now ISO go together: the users and the instant to plan them at.") }
        try now?.validate()
        if verify && batch {
            throw ValidationError("--verify goes with the render workload or --formatter-batch (msgtool batch itself prints --batch's lines).")
        }
    }

    /// The render workload, the formatter batch and `--batch --jobs 1` run on the calling thread,
    /// outside the cooperative pool (``main()`` calls ``runSynchronously()``): then one
    /// thread does all the work, which is what instruction counters measure best (and valgrind
    /// 3.19 crashes on a process whose main thread parks in the concurrency runtime's main loop).
    var runsSynchronously: Bool { !batch || jobs == 1 }

    func run() async throws {
        if batch && !runsSynchronously { return try await runBatch() }
        try runSynchronously()
    }

    /// Our own entry point, with msgtool's exit statuses (usage errors 2, bad input 1). A
    /// benchmark that needs no worker tasks runs here, on the main thread, without suspending.
    static func main() async {
        do {
            var command = try parseAsRoot()
            guard let bench = command as? Bench else {
                // The parser's own commands (--help): they report by throwing.
                return try command.run()
            }
            if bench.runsSynchronously {
                try bench.runSynchronously()
            } else {
                try await bench.run()
            }
        } catch {
            exit(reporting: error)
        }
    }

    /// Runs a benchmark that needs no worker tasks (see ``runsSynchronously``).
    func runSynchronously() throws {
        if batch { return try runBatchInline() }
        if formatterBatch { return try runFormatterBatch() }
        let w = try RenderWorkload.load(path: workload)
        if verify {
            let out = StdoutBuffer()
            let ctx = FormatContext()
            for (t, template) in w.templates.enumerated() {
                for (l, locale) in w.locales.enumerated() {
                    for k in 0..<template.args[l].count {
                        let text = try w.render(t: t, l: l, k: k, context: ctx)
                        out.line("\(template.id)\t\(locale)\t\(k)\t\(text)")
                    }
                }
            }
            return
        }
        let ctx = FormatContext()
        let cycle = w.cycle
        // Warm-up (ICU data loading, formatter caches).
        _ = try w.run(renders: min(w.renders, 20_000), cycle: cycle, context: ctx)
        var times: [Double] = []
        var checksum = 0
        for _ in 0..<passes {
            let start = DispatchTime.now().uptimeNanoseconds  // monotonic, on every system (ContinuousClock: macOS 13)
            checksum = try w.run(renders: w.renders, cycle: cycle, context: ctx)
            let d = DispatchTime.now().uptimeNanoseconds - start
            times.append(Double(d))
        }
        times.sort()
        let median = times[times.count / 2]
        let ns = median / Double(w.renders)
        let rps = Double(w.renders) / (median / 1e9)
        if json {
            Output.out(
                "{\"renders\": \(w.renders), \"ns_per_render\": \(String(format: "%.1f", ns)), \"renders_per_second\": \(Int(rps)), \"checksum\": \(checksum)}")
        } else {
            Output.out(
                """
                workload:  \(w.name) (\(w.templates.count) templates × \(w.locales.count) locales, time zone \(w.timeZone))
                renders:   \(w.renders) per pass, median of \(passes) passes
                ns/render: \(String(format: "%.1f", ns))
                renders/s: \(Int(rps))
                checksum:  \(checksum)
                """)
        }
    }
}

/// The render workload of Benchmarks/workload/README.md, compiled and bound.
struct RenderWorkload {
    struct Template {
        let id: String
        let messages: [MessageFormat]  // by locale index
        let args: [[BoundArguments]]  // [locale][k]
    }
    let name: String
    let renders: Int
    let locales: [String]
    let timeZone: String
    let templates: [Template]

    static func load(path: String) throws -> RenderWorkload {
        let data = try ScheduleInput.read(path, limit: InputFile.Limit.workload, what: "a bench workload")
        let root: JSONNode
        do { root = try JSONReader.parse(String(decoding: data, as: UTF8.self)) } catch {
            throw Failure.at(path, line: error.position.line, column: error.position.column, error.message)
        }
        func need<T>(_ v: T?, _ what: String) throws -> T {
            guard let v else { throw Failure.at(path, "the workload has no valid \(what)") }
            return v
        }
        let name = root.member("name")?.stringValue ?? "workload"
        guard case .number(let r)? = root.member("renders")?.value, let renders = Int(r), Self.rendersRange.contains(renders) else {
            throw Failure.at(
                path, "\"renders\" must be an integer from \(Self.rendersRange.lowerBound) to \(Self.rendersRange.upperBound) (the shared workload has 200000)")
        }
        let locales = try need(root.member("locales")?.arrayValue?.compactMap(\.stringValue), "\"locales\"")
        guard !locales.isEmpty, locales.count <= Self.maxLocales else {
            throw Failure.at(
                path, "\"locales\" must list 1 to \(Self.maxLocales) locales (it lists \(locales.count)): a workload renders each template in each locale")
        }
        guard let templateCount = root.member("templates")?.arrayValue?.count, (1...Self.maxTemplates).contains(templateCount) else {
            throw Failure.at(path, "\"templates\" must hold 1 to \(Self.maxTemplates) templates: a workload with none renders nothing")
        }
        let zone = root.member("timeZone")?.stringValue ?? "UTC"
        var templates: [Template] = []
        for t in try need(root.member("templates")?.arrayValue, "\"templates\"") {
            let id = try need(t.member("id")?.stringValue, "template id")
            var types: [String: String] = [:]
            for p in t.member("params")?.arrayValue ?? [] {
                if let n = p.member("name")?.stringValue, let ty = p.member("type")?.stringValue { types[n] = ty }
            }
            var messages: [MessageFormat] = []
            for l in locales {
                let pattern = try need(t.member("messages")?.member(l)?.stringValue, "message \(id)/\(l)")
                do { messages.append(try MessageFormat(pattern, locale: l)) } catch {
                    throw Failure.at(path, "template \(id), locale \(l): \(Failure.words(error))")
                }
            }
            var named: [[String: MessageValue]] = []
            for a in t.member("args")?.arrayValue ?? [] {
                var values: [String: MessageValue] = [:]
                for m in a.objectMembers ?? [] {
                    switch (types[m.key], m.value.value) {
                    case ("date"?, .number(let lit)): values[m.key] = .date(millis: Double(lit) ?? 0)
                    case (_, .number(let lit)):
                        values[m.key] = Int64(lit).map(MessageValue.int) ?? .double(Double(lit) ?? 0)
                    case (_, .string(let s)): values[m.key] = .string(s)
                    default: throw Failure.at(path, "template \(id): argument \(m.key) has an unsupported value")
                    }
                }
                named.append(values)
            }
            guard (1...Self.maxArgumentSets).contains(named.count) else {
                throw Failure.at(path, "template \(id): \"args\" must hold 1 to \(Self.maxArgumentSets) argument sets (it holds \(named.count))")
            }
            let bound = messages.map { m in named.map { m.bind($0) } }
            templates.append(Template(id: id, messages: messages, args: bound))
        }
        // The render cycle is every (template, locale, argument set) in the workload's order:
        // T·L times the lcm of the argument set counts, which must stay small.
        var period = templates.count * locales.count
        for t in templates {
            let next = lcm(period, templates.count * locales.count * t.args[0].count)
            guard next <= Self.maxCycle else {
                throw Failure.at(
                    path,
                    "the workload's render cycle (templates × locales × the lcm of the argument set counts) is over \(Self.maxCycle) renders: give every template the same number of argument sets"
                )
            }
            period = next
        }
        return RenderWorkload(name: name, renders: renders, locales: locales, timeZone: zone, templates: templates)
    }

    /// The renders a workload may ask for per pass (the shared one asks 200,000).
    static let rendersRange = 1...1_000_000_000
    /// The most locales, templates and argument sets per template a workload may hold: the
    /// render cycle (every template × locale × argument set) stays small.
    static let maxLocales = 100, maxTemplates = 10_000, maxArgumentSets = 64
    /// The longest render cycle (the shared workload's is 744).
    static let maxCycle = 10_000_000

    func render(t: Int, l: Int, k: Int, context: FormatContext) throws -> String {
        let tpl = templates[t]
        return try tpl.messages[l].format(tpl.args[l][k], timeZone: timeZone, context: context)
    }

    /// The render order as one cycle of (message, arguments) pairs: render `i` is
    /// `cycle[i % cycle.count]` (t = i % T, l = (i / T) % L, k = (i / (T·L)) % len(args)).
    var cycle: [(MessageFormat, BoundArguments)] {
        let T = templates.count, L = locales.count
        var period = T * L
        for t in templates { period = lcm(period, T * L * t.args[0].count) }
        return (0..<period).map { i in
            let t = i % T, l = (i / T) % L
            let tpl = templates[t]
            return (tpl.messages[l], tpl.args[l][(i / (T * L)) % tpl.args[l].count])
        }
    }

    /// Renders in the workload's order; returns the checksum (UTF-16 code units).
    /// Each render's text is written as UTF-8 into one reused buffer (as ICU's `umsg_format`
    /// writes UTF-16 into the anchor's), not made into a `String`.
    func run(renders: Int, cycle: [(MessageFormat, BoundArguments)], context: FormatContext) throws -> Int {
        var checksum = 0
        var j = 0
        var text: [UInt8] = []
        text.reserveCapacity(1024)
        for _ in 0..<renders {
            let (m, a) = cycle[j]
            text.removeAll(keepingCapacity: true)
            try m.format(a, timeZone: timeZone, context: context, appendingUTF8To: &text)
            checksum &+= text.withUnsafeBufferPointer(utf16Length)
            j += 1
            if j == cycle.count { j = 0 }
        }
        return checksum
    }
}

/// The length of a string in UTF-16 code units, counted from its UTF-8 bytes.
@inline(__always)
func utf16Length(_ s: String) -> Int {
    var s = s
    return s.withUTF8(utf16Length)
}

/// The length of valid UTF-8 text in UTF-16 code units.
@inline(__always)
func utf16Length(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    // Code units = bytes − continuation bytes + one more for each 4-byte sequence.
    var continuation = 0, four = 0
    for b in bytes {
        continuation &+= (b & 0xC0) == 0x80 ? 1 : 0
        four &+= b >= 0xF0 ? 1 : 0
    }
    return bytes.count - continuation + four
}

func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
func lcm(_ a: Int, _ b: Int) -> Int { a / gcd(a, b) * b }
