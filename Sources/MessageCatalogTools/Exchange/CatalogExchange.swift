import MessageCatalog
import ToolkitSupport
import ToolkitJSON
import Foundation

/// Moves translations out of the catalogs into translators' formats and back in.
///
/// Export lists every unit of the source with the locale's text (if any), its state (new,
/// translated, or needing review because the source changed since) and notes. Import reads a
/// file back, checks every unit before touching anything (the unit exists in the source, its
/// text compiles for the locale, it uses only declared arguments, the right way), then builds
/// the new catalog file in memory, validates the whole catalog with it, and hands back the
/// canonical bytes to write (atomically, by the caller). A unit whose text is unchanged stays
/// byte for byte as it was, so exporting then importing changes nothing.
public enum CatalogExchange {
    // MARK: Export

    /// The units of a locale, in source order.
    public static func units(of catalog: LocalizedCatalog, locale: String) -> [ExchangeUnit] {
        Array(ExchangeUnits(catalog: catalog, locale: locale))
    }

    /// What an export wrote.
    public struct Export: Sendable {
        /// The file's text.
        public let text: String
        /// The file's bytes (UTF-8 of ``text``).
        public var bytes: [UInt8] { Array(text.utf8) }
        /// What the format could not express (each skipped unit, named), and where a locale
        /// has no catalog yet, what its users read meanwhile.
        public let notes: [String]
        /// The units written.
        public let units: Int
        /// Each `--locale` as given and the catalog it maps to (`zh-CN → zh-Hans.json`).
        public let locales: [CatalogLocale]
    }

    /// What an export written into an ``ExportSink`` reports: everything ``Export`` holds but the text.
    public struct Written: Sendable {
        /// What the format could not express (each skipped unit, named), and where a locale
        /// has no catalog yet, what its users read meanwhile.
        public let notes: [String]
        /// The units written.
        public let units: Int
        /// Each `--locale` as given and the catalog it maps to (`zh-CN → zh-Hans.json`).
        public let locales: [CatalogLocale]
    }

    /// An export ready to be written: the catalog loaded, each locale resolved to its catalog
    /// and the options checked, so that nothing can fail any more but the destination.
    public struct PreparedExport {
        let catalog: LocalizedCatalog
        let format: ExchangeFormat
        /// Each locale as given and the catalog it maps to.
        public let locales: [CatalogLocale]
        let xcstringsVersion: String
        let xliffVersion: String
        let plurals: (header: String, rules: GettextPlurals, mapping: GettextPlurals.Mapping)?
        /// Where a locale has no catalog yet, what its users read meanwhile.
        let localeNotes: [String]

        /// Writes the file into `sink`, unit by unit: only the unit being written is held
        /// besides the catalog. The caller ends with ``ExportSink/finish()``, which reports a
        /// destination that failed (the file is then incomplete).
        /// - Parameter sink: where the bytes go.
        /// - Returns: the notes (what the format could not express, then the locales without a
        ///   catalog), the units written and the locales.
        public func write(to sink: ExportSink) -> Written {
            var notes = localeNotes
            let locale = locales[0].catalog
            switch format {
            case .xliff:
                let units = ExchangeUnits(catalog: catalog, locale: locale)
                if xliffVersion == "1.2" {
                    XLIFF12Format.write(units, sourceLocale: catalog.sourceLocale, locale: locale, to: sink)
                } else {
                    XLIFFFormat.write(units, sourceLocale: catalog.sourceLocale, locale: locale, to: sink)
                }
                return Written(notes: notes, units: units.count, locales: locales)
            case .po:
                let units = ExchangeUnits(catalog: catalog, locale: locale)
                POFormat.write(units, locale: locale, pluralForms: plurals, notes: &notes, to: sink)
                return Written(notes: notes, units: units.count, locales: locales)
            case .arb:
                let units = ExchangeUnits(catalog: catalog, locale: locale)
                ARBFormat.write(units, catalog: catalog, locale: locale, notes: &notes, to: sink)
                return Written(notes: notes, units: units.count, locales: locales)
            case .xcstrings:
                let r = XCStringsFormat.write(catalog: catalog, locales: locales.map(\.catalog), version: xcstringsVersion, to: sink)
                return Written(notes: r.notes + notes, units: r.units, locales: locales)
            }
        }
    }

