import Foundation
import Testing
import ToolkitSupport
import ToolkitJSON
@testable import MessageCatalog
import TestSupport

// The engine's conformance suite, in both configurations: every case of
// `Tests/Fixtures/conformance/icu72.jsonl` (the ICU reference corpus, written out with ICU 72's
// own text by `scripts/gen-conformance-fixture.sh`) through `MessageFormat` with the backend of
// this build.
// - ICU build (default traits): every text equals ICU 72's.
// - Apple configuration (`--disable-default-traits`, FoundationBackend): every text equals ICU
//   72's, or differs exactly as `docs/foundation-backend.md` lists it (id, both texts); and every
//   listed case still differs as listed, so the list cannot go stale.
//
// A fixture line is msgtool's `format --jsonl` input plus the expected text:
// `{"id": 17, "locale": "es", "timeZone": "UTC", "pattern": "…", "args": {…}, "icu72": "…"}`.
// Argument values are typed as msgtool types them (see `ConformanceFixture.value(json:usage:)`):
// integers are JSON integers, binary doubles are JSON numbers with an exponent (`1.5e0`,
// `1e+21`: msgtool reads a literal with an exponent as a double, and `1.5` as the decimal
// "1.5"), decimals are strings ("1.50"), instants are ISO 8601 strings, texts are strings.

/// One case of the fixture.
struct ConformanceCase: Sendable {
    let id: Int
    let locale: String
    let timeZone: String
    let pattern: String
    /// The `args` object's members as written, in order.
    let args: [(name: String, json: JSONNode)]
    let icu72: String
    /// What the toolkit prints: ICU 72's text, except where the one exception of docs/foundation-backend.md (CLDR's
    /// minimum grouping digits, `MinimumGroupingException`) changes it; the fixture then carries
    /// it as the member `toolkit`.
    let toolkit: String
}

/// One listed difference of the Foundation backend (a row of docs/foundation-backend.md).
struct ListedDifference: Sendable, Equatable {
    let id: Int
    let icu72: String
    let foundation: String
    let reason: String
}

enum ConformanceFixture {
    static let relativePath = "Tests/Fixtures/conformance/icu72.jsonl"
    static let url = Repository.url(relativePath)
    static let differencesURL = Repository.url("docs/foundation-backend.md")

    // MARK: Writing (the generator, in the ICU build)

    /// A value as msgtool's JSON input writes it (see the file comment).
    static func json(_ value: MessageValue) -> String {
        switch value {
        case .int(let i): return String(i)
        case .double(let d):
            precondition(d.isFinite, "JSON has no \(d)")
            let s = d.description  // the shortest text that round-trips
            return s.contains("e") ? s : s + "e0"
        case .decimal(let s): return JSONWriter.quote(s)
        case .string(let s): return JSONWriter.quote(s)
        case .date(let ms): return JSONWriter.quote(iso(ms))
        }
    }

