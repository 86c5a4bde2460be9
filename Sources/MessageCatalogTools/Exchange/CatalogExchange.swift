import MessageCatalog
import ToolkitSupport
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
    /// - Throws: `CatalogError` when the catalog does not load.
    public static func units(of catalog: LocalizedCatalog, locale: String) -> [ExchangeUnit] {
        let source = catalog.source
        let file = catalog.files[locale]
        var byID: [String: CatalogUnit] = [:]
        for u in file?.units ?? [] where byID[u.id] == nil { byID[u.id] = u }
        return source.messages.flatMap { message in
            message.units.map { su in
                let target = locale == catalog.sourceLocale ? su.text : byID[su.id]?.text
                var state = ExchangeUnit.State.new
                if target != nil {
                    let recorded = file?.sourceFingerprints[su.id]
                    state = recorded == nil || recorded == SourceFingerprint.of(su.text) ? .translated : .needsReview
                }
                return ExchangeUnit(unit: su, target: target, state: state, notes: ExchangeNotes.notes(for: su, message: message))
            }
        }
    }

    /// Exports a locale (or, for String Catalogs, several) in a format.
    /// - Returns: the file's bytes and what the format could not express (each skipped unit, named).
    /// - Throws: `CatalogError` when the catalog does not load or a locale is unknown.
    public static func export(_ folder: CatalogFolder, format: ExchangeFormat, locales: [String],
                              xcstringsVersion: String = "1.0") throws(CatalogError) -> (bytes: [UInt8], notes: [String], units: Int) {
        let catalog = try folder.catalog()
        for l in locales {
            if (try? Backend.localeID(forTag: l)) == nil {
                throw CatalogError(file: "", line: 0, column: 0, unitID: nil,
                                   message: "--locale \(l): not a locale ICU knows; give a BCP 47 tag (es, zh-Hans, pt-BR).")
            }
        }
        switch format {
        case .xliff:
            let units = units(of: catalog, locale: locales[0])
            return (Array(XLIFFFormat.write(units, sourceLocale: catalog.sourceLocale, locale: locales[0]).utf8), [], units.count)
        case .po:
            let units = units(of: catalog, locale: locales[0])
            return (Array(POFormat.write(units, locale: locales[0]).utf8), [], units.count)
        case .arb:
            let units = units(of: catalog, locale: locales[0])
            return (Array(ARBFormat.write(units, catalog: catalog, locale: locales[0]).utf8), [], units.count)
        case .xcstrings:
            let r = XCStringsFormat.write(catalog: catalog, locales: locales, version: xcstringsVersion)
            return (Array(r.text.utf8), r.notes, r.units)
        }
    }

    // MARK: Import

    /// What an import changed in one unit.
    public struct Change: Sendable, Hashable {
        public enum Kind: String, Sendable { case added, changed, confirmed }
        public let id: String
        public let kind: Kind
        /// The file's source text differs from the current source (the unit is left stale).
        public let againstOlderSource: Bool
        /// The file marks the unit as needing review (it is left stale).
        public let needsReview: Bool
    }

    /// The result of importing into one locale.
    public struct Result: Sendable {
        public let locale: String
        /// The catalog file written (or that would be).
        public let path: String
        /// The new canonical bytes, or nil when nothing changed.
        public let bytes: [UInt8]?
        public let changes: [Change]
        public let unchanged: Int
        /// Units accepted with a remark (an argument the source shows is dropped).
        public let warnings: [String]
    }

    /// Reads and applies an import file: `read`, then `apply` (texts compared as the format
    /// carries them: exactly, or as the same message for String Catalogs).
    /// - Throws: `ImportFailure` listing every problem; then nothing may be written.
    public static func importFile(_ bytes: [UInt8], path: String, format: ExchangeFormat, into folder: CatalogFolder,
                                  locale: String?) throws(ImportFailure) -> [Result] {
        let file: ImportedFile
        switch format {
        case .xliff: file = XLIFFFormat.read(bytes, path: path)
        case .po: file = POFormat.read(bytes, path: path)
        case .arb: file = ARBFormat.read(bytes, path: path)
        case .xcstrings:
            let catalog: LocalizedCatalog
            do { catalog = try folder.catalog() } catch {
                throw ImportFailure(problems: ["\(error.description) (fix the catalog before importing: msgtool lint)"])
            }
            file = XCStringsFormat.read(bytes, path: path, catalog: catalog)
            return try apply(file, path: path, to: folder, locale: locale, sameText: PatternPrinter.equivalent)
        }
        return try apply(file, path: path, to: folder, locale: locale)
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
    /// - Throws: `ImportFailure` listing every problem; then nothing may be written.
    public static func apply(_ file: ImportedFile, path: String, to folder: CatalogFolder, locale: String?,
                             sameText: @escaping @Sendable (String, String) -> Bool = { $0 == $1 }) throws(ImportFailure) -> [Result] {
        if !file.errors.isEmpty { throw ImportFailure(problems: file.errors) }
        let catalog: LocalizedCatalog
        do { catalog = try folder.catalog() } catch {
            throw ImportFailure(problems: ["\(error.description) (fix the catalog before importing: msgtool lint)"])
        }
        var groups: [(locale: String, units: [ImportedUnit])] = []
        var problems: [String] = []
        // Tags compared and files named in canonical case: a file "into ES" is es.json, and "EN"
        // is the source locale (on a case-insensitive file system ES.json would be es.json).
        let locale = locale.map(LocaleTag.canonical)
        for g in file.units {
            switch (g.locale.map(LocaleTag.canonical), locale) {
            case (nil, nil):
                problems.append("\(path): error: the file names no target locale: give --locale.")
            case (nil, let l?): groups.append((l, g.units))
            case (let l?, nil): if l != catalog.sourceLocale { groups.append((l, g.units)) }
            case (let l?, let wanted?):
                if l == wanted { groups.append((l, g.units)) }
                else if file.units.count == 1 {
                    problems.append("\(path): error: the file is a translation into '\(l)', not '\(wanted)': check --locale or the file.")
                }
            }
        }
        if groups.isEmpty && problems.isEmpty {
            problems.append("\(path): error: the file holds no translation\(locale.map { " into '\($0)'" } ?? ""): nothing to import.")
        }
        var files = folder.files
        var results: [Result] = []
        for g in groups {
            if g.locale == catalog.sourceLocale {
                problems.append("\(path): error: '\(g.locale)' is the source locale: import translations, and edit \(g.locale).json directly.")
                continue
            }
            if (try? Backend.localeID(forTag: g.locale)) == nil {
                problems.append("\(path): error: '\(g.locale)' is not a locale ICU knows: use a BCP 47 tag (es, zh-Hans).")
                continue
            }
            var importer = LocaleImport(catalog: catalog, folder: folder, locale: g.locale, importPath: path, sameText: sameText)
            if let r = importer.run(g.units) {
                results.append(r)
                if let bytes = r.bytes {
                    files.removeAll { $0.path == r.path }
                    files.append(CatalogFolder.File(path: r.path, bytes: bytes))
                }
            }
            problems += importer.problems
        }
        if problems.isEmpty, results.contains(where: { $0.bytes != nil }) {
            // The catalog as it would be after the import must load as the app loads it.
            do { _ = try CatalogFolder(directory: folder.directory, files: files, sourceLocale: folder.sourceLocale).catalog() } catch {
                problems.append("\(error.description) (after the import; nothing was written)")
            }
        }
        if !problems.isEmpty { throw ImportFailure(problems: problems) }
        return results
    }
}

