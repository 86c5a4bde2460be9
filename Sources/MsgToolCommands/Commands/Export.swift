import ArgumentParser
import Foundation
import MessageCatalog
import MessageCatalogTools

extension ExchangeFormat: ExpressibleByArgument {}

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Export a locale for translators: XLIFF 2.0 or 1.2, gettext PO, ARB or an Apple String Catalog.",
        discussion: """
            Every unit of the source is exported with its id (key.part[.tone][.index]), the source \
            text, the locale's translation if any, and notes (the message description, its \
            arguments with examples, the tone, the pool position). Units whose source changed since \
            they were translated are marked for review (PO fuzzy, XLIFF state="initial", String \
            Catalog needs_review). A String Catalog holds the source and each --locale given; what it \
            cannot express (select, selectordinal, =N cases, offset, nested plurals) is left out and \
            listed on stderr, after the file. Without --out the file goes to stdout. The file is \
            written as it is made: --out is replaced only once it is complete (an export that fails \
            or is interrupted leaves it as it was).
            """
    )

    @Option(help: "xliff, po, arb or xcstrings.") var format: ExchangeFormat
    @Option(name: .customLong("locale"), parsing: .singleValue, help: "The target locale (repeatable for xcstrings).") var locales: [String] = []
    @OptionGroup var catalogOptions: CatalogOptions
    @Option(help: "Write to this file (atomically) instead of stdout.") var out: String?
    @Option(name: .customLong("xcstrings-version"), help: "String Catalog version to write: 1.0 (Xcode 15+) or 1.1 (Xcode 26).") var xcstringsVersion = "1.0"
    @Option(name: .customLong("xliff-version"), help: "XLIFF version to write: 2.0 (default) or 1.2 (Xcode's .xcloc and most CAT tools).") var xliffVersion =
        "2.0"

    @Option(
        name: .customLong("po-plural-forms"),
        help: "PO only: write plurals as classic gettext entries (msgid_plural, msgstr[N]) for this Plural-Forms rule, e.g. \"nplurals=2; plural=(n != 1);\".")
    var poPluralForms: String?

    func validate() throws {
        if poPluralForms != nil && format != .po { throw ValidationError("--po-plural-forms is for --format po.") }
        if locales.isEmpty { throw ValidationError("Give --locale (the language to translate into, e.g. es).") }
        if locales.count > 1 && format != .xcstrings {
            throw ValidationError("Only a String Catalog holds several locales: give one --locale for \(format.rawValue).")
        }
        if !["1.0", "1.1"].contains(xcstringsVersion) { throw ValidationError("--xcstrings-version is 1.0 or 1.1.") }
        if !["2.0", "1.2"].contains(xliffVersion) { throw ValidationError("--xliff-version is 2.0 or 1.2.") }
        if xliffVersion != "2.0" && format != .xliff { throw ValidationError("--xliff-version is for --format xliff.") }
    }

    func run() throws {
        let folder = try catalogOptions.folder()
        let export: CatalogExchange.PreparedExport
        do {
            export = try CatalogExchange.prepareExport(
                folder, format: format, locales: locales, xcstringsVersion: xcstringsVersion,
                xliffVersion: xliffVersion, poPluralForms: poPluralForms)
        } catch {
            throw TranslatorFiles.failure(error)
        }
        // Written as it is made, 64 KiB at a time: a large export is never held whole. The notes
        // (known once every unit is written) follow the file.
        if let out {
            var written: CatalogExchange.Written?
            try TranslatorFiles.write(to: out) { sink in written = export.write(to: sink) }
            guard let written else { return }
            for note in written.notes { TranslatorFiles.stderr("note: \(note)") }
            Output.out("Wrote \(out): \(written.units) units, \(format.rawValue), \(written.locales.map(\.description).joined(separator: ", ")).")
        } else {
            // Standard output reports its own failures (a closed pipe ends the process quietly).
            let sink = ExportSink { Output.stdout($0) }
            let written = export.write(to: sink)
            try sink.finish()
            for note in written.notes { TranslatorFiles.stderr("note: \(note)") }
        }
    }
}