    /// An instant as ISO 8601 in UTC, with milliseconds only when it has some.
    static func iso(_ ms: Double) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = ms.truncatingRemainder(dividingBy: 1000) == 0 ? [.withInternetDateTime] : [.withInternetDateTime, .withFractionalSeconds]
        return f.string(from: Date(timeIntervalSince1970: ms / 1000))
    }

    /// One fixture line; `toolkit` is written only when it differs from `icu72`.
    static func line(id: Int, locale: String, timeZone: String, pattern: String, args: [(String, MessageValue)], icu72: String, toolkit: String) -> String {
        var s =
            "{\"id\": \(id), \"locale\": \(JSONWriter.quote(locale)), \"timeZone\": \(JSONWriter.quote(timeZone)), \"pattern\": \(JSONWriter.quote(pattern)), \"args\": {"
        s += args.map { "\(JSONWriter.quote($0.0)): \(json($0.1))" }.joined(separator: ", ")
        s += "}, \"icu72\": \(JSONWriter.quote(icu72))"
        if toolkit != icu72 { s += ", \"toolkit\": \(JSONWriter.quote(toolkit))" }
        return s + "}"
    }

    // MARK: Reading

    static func load() throws -> [ConformanceCase] {
        let text = try String(contentsOf: url, encoding: .utf8)
        var out: [ConformanceCase] = []
        for (n, raw) in text.split(separator: "\n").enumerated() {
            let node = try JSONReader.parse(String(raw))
            guard case .number(let idText)? = node.member("id")?.value, let id = Int(idText),
                let locale = node.member("locale")?.stringValue,
                let pattern = node.member("pattern")?.stringValue,
                let icu72 = node.member("icu72")?.stringValue,
                let args = node.member("args")?.objectMembers
            else { throw FixtureError("line \(n + 1) of \(relativePath) is not a fixture case") }
            out.append(
                ConformanceCase(
                    id: id, locale: locale, timeZone: node.member("timeZone")?.stringValue ?? "UTC",
                    pattern: pattern, args: args.map { ($0.key, $0.value) }, icu72: icu72,
                    toolkit: node.member("toolkit")?.stringValue ?? icu72))
        }
        return out
    }

    /// A JSON argument as msgtool's `format --jsonl` types it (`ArgumentTyping.value(json:usage:)`,
    /// shared with msgtool), by how the pattern uses it.
    static func value(json: JSONNode, usage: ArgumentUsage.Kind?) throws -> MessageValue {
        do { return try ArgumentTyping.value(json: json, usage: usage) } catch let error as ArgumentTypingError {
            throw FixtureError(error.message)
        }
    }

    /// How each argument is used, as msgtool sees it: the first usage other than plain wins.
    static func usageKinds(_ pattern: MessagePattern) -> [String: ArgumentUsage.Kind] { ArgumentTyping.usageKinds(pattern) }

    /// The case's arguments as msgtool would pass them.
    static func arguments(of c: ConformanceCase, pattern: MessagePattern) throws -> [String: MessageValue] {
        let kinds = usageKinds(pattern)
        var out: [String: MessageValue] = [:]
        for (name, node) in c.args { out[name] = try value(json: node, usage: kinds[name]) }
        return out
    }

    /// What the engine prints for a case: the text, or an error as msgtool shows its kind.
    static func format(_ c: ConformanceCase, cache: inout [String: Result<MessageFormat, Diagnostic>]) -> String {
        let key = c.locale + "\u{0}" + c.pattern
        let compiled: Result<MessageFormat, Diagnostic>
        if let hit = cache[key] {
            compiled = hit
        } else {
            compiled = Result { () throws(Diagnostic) in try MessageFormat(c.pattern, locale: c.locale) }
            cache[key] = compiled
        }
        switch compiled {
        case .failure(let e): return errorText(kind: e.kind.rawValue, message: e.message)
        case .success(let m):
            do {
                return try m.format(try arguments(of: c, pattern: m.pattern), timeZone: c.timeZone)
            } catch let e as Diagnostic {
                return errorText(kind: e.kind.rawValue, message: e.message)
            } catch {
                return errorText(kind: "badArgument", message: "\(error)")
            }
        }
    }

    /// How an error stands in for a text in the comparison and in the differences document.
    /// Only the kind: messages are free to improve.
    static func errorText(kind: String, message: String) -> String { "<error: \(kind)>" }

    // MARK: The differences document

    /// The rows of docs/foundation-backend.md's difference tables:
    /// `| id | locale | zone | pattern | args | ICU 72 | Foundation | reason |`, where the two
    /// texts are JSON string literals in backticks (`"10:05\u202fAM"`).
    static func listedDifferences() throws -> [ListedDifference] { try listed().cases }

    /// The patterns the Foundation backend refuses at compile time, each with the text that
    /// stands for its error: rows `| refused | pattern | error | reason |` (JSON literals in backticks).
    static func refusedPatterns() throws -> [String: String] { try listed().refused }

    static func listed() throws -> (cases: [ListedDifference], refused: [String: String]) {
        let text = try String(contentsOf: differencesURL, encoding: .utf8)
        var out: [ListedDifference] = []
        var refused: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = splitRow(line)
            if cells.count == 4, cells[0] == "refused" {
                guard let pattern = jsonString(cells[1]), let error = jsonString(cells[2]) else {
                    throw FixtureError("docs/foundation-backend.md: a refused row needs the pattern and the error as JSON strings in backticks: \(line)")
                }
                refused[pattern] = error
                continue
            }
            guard cells.count == 8, let id = Int(cells[0]) else { continue }
            guard let icu = jsonString(cells[5]), let foundation = jsonString(cells[6]) else {
                throw FixtureError("docs/foundation-backend.md, row \(id): the texts must be JSON strings in backticks")
            }
            out.append(ListedDifference(id: id, icu72: icu, foundation: foundation, reason: cells[7].trimmingCharacters(in: CharacterSet(charactersIn: "` "))))
        }
        return (out, refused)
    }

    /// Cells of a markdown table row (`\|` is a literal bar).
    static func splitRow(_ line: Substring) -> [String] {
        var cells: [String] = []
        var cell = ""
        var escaped = false
        for ch in line.dropFirst() {
            if escaped { cell.append(ch); escaped = false; continue }
            if ch == "\\" { escaped = true; cell.append(ch); continue }
            if ch == "|" { cells.append(cell.trimmingCharacters(in: .whitespaces)); cell = ""; continue }
            cell.append(ch)
        }
        return cells
    }

    /// `` `"text"` `` → text.
    static func jsonString(_ cell: String) -> String? {
        guard cell.hasPrefix("`"), cell.hasSuffix("`"), cell.count >= 2 else { return nil }
        return (try? JSONReader.parse(String(cell.dropFirst().dropLast())))?.stringValue
    }

    /// A text as the document writes it: a JSON string literal with every character outside
    /// printable ASCII (and the bar and the backtick) escaped, so that U+202F and U+00A0 show.
    static func documentLiteral(_ s: String) -> String {
        var out = "\""
        for u in s.utf16 {
            switch u {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x7C, 0x60: out += String(format: "\\u%04x", u)
            case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(u)!)
            default: out += String(format: "\\u%04x", u)
            }
        }
        return out + "\""
    }
}

