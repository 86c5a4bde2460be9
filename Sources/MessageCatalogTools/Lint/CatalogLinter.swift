import MessageCatalog
import ToolkitSupport
import ToolkitJSON
import Foundation

/// Checks a catalog folder the way a careful reviewer would, and reports every problem at once
/// (not only the first): the engine's syntax errors at their line and column in the JSON file,
/// translations that drift from the source's shape or arguments, plural cases a locale never
/// selects or lacks, texts too wide for a lock screen, untranslated copies of the source, and
/// punctuation that belongs to another language. `LintRule` lists the rules.
///
/// ```swift
/// let report = CatalogLinter().lint(try CatalogFolder.read(directory: "Resources/strings"))
/// for f in report.findings { print(f) }   // Resources/strings/es.json:12:9: error: … [syntax]
/// ```
public struct CatalogLinter: Sendable {
    /// The width budgets, allow-list and time zone the checks use.
    public let options: LintOptions

    /// A linter.
    /// - Parameter options: what to check against; the defaults suit the bundled catalogs.
    public init(options: LintOptions = LintOptions()) {
        self.options = options
    }

    /// Lints every file of the folder (layered over its ``CatalogFolder/base``, if it has one:
    /// then only the folder's own files are reported on, checked against the merged catalog).
    public func lint(_ folder: CatalogFolder) -> LintReport {
        if let base = folder.base { return lint(folder, over: base) }
        var run = LintRun(options: options, sourceLocale: folder.sourceLocale)
        for file in folder.files { run.load(file, isSource: file.locale == folder.sourceLocale) }
        if let source = run.files.first(where: \.isSource) {
            run.checkSource(source)
            for file in run.files where !file.isSource { run.checkTranslation(file, source: source) }
            for file in run.files { run.checkContent(file, source: source) }
            for file in run.files { run.checkRendered(file, source: source) }
            run.checkRegionalSpelling(source: source)
            run.checkRegionalCopies(source: source)
        } else if folder.source == nil {
            run.add(
                path: folder.path(forLocale: folder.sourceLocale), line: 1, column: 1, .error, .structure, nil,
                "There is no source catalog \(folder.sourceLocale).json: translations are checked against it.")
        }
        var report = run.report(folder)
        report.coverage = run.coverage(sourceLocale: folder.sourceLocale)
        return report
    }
}

extension CatalogLinter {
    /// Lints an app's layer over a base catalog: the layer's own source messages as source
    /// messages (with the base's declarations for the ones they override), and each of its
    /// translations against the merged source, where a message, part or tone the layer leaves
    /// out comes from the base and is not missing. A new message of the layer that a locale of
    /// the base does not translate is reported as missing at its source position.
    func lint(_ folder: CatalogFolder, over base: CatalogFolder) -> LintReport {
        var baseRun = LintRun(options: options, sourceLocale: base.sourceLocale)
        for file in base.files { baseRun.load(file, isSource: file.locale == base.sourceLocale) }
        var run = LintRun(options: options, sourceLocale: folder.sourceLocale)
        // The layer's source is not complete (overrides may leave out descriptions), so it
        // is parsed as a translation is and new messages are checked below.
        for file in folder.files { run.load(file, isSource: false) }
        guard let baseSource = baseRun.files.first(where: { $0.locale == base.sourceLocale }) else {
            run.add(
                path: base.path(forLocale: base.sourceLocale), line: 1, column: 1, .error, .structure, nil,
                "The base catalog has no source \(base.sourceLocale).json.")
            return run.report(folder)
        }
        let ownSource = run.files.first { $0.locale == folder.sourceLocale }
        var newKeys = Set<String>()
        if let ownSource {
            var messages: [CatalogMessage] = []
            for m in ownSource.file.messages {
                if let b = baseSource.file.message(m.key) {
                    messages.append(m.inheritingDeclarations(from: b))
                } else {
                    newKeys.insert(m.key)
                    messages.append(m)
                    if m.description == nil {
                        run.add(
                            ownSource.file, at: m.position, .error, .structure, m.key,
                            "'\(m.key)' is a new message (the base has no such key), so it needs a \"description\" for translators.")
                    }
                }
            }
            run.checkSource(ownSource.asSource(messages: messages), inheritedDeclarations: Set(messages.map(\.key)).subtracting(newKeys))
        }
        let source = ownSource.map { $0.merged(over: baseSource) } ?? baseSource
        for file in run.files where file.locale != folder.sourceLocale {
            run.checkTranslation(file, source: source, inherited: baseRun.files.first { $0.locale == file.locale }?.file, newKeys: newKeys)
        }
        // Locales only the base has: the layer's new messages are missing there.
        if let ownSource {
            for b in baseRun.files
            where b.locale != base.sourceLocale && baseRun.regionalParent(b.locale) == nil
                && !run.files.contains(where: { $0.locale == b.locale })
            {
                for key in newKeys.sorted() {
                    run.add(
                        ownSource.file, at: ownSource.file.message(key)!.position, .warning, .missingTranslation, key,
                        "'\(key)' is not translated into \(b.locale), which the base catalog has (its users see the \(folder.sourceLocale) text): add \(folder.path(forLocale: b.locale))."
                    )
                }
            }
        }
        return run.report(folder)
    }
}

