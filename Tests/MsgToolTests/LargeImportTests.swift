import Foundation
import Testing

// msgtool import of large translators' files: the size cap on the file (docs/scheduling.md,
// "Limits") and an import that changes every unit of a locale.

@Suite("msgtool import: large files")
struct LargeImportTests {
    /// The cap on a translators' file (InputFile.Limit.exchange).
    static let cap = 512 << 20

    /// Exports es from the copy's catalog in `format`.
    private func export(_ copy: CatalogCopy, _ format: String) throws -> String {
        let run = try MsgTool.run(["export", "--catalog", copy.path, "--format", format, "--locale", "es"])
        #expect(run.status == 0, "\(run)")
        return run.out
    }

    @Test("A file over the former 64 MiB cap imports (an export of 100,000 messages is 161 to 264 MB)")
    func aFileOverSixtyFourMiBImports() throws {
        let copy = try CatalogCopy()
        let po = try export(copy, "po").replacingOccurrences(of: "msgstr \"Apunta un logro\"", with: "msgstr \"Un apunte más\"")
        // Translator comments (as a CAT tool may add) take the file past 64 MiB.
        let comment = "# " + String(repeating: "x", count: 1 << 20) + "\n"
        let padded = String(repeating: comment, count: 65) + "\n" + po
        #expect(padded.utf8.count > 64 << 20 && padded.utf8.count < Self.cap)
        try copy.write("es.po", padded)
        let run = try MsgTool.run(["import", "--catalog", copy.path, copy.file("es.po")])
        #expect(run.status == 0, "\(run)")
        #expect(run.out.hasPrefix("Updated \(copy.file("es.json")): 0 added, 1 changed"), "\(run)")
        #expect(try copy.read("es.json").contains("\"Un apunte más\""))
    }

    @Test("A file over the cap is refused from its size, with exit 1, and nothing changes")
    func aFileOverTheCapIsRefused() throws {
        let copy = try CatalogCopy()
        let path = copy.file("huge.xliff")
        // A sparse file: its size is over the cap, its bytes cost nothing.
        #expect(FileManager.default.createFile(atPath: path, contents: Data("<?xml version=\"1.0\"?>\n".utf8)))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(Self.cap + 1))
        try handle.close()
        let before = try copy.snapshot()
        let run = try MsgTool.run(["import", "--catalog", copy.path, path])
        #expect(run.status == 1, "\(run)")
        #expect(
            run.stderr
                == "\(path): error: the file is \(Self.cap + 1) bytes, over the limit of \(Self.cap) bytes (512 MiB) for a translators' file, far past real use: check that this is the right file\n",
            "\(run)")
        #expect(run.out.isEmpty)
        #expect(try copy.snapshot() == before)
    }

    /// Every target text of an export prefixed with "Cambio ": every unit changed.
    private static func everyTargetPrefixed(_ text: String, format: String) -> String {
        switch format {
        case "xliff": return text.replacingOccurrences(of: "<target xml:space=\"preserve\">", with: "<target xml:space=\"preserve\">Cambio ")
        default:
            // PO: every msgstr but the header's (the first).
            var header = true
            return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
                guard line.hasPrefix("msgstr \"") || line.hasPrefix("msgstr[") else { return String(line) }
                if header { header = false; return String(line) }
                let quote = line.firstIndex(of: "\"")!
                return String(line[...quote]) + "Cambio " + line[line.index(after: quote)...]
            }.joined(separator: "\n")
        }
    }

    @Test("An import that changes every unit changes each text and nothing else", arguments: ["xliff", "po"])
    func everyUnitChanged(_ format: String) throws {
        let copy = try CatalogCopy()
        let before = try copy.read("es.json")
        #expect(!before.contains("Cambio ") && !before.contains("sourceFingerprints"))
        let edited = Self.everyTargetPrefixed(try export(copy, format), format: format)
        try copy.write("es.\(format)", edited)
        let run = try MsgTool.run(["import", "--catalog", copy.path, copy.file("es.\(format)")])
        #expect(run.status == 0, "\(run)")
        let units = edited.components(separatedBy: "Cambio ").count - 1
        #expect(run.out.hasPrefix("Updated \(copy.file("es.json")): 0 added, \(units) changed, 0 confirmed, 0 unchanged."), "\(run.out.prefix(300))")
        let after = try copy.read("es.json")
        // Each text is the old one after "Cambio ", in its place; then one fingerprint a unit.
        let fingerprints = try #require(after.range(of: "},\n  \"sourceFingerprints\": {\n"))
        #expect(after[..<fingerprints.lowerBound].replacingOccurrences(of: "Cambio ", with: "") + "}\n}\n" == before)
        let recorded = after[fingerprints.upperBound...].split(separator: "\n").filter { $0.hasPrefix("    \"") }
        #expect(recorded.count == units)
        #expect(after.components(separatedBy: "Cambio ").count - 1 == units)
        // Importing the same file again changes nothing.
        let again = try MsgTool.run(["import", "--catalog", copy.path, copy.file("es.\(format)")])
        #expect(again.status == 0 && again.out.hasPrefix("Unchanged"), "\(again)")
        #expect(try copy.read("es.json") == after)
    }
}