/// Importing the units of one locale.
struct LocaleImport {
    let catalog: LocalizedCatalog
    let folder: CatalogFolder
    let locale: String
    let importPath: String
    let sameText: (String, String) -> Bool
    var problems: [String] = []
    var warnings: [String] = []

    init(catalog: LocalizedCatalog, folder: CatalogFolder, locale: String, importPath: String, sameText: @escaping (String, String) -> Bool) {
        self.catalog = catalog
        self.folder = folder
        self.locale = locale
        self.importPath = importPath
        self.sameText = sameText
    }

    private mutating func problem(_ u: ImportedUnit, _ message: String) {
        problems.append("\(importPath):\(u.line):\(u.column): error: \(u.id): \(message)")
    }

    mutating func run(_ imported: [ImportedUnit]) -> CatalogExchange.Result? {
        let source = catalog.source
        var sourceUnits: [String: (unit: CatalogUnit, rank: Int)] = [:]
        for (i, u) in source.units.enumerated() where sourceUnits[u.id] == nil { sourceUnits[u.id] = (u, i) }
        let existing = catalog.files[locale]
        var existingUnits: [String: CatalogUnit] = [:]
        for u in existing?.units ?? [] where existingUnits[u.id] == nil { existingUnits[u.id] = u }

        // Check every unit first.
        var seen: [String: ImportedUnit] = [:]
        var accepted: [(ImportedUnit, CatalogUnit, Int)] = []
        for u in imported {
            if let first = seen[u.id] {
                problem(u, "this unit appears twice in the file (also at line \(first.line)): keep one.")
                continue
            }
            seen[u.id] = u
            guard let (su, rank) = sourceUnits[u.id] else {
                problem(u, "not a unit of \(catalog.sourceLocale).json (an export from another version?): remove it, or check the id.")
                continue
            }
            if validate(u, source: su) { accepted.append((u, su, rank)) }
        }
        guard problems.isEmpty else { return nil }

        // Then build the new file.
        let path = existing?.path ?? folder.path(forLocale: locale)
        var root: JSONNode
        if let existing, let parsed = try? { var b = existing.bytes; return try JSONReader.parse(bytes: &b) }() {
            root = parsed
        } else {
            root = .object([("locale", .string(locale)), ("messages", .object([]))])
        }
        var changes: [CatalogExchange.Change] = []
        var unchanged = 0
        for (u, su, _) in accepted.sorted(by: { $0.2 < $1.2 }) {
            let recorded = existing?.sourceFingerprints[u.id]
            let current = SourceFingerprint.of(su.text)
            let worked = SourceFingerprint.of(u.source ?? su.text)
            let older = u.source != nil && u.source != su.text
            let fingerprint = u.reviewed == false ? CatalogExchange.needsReviewFingerprint : worked
            if let old = existingUnits[u.id], sameText(old.text, u.text) {
                // Same text: only a review of a stale unit against the current source changes anything.
                if u.reviewed == true, let recorded, recorded != current, !older {
                    guard set(&root, fingerprintOf: u.id, to: current, unit: u) else { continue }
                    changes.append(.init(id: u.id, kind: .confirmed, againstOlderSource: false, needsReview: false))
                } else {
                    unchanged += 1
                }
                continue
            }
            guard set(&root, text: u.text, of: su, unit: u), set(&root, fingerprintOf: u.id, to: fingerprint, unit: u) else { continue }
            changes.append(.init(id: u.id, kind: existingUnits[u.id] == nil ? .added : .changed, againstOlderSource: older,
                                 needsReview: u.reviewed == false))
        }
        guard problems.isEmpty else { return nil }
        let bytes = changes.isEmpty ? nil : CanonicalCatalog.bytes(of: root, order: CanonicalCatalog.SourceOrder(source: source))
        return CatalogExchange.Result(locale: locale, path: path, bytes: bytes, changes: changes, unchanged: unchanged, warnings: warnings)
    }