extension LintRun {
    /// The coverage of each translation that writes fewer texts than the source in some part
    /// and tone it has (a shorter pool, or one text where the source has a pool).
    func coverage(sourceLocale: String) -> [LocaleCoverage] {
        guard let source = files.first(where: \.isSource) else { return [] }
        var out: [LocaleCoverage] = []
        for file in files where !file.isSource {
            var sourceTexts = 0, texts = 0, shorter = 0
            for tm in file.file.messages {
                guard let sm = source.file.message(tm.key) else { continue }
                for tp in tm.parts {
                    guard let sp = sm.part(tp.name) else { continue }
                    // by tone where both have tones; else the part as a whole (one text for every tone)
                    let groups: [(Int, Int)]
                    if case .tones(let tt) = tp.shape, case .tones = sp.shape {
                        groups = tt.keys.map { tone in (sp.units.count { $0.tone == tone }, tp.units.count { $0.tone == tone }) }
                    } else {
                        groups = [(sp.units.count, tp.units.count)]
                    }
                    for (n, m) in groups {
                        sourceTexts += n; texts += min(m, n)
                        if m < n { shorter += 1 }
                    }
                }
            }
            if shorter > 0 {
                out.append(LocaleCoverage(file: file.file.path, locale: file.locale, sourceTexts: sourceTexts, texts: texts, shorterPools: shorter))
            }
        }
        return out
    }

    /// The findings sorted by file (in the folder's order), line, column and rule.
    func report(_ folder: CatalogFolder) -> LintReport {
        let order = Dictionary(folder.files.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { a, _ in a })
        let sorted = findings.sorted {
            ((order[$0.file] ?? Int.max), $0.line, $0.column, $0.rule.rawValue, $0.message)
                < ((order[$1.file] ?? Int.max), $1.line, $1.column, $1.rule.rawValue, $1.message)
        }
        return LintReport(findings: sorted, files: folder.files.map(\.path))
    }
}

/// A unit, and whether its text parsed and compiled. Lint holds every unit of a catalog at
/// once, so it keeps only that: the parse (with or without its text offsets) and the compiled
/// message are several times the text's size, so rules that need them parse and compile the
/// text again, one unit at a time (rules that point into literal text take the offsets from
/// ``PatternText``).
struct LintedUnit {
    let unit: CatalogUnit
    /// Whether the text parsed (a syntax error was reported at load otherwise).
    let parses: Bool
    /// The locale the text compiled for, or nil when it did not compile.
    let compiledLocale: String?