    /// Prepares the export of a locale (or, for String Catalogs, several) in a format: loads the
    /// catalog and resolves each tag to its catalog first (``CatalogLocale``): `zh-CN` exports
    /// `zh-Hans`. Write it with ``PreparedExport/write(to:)``.
    /// - Parameters:
    ///   - folder: the catalogs.
    ///   - format: the file format.
    ///   - given: the target locales as given (one, or several for String Catalogs).
    ///   - xcstringsVersion: `1.0` (default) or `1.1`.
    ///   - xliffVersion: `2.0` (default) or `1.2` (Xcode's and most CAT tools' XLIFF, see `XLIFF12Format`).
    ///   - poPluralForms: a gettext `Plural-Forms` value (`nplurals=2; plural=(n != 1);`): PO plurals
    ///     are written as classic gettext plural entries for that rule (see `POFormat.write`).
    /// - Throws: `Diagnostic` when the catalog does not load, a locale tag is not one ICU
    ///   knows, or the Plural-Forms value does not fit the locale.
    public static func prepareExport(
        _ folder: CatalogFolder, format: ExchangeFormat, locales given: [String],
        xcstringsVersion: String = "1.0", xliffVersion: String = "2.0",
        poPluralForms: String? = nil
    ) throws(Diagnostic) -> PreparedExport {
        let catalog = try folder.catalog()
        var resolved: [CatalogLocale] = []
        for l in given {
            do { resolved.append(try CatalogLocale.resolve(l, catalogs: catalog.files.keys)) } catch {
                throw Diagnostic(.invalidOption, "The locale to export: \(error.message)", at: .init(keyPath: l), cause: error)
            }
        }
        var notes: [String] = []
        for l in resolved where !l.exists {
            let reads = ((try? catalog.fallbackChain(for: l.catalog)) ?? []).map { "\($0).json" }
            notes.append(
                "\(l.catalog) has no catalog yet: its users read \(reads.joined(separator: ", then ")); this export is a template for \(l.catalog).json.")
        }
        var plurals: (header: String, rules: GettextPlurals, mapping: GettextPlurals.Mapping)? = nil
        if format == .po, let poPluralForms, let locale = resolved.first?.catalog {
            do {
                let rules = try GettextPlurals(header: poPluralForms)
                plurals = (poPluralForms, rules, try rules.mapping(locale: locale))
            } catch {
                throw Diagnostic(.invalidOption, "The PO Plural-Forms header: \(error.message)")
            }
        }
        return PreparedExport(
            catalog: catalog, format: format, locales: resolved, xcstringsVersion: xcstringsVersion,
            xliffVersion: xliffVersion, plurals: plurals, localeNotes: notes)
    }

    /// Exports a locale (or, for String Catalogs, several) in a format, as text: the file
    /// ``prepareExport(_:format:locales:xcstringsVersion:xliffVersion:poPluralForms:)`` writes,
    /// collected in memory (for small catalogs and tests; a large export is written into an
    /// ``ExportSink``).
    /// - Parameters:
    ///   - folder: the catalogs.
    ///   - format: the file format.
    ///   - given: the target locales as given (one, or several for String Catalogs).
    ///   - xcstringsVersion: `1.0` (default) or `1.1`.
    ///   - xliffVersion: `2.0` (default) or `1.2`.
    ///   - poPluralForms: a gettext `Plural-Forms` value for classic gettext plural entries.
    /// - Throws: `Diagnostic` when the catalog does not load or a locale tag is not one ICU knows.
    public static func export(
        _ folder: CatalogFolder, format: ExchangeFormat, locales given: [String],
        xcstringsVersion: String = "1.0", xliffVersion: String = "2.0", poPluralForms: String? = nil
    ) throws(Diagnostic) -> Export {
        let prepared = try prepareExport(
            folder, format: format, locales: given, xcstringsVersion: xcstringsVersion,
            xliffVersion: xliffVersion, poPluralForms: poPluralForms)
        var bytes: [UInt8] = []
        let sink = ExportSink { bytes += $0 }
        let written = prepared.write(to: sink)
        try? sink.finish()  // memory never fails
        return Export(text: String(decoding: bytes, as: UTF8.self), notes: written.notes, units: written.units, locales: written.locales)
    }

