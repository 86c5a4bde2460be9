import ArgumentParser
import Foundation
import MessageCatalog
import MessageCatalogTools

struct Fmt: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Rewrite catalog files in their canonical form (or check that they are).",
        discussion: """
            The canonical form (docs/catalog-format.md): two-space indent, one member a line, keys in \
            a fixed order (locale, messages, sourceFingerprints; messages and parts in the source's \
            order; tones cheerful, gentle, minimal), final newline. Every tool that writes a catalog \
            writes this form, so diffs show only real changes. --check writes nothing and exits 1 \
            listing the files that differ; without --catalog it checks the bundled catalogs.
            """
    )

    @OptionGroup var catalogOptions: CatalogOptions
    @Flag(help: "Write nothing; exit 1 and list the files that are not canonical.") var check = false

    func validate() throws {
        if catalogOptions.catalog == nil && !check {
            throw ValidationError("Give --catalog DIR to rewrite files (the bundled catalogs are compiled in; use --check to check them).")
        }
    }

    func run() throws {
        if !check, let directory = catalogOptions.catalog {
            try TranslatorFiles.locked(directory) { try format() }
        } else {
            try format()
        }
    }

    private func format() throws {
        let folder = try catalogOptions.folder()
        let differing: [(file: CatalogFolder.File, canonical: [UInt8])]
        do { differing = try CanonicalCatalog.differences(in: folder) } catch { throw TranslatorFiles.failure(error) }
        if check {
            if differing.isEmpty {
                Output.out("All \(folder.files.count) catalog files are canonical.")
                return
            }
            for d in differing { Output.out("\(d.file.path): not canonical") }
            Output.out("\(differing.count) of \(folder.files.count) files differ from the canonical form: run msgtool fmt --catalog DIR.")
            throw ExitCode(1)
        }
        for d in differing {
            try TranslatorFiles.write(d.canonical, to: d.file.path)
            Output.out("Formatted \(d.file.path)")
        }
        Output.out(
            differing.isEmpty
                ? "All \(folder.files.count) catalog files are canonical; nothing written."
                : "\(differing.count) of \(folder.files.count) files rewritten.")
    }
}