    /// The text parsed again, or nil when it does not parse.
    var pattern: MessagePattern? { parses ? try? MessagePattern(unit.text) : nil }

    /// The text compiled again for ``compiledLocale``, or nil when it does not compile.
    var format: MessageFormat? {
        guard let compiledLocale, let pattern else { return nil }
        return try? MessageFormat(pattern: pattern, locale: compiledLocale)
    }
}

/// One file as lint sees it.
struct LintedFile {
    let file: CatalogFile
    let isSource: Bool
    /// Whether ICU knows the file's locale (texts compile only then).
    let localeIsValid: Bool
    /// Every unit, in file order: held once, the indexes below point into it.
    let units: [LintedUnit]
    /// The position in ``units`` of each unit id (the first when an id appears twice).
    private let indexByID: [String: Int]
    /// The positions in ``units`` of each message key's units, in file order (so rules that
    /// compare a unit with its message's other units stay linear in the catalog's size).
    private let indexesByKey: [String: [Int]]
    var locale: String { file.locale }

    init(file: CatalogFile, isSource: Bool, localeIsValid: Bool, units: [LintedUnit]) {
        self.file = file
        self.isSource = isSource
        self.localeIsValid = localeIsValid
        self.units = units
        var byID: [String: Int] = [:], byKey: [String: [Int]] = [:]
        byID.reserveCapacity(units.count)
        for (i, u) in units.enumerated() {
            if byID[u.unit.id] == nil { byID[u.unit.id] = i }
            byKey[u.unit.key, default: []].append(i)
        }
        indexByID = byID
        indexesByKey = byKey
    }

    private init(file: CatalogFile, isSource: Bool, localeIsValid: Bool, units: [LintedUnit], indexByID: [String: Int], indexesByKey: [String: [Int]]) {
        self.file = file
        self.isSource = isSource
        self.localeIsValid = localeIsValid
        self.units = units
        self.indexByID = indexByID
        self.indexesByKey = indexesByKey
    }

    /// The unit of that id (the first when the file has it twice).
    func unit(id: String) -> LintedUnit? { indexByID[id].map { units[$0] } }
    /// The units of a message key, in file order; empty when the file lacks the key.
    func units(key: String) -> [LintedUnit] { indexesByKey[key].map { $0.map { units[$0] } } ?? [] }
    var language: String { String(file.locale.split(separator: "-").first ?? "") }

    /// The same units with other message declarations (a layer's overrides with the base's
    /// descriptions and arguments).
    func asSource(messages: [CatalogMessage]) -> LintedFile {
        let f = CatalogFile(
            locale: file.locale, path: file.path, messages: messages, sourceFingerprints: file.sourceFingerprints,
            bytes: file.bytes, duplicateKeys: file.duplicateKeys)
        return LintedFile(file: f, isSource: true, localeIsValid: localeIsValid, units: units, indexByID: indexByID, indexesByKey: indexesByKey)
    }

    /// This layer's file over the base's file of the same locale (messages merged per part and
    /// tone; units of the layer replacing the base's units of the same id).
    func merged(over lower: LintedFile) -> LintedFile {
        let mine = Set(units.map(\.unit.id))
        let all = units + lower.units.filter { !mine.contains($0.unit.id) }
        return LintedFile(file: file.merged(over: lower.file), isSource: lower.isSource, localeIsValid: localeIsValid, units: all)
    }
}

/// The state of one lint run: the files loaded so far and the findings.
struct LintRun {
    let options: LintOptions
    let sourceLocale: String
    var files: [LintedFile] = []
    var findings: [LintFinding] = []
    /// The integers besides 1 in the `one` category, by locale and kind (`c:es`, `o:en`):
    /// worked out once a run (ICU is asked about 205 numbers), not once a plural.
    var otherOnes: [String: [Int]?] = [:]
    /// The inner plurals `nested-plural` renders, compiled once a run by locale and text (the
    /// same `{steps, plural, …}` sits in many texts of a catalog); nil when one does not compile.
    var innerPluralFormats: [String: MessageFormat?] = [:]