    // MARK: Import

    /// What an import changed in one unit.
    public struct Change: Sendable, Hashable {
        /// `added`: the locale had no text for the unit; `changed`: the text was replaced;
        /// `confirmed`: the same text, marked reviewed against the current source, so the unit is no
        /// longer stale.
        public enum Kind: String, Sendable { case added, changed, confirmed }
        /// The unit id.
        public let id: String
        /// What happened to the unit.
        public let kind: Kind
        /// The file's source text differs from the current source (the unit is left stale).
        public let againstOlderSource: Bool
        /// The file marks the unit as needing review (it is left stale).
        public let needsReview: Bool
    }

    /// The result of importing into one locale.
    public struct ImportResult: Sendable {
        /// The locale imported into.
        public let locale: String
        /// The tag the file (or `--locale`) gives, and the catalog it maps to.
        public let target: CatalogLocale
        /// The catalog file written (or that would be).
        public let path: String
        /// The new canonical bytes, or nil when nothing changed.
        public let bytes: [UInt8]?
        /// The units added, changed or confirmed, in the source catalog's unit order.
        public let changes: [Change]
        /// How many units of the file left the catalog as it was (same text, nothing to confirm).
        public let unchanged: Int
        /// Units accepted with a remark (an argument the source shows is dropped), and the file's
        /// own remarks (listed with the first locale's result), each at its place.
        public internal(set) var warnings: [Diagnostic]
        /// Units refused and skipped in a partial import (`skipInvalid`), each with its place and
        /// reason; the units the reader refused are listed with the first locale's result.
        public internal(set) var skipped: [Diagnostic] = []
    }

    /// Reads and applies an import file: `read`, then `apply` (texts compared as the format
    /// carries them: exactly, or as the same message for String Catalogs).
    /// - Throws: `Diagnostic` listing every problem; then nothing may be written.
    ///   - skipInvalid: a partial import: units refused (with their reasons) are skipped and listed
    ///     in the results, the others imported; problems with the whole file still stop it.
    public static func importFile(
        _ bytes: consuming [UInt8], path: String, format: ExchangeFormat, into folder: CatalogFolder,
        locale: String?, skipInvalid: Bool = false
    ) throws(Diagnostic) -> [ImportResult] {
        let file: ImportedFile
        var catalog: LocalizedCatalog? = nil
        var sameText: @Sendable (String, String) -> Bool = { $0 == $1 }
        func load() throws(Diagnostic) -> LocalizedCatalog {
            do { return try folder.catalog() } catch {
                throw Diagnostic(problems: [error.appending(" (fix the catalog before importing: lint it)")])
            }
        }
        switch format {
        case .xliff:
            // The catalog gives each unit's arguments (inline codes naming one become it); a
            // catalog that does not load is reported when the units are applied.
            catalog = try? folder.catalog()
            file = XLIFFFormat.read(bytes, path: path, catalog: catalog)
        case .po:
            catalog = try load()
            file = POFormat.read(bytes, path: path, catalog: catalog!, locale: locale)
            // gettext text is quoted into ICU: a unit whose message is the catalog's keeps its bytes.
            sameText = PatternPrinter.equivalent
        case .arb:
            // Flutter's quoting differs from ICU's: a unit whose message is the catalog's keeps its bytes.
            file = ARBFormat.read(bytes, path: path)
            sameText = PatternPrinter.equivalent
        case .xcstrings:
            catalog = try load()
            file = XCStringsFormat.read(bytes, path: path, catalog: catalog!)
            sameText = PatternPrinter.equivalent
        }
        // The units are read: the file's bytes (up to hundreds of MB) are not needed to apply them.
        _ = consume bytes
        return try apply(file, path: path, to: folder, locale: locale, skipInvalid: skipInvalid, sameText: sameText, catalog: catalog)
    }

