import MessageCatalog

/// `msgtool lint --fix`: the findings that have one obvious fix, applied. Only two rules have
/// one: `punctuation`'s ASCII `!?,:;` in Chinese text (the full-width mark replaces it; a
/// Spanish question without its `¿` has no single place to open) and `unit-space` (a no-break
/// space replaces the breakable one between a number and its unit). Each file is rewritten as an
/// import rewrites it: every changed text checked, the file in its canonical form, nothing
/// written when one of them fails; fixes record no source fingerprint (no translation's standing
/// changes). The source file is never rewritten.
public enum LintFixes {
    /// The rules whose findings `--fix` applies.
    public static let rules: [LintRule] = [.punctuation, .unitSpace]

    /// One catalog file rewritten with its fixes.
    public struct FixedFile: Sendable {
        /// The file's path.
        public let path: String
        /// The new contents, canonical.
        public let bytes: [UInt8]
        /// The findings fixed in it.
        public let fixed: [LintFinding]
    }

    /// The files rewritten with the fixes of `report`'s findings (a file without one is left
    /// out, so a second run finds nothing to fix).
    /// - Throws: `Diagnostic` when the catalog does not load, or a fixed text would not import
    ///   (every problem listed); then nothing may be written.
    public static func files(fixing report: LintReport, in folder: CatalogFolder) throws(Diagnostic) -> [FixedFile] {
        let fixable = report.findings.filter { $0.fix != nil }
        guard !fixable.isEmpty else { return [] }
        let catalog: LocalizedCatalog
        do { catalog = try folder.catalog() } catch {
            throw Diagnostic(problems: [error.appending(" (--fix needs catalogs that load: fix the errors lint reports first)")])
        }
        var out: [FixedFile] = []
        var problems: [Diagnostic] = []
        var byFile: [String: [LintFinding]] = [:]
        var order: [String] = []
        for f in fixable {
            if byFile[f.file] == nil { order.append(f.file) }
            byFile[f.file, default: []].append(f)
        }
        for path in order {
            guard let raw = folder.files.first(where: { $0.path == path }), raw.locale != folder.sourceLocale, let file = catalog.files[raw.locale]
            else { continue }
            let locale = raw.locale
            let findings = byFile[path]!
            // Each unit's replacements, applied from the end so that earlier offsets stay right.
            var byUnit: [String: [LintFinding]] = [:]
            var unitOrder: [String] = []
            for f in findings {
                guard let fix = f.fix else { continue }
                if byUnit[fix.unitID] == nil { unitOrder.append(fix.unitID) }
                if byUnit[fix.unitID, default: []].contains(where: { $0.fix?.offset == fix.offset }) { continue }
                byUnit[fix.unitID, default: []].append(f)
            }
            var texts: [String: String] = [:]
            for u in file.units where texts[u.id] == nil { texts[u.id] = u.text }
            var units: [ImportedUnit] = []
            for id in unitOrder {
                guard let original = texts[id], let first = byUnit[id]?.first else { continue }
                var text = Array(original.utf16)
                for f in byUnit[id]!.sorted(by: { $0.fix!.offset > $1.fix!.offset }) {
                    let fix = f.fix!
                    guard fix.offset + fix.length <= text.count else { continue }
                    text.replaceSubrange(fix.offset..<(fix.offset + fix.length), with: Array(fix.replacement.utf16))
                }
                units.append(
                    ImportedUnit(id: id, text: String(decoding: text, as: UTF16.self), source: nil, reviewed: nil, line: first.line, column: first.column))
            }
            do {
                let results = try CatalogExchange.apply(
                    ImportedFile(units: [(locale, units)]), path: path, to: folder, locale: locale, catalog: catalog, recordFingerprints: false)
                for r in results { if let bytes = r.bytes { out.append(FixedFile(path: r.path, bytes: bytes, fixed: findings)) } }
            } catch {
                problems += error.problems
            }
        }
        if !problems.isEmpty { throw Diagnostic(problems: problems) }
        return out
    }
}