    init(options: LintOptions, sourceLocale: String) {
        self.options = options
        self.sourceLocale = sourceLocale
    }

    // MARK: Reporting

    mutating func add(path: String, line: Int, column: Int, _ severity: LintFinding.Severity, _ rule: LintRule, _ unit: String?, _ message: String) {
        findings.append(LintFinding(file: path, line: line, column: column, severity: severity, rule: rule, unitID: unit, message: message))
    }

    mutating func add(_ file: CatalogFile, at position: JSONPosition, _ severity: LintFinding.Severity, _ rule: LintRule, _ unit: String?, _ message: String) {
        add(path: file.path, line: position.line, column: position.column, severity, rule, unit, message)
    }

    /// A finding at a UTF-16 offset inside a unit's text, mapped to the file's line and column;
    /// with `fix`, the character there has one obvious replacement (`msgtool lint --fix`).
    mutating func add(
        _ file: CatalogFile, _ unit: CatalogUnit, offset: Int, _ severity: LintFinding.Severity, _ rule: LintRule, _ message: String, fix: String? = nil
    ) {
        let pos = CatalogLoader.position(of: offset, in: unit, bytes: file.bytes)
        add(path: file.path, line: pos.line, column: pos.column, severity, rule, unit.id, message)
        if let fix { findings[findings.count - 1].fix = TextFix(unitID: unit.id, offset: offset, length: 1, replacement: fix) }
    }

    // MARK: Loading

