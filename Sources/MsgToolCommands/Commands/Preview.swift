import ToolkitSupport
import NotificationPlanning
import ArgumentParser
import Foundation
import MessageCatalog
import MessageCatalogTools

struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show every message as users will read it: each locale, tone, variant and plural case.",
        discussion: """
            Renders the messages with the example arguments the source catalog declares, every \
            variant of every pool, and one sample per plural category of each locale (plus each \
            explicit =N case). The table has one row per rendered part: KEY (key.part), LOCALE \
            (with the catalog that supplied the text when it fell back), TONE (with the tone shown \
            when the locale lacks the tone), VARIANT, SAMPLE \
            ("example", the plural sample, or termOfAddress=feminine|masculine for texts that vary \
            by the user's term of address) and TEXT; --term-of-address T renders every row for T. --html FILE writes one self-contained page \
            showing each message as a notification banner, with locale and tone switches.
            """
    )

    @Argument(help: "Message keys (steps.goal …); none means every message.") var keys: [String] = []
    @Option(name: .customLong("locale"), parsing: .singleValue, help: "A locale to show (repeatable); default: every catalog's locale.") var locales: [String] =
        []
    @Option(name: .customLong("tone"), parsing: .singleValue, help: "cheerful, gentle or minimal (repeatable); default: all three.") var tones: [Tone] = []
    @Option(name: .customLong("time-zone"), help: "IANA time zone for dates.") var timeZone: String = "UTC"
    @Option(
        name: .customLong("term-of-address"),
        help:
            "Render every row for this term of address (feminine, masculine, neutral, unspecified); default: the neutral texts, plus feminine and masculine rows where a text varies."
    )
    var termOfAddress: AddressTerm?
    @OptionGroup var catalogOptions: CatalogOptions
    @Option(help: "Write a self-contained HTML page to this file instead of the table.") var html: String?

    func run() throws {
        let catalog = try catalogOptions.load()
        let preview = CatalogPreview(catalog: catalog, timeZone: timeZone)
        let banners: [CatalogPreview.Banner]
        do {
            banners = try preview.banners(keys: keys, locales: locales, tones: tones, termOfAddress: termOfAddress)
        } catch {
            throw Failure.at(nil, error.message)
        }
        if let html {
            let page = try PreviewPage(catalog: catalog, banners: banners, timeZone: timeZone).render()
            do { try AtomicFile.write(Data(page.utf8), to: URL(fileURLWithPath: html)) } catch {
                throw Failure.at(html, error.description)
            }
            let messages = Set(banners.map(\.key)).count
            Output.out("Wrote \(html): \(messages) messages, \(banners.count) banners in \(Set(banners.map(\.locale)).sorted().joined(separator: ", ")).")
        } else {
            printTable(banners)
        }
    }

    private func printTable(_ banners: [CatalogPreview.Banner]) {
        var rows: [[String]] = [["KEY", "LOCALE", "TONE", "VARIANT", "SAMPLE", "TEXT"]]
        for b in banners {
            let extra = b.sample != nil || (b.termOfAddress != nil && termOfAddress == nil)
            for p in b.parts where p.isDistinctVariant && (!extra || p.showsSample) {
                // A fallback is marked on its row: the catalog (LOCALE) or the tone (TONE) it comes from.
                let locale = p.textLocale == b.locale ? b.locale : "\(b.locale) (\(p.textLocale))"
                let tone = b.tone.map { p.isToneFallback(of: $0) ? "\($0.rawValue) (\(p.textTone?.rawValue ?? ""))" : $0.rawValue } ?? "-"
                // A translation's control characters (an ESC starting a terminal code) are shown
                // escaped (\u{1B}), never written raw to the terminal.
                rows.append([
                    ControlCharacters.visible("\(b.key).\(p.name)", escapingLineBreaks: true), locale, tone,
                    b.variant.map(String.init) ?? "-",
                    ControlCharacters.visible(
                        b.sample.map { "\($0.argument)=\($0.value) \($0.ordinal ? "ord:" : "")\($0.selector)" }
                            ?? b.termOfAddress.map { "\(AddressTerm.argumentName)=\($0.rawValue)" } ?? "example", escapingLineBreaks: true),
                    ControlCharacters.visible(p.text.replacingOccurrences(of: "\n", with: " ⏎ "))
                ])
            }
        }
        // Every column but the last is ASCII (keys, tags, tones, numbers), so padding by
        // character count aligns them; the text comes last and needs none.
        let widths = (0..<5).map { c in rows.map { $0[c].count }.max() ?? 0 }
        let out = StdoutBuffer()
        for r in rows {
            var line = ""
            for c in 0..<5 { line += r[c] + String(repeating: " ", count: widths[c] - r[c].count + 2) }
            out.line(line + r[5])
        }
        out.line("")
        let n = Set(banners.map(\.key)).count
        out.line("\(n) message\(n == 1 ? "" : "s"), \(rows.count - 1) rows; msgtool preview --html FILE shows them as notification banners.")
        let mixed = banners.filter { !$0.fallbackParts.isEmpty }
        if !mixed.isEmpty {
            let keys = Set(mixed.map(\.key)).count
            out.line(
                "\(mixed.count) of \(banners.count) banners (\(keys) message\(keys == 1 ? "" : "s")) show a fallback: a part from another catalog, LOCALE (catalog), or another tone, TONE (tone shown); users of that locale read it so."
            )
        }
        out.flush()
    }
}
