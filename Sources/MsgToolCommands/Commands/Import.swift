import ArgumentParser
import Foundation
import MessageCatalog
import MessageCatalogTools
import ToolkitSupport

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import translations from XLIFF (2.0, 2.1, 1.2 and Xcode's .xcloc), PO, ARB or a String Catalog into the catalog files.",
        discussion: """
            Every unit is checked before anything is written: its id is a unit of the source, its \
            text compiles in the target locale and uses only the source's arguments, as declared. \
            Then the whole catalog must load with the new file. On any problem nothing is written \
            and each problem is listed (file:line:column). Otherwise the locale's file is replaced \
            atomically in its canonical form, and each changed unit records the fingerprint of the \
            source it was translated from (stats counts it stale when the source changes). Units \
            the file leaves out, or leaves untranslated, keep their text; unchanged units stay byte \
            for byte, so importing an export changes nothing.
            """
    )

    @Option(help: "xliff, po, arb or xcstrings (default: from the file's extension).") var format: ExchangeFormat?
    @Option(help: "The locale to import (default: the one the file names; all of a String Catalog's).") var locale: String?
    @Option(help: "The catalog folder to update (e.g. Resources/strings).") var catalog: String?
    @Flag(name: .customLong("dry-run"), help: "Check and report, write nothing.") var dryRun = false
    @Flag(name: .customLong("skip-invalid"), help: "A partial import: skip the units that are refused (each listed with its reason) and import the rest.")
    var skipInvalid = false
    @Argument(help: "The file to import (or an Xcode .xcloc folder).") var file: String

    func validate() throws {
        if catalog == nil { throw ValidationError("Give --catalog DIR, the folder whose files to update (the bundled catalogs are compiled in).") }
        if format == nil && Self.format(ofExtension: file) == nil {
            throw ValidationError("Give --format (xliff, po, arb or xcstrings): the extension of \(file) does not say.")
        }
    }

    static func format(ofExtension path: String) -> ExchangeFormat? {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "xliff", "xlf", "xcloc": .xliff
        case "po", "pot": .po
        case "arb": .arb
        case "xcstrings": .xcstrings
        default: nil
        }
    }

    func run() throws {
        // Read, check and write under the folder's lock: two imports at once take turns.
        try TranslatorFiles.locked(catalog!) { try importFile() }
    }

    private func importFile() throws {
        let folder = try TranslatorFiles.folder(catalog)
        let format = self.format ?? Self.format(ofExtension: file)!
        let results: [CatalogExchange.ImportResult]
        do {
            var isDirectory: ObjCBool = false
            let (path, bytes): (String, [UInt8])
            if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory.boolValue {
                // An Xcode localization catalog (.xcloc): its Localized Contents/<locale>.xliff.
                (path, bytes) = try CatalogExchange.xclocXLIFF(file)
            } else {
                (path, bytes) = (file, try ScheduleInput.bytes(file, limit: InputFile.Limit.exchange, what: "a translators' file"))
            }
            results = try CatalogExchange.importFile(consume bytes, path: path, format: format, into: folder, locale: locale, skipInvalid: skipInvalid)
        } catch let error as Diagnostic {
            for p in error.problems { Output.error(TranslatorFiles.text(p, "error")) }
            Output.error(
                "error: nothing was imported (\(error.problems.count) problem\(error.problems.count == 1 ? "" : "s")); the catalog files are unchanged.")
            throw ExitCode(1)
        }
        for r in results {
            for w in r.warnings { TranslatorFiles.stderr(TranslatorFiles.text(w, "warning")) }
            // A skipped unit's line says so (the file:line:column and the reason stay as refused).
            for s in r.skipped { TranslatorFiles.stderr(TranslatorFiles.text(s, "skipped")) }
            if let bytes = r.bytes, !dryRun { try TranslatorFiles.write(bytes, to: r.path) }
            Output.out(Self.report(r, dryRun: dryRun))
        }
    }

    static func report(_ r: CatalogExchange.ImportResult, dryRun: Bool) -> String {
        func count(_ k: CatalogExchange.Change.Kind) -> Int { r.changes.count { $0.kind == k } }
        var lines: [String] = []
        if r.target.given != r.target.catalog { lines.append("Locale \(r.target) (\(r.target.given) is \(r.target.tag) in BCP 47).") }
        lines += [
            "\(r.bytes == nil ? "Unchanged" : dryRun ? "Would update" : "Updated") \(r.path): \(count(.added)) added, \(count(.changed)) changed, "
                + "\(count(.confirmed)) confirmed, \(r.unchanged) unchanged."
        ]
        if !r.skipped.isEmpty {
            lines.append(
                "  skipped   \(r.skipped.count) refused unit\(r.skipped.count == 1 ? "" : "s") (--skip-invalid; listed above with the reasons): they keep their text."
            )
        }
        for c in r.changes {
            var line = "  \(c.kind.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0))\(c.id)"
            if c.needsReview {
                line += "  (marked for review: stays stale)"
            } else if c.againstOlderSource {
                line += "  (translated from an older source text: stays stale)"
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