    /// Parses a file leniently (every structural problem is a finding), checks its locale and
    /// duplicate keys, and compiles every text.
    mutating func load(_ raw: CatalogFolder.File, isSource: Bool) {
        // Invalid UTF-8: each malformed sequence is a finding at its place, and the file is still
        // checked, read with U+FFFD in its place (one character: later columns stay right).
        let invalid = InvalidUTF8.sequences(in: raw.bytes)
        if !invalid.isEmpty {
            for bad in invalid {
                add(
                    path: raw.path, line: bad.line, column: bad.column, .error, .json, nil,
                    "Invalid UTF-8: \(bad.detail); save the file as UTF-8 (the rest of the file is checked reading it as �).")
            }
            var repaired: [UInt8] = []
            var next = 0
            for bad in invalid {
                repaired += raw.bytes[next..<bad.offset]
                repaired += [0xEF, 0xBF, 0xBD]
                next = bad.offset + bad.length
            }
            repaired += raw.bytes[next...]
            return load(CatalogFolder.File(path: raw.path, bytes: repaired), isSource: isSource)
        }
        // The JSON of each message is checked as it is read (a catalog can be 100 MB: its tree is
        // never whole); what holds only for a source file is kept until the file's locale is known.
        let mark = findings.count
        var swiftNameFindings: [LintFinding] = []
        var duplicates: [(first: JSONPosition, again: JSONMember)] = []
        var firstMessageKeys: [String: JSONPosition] = [:]
        let (parsed, errors, root) = CatalogLoader.parseLeniently(bytes: raw.bytes, path: raw.path, isSource: isSource) { message in
            checkHostileText(message, path: ["messages"], file: raw)
            let before = findings.count
            checkSwiftNames(message, file: raw)
            swiftNameFindings += findings[before...]
            findings.removeSubrange(before...)
            if let first = firstMessageKeys[message.key] { duplicates.append((first, message)) } else { firstMessageKeys[message.key] = message.keyPosition }
            duplicates += Self.duplicatePairs(message.value)
        }
        guard let file = parsed, let root else {
            // Not a catalog: only why.
            findings.removeSubrange(mark...)
            for e in errors {
                add(
                    path: e.location.file ?? raw.path, line: e.location.line ?? 0, column: e.location.column ?? 0, .error, root == nil ? .json : .structure,
                    e.unitID, e.message)
            }
            return
        }
        for e in errors {
            add(path: e.location.file ?? raw.path, line: e.location.line ?? 0, column: e.location.column ?? 0, .error, .structure, e.unitID, e.message)
        }
        checkHostileText(root, file: raw)
        if file.locale == sourceLocale { findings += swiftNameFindings }
        for (first, dup) in Self.duplicatePairs(root) + duplicates {
            add(
                file, at: dup.keyPosition, .error, .duplicateKey, nil,
                "The key \"\(dup.key)\" appears twice in this object (lines \(first.line) and \(dup.keyPosition.line)); JSON parsers silently keep one of the two: merge them into one."
            )
        }
        let localePosition = root.member("locale")?.position ?? root.position
        var localeIsValid = true
        if file.locale != raw.locale {
            add(
                file, at: localePosition, .error, .structure, nil,
                "The file says \"locale\": \"\(file.locale)\" but is named \(raw.locale).json: rename the file or fix the tag.")
        }
        if (try? Backend.localeID(forTag: file.locale)) == nil {
            localeIsValid = false
            add(
                file, at: localePosition, .error, .structure, nil,
                "'\(file.locale)' is not a locale ICU knows: name the file by a BCP 47 tag (es, zh-Hans, pt-BR).")
        }
        var units: [LintedUnit] = []
        units.reserveCapacity(file.unitCount)
        for unit in file.messages.lazy.flatMap(\.parts).flatMap(\.units) {
            let pattern: MessagePattern
            do { pattern = try MessagePattern(unit.text) } catch {
                if error.kind == .missingOther, let message = Self.missingNeutralText(in: unit.text, at: error.offset ?? -1) {
                    add(file, unit, offset: error.offset ?? 0, .error, .termOfAddress, message)
                } else {
                    add(file, unit, offset: error.offset ?? 0, .error, error.kind == .missingOther ? .missingOther : .syntax, error.message)
                }
                units.append(LintedUnit(unit: unit, parses: false, compiledLocale: nil))
                continue
            }
            var compiled: String? = nil
            if localeIsValid {
                do { _ = try MessageFormat(pattern: pattern, locale: file.locale); compiled = file.locale } catch {
                    add(file, unit, offset: error.offset ?? 0, .error, .syntax, error.message)
                }
            }
            units.append(LintedUnit(unit: unit, parses: true, compiledLocale: compiled))
        }
        files.append(LintedFile(file: file, isSource: isSource, localeIsValid: localeIsValid, units: units))
    }

    /// Each repeated key of an object with where that key first appears.
    static func duplicatePairs(_ root: JSONNode) -> [(first: JSONPosition, again: JSONMember)] {
        var out: [(JSONPosition, JSONMember)] = []
        func walk(_ n: JSONNode) {
            switch n.value {
            case .object(let members):
                var seen: [String: JSONPosition] = [:]
                for m in members {
                    if let first = seen[m.key] { out.append((first, m)) } else { seen[m.key] = m.keyPosition }
                    walk(m.value)
                }
            case .array(let items): items.forEach(walk)
            default: break
            }
        }
        walk(root)
        return out
    }

    // MARK: Source

    /// - Parameter inheritedDeclarations: keys whose declarations come from a base catalog
    ///   (an app's overrides): their texts are checked against them, the declarations are not.
    mutating func checkSource(_ source: LintedFile, inheritedDeclarations: Set<String> = []) {
        for message in source.file.messages {
            let units = source.units(key: message.key)
            var used = Set<String>()
            for u in units { if let p = u.pattern { used.formUnion(p.nodes.argumentNames) } }
            for decl in message.arguments where !inheritedDeclarations.contains(message.key) {
                if !used.contains(decl.name) {
                    add(
                        source.file, at: decl.position, .warning, .unusedArgument, message.key,
                        "The argument '\(decl.name)' is declared but no text of '\(message.key)' uses it: use it or remove the declaration.")
                }
                if decl.example == nil {
                    add(
                        source.file, at: decl.position, .warning, .missingExample, message.key,
                        "The argument '\(decl.name)' has no \"example\": add one so that previews and the length check can render the texts.")
                }
            }
            for u in units { checkUnit(u, in: source, declarations: message.arguments) }
        }
    }

