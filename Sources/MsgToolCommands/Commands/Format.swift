import ToolkitSupport
import ToolkitJSON
import ArgumentParser
import Foundation
import MessageCatalog

extension Tone: ExpressibleByArgument {}
extension AddressTerm: ExpressibleByArgument {}

/// The nearest of some names to a misspelt one.
enum Suggestion {
    /// The closest name by edit distance (Levenshtein, case-insensitive), if it is close: at most
    /// a third of the name's length (rounded), and at least 1, edits away.
    static func closest(to name: String, among names: [String]) -> String? {
        let limit = max(1, (name.count + 1) / 3)
        return names.map { ($0, distance(Array(name.lowercased()), Array($0.lowercased()))) }
            .filter { $0.1 <= limit }.min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
    }

    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let old = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = old
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}

struct Format: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Format an ICU MessageFormat pattern (or a catalog message) with arguments.",
        discussion: """
            A value that parses as a number is a number ("1.50" keeps its fraction digits); a date or \
            time argument takes an ISO 8601 instant. --term-of-address fills the reserved \
            termOfAddress argument that texts select on (feminine, masculine; neutral and the \
            default, unspecified, show the neutral text). With --jsonl, reads one JSON object a line on \
            stdin: {"id", "locale", "timeZone"?, "termOfAddress"?, "pattern" | "key", "args": {...}} and writes \
            {"id", "output"} or {"id", "error": {"kind", "message", "offset"}} per line, in order.
            """
    )

    @Option(help: "BCP 47 locale tag (en, es-MX, zh-Hans).") var locale: String?
    @Option(name: .customLong("time-zone"), help: "IANA time zone for dates and times.") var timeZone: String = "UTC"
    @Option(help: "The pattern to format.") var pattern: String?
    @Option(help: "A catalog unit id (reminder.achievement.body.gentle.2) or message key (with --tone/--variant).") var key: String?
    @Option(help: "Tone for --key: cheerful, gentle, minimal.") var tone: Tone?
    @Option(help: "Variant index for --key pools.") var variant: Int?
    @Option(name: .customLong("arg"), parsing: .singleValue, help: "name=value (repeatable).") var args: [NamedArgument] = []
    @Option(name: .customLong("term-of-address"), help: "The user's term of address: feminine, masculine, neutral or unspecified (the default).")
    var termOfAddress: AddressTerm = .unspecified
    @OptionGroup var catalogOptions: CatalogOptions
    @Flag(help: "Read JSON Lines requests on stdin.") var jsonl = false

    func validate() throws {
        if args.contains(where: { $0.name == AddressTerm.argumentName }) {
            throw ValidationError(
                "--arg \(AddressTerm.argumentName): the term of address is not an argument: give --term-of-address feminine (masculine, neutral, unspecified).")
        }
        if jsonl { return }
        if locale == nil { throw ValidationError("--locale is required (e.g. --locale en).") }
        if (pattern == nil) == (key == nil) { throw ValidationError("Give exactly one of --pattern or --key.") }
    }

    func run() throws {
        if jsonl { return try runJSONL() }
        let locale = self.locale!
        if let pattern {
            let parsed: MessagePattern
            do { parsed = try MessagePattern(pattern) } catch {
                throw Failure.at(nil, "\(error.message) (pattern line \(error.location.line ?? 1), column \(error.location.column ?? 1))")
            }
            let kinds = ArgumentTyping.usageKinds(parsed)
            var values: [String: MessageValue] = [:]
            for a in args {
                let name = a.name, text = a.text
                try Self.checkDeclared(name, among: Array(kinds.keys), in: "the pattern uses")
                do { values[name] = try ArgumentTyping.value(text: text, usage: kinds[name]) } catch let e as ArgumentTypingError {
                    throw Failure.at(nil, "--arg \(name): \(e.message)")
                }
            }
            if kinds[AddressTerm.argumentName] != nil { values[AddressTerm.argumentName] = .string(termOfAddress.selectKeyword) }
            do {
                let m = try MessageFormat(pattern: parsed, locale: locale)
                Output.out(try m.format(values, timeZone: timeZone))
            } catch {
                throw Failure.at(nil, Failure.words(error))
            }
        } else if let key {
            try formatKey(key, locale: locale)
        }
    }

    /// An `--arg` the message does not declare is an error naming it, with the nearest declared
    /// names (by edit distance) and the full list.
    static func checkDeclared(_ name: String, among declared: [String], in what: String) throws {
        guard !declared.contains(name) else { return }
        let list = declared.isEmpty ? "none" : declared.sorted().joined(separator: ", ")
        let hint = Suggestion.closest(to: name, among: declared).map { "did you mean '\($0)'? " } ?? ""
        throw Failure.at(nil, "--arg \(name): not an argument of this message: \(hint)(\(what): \(list)).")
    }

    private func formatKey(_ key: String, locale: String) throws {
        let catalog = try catalogOptions.load()
        // A message key with several parts and no part named: every part, labelled.
        if catalog.source.units.first(where: { $0.id == key }) == nil, let message = catalog.source.message(key), message.parts.count > 1 {
            var lines: [String] = []
            for part in message.parts {
                lines.append("\(part.name): " + (try formatOne("\(key).\(part.name)", locale: locale, catalog: catalog)))
            }
            Output.out(lines.joined(separator: "\n"))
            return
        }
        Output.out(try formatOne(key, locale: locale, catalog: catalog))
    }

    private func formatOne(_ key: String, locale: String, catalog: LocalizedCatalog) throws -> String {
        let kinds = catalog.declaredKinds(forUnitOrKey: key)
        var values: [String: MessageValue] = [:]
        for a in args {
            let name = a.name, text = a.text
            try Self.checkDeclared(name, among: Array(kinds.keys), in: "'\(key)' declares")
            do { values[name] = try ArgumentTyping.value(text: text, usage: kinds[name]) } catch let e as ArgumentTypingError {
                throw Failure.at(nil, "--arg \(name): \(e.message)")
            }
        }
        do {
            return try catalog.format(
                unitOrKey: key, locale: locale, tone: tone, variant: variant, arguments: values, timeZone: timeZone,
                termOfAddress: termOfAddress)
        } catch {
            throw Failure.at(nil, Failure.words(error))
        }
    }

    private func runJSONL() throws {
        let out = StdoutBuffer()
        var cache: [String: Result<MessageFormat, Diagnostic>] = [:]
        var lineNumber = 0
        var anyError = false
        let context = FormatContext()
        var catalogLoaded: LocalizedCatalog?
        // Lines through the batch's reader: a line over 4 MiB (a 1 MiB pattern fits) is an error
        // line of its own and is never held in memory whole.
        let reader = try LineReader(path: nil, limit: Self.jsonlLineLimit)
        reader.beforeWaiting = { out.flush() }
        while case .input(let line) = try reader.next(wait: true) {
            lineNumber = line.number
            let raw = String(decoding: line.bytes, as: UTF8.self)
            var id: JSONNode? = nil
            func emitError(_ kind: String, _ message: String, offset: Int? = nil) {
                anyError = true
                var s = "{\"id\": "
                s += id.map(Self.jsonID) ?? "null"
                s +=
                    ", \"error\": {\"kind\": \(JSONWriter.quote(kind)), \"message\": \(JSONWriter.quote(message)), \"offset\": \(offset.map(String.init) ?? "null")}}"
                out.line(s)
            }
            if let problem = line.problem { emitError("badInput", "line \(lineNumber): \(problem)"); continue }
            if raw.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { continue }
            let node: JSONNode
            do { node = try JSONReader.parse(raw) } catch {
                emitError("badInput", "line \(lineNumber): \(error.message) (column \(error.position.column))")
                continue
            }
            guard let members = node.objectMembers else { emitError("badInput", "line \(lineNumber): each line must be a JSON object"); continue }
            id = node.member("id")
            // A key given twice is the line's error (which value was meant is unknown).
            if let twice = node.duplicateKeys.first {
                emitError("badInput", "line \(lineNumber): the key \"\(twice.key)\" appears twice in one object (column \(twice.keyPosition.column)): keep one")
                continue
            }
            // A key a request does not have is the caller's own data (the conformance fixture's
            // expected "icu72" text) and is passed over, unless it is a misspelling of one a
            // request has ("timezone", "patern"): that would silently format something else.
            if let (unknown, near) = members.lazy.filter({ !Self.jsonlKeys.contains($0.key) })
                .compactMap({ m in JSONNodeDecoder.suggestion(for: m.key, among: Self.jsonlKeys).map { (m, $0) } }).first
            {
                emitError("badInput", "line \(lineNumber): unknown key \"\(unknown.key)\" (column \(unknown.keyPosition.column)): did you mean \"\(near)\"?")
                continue
            }
            guard let locale = node.member("locale")?.stringValue else {
                emitError("badInput", "line \(lineNumber): \"locale\" (a BCP 47 tag) is required"); continue
            }
            let zone = node.member("timeZone")?.stringValue ?? "UTC"
            var term = AddressTerm.unspecified
            if let t = node.member("termOfAddress") {
                guard let known = t.stringValue.flatMap(AddressTerm.init(rawValue:)) else {
                    emitError(
                        "badInput",
                        "line \(lineNumber): \"termOfAddress\" is one of \(AddressTerm.allCases.map(\.rawValue).joined(separator: ", ")), not \(Self.describe(t))"
                    )
                    continue
                }
                term = known
            }
            if node.member("args")?.member(AddressTerm.argumentName) != nil {
                emitError("badArgument", "\(AddressTerm.argumentName): the term of address is not an argument: give it as the line's \"termOfAddress\"")
                continue
            }
            let argsNode = node.member("args")
            if let a = argsNode, a.objectMembers == nil { emitError("badInput", "line \(lineNumber): \"args\" must be an object"); continue }
            if let pattern = node.member("pattern")?.stringValue {
                let cacheKey = locale + "\u{0}" + pattern
                let compiled: Result<MessageFormat, Diagnostic>
                if let c = cache[cacheKey] {
                    compiled = c
                } else {
                    compiled = Result { () throws(Diagnostic) in try MessageFormat(pattern, locale: locale) }
                    if cache.count > 4096 { cache.removeAll() }
                    cache[cacheKey] = compiled
                }
                switch compiled {
                case .failure(let e): emitError(e.kind.rawValue, e.message, offset: e.offset)
                case .success(let m):
                    let kinds = ArgumentTyping.usageKinds(m.pattern)
                    var values: [String: MessageValue] = [:]
                    var bad = false
                    if kinds[AddressTerm.argumentName] != nil { values[AddressTerm.argumentName] = .string(term.selectKeyword) }
                    for member in argsNode?.objectMembers ?? [] {
                        do { values[member.key] = try ArgumentTyping.value(json: member.value, usage: kinds[member.key]) } catch let e as ArgumentTypingError {
                            emitError("badArgument", "\(member.key): \(e.message)"); bad = true; break
                        } catch { emitError("badArgument", "\(error)"); bad = true; break }
                    }
                    if bad { continue }
                    do {
                        let text = try m.format(m.bind(values), timeZone: zone, context: context)
                        out.line("{\"id\": \(id.map(Self.jsonID) ?? "null"), \"output\": \(JSONWriter.quote(text))}")
                    } catch { emitError(error.kind.rawValue, error.message, offset: error.offset) }
                }
            } else if let key = node.member("key")?.stringValue {
                do {
                    if catalogLoaded == nil { catalogLoaded = try catalogOptions.load() }
                    let cat = catalogLoaded!
                    let kinds = cat.declaredKinds(forUnitOrKey: key)
                    var values: [String: MessageValue] = [:]
                    for member in argsNode?.objectMembers ?? [] {
                        values[member.key] = try ArgumentTyping.value(json: member.value, usage: kinds[member.key])
                    }
                    var tone: Tone? = nil
                    if let t = node.member("tone")?.stringValue {
                        guard let known = Tone(rawValue: t) else {
                            emitError("badInput", "line \(lineNumber): \"tone\": \"\(t)\" is not a tone (cheerful, gentle, minimal)")
                            continue
                        }
                        tone = known
                    }
                    var variant: Int? = nil
                    if case .number(let n)? = node.member("variant")?.value { variant = Int(n) }
                    let text = try cat.format(
                        unitOrKey: key, locale: locale, tone: tone, variant: variant, arguments: values, timeZone: zone,
                        termOfAddress: term)
                    out.line("{\"id\": \(id.map(Self.jsonID) ?? "null"), \"output\": \(JSONWriter.quote(text))}")
                } catch let e as ArgumentTypingError {
                    emitError("badArgument", e.message)
                } catch let e as Diagnostic {
                    emitError(e.kind.rawValue, e.message, offset: e.offset)
                } catch let e as Failure {
                    // A catalog that does not load: its message as msgtool prints it, once per line.
                    emitError("badInput", e.message.hasPrefix("error: ") ? String(e.message.dropFirst(7)) : e.message)
                } catch {
                    emitError("badInput", "\(error)")
                }
            } else {
                emitError("badInput", "line \(lineNumber): give \"pattern\" or \"key\"")
            }
        }
        out.flush()
        if anyError { throw ExitCode(1) }
    }

    /// The longest `--jsonl` line read (longer ones are that line's `badInput` error).
    static let jsonlLineLimit = 4 << 20

    /// The members a `--jsonl` request may have.
    static let jsonlKeys = ["id", "locale", "timeZone", "termOfAddress", "pattern", "key", "args", "tone", "variant"]

    /// A JSON value as an error message names it: a string or number as written, else its kind.
    static func describe(_ n: JSONNode) -> String {
        switch n.value {
        case .string, .number, .bool: return jsonID(n)
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    static func jsonID(_ n: JSONNode) -> String {
        switch n.value {
        case .string(let s): return JSONWriter.quote(s)
        case .number(let lit): return lit
        case .bool(let b): return b ? "true" : "false"
        default: return "null"
        }
    }
}
