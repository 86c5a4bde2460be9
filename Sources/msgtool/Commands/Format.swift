import ToolkitSupport
import ArgumentParser
import Foundation
import MessageCatalog

struct Format: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Format an ICU MessageFormat pattern (or a catalog message) with arguments.",
        discussion: """
        A value that parses as a number is a number ("1.50" keeps its fraction digits); a date or \
        time argument takes an ISO 8601 instant. With --jsonl, reads one JSON object a line on \
        stdin: {"id", "locale", "timeZone"?, "pattern" | "key", "args": {...}} and writes \
        {"id", "output"} or {"id", "error": {"kind", "message", "offset"}} per line, in order.
        """
    )

    @Option(help: "BCP 47 locale tag (en, es-MX, zh-Hans).") var locale: String?
    @Option(name: .customLong("time-zone"), help: "IANA time zone for dates and times.") var timeZone: String = "UTC"
    @Option(help: "The pattern to format.") var pattern: String?
    @Option(help: "A catalog unit id (reminder.achievement.body.gentle.2) or message key (with --tone/--variant).") var key: String?
    @Option(help: "Tone for --key: cheerful, gentle, minimal.") var tone: String?
    @Option(help: "Variant index for --key pools.") var variant: Int?
    @Option(name: .customLong("arg"), parsing: .singleValue, help: "name=value (repeatable).") var args: [String] = []
    @Option(help: "A catalog folder instead of the bundled catalogs.") var catalog: String?
    @Flag(help: "Read JSON Lines requests on stdin.") var jsonl = false

    func validate() throws {
        if jsonl { return }
        if locale == nil { throw ValidationError("--locale is required (e.g. --locale en).") }
        if (pattern == nil) == (key == nil) { throw ValidationError("Give exactly one of --pattern or --key.") }
        for a in args where !a.contains("=") { throw ValidationError("--arg takes name=value, got '\(a)'.") }
    }

    func run() throws {
        if jsonl { return try runJSONL() }
        let locale = self.locale!
        if let pattern {
            let parsed: MessagePattern
            do { parsed = try MessagePattern(pattern) } catch {
                throw Failure.at(nil, "\(error.message) (pattern line \(error.line), column \(error.column))")
            }
            let kinds = ArgumentTyping.usageKinds(parsed)
            var values: [String: MessageValue] = [:]
            for a in args {
                let eq = a.firstIndex(of: "=")!
                let name = String(a[..<eq]), text = String(a[a.index(after: eq)...])
                do { values[name] = try ArgumentTyping.value(text: text, usage: kinds[name]) } catch let e as ArgumentTypingError {
                    throw Failure.at(nil, "--arg \(name): \(e.message)")
                }
            }
            do {
                let m = try MessageFormat(pattern: parsed, locale: locale)
                Output.out(try m.format(values, timeZone: timeZone))
            } catch {
                throw Failure.at(nil, error.description)
            }
        } else if let key {
            try formatKey(key, locale: locale)
        }
    }

    private func formatKey(_ key: String, locale: String) throws {
        let catalog = try CatalogLoading.load(catalog)
        let kinds = catalog.declaredKinds(forUnitOrKey: key)
        var values: [String: MessageValue] = [:]
        for a in args {
            let eq = a.firstIndex(of: "=")!
            let name = String(a[..<eq]), text = String(a[a.index(after: eq)...])
            do { values[name] = try ArgumentTyping.value(text: text, usage: kinds[name]) } catch let e as ArgumentTypingError {
                throw Failure.at(nil, "--arg \(name): \(e.message)")
            }
        }
        do {
            let text = try catalog.format(unitOrKey: key, locale: locale, tone: tone.flatMap(Tone.init(rawValue:)),
                                          variant: variant, arguments: values, timeZone: timeZone)
            Output.out(text)
        } catch {
            throw Failure.at(nil, "\(error)")
        }
    }

    private func runJSONL() throws {
        let out = StdoutBuffer()
        var cache: [String: Result<MessageFormat, MessageFormatError>] = [:]
        var lineNumber = 0
        var anyError = false
        let context = FormatContext()
        var catalogLoaded: LocalizedCatalog?
        while let raw = readLine(strippingNewline: true) {
            lineNumber += 1
            if raw.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { continue }
            var id: JSONNode? = nil
            func emitError(_ kind: String, _ message: String, offset: Int? = nil) {
                anyError = true
                var s = "{\"id\": "
                s += id.map(Self.jsonID) ?? "null"
                s += ", \"error\": {\"kind\": \(JSONWriter.quote(kind)), \"message\": \(JSONWriter.quote(message)), \"offset\": \(offset.map(String.init) ?? "null")}}"
                out.line(s)
            }
            let node: JSONNode
            do { node = try JSONReader.parse(raw) } catch {
                emitError("badInput", "line \(lineNumber): \(error.message) (column \(error.position.column))")
                continue
            }
            guard node.objectMembers != nil else { emitError("badInput", "line \(lineNumber): each line must be a JSON object"); continue }
            id = node.member("id")
            guard let locale = node.member("locale")?.stringValue else { emitError("badInput", "line \(lineNumber): \"locale\" (a BCP 47 tag) is required"); continue }
            let zone = node.member("timeZone")?.stringValue ?? "UTC"
            let argsNode = node.member("args")
            if let a = argsNode, a.objectMembers == nil { emitError("badInput", "line \(lineNumber): \"args\" must be an object"); continue }
            if let pattern = node.member("pattern")?.stringValue {
                let cacheKey = locale + "\u{0}" + pattern
                let compiled: Result<MessageFormat, MessageFormatError>
                if let c = cache[cacheKey] { compiled = c } else {
                    compiled = Result { () throws(MessageFormatError) in try MessageFormat(pattern, locale: locale) }
                    if cache.count > 4096 { cache.removeAll() }
                    cache[cacheKey] = compiled
                }
                switch compiled {
                case .failure(let e): emitError(e.kind.rawValue, e.message, offset: e.offset)
                case .success(let m):
                    let kinds = ArgumentTyping.usageKinds(m.pattern)
                    var values: [String: MessageValue] = [:]
                    var bad = false
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
                    if catalogLoaded == nil { catalogLoaded = try CatalogLoading.load(catalog) }
                    let cat = catalogLoaded!
                    let kinds = cat.declaredKinds(forUnitOrKey: key)
                    var values: [String: MessageValue] = [:]
                    for member in argsNode?.objectMembers ?? [] {
                        values[member.key] = try ArgumentTyping.value(json: member.value, usage: kinds[member.key])
                    }
                    let tone = node.member("tone")?.stringValue.flatMap(Tone.init(rawValue:))
                    var variant: Int? = nil
                    if case .number(let n)? = node.member("variant")?.value { variant = Int(n) }
                    let text = try cat.format(unitOrKey: key, locale: locale, tone: tone, variant: variant, arguments: values, timeZone: zone)
                    out.line("{\"id\": \(id.map(Self.jsonID) ?? "null"), \"output\": \(JSONWriter.quote(text))}")
                } catch let e as ArgumentTypingError {
                    emitError("badArgument", e.message)
                } catch let e as MessageFormatError {
                    emitError(e.kind.rawValue, e.message, offset: e.offset)
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

    static func jsonID(_ n: JSONNode) -> String {
        switch n.value {
        case .string(let s): return JSONWriter.quote(s)
        case .number(let lit): return lit
        case .bool(let b): return b ? "true" : "false"
        default: return "null"
        }
    }
}