    // MARK: Translations

    /// - Parameters:
    ///   - inherited: for an app's layer, the base's file of the same locale, which provides
    ///     what the layer leaves out.
    ///   - newKeys: for an app's layer, its own messages (only they can be missing in it).
    mutating func checkTranslation(_ file: LintedFile, source: LintedFile, inherited: CatalogFile? = nil, newKeys: Set<String>? = nil) {
        var previous: CatalogMessage? = nil
        let messagesPosition = file.file.messages.first?.position ?? JSONPosition(line: 1, column: 1, offset: 0)
        // A regional catalog (es-419 beside es) holds only what differs from its parent: what it
        // lacks, the parent provides, so nothing is missing.
        let parent = regionalParent(file.locale)
        var missing: [(key: String, at: JSONPosition)] = []
        for sm in source.file.messages {
            guard let tm = file.file.message(sm.key) else {
                // an app's layer translates only its own new keys; the rest come from the base
                if parent == nil, newKeys.map({ !$0.contains(sm.key) }) != true { missing.append((sm.key, previous?.position ?? messagesPosition)) }
                continue
            }
            previous = tm
            checkShape(tm, against: sm, in: file, inheritsMissingParts: parent != nil || inherited?.message(sm.key) != nil)
        }
        // One missing message is a finding of its own; more (a new locale) are one summary
        // finding with the list, not one finding per message at one spot.
        if missing.count == 1 {
            add(
                file.file, at: missing[0].at, .warning, .missingTranslation, missing[0].key,
                "'\(missing[0].key)' is not translated into \(file.locale) (its users see the \(fallbackLocale(file.locale)) text): translate it.")
        } else if missing.count > 1 {
            add(
                file.file, at: messagesPosition, .warning, .missingTranslation, nil,
                "\(missing.count) of the \(source.file.messages.count) messages of \(sourceLocale).json are not translated into \(file.locale) (its users see the \(fallbackLocale(file.locale)) text): "
                    + missing.map(\.key).joined(separator: ", ") + ". Translate them (an export of \(file.locale) gives a file to translate).")
        }
        for tm in file.file.messages where source.file.message(tm.key) == nil {
            add(
                file.file, at: tm.position, .error, .obsolete, tm.key,
                "'\(tm.key)' is not a message of \(sourceLocale).json, so it is never shown: fix the key or remove it.")
        }
        for u in file.units {
            guard let sm = source.file.message(u.unit.key) else { continue }
            checkUnit(u, in: file, declarations: sm.arguments)
            checkAgainstSource(u, in: file, source: source)
        }
    }

    /// The catalog a locale falls back to for a message it lacks: its nearest CLDR parent
    /// with a catalog in the folder, else the source.
    private func fallbackLocale(_ locale: String) -> String {
        let chain = (try? Backend.localeID(forTag: locale)).map { Backend.fallbackChain(forLocaleID: $0) } ?? []
        let present = Set(files.map(\.locale))
        return chain.dropFirst().first { present.contains($0) && $0 != locale } ?? sourceLocale
    }

    /// The catalog a regional file inherits from (`es` for `es-419`): its nearest CLDR parent
    /// with a catalog in the folder; the source itself for a regional file of the source's
    /// language (`en-GB` over `en`); nil for a file of its own language.
    func regionalParent(_ locale: String) -> String? {
        let parent = fallbackLocale(locale)
        guard parent == sourceLocale else { return parent }
        let language = { (tag: String) in tag.prefix { $0 != "-" } }
        return locale != sourceLocale && language(locale) == language(sourceLocale) ? sourceLocale : nil
    }