    /// The fingerprint recorded for a unit imported as needing review: never a real
    /// fingerprint, so `stats` counts the unit stale until an import confirms it.
    public static let needsReviewFingerprint = "needs-review"

    /// Applies an import file to the catalogs of a folder, without writing anything.
    /// - Parameters:
    ///   - file: the units read from the file.
    ///   - path: the import file's path, for messages.
    ///   - locale: the locale to import (`--locale`); nil takes the locales the file names.
    ///   - sameText: whether an imported text equals the catalog's (exact for formats that carry
    ///     ICU text verbatim; the same message for String Catalogs, which cannot carry its spelling).
    ///   - skipInvalid: skip refused units (listed in the results) instead of refusing the file.
    ///   - catalog: the folder's catalog when the caller has loaded it already (nil loads it).
    ///   - recordFingerprints: record each changed unit's source fingerprint (false for fixes
    ///     that change no translation's standing).
    /// - Throws: `Diagnostic` listing every problem; then nothing may be written.
    public static func apply(
        _ file: ImportedFile, path: String, to folder: CatalogFolder, locale: String?, skipInvalid: Bool = false,
        sameText: @escaping @Sendable (String, String) -> Bool = { $0 == $1 },
        catalog loaded: LocalizedCatalog? = nil, recordFingerprints: Bool = true
    ) throws(Diagnostic) -> [ImportResult] {
        if !file.errors.isEmpty { throw Diagnostic(problems: file.errors + file.refused) }
        let catalog: LocalizedCatalog
        if let loaded {
            catalog = loaded
        } else {
            do { catalog = try folder.catalog() } catch {
                throw Diagnostic(problems: [error.appending(" (fix the catalog before importing: lint it)")])
            }
        }
        var groups: [(locale: CatalogLocale, units: [ImportedUnit])] = []
        var problems: [Diagnostic] = skipInvalid ? [] : file.refused
        func fileProblem(_ message: String) -> Diagnostic { Diagnostic(file: path, line: 0, column: 0, unitID: nil, message: message) }
        // Tags from the file and from --locale are canonicalized and mapped to the catalog they
        // stand for (ru_RU → ru-RU.json, zh-CN → zh-Hans.json, EN → en.json), so that no file is
        // written under a name lookups never read.
        let catalogs = Set(catalog.files.keys)
        func resolve(_ tag: String, _ origin: String) -> CatalogLocale? {
            do { return try CatalogLocale.resolve(tag, catalogs: catalogs) } catch {
                problems.append(fileProblem("\(origin)\(error.message)"))
                return nil
            }
        }
        var wanted: CatalogLocale?
        if let locale {
            wanted = resolve(locale, "the target locale given: ")
            if wanted == nil { throw Diagnostic(problems: problems) }
        }
        for g in file.units {
            let named = g.locale.flatMap { resolve($0, "the file's locale ") }
            if g.locale != nil && named == nil { continue }
            switch (named, wanted) {
            case (nil, nil):
                problems.append(fileProblem("the file names no target locale: give the locale it translates into."))
            case (nil, let l?): groups.append((l, g.units))
            case (let l?, nil): if l.catalog != catalog.sourceLocale { groups.append((l, g.units)) }
            case (let l?, let wanted?):
                // The same language variety (ru_RU in the file, --locale ru): --locale names the file.
                if l.catalog == wanted.catalog || l.maximal == wanted.maximal {
                    groups.append((wanted, g.units))
                } else if file.units.count == 1 {
                    problems.append(
                        fileProblem(
                            "the file is a translation into '\(l.given)' (\(l.catalog).json), not '\(wanted.given)' (\(wanted.catalog).json): check the target locale given or the file."
                        ))
                }
            }
        }
        if problems.isEmpty && file.refused.isEmpty && file.unmatched > 0 && groups.allSatisfy({ $0.units.isEmpty }) {
            // Translations, none of a unit here (another app's export): say so, with the files
            // left aside, rather than "no translation".
            problems += file.warnings
            problems.append(
                fileProblem(
                    "the file holds \(file.unmatched) translated string\(file.unmatched == 1 ? "" : "s"), none of them a unit of \(catalog.sourceLocale).json (an export of another app or catalog?): nothing to import."
                ))
        } else if groups.isEmpty && problems.isEmpty && file.refused.isEmpty {
            problems.append(fileProblem("the file holds no translation\(wanted.map { " into '\($0.given)'" } ?? ""): nothing to import."))
        }
        var results: [ImportResult] = []
        for g in groups {
            if g.locale.catalog == catalog.sourceLocale {
                problems.append(
                    fileProblem(
                        "'\(g.locale.given)' is the source locale (\(g.locale.catalog).json): import translations, and edit \(g.locale.catalog).json directly.")
                )
                continue
            }
            var importer = LocaleImport(catalog: catalog, folder: folder, target: g.locale, importPath: path, skipInvalid: skipInvalid, sameText: sameText)
            importer.recordFingerprints = recordFingerprints
            if var r = importer.run(g.units) {
                if results.isEmpty && skipInvalid { r.skipped = file.refused + r.skipped }
                if results.isEmpty { r.warnings = file.warnings + r.warnings }
                results.append(r)
            }
            problems += importer.problems
        }
        if problems.isEmpty {
            // The catalog as it would be after the import must load as the app loads it: the
            // other files loaded already, so each new file is checked as loading would check it.
            for r in results.sorted(by: { $0.locale < $1.locale }) {
                guard let bytes = r.bytes else { continue }
                do { try catalog.checkReplacement(path: r.path, bytes: bytes) } catch {
                    problems.append(error.appending(" (after the import; nothing was written)"))
                    break
                }
            }
        }
        if !problems.isEmpty { throw Diagnostic(problems: problems) }
        return results
    }
}

