import ToolkitSupport
import ToolkitJSON
import ArgumentParser
import Foundation
import MessageCatalog
import MessageCatalogTools

struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "How far each translation is: units translated, missing and stale, and words, by tone and kind.",
        discussion: """
            A unit is stale when the source text changed after it was translated: its catalog file \
            records, in "sourceFingerprints", the fingerprint of the source text it was translated \
            from (16 hex digits of FNV-1a 64 over the text's UTF-8; msgtool import sets it), and \
            that no longer matches. Units without a recorded fingerprint are never stale. WORDS are \
            the locale's own words; TO DO the source words of its missing and stale units. A kind \
            is the message key up to its first dot. A regional catalog (es-419 beside es) holds \
            only what differs from its parent: TRANSLATED counts the units it overrides, INHERITED \
            those its parent provides (not missing).
            """
    )

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable { case text, json }

    @OptionGroup var catalogOptions: CatalogOptions
    @Option(help: "text or json.") var format: OutputFormat = .text

    func run() throws {
        let catalog = try catalogOptions.load()
        let stats = CatalogStats(catalog: catalog)
        let out = StdoutBuffer()
        switch format {
        case .json: out.write(Self.json(stats).prettyText)
        case .text: Self.table(stats, out)
        }
        out.flush()
    }

    static func table(_ stats: CatalogStats, _ out: StdoutBuffer) {
        let header = ["UNITS", "TRANSLATED", "INHERITED", "MISSING", "STALE", "WORDS", "TO DO"]
        func numbers(_ c: CatalogStats.Counts) -> [String] {
            [c.units, c.translated, c.inherited, c.missing, c.stale, c.words, c.wordsToDo].map(String.init)
        }
        func print(_ title: String?, _ labels: [String], _ rows: [[String]]) {
            if let title { out.line(""); out.line(title) }
            let all = [labels + header] + rows
            let widths = (0..<all[0].count).map { c in all.map { $0[c].count }.max() ?? 0 }
            for r in all {
                var line = ""
                for (c, cell) in r.enumerated() {
                    let pad = String(repeating: " ", count: widths[c] - cell.count)
                    // Labels left-aligned, numbers right-aligned.
                    line += c < labels.count ? cell + pad : pad + cell
                    if c < r.count - 1 { line += "  " }
                }
                out.line(line)
            }
        }
        print(nil, ["LOCALE"], stats.locales.map { [$0.locale] + numbers($0.total) })
        // A regional catalog holds only what differs from its parent: say how much that is.
        for l in stats.locales {
            guard let parent = l.parent, l.total.units > 0 else { continue }
            let percent = (l.total.translated * 100 + l.total.units / 2) / l.total.units
            out.line("\(l.locale) overrides \(l.total.translated) of \(l.total.units) units (\(percent)%); the other \(l.total.inherited) come from \(parent).")
        }
        for l in stats.locales where l.total.fewer > 0 {
            out.line(
                "\(l.locale) writes \(l.total.translated) of \(l.total.units) units; \(l.total.fewer) are variants it leaves out (shorter pools: its readers see the texts it has in turn), not missing."
            )
        }
        // An app's layer over a base: how much of it replaces the base, and how much is its own.
        for l in stats.layer {
            out.line("\(l.locale): the app's catalog overrides \(l.overridden) units of the base and adds \(l.added).")
        }
        print("By tone", ["LOCALE", "TONE"], stats.locales.flatMap { l in l.byTone.map { [l.locale, $0.tone] + numbers($0.counts) } })
        print("By kind", ["LOCALE", "KIND"], stats.locales.flatMap { l in l.byKind.map { [l.locale, $0.kind] + numbers($0.counts) } })
    }

    static func json(_ stats: CatalogStats) -> JSONNode {
        func counts(_ c: CatalogStats.Counts) -> [(String, JSONNode)] {
            [
                ("units", .number(c.units)), ("translated", .number(c.translated)), ("inherited", .number(c.inherited)), ("missing", .number(c.missing)),
                ("stale", .number(c.stale)), ("words", .number(c.words)), ("wordsToDo", .number(c.wordsToDo))
            ]
        }
        var members: [(String, JSONNode)] = [
            ("sourceLocale", .string(stats.sourceLocale)),
            (
                "locales",
                .array(
                    stats.locales.map { l in
                        .object(
                            [("locale", .string(l.locale))] + (l.parent.map { [("parent", JSONNode.string($0))] } ?? []) + counts(l.total) + [
                                ("byTone", .object(l.byTone.map { ($0.tone, .object(counts($0.counts))) })),
                                ("byKind", .object(l.byKind.map { ($0.kind, .object(counts($0.counts))) }))
                            ])
                    })
            )
        ]
        if !stats.layer.isEmpty {
            let layer: [JSONNode] = stats.layer.map { l in
                .object([("locale", .string(l.locale)), ("overridden", .number(l.overridden)), ("added", .number(l.added))])
            }
            members.append(("layer", .array(layer)))
        }
        return .object(members)
    }
}