    /// The translated message keeps the source's parts, tones and pool sizes (a regional
    /// catalog may leave out whole parts and single tones, which its parent provides).
    private mutating func checkShape(_ tm: CatalogMessage, against sm: CatalogMessage, in file: LintedFile, inheritsMissingParts: Bool) {
        for sp in sm.parts {
            guard let tp = tm.part(sp.name) else {
                if inheritsMissingParts { continue }
                add(
                    file.file, at: tm.position, .warning, .missingTranslation, "\(sm.key).\(sp.name)",
                    "The part '\(sp.name)' of '\(sm.key)' is not translated into \(file.locale): add it.")
                continue
            }
            let id = "\(sm.key).\(sp.name)"
            switch (sp.shape, tp.shape) {
            case (.text, .text): break
            // fewer variants than the source, down to one text: allowed (readers see them in turn)
            case (.pool, .text): break
            case (.tones, .text): break
            case (.pool(let n), .pool(let m)):
                comparePools(source: n, translation: m, id: id, at: tp.position, in: file)
            case (.tones(let st), .tones(let tt)):
                for tone in Tone.allCases {
                    switch (st[tone], tt[tone]) {
                    case (nil, nil): break
                    case (.some, nil):
                        // A regional catalog may hold only the tones it changes.
                        if inheritsMissingParts { break }
                        add(
                            file.file, at: tp.position, .error, .missingTone, "\(id).\(tone.rawValue)",
                            "The \(tone.rawValue) tone of '\(id)' is missing (users who chose \(tone.rawValue) get another tone): translate it.")
                    case (nil, .some):
                        let pos = tp.units.first { $0.tone == tone }?.position ?? tp.position
                        add(
                            file.file, at: pos, .error, .obsolete, "\(id).\(tone.rawValue)",
                            "The source has no \(tone.rawValue) tone for '\(id)', so this text is never shown: remove it.")
                    case (.text, .text), (.pool, .text): break
                    case (.pool(let n), .pool(let m)):
                        let pos = tp.units.first { $0.tone == tone }?.position ?? tp.position
                        comparePools(source: n, translation: m, id: "\(id).\(tone.rawValue)", at: pos, in: file)
                    case (.some(let s), .some(let t)):
                        let pos = tp.units.first { $0.tone == tone }?.position ?? tp.position
                        add(
                            file.file, at: pos, .error, .shape, "\(id).\(tone.rawValue)",
                            "The source's \(tone.rawValue) text of '\(id)' is \(describe(s)); here it is \(describe(t)): use the same shape.")
                    }
                }
            default:
                add(
                    file.file, at: tp.position, .error, .shape, id,
                    "'\(id)' is \(describe(sp.shape)) in the source but \(describe(tp.shape)) here: use the same shape (units are matched by id).")
            }
        }
        for tp in tm.parts where sm.part(tp.name) == nil {
            add(
                file.file, at: tp.position, .error, .obsolete, "\(tm.key).\(tp.name)",
                "'\(tm.key)' has no part '\(tp.name)' in the source, so it is never shown: fix the name or remove it.")
        }
    }

    /// A translation's pool may be shorter than the source's (its readers see the variants it
    /// has in turn; lint and stats report the locale's coverage), not longer.
    private mutating func comparePools(source n: Int, translation m: Int, id: String, at pos: JSONPosition, in file: LintedFile) {
        if m > n {
            add(
                file.file, at: pos, .warning, .poolSize, id,
                "This pool has \(m) variants; the source's has \(n): the extra ones are shown too, but lint and exports match variants by index.")
        }
    }

    private func describe(_ shape: PartShape) -> String {
        switch shape {
        case .text: "a single text"
        case .pool(let n): "a pool of \(n)"
        case .tones: "texts by tone"
        }
    }

    private func describe(_ shape: PartShape.ToneShape) -> String {
        switch shape {
        case .text: "a single text"
        case .pool(let n): "a pool of \(n)"
        }
    }
}