/// Importing the units of one locale.
struct LocaleImport {
    let catalog: LocalizedCatalog
    let folder: CatalogFolder
    let target: CatalogLocale
    /// The catalog's tag (`zh-Hans` for a file into `zh-CN`).
    var locale: String { target.catalog }
    let importPath: String
    /// A partial import: a refused unit is skipped (listed in `skipped`), not a problem.
    let skipInvalid: Bool
    let sameText: (String, String) -> Bool
    /// Whether a changed unit records the fingerprint of its source (false for lint's fixes,
    /// which change no translation's standing).
    var recordFingerprints = true
    var problems: [Diagnostic] = []
    var warnings: [Diagnostic] = []
    var skipped: [Diagnostic] = []

    init(
        catalog: LocalizedCatalog, folder: CatalogFolder, target: CatalogLocale, importPath: String, skipInvalid: Bool,
        sameText: @escaping (String, String) -> Bool
    ) {
        self.catalog = catalog
        self.folder = folder
        self.target = target
        self.skipInvalid = skipInvalid
        self.importPath = importPath
        self.sameText = sameText
    }

    private mutating func problem(_ u: ImportedUnit, _ message: String) {
        problems.append(unitProblem(u, message))
    }

    private func unitProblem(_ u: ImportedUnit, _ message: String) -> Diagnostic {
        Diagnostic(file: importPath, line: u.line, column: u.column, unitID: u.id, message: message)
    }