struct FixtureError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

@Suite("Conformance fixture")
struct ConformanceTests {
    /// Every fixture case through `MessageFormat` with this build's backend.
    @Test func engineConformsToICU72() throws {
        let cases = try ConformanceFixture.load()
        #expect(cases.count >= 5000)
        var cache: [String: Result<MessageFormat, Diagnostic>] = [:]
        let results = cases.map { ($0, ConformanceFixture.format($0, cache: &cache)) }
        try ConformanceCheck.check(results, backend: Backend.name)
    }
}

/// The comparison both conformance tests share (the engine here, msgtool in MsgToolTests has its
/// own copy of the rule).
enum ConformanceCheck {
    /// Are we the Apple configuration (the Foundation backend)?
    static var isFoundation: Bool { Backend.name == "Foundation" }

    static func check(_ results: [(ConformanceCase, String)], backend: String) throws {
        var differing: [(ConformanceCase, String)] = []
        for (c, text) in results where text != c.toolkit { differing.append((c, text)) }
        // For the differences document's generator: every differing case as one JSON line.
        if let path = ProcessInfo.processInfo.environment["WRITE_CONFORMANCE_DIFFERENCES"] {
            var out = ""
            for (c, text) in differing {
                out +=
                    "{\"id\": \(c.id), \"locale\": \(JSONWriter.quote(c.locale)), \"timeZone\": \(JSONWriter.quote(c.timeZone)), \"pattern\": \(JSONWriter.quote(c.pattern)), "
                out += "\"args\": {" + c.args.map { "\(JSONWriter.quote($0.name)): \(jsonText($0.json))" }.joined(separator: ", ") + "}, "
                out += "\"icu72\": \(JSONWriter.quote(c.toolkit)), \"foundation\": \(JSONWriter.quote(text))}\n"
            }
            try out.write(toFile: path, atomically: true, encoding: .utf8)
        }
        func show(_ c: ConformanceCase, _ text: String) -> String {
            "#\(c.id) \(c.locale) \(c.timeZone) \(c.pattern.prefix(80)): ICU 72 \(ConformanceFixture.documentLiteral(c.toolkit)), \(backend) \(ConformanceFixture.documentLiteral(text))"
        }
        if !isFoundation {
            let report = differing.prefix(20).map { show($0.0, $0.1) }.joined(separator: "\n")
            #expect(
                differing.isEmpty,
                "\(differing.count) of \(results.count) cases differ from ICU 72 (with the minimum-grouping exception); the first \(min(20, differing.count)):\n\(report)"
            )
            return
        }
        let (listed, refused) = try ConformanceFixture.listed()
        // A refused pattern: every case of it is that error, and it is listed once, not per case.
        for (pattern, error) in refused {
            let cases = results.filter { $0.0.pattern == pattern }
            #expect(!cases.isEmpty, "docs/foundation-backend.md lists the refused pattern \(pattern), which the fixture does not have")
            let formatted = cases.filter { $0.1 != error }
            #expect(
                formatted.isEmpty,
                "docs/foundation-backend.md lists \(pattern) as refused (\(error)), but \(formatted.count) cases give another text, e.g. \(formatted.first.map { show($0.0, $0.1) } ?? "")"
            )
        }
        differing.removeAll { refused[$0.0.pattern] == $0.1 }
        var byID: [Int: ListedDifference] = [:]
        for l in listed {
            #expect(byID[l.id] == nil, "docs/foundation-backend.md lists case \(l.id) twice")
            byID[l.id] = l
        }
        var unlisted: [String] = [], wrong: [String] = []
        for (c, text) in differing {
            guard let l = byID[c.id] else { unlisted.append(show(c, text)); continue }
            if l.icu72 != c.toolkit || l.foundation != text {
                wrong.append(
                    show(c, text)
                        + " — listed as ICU 72 \(ConformanceFixture.documentLiteral(l.icu72)), Foundation \(ConformanceFixture.documentLiteral(l.foundation))")
            }
        }
        let differingIDs = Set(differing.map(\.0.id))
        let stale = listed.filter { !differingIDs.contains($0.id) }.map(\.id)
        #expect(
            unlisted.isEmpty,
            "\(unlisted.count) differences are not listed in docs/foundation-backend.md; the first 20:\n\(unlisted.prefix(20).joined(separator: "\n"))")
        #expect(wrong.isEmpty, "\(wrong.count) differences are listed with other texts; the first 20:\n\(wrong.prefix(20).joined(separator: "\n"))")
        #expect(stale.isEmpty, "\(stale.count) cases listed in docs/foundation-backend.md no longer differ: \(stale.prefix(50))")
    }

    static func jsonText(_ n: JSONNode) -> String {
        switch n.value {
        case .number(let lit): lit
        case .string(let s): JSONWriter.quote(s)
        default: "null"
        }
    }
}
