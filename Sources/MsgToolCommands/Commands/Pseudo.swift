import ArgumentParser
import Foundation
import MessageCatalog
import MessageCatalogTools

extension PseudoLocalizer.PseudoLocale: ExpressibleByArgument {}

struct Pseudo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write pseudo-localized catalogs (en-XA accented and longer, ar-XB right to left) to test layouts.",
        discussion: """
            en-XA accents every letter, makes the letters 35 % longer and brackets each text, so \
            truncation and untranslated strings stand out; ar-XB wraps each word in right-to-left \
            marks and overrides, so the text runs right to left. Only literal text changes: \
            arguments, plural and select syntax stay intact, so the texts format as the source \
            does. OUT receives the source catalog (copied as is) and one file per locale, a \
            catalog folder msgtool preview, format and lint take with --catalog OUT.
            """
    )

    @Option(name: .customLong("locale"), parsing: .singleValue, help: "en-XA or ar-XB (repeatable).") var locales: [PseudoLocalizer.PseudoLocale] = []
    @Option(help: "A catalog folder instead of the bundled catalogs.") var catalog: String?
    @Option(help: "The folder to write into (created if needed).") var out: String

    func validate() throws {
        if locales.isEmpty { throw ValidationError("Give --locale en-XA or --locale ar-XB (or both).") }
    }

    func run() throws {
        let folder = try TranslatorFiles.folder(catalog)
        let source: CatalogFile
        do {
            _ = try folder.catalog()  // every text must parse and compile first
            source = try folder.sourceFile()
        } catch {
            throw TranslatorFiles.failure(error)
        }
        do { try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true) } catch {
            throw Failure.at(out, "cannot create the folder: \(error.localizedDescription)")
        }
        try TranslatorFiles.locked(out) { try write(source: source, folder: folder) }
    }

    private func write(source: CatalogFile, folder: CatalogFolder) throws {
        var written: [(String, [UInt8])] = []
        for locale in locales {
            do { written.append(("\(locale.rawValue).json", try PseudoLocalizer.catalogFile(source: source, locale: locale))) } catch {
                throw Failure.at(source.path, "\(error.message) (pattern line \(error.location.line ?? 1), column \(error.location.column ?? 1))")
            }
        }
        written.insert(("\(folder.sourceLocale).json", folder.source!.bytes), at: 0)
        for (name, bytes) in written {
            let path = (out as NSString).appendingPathComponent(name)
            try TranslatorFiles.write(bytes, to: path)
            Output.out("Wrote \(path)")
        }
        Output.out("Try: msgtool preview --catalog \(out) --locale \(locales[0].rawValue)")
    }
}