    mutating func run(_ imported: [ImportedUnit]) -> CatalogExchange.ImportResult? {
        let source = catalog.source
        // Positions and texts, not units: in a large catalog a dictionary of units would hold
        // each unit again.
        let sourceList = source.units
        var sourceRanks: [String: Int] = [:]
        sourceRanks.reserveCapacity(sourceList.count)
        for (i, u) in sourceList.enumerated() where sourceRanks[u.id] == nil { sourceRanks[u.id] = i }
        let existing = catalog.files[locale]
        var existingUnits: [String: String] = [:]
        for u in existing?.units ?? [] where existingUnits[u.id] == nil { existingUnits[u.id] = u.text }

        // Check every unit first (each held once: in `imported`, found by its index there).
        var seen: [String: Int] = [:]
        var accepted: [(unit: Int, rank: Int)] = []
        for (k, u) in imported.enumerated() {
            if let line = seen[u.id] {
                problem(u, "this unit appears twice in the file (also at line \(line)): keep one.")
                continue
            }
            seen[u.id] = u.line
            guard let rank = sourceRanks[u.id] else {
                if skipInvalid { skipped.append(unitProblem(u, "not a unit of \(catalog.sourceLocale).json (an export from another version?).")); continue }
                problem(u, "not a unit of \(catalog.sourceLocale).json (an export from another version?): remove it, or check the id.")
                continue
            }
            let su = sourceList[rank]
            let before = problems.count
            if validate(u, source: su) { accepted.append((k, rank)) }
            if skipInvalid && problems.count > before {
                skipped += problems[before...]
                problems.removeSubrange(before...)
            }
        }
        guard problems.isEmpty else { return nil }

        // Then build the new file.
        let path = existing?.path ?? folder.path(forLocale: locale)
        var root: TreeEditor
        if let existing,
            let parsed = try? {
                var b = existing.bytes; return try JSONReader.parse(bytes: &b)
            }()
        {
            root = TreeEditor(parsed)
        } else {
            root = TreeEditor(.object([("locale", .string(locale)), ("messages", .object([]))]))
        }
        var changes: [CatalogExchange.Change] = []
        var unchanged = 0
        var size = existing?.bytes.count ?? 0
        for (k, rank) in accepted.sorted(by: { $0.rank < $1.rank }) {
            let u = imported[k], su = sourceList[rank]
            let recorded = existing?.sourceFingerprints[u.id]
            let current = SourceFingerprint.of(su.text)
            let worked = SourceFingerprint.of(u.source ?? su.text)
            let older = u.source != nil && u.source != su.text
            let fingerprint = u.reviewed == false ? CatalogExchange.needsReviewFingerprint : worked
            if let old = existingUnits[u.id], sameText(old, u.text) {
                // Same text: only a review of a stale unit against the current source changes anything.
                if u.reviewed == true, let recorded, recorded != current, !older {
                    guard set(&root, fingerprintOf: u.id, to: current, unit: u) else { continue }
                    changes.append(.init(id: u.id, kind: .confirmed, againstOlderSource: false, needsReview: false))
                } else {
                    unchanged += 1
                }
                continue
            }
            guard set(&root, text: u.text, of: su, unit: u), !recordFingerprints || set(&root, fingerprintOf: u.id, to: fingerprint, unit: u) else { continue }
            size += u.text.utf8.count + u.id.utf8.count + 64
            changes.append(
                .init(
                    id: u.id, kind: existingUnits[u.id] == nil ? .added : .changed, againstOlderSource: older,
                    needsReview: u.reviewed == false))
        }
        guard problems.isEmpty else { return nil }
        // The new file is written into one buffer of about its size (no copies as it grows).
        let bytes =
            changes.isEmpty
            ? nil
            : CanonicalCatalog.bytes(
                of: root.finish(), order: CanonicalCatalog.SourceOrder(source: source),
                capacity: size + size / 8 + 64)
        return CatalogExchange.ImportResult(
            locale: locale, target: target, path: path, bytes: bytes, changes: changes, unchanged: unchanged,
            warnings: warnings, skipped: skipped)
    }