    /// The unit's text compiles for the locale and uses only declared arguments, as declared.
    private mutating func validate(_ u: ImportedUnit, source su: CatalogUnit) -> Bool {
        let m: MessageFormat
        do { m = try MessageFormat(u.text, locale: locale) } catch {
            let at = error.syntax.map { " (line \($0.line), column \($0.column) of the text)" } ?? ""
            problem(u, "\(error.message)\(at)")
            return false
        }
        let declarations = catalog.sourceMessage(su.key)?.arguments ?? []
        var ok = true
        for usage in m.pattern.argumentUsages {
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
                warnings.append("\(importPath):\(u.line):\(u.column): warning: \(u.id): the source shows \(dropped.sorted().map { "{\($0)}" }.joined(separator: ", ")); this translation does not.")
            }
        }
        return ok
    }

    // MARK: Editing the JSON tree

    private enum Step { case key(String), index(Int) }

    private mutating func set(_ root: inout JSONNode, text: String, of su: CatalogUnit, unit: ImportedUnit) -> Bool {
        var path: [Step] = [.key("messages"), .key(su.key), .key("parts"), .key(su.part)]
        if let t = su.tone { path.append(.key(t.rawValue)) }
        if let i = su.index { path.append(.index(i)) }
        return set(&root, path, .string(text), unit: unit)
    }

    private mutating func set(_ root: inout JSONNode, fingerprintOf id: String, to value: String, unit: ImportedUnit) -> Bool {
        set(&root, [.key("sourceFingerprints"), .key(id)], .string(value), unit: unit)
    }

    private mutating func set(_ root: inout JSONNode, _ path: [Step], _ value: JSONNode, unit: ImportedUnit) -> Bool {
        do { root = try Self.setting(root, path[...], to: value); return true } catch {
            problem(unit, "\(error.message) in \(locale).json: fix its shape first (msgtool lint --catalog DIR shows it).")
            return false
        }
    }

    private struct EditError: Error { let message: String }

    private static func setting(_ node: JSONNode?, _ path: ArraySlice<Step>, to value: JSONNode) throws(EditError) -> JSONNode {
        guard let step = path.first else { return value }
        let rest = path.dropFirst()
        switch step {
        case .key(let k):
            var members: [JSONMember]
            if let node {
                guard let m = node.objectMembers else { throw EditError(message: "'\(k)' should be inside an object, but the catalog has another kind of value there") }
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
