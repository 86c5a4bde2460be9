import Foundation
import Testing
import TestSupport

// `msgtool format --jsonl` against the engine's conformance suite: the fixture
// (Tests/Fixtures/conformance/icu72.jsonl, msgtool's input shape plus ICU 72's text as "icu72",
// which msgtool ignores, and "toolkit" where the minimum-grouping exception changes that
// text) piped through the built binary as it is. The rule is the one of
// MessageCatalogTests' ConformanceTests: in the ICU build every output equals that text; in
// the Apple configuration (`--disable-default-traits`, the Foundation backend) every other text
// is listed in docs/foundation-backend.md with both texts, and every listed case still differs
// as listed. An error stands for the text `<error: KIND>`.

@Suite("msgtool format --jsonl conformance")
struct ConformanceCommandTests {
    static let fixture = Repository.fixture("conformance/icu72.jsonl")
    static let document = Repository.url("docs/foundation-backend.md")

    #if SystemICU && os(Linux)
    static let foundationBackend = false
    #else
    static let foundationBackend = true
    #endif

    @Test func fixtureThroughMsgtool() throws {
        let input = try Data(contentsOf: Self.fixture)
        let expected = try MsgTool.jsonLines(input)
        #expect(expected.count >= 5000)
        let run = try MsgTool.run(["format", "--jsonl"], stdin: input, timeout: 600)
        #expect(!run.timedOut)
        // 0 when every line formats; 1 when any line is an error (refused by the backend).
        #expect(run.status == 0 || (Self.foundationBackend && run.status == 1), "\(run)")
        let lines = try MsgTool.jsonLines(run.stdout)
        try #require(lines.count == expected.count, "msgtool wrote \(lines.count) lines for \(expected.count) cases")

        let refused = Self.foundationBackend ? try Self.refusedPatterns() : [:]
        var refusedSeen: [String: Int] = [:]
        var differing: [(id: Int, icu72: String, text: String)] = []
        for (want, got) in zip(expected, lines) {
            let id = try #require(want["id"] as? Int)
            #expect(got["id"] as? Int == id, "line for \(id) is \(got)")
            // ICU 72's text, or the fixture's `toolkit` text where the one exception
            // (CLDR's minimum grouping digits) changes it.
            let icu72 = try #require((want["toolkit"] ?? want["icu72"]) as? String)
            let text: String
            if let output = got["output"] as? String {
                text = output
            } else {
                let error = try #require(got["error"] as? [String: Any], "neither output nor error: \(got)")
                text = "<error: \(error["kind"] as? String ?? "?")>"
            }
            if let pattern = want["pattern"] as? String, let error = refused[pattern] {
                // A pattern the backend refuses at compile time is listed once, not per case.
                #expect(text == error, "#\(id): \(pattern) is listed as refused (\(error)) but gives \(Self.literal(text))")
                refusedSeen[pattern, default: 0] += 1
                continue
            }
            if text != icu72 { differing.append((id, icu72, text)) }
        }
        for pattern in refused.keys where refusedSeen[pattern] == nil { Issue.record("the refused pattern \(pattern) is not in the fixture") }
        func show(_ d: (id: Int, icu72: String, text: String)) -> String { "#\(d.id): ICU 72 \(Self.literal(d.icu72)), msgtool \(Self.literal(d.text))" }
        guard Self.foundationBackend else {
            #expect(
                differing.isEmpty,
                "\(differing.count) of \(lines.count) outputs differ from ICU 72; the first 20:\n\(differing.prefix(20).map(show).joined(separator: "\n"))")
            return
        }
        let listed = try Self.listedDifferences()
        var unlisted: [String] = [], wrong: [String] = []
        for d in differing {
            guard let l = listed[d.id] else { unlisted.append(show(d)); continue }
            if l.icu72 != d.icu72 || l.foundation != d.text { wrong.append(show(d) + " — listed as \(Self.literal(l.icu72)) → \(Self.literal(l.foundation))") }
        }
        let stale = Set(listed.keys).subtracting(differing.map(\.id)).sorted()
        #expect(
            unlisted.isEmpty,
            "\(unlisted.count) differences are not listed in docs/foundation-backend.md; the first 20:\n\(unlisted.prefix(20).joined(separator: "\n"))")
        #expect(wrong.isEmpty, "\(wrong.count) differences are listed with other texts; the first 20:\n\(wrong.prefix(20).joined(separator: "\n"))")
        #expect(stale.isEmpty, "\(stale.count) listed cases no longer differ: \(stale.prefix(50))")
    }

    /// docs/foundation-backend.md's rows `| id | locale | zone | pattern | args | ICU 72 | Foundation | reason |`,
    /// the texts as JSON string literals in backticks.
    static func listedDifferences() throws -> [Int: (icu72: String, foundation: String)] {
        let text = try String(contentsOf: document, encoding: .utf8)
        var out: [Int: (icu72: String, foundation: String)] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| ") {
            var cells: [String] = [], cell = "", escaped = false
            for ch in line.dropFirst() {
                if escaped { cell.append(ch); escaped = false; continue }
                if ch == "\\" { escaped = true; cell.append(ch); continue }
                if ch == "|" { cells.append(cell.trimmingCharacters(in: .whitespaces)); cell = ""; continue }
                cell.append(ch)
            }
            guard cells.count == 8, let id = Int(cells[0]) else { continue }
            func string(_ c: String) throws -> String {
                guard c.hasPrefix("`"), c.hasSuffix("`"), c.count >= 2,
                    let s = try JSONSerialization.jsonObject(with: Data(c.dropFirst().dropLast().utf8), options: .fragmentsAllowed) as? String
                else { throw CocoaError(.coderReadCorrupt, userInfo: [NSDebugDescriptionErrorKey: "row \(id): \(c) is not a JSON string in backticks"]) }
                return s
            }
            #expect(out[id] == nil, "case \(id) is listed twice")
            out[id] = (try string(cells[5]), try string(cells[6]))
        }
        return out
    }

    /// docs/foundation-backend.md's rows `| refused | pattern | error | reason |`: pattern → error text.
    static func refusedPatterns() throws -> [String: String] {
        let text = try String(contentsOf: document, encoding: .utf8)
        var out: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| refused |") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 6 else { continue }
            func string(_ c: String) -> String? {
                guard c.hasPrefix("`"), c.hasSuffix("`"), c.count >= 2 else { return nil }
                return try? JSONSerialization.jsonObject(with: Data(c.dropFirst().dropLast().utf8), options: .fragmentsAllowed) as? String
            }
            guard let pattern = string(cells[2]), let error = string(cells[3]) else { Issue.record("bad refused row: \(line)"); continue }
            out[pattern] = error
        }
        return out
    }

    /// A text with everything outside printable ASCII escaped (U+202F, U+00A0 show).
    static func literal(_ s: String) -> String {
        var out = "\""
        for u in s.utf16 {
            if u >= 0x20 && u < 0x7F { out.unicodeScalars.append(Unicode.Scalar(u)!) } else { out += String(format: "\\u%04x", u) }
        }
        return out + "\""
    }
}