    /// The unit's text compiles for the locale and uses only declared arguments, as declared.
    private mutating func validate(_ u: ImportedUnit, source su: CatalogUnit) -> Bool {
        // What lint refuses in a catalog is refused at the door: ESC, BEL, NUL, CR…
        if let bad = u.text.unicodeScalars.first(where: ControlCharacters.isForbidden) {
            problem(
                u,
                "the translation holds \(ControlCharacters.name(bad)): control characters are invisible or garble a notification, a terminal or generated code; remove it (a line break is a line feed)."
            )
            return false
        }
        let m: MessageFormat
        do { m = try MessageFormat(u.text, locale: locale) } catch {
            let at = error.syntax.map { " (line \($0.location.line ?? 1), column \($0.location.column ?? 1) of the text)" } ?? ""
            problem(u, "\(error.message)\(at)")
            return false
        }
        let declarations = catalog.sourceMessage(su.key)?.arguments ?? []
        var ok = true
        for usage in m.pattern.argumentUsages {
            if usage.name == AddressTerm.argumentName {
                // The user's term of address: never declared, filled by the renderer.
                if usage.kind != .select {
                    problem(
                        u,
                        "'{\(usage.name)}' is the user's term of address, which a text can only select on: write {\(usage.name), select, feminine {…} masculine {…} other {…}}, with the neutral text as other."
                    )
                    ok = false
                }
                continue
            }
            guard let decl = declarations.first(where: { $0.name == usage.name }) else {
                let names = declarations.isEmpty ? "none" : declarations.map { "{\($0.name)}" }.joined(separator: ", ")
                problem(u, "'{\(usage.name)}' is not an argument of '\(su.key)' (declared: \(names)); argument names are never translated.")
                ok = false
                continue
            }
            if let why = LintRun.typeProblem(usage.kind, decl.kind) {
                problem(u, "'\(usage.name)' is declared as \(decl.kind.rawValue) but used as \(usage.kind.rawValue): \(why)")
                ok = false
            }
        }
        if ok {
            let group = (catalog.source.message(su.key)?.units ?? []).filter { $0.part == su.part && $0.tone == su.tone }
            let dropped = MessagePattern.requiredArguments(group.compactMap { try? MessagePattern($0.text) })
                .subtracting(m.pattern.nodes.argumentNames)
            if !dropped.isEmpty {
                warnings.append(
                    Diagnostic(
                        file: importPath, line: u.line, column: u.column, unitID: u.id,
                        message: "the source shows \(dropped.sorted().map { "{\($0)}" }.joined(separator: ", ")); this translation does not."))
            }
        }
        return ok
    }

    // MARK: Editing the JSON tree

    fileprivate enum Step { case key(String), index(Int) }

    private mutating func set(_ root: inout TreeEditor, text: String, of su: CatalogUnit, unit: ImportedUnit) -> Bool {
        var path: [Step] = [.key("messages"), .key(su.key), .key("parts"), .key(su.part)]
        if let t = su.tone { path.append(.key(t.rawValue)) }
        if let i = su.index { path.append(.index(i)) }
        return set(&root, path, .string(text), unit: unit)
    }

    private mutating func set(_ root: inout TreeEditor, fingerprintOf id: String, to value: String, unit: ImportedUnit) -> Bool {
        set(&root, [.key("sourceFingerprints"), .key(id)], .string(value), unit: unit)
    }

    private mutating func set(_ root: inout TreeEditor, _ path: [Step], _ value: JSONNode, unit: ImportedUnit) -> Bool {
        do { try root.set(path[...], to: value); return true } catch {
            problem(unit, "\(error.message) in \(locale).json: fix its shape first (lint shows where).")
            return false
        }
    }

    fileprivate struct EditError: Error { let message: String }

    /// `node` with the value at `path` set to `value` (objects and pool items created on the way).
    fileprivate static func setting(_ node: JSONNode?, _ path: ArraySlice<Step>, to value: JSONNode) throws(EditError) -> JSONNode {
        guard let step = path.first else { return value }
        let rest = path.dropFirst()
        switch step {
        case .key(let k):
            var members: [JSONMember]
            if let node {
                guard let m = node.objectMembers else {
                    throw EditError(message: "'\(k)' should be inside an object, but the catalog has another kind of value there")
                }
                members = m
            } else {
                members = []
            }
            if let i = members.firstIndex(where: { $0.key == k }) {
                let old = members[i]
                members[i] = JSONMember(key: k, keyPosition: old.keyPosition, value: try setting(old.value, rest, to: value))
            } else {
                members.append(JSONMember(key: k, keyPosition: JSONPosition(line: 0, column: 0, offset: 0), value: try setting(nil, rest, to: value)))
            }
            return JSONNode(value: .object(members), position: node?.position ?? JSONPosition(line: 0, column: 0, offset: 0))
        case .index(let i):
            var items: [JSONNode]
            if let node {
                guard let a = node.arrayValue else { throw EditError(message: "the source has a pool (variant \(i)) where the translation has a single text") }
                items = a
            } else {
                items = []
            }
            if i < items.count {
                items[i] = try setting(items[i], rest, to: value)
            } else if i == items.count {
                items.append(try setting(nil, rest, to: value))
            } else {
                throw EditError(message: "variant \(i) cannot be added before variant \(items.count) (a pool has no gaps): translate the variants in order")
            }
            return JSONNode(value: .array(items), position: node?.position ?? JSONPosition(line: 0, column: 0, offset: 0))
        }
    }
}

/// A catalog file's JSON tree while an import edits it, unit by unit, as
/// `LocaleImport.setting` would edit the whole tree, with the same results and errors. The root's
/// members and the objects directly inside it (`messages`: one member a message;
/// `sourceFingerprints`: one a unit) are held apart while editing, each with an index by key, so
/// an edit costs the size of its message rather than of the file: an import that changes every
/// unit stays linear in the catalog.
private struct TreeEditor {
    /// An object of the root held apart: its members (owned here, so edited in place) and the
    /// index of each key's first member.
    private struct OpenObject {
        var members: [JSONMember]
        let position: JSONPosition
        var index: [String: Int]
    }

    /// The root when it is not an object (every edit then fails as `setting` fails).
    private var other: JSONNode?
    private let position: JSONPosition
    /// The root's members; an open object's member holds `null` until ``finish()``.
    private var top: [JSONMember] = []
    /// The open objects, by their member's index in `top`.
    private var open: [Int: OpenObject] = [:]

    init(_ root: JSONNode) {
        position = root.position
        if case .object(let members) = root.value { top = members } else { other = root }
    }

    /// Sets the value at `path`, as `LocaleImport.setting` does on the whole tree.
    mutating func set(_ path: ArraySlice<LocaleImport.Step>, to value: JSONNode) throws(LocaleImport.EditError) {
        if let other { self.other = try LocaleImport.setting(other, path, to: value); return }
        guard let first = path.first else { return }
        guard case .key(let k) = first else {
            // As `setting` says of a pool step into an object (edits start with a key).
            throw LocaleImport.EditError(message: "the source has a pool where the translation has a single text")
        }
        let rest = path.dropFirst()
        guard let i = top.firstIndex(where: { $0.key == k }) else {
            top.append(JSONMember(key: k, keyPosition: JSONPosition(line: 0, column: 0, offset: 0), value: try LocaleImport.setting(nil, rest, to: value)))
            return
        }
        if case .key(let k2)? = rest.first, open[i] != nil || top[i].value.objectMembers != nil {
            if open[i] == nil { openObject(at: i) }
            let after = rest.dropFirst()
            if let j = open[i]!.index[k2] {
                let old = open[i]!.members[j]
                let new = try LocaleImport.setting(old.value, after, to: value)
                open[i]!.members[j] = JSONMember(key: k2, keyPosition: old.keyPosition, value: new)
            } else {
                let new = try LocaleImport.setting(nil, after, to: value)
                open[i]!.members.append(JSONMember(key: k2, keyPosition: JSONPosition(line: 0, column: 0, offset: 0), value: new))
                open[i]!.index[k2] = open[i]!.members.count - 1
            }
            return
        }
        closeObject(at: i)
        top[i] = JSONMember(key: k, keyPosition: top[i].keyPosition, value: try LocaleImport.setting(top[i].value, rest, to: value))
    }

    /// The edited tree.
    consuming func finish() -> JSONNode {
        if let other { return other }
        for i in open.keys { closeObject(at: i) }
        return JSONNode(value: .object(top), position: position)
    }

    /// Moves the object of `top[i]` into `open` (its members then have one owner, edited in place).
    private mutating func openObject(at i: Int) {
        let member = top[i]
        guard case .object(let members) = member.value.value else { return }
        top[i] = JSONMember(key: member.key, keyPosition: member.keyPosition, value: JSONNode(value: .null, position: member.value.position))
        var index: [String: Int] = [:]
        index.reserveCapacity(members.count)
        for (j, m) in members.enumerated() where index[m.key] == nil { index[m.key] = j }
        open[i] = OpenObject(members: members, position: member.value.position, index: index)
    }

    private mutating func closeObject(at i: Int) {
        guard let object = open.removeValue(forKey: i) else { return }
        top[i] = JSONMember(key: top[i].key, keyPosition: top[i].keyPosition, value: JSONNode(value: .object(object.members), position: object.position))
    }
}
