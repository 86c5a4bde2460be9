import MessageCatalog
import ToolkitSupport
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
    public let options: LintOptions

    public init(options: LintOptions = LintOptions()) {
        self.options = options
    }

    /// Lints every file of the folder.
    public func lint(_ folder: CatalogFolder) -> LintReport {
        var run = LintRun(options: options, sourceLocale: folder.sourceLocale)
        for file in folder.files { run.load(file, isSource: file.locale == folder.sourceLocale) }
        if let source = run.files.first(where: \.isSource) {
            run.checkSource(source)
            for file in run.files where !file.isSource { run.checkTranslation(file, source: source) }
        } else if folder.source == nil {
            run.add(path: folder.path(forLocale: folder.sourceLocale), line: 1, column: 1, .error, .structure, nil,
                    "There is no source catalog \(folder.sourceLocale).json: translations are checked against it.")
        }
        let order = Dictionary(folder.files.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { a, _ in a })
        let sorted = run.findings.sorted {
            ((order[$0.file] ?? Int.max), $0.line, $0.column, $0.rule.rawValue, $0.message)
                < ((order[$1.file] ?? Int.max), $1.line, $1.column, $1.rule.rawValue, $1.message)
        }
        return LintReport(findings: sorted, files: folder.files.map(\.path))
    }
}

/// A unit with its parse and compile, when they succeeded.
struct LintedUnit {
    let unit: CatalogUnit
    let pattern: MessagePattern?
    let format: MessageFormat?
}

/// One file as lint sees it.
struct LintedFile {
    let file: CatalogFile
    let isSource: Bool
    /// Whether ICU knows the file's locale (texts compile only then).
    let localeIsValid: Bool
    let units: [LintedUnit]
    let unitsByID: [String: LintedUnit]
    /// The units of each message key, in file order (so rules that compare a unit with its
    /// message's other units stay linear in the catalog's size).
    let unitsByKey: [String: [LintedUnit]]
    var locale: String { file.locale }
    var language: String { String(file.locale.split(separator: "-").first ?? "") }
}

/// The state of one lint run: the files loaded so far and the findings.
struct LintRun {
    let options: LintOptions
    let sourceLocale: String
    var files: [LintedFile] = []
    var findings: [LintFinding] = []

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

    /// A finding at a UTF-16 offset inside a unit's text, mapped to the file's line and column.
    mutating func add(_ file: CatalogFile, _ unit: CatalogUnit, offset: Int, _ severity: LintFinding.Severity, _ rule: LintRule, _ message: String) {
        let pos = CatalogLoader.position(of: offset, in: unit, bytes: file.bytes)
        add(path: file.path, line: pos.line, column: pos.column, severity, rule, unit.id, message)
    }

    // MARK: Loading

    /// Parses a file leniently (every structural problem is a finding), checks its locale and
    /// duplicate keys, and compiles every text.
    mutating func load(_ raw: CatalogFolder.File, isSource: Bool) {
        var copy = raw.bytes
        let root: JSONNode?
        if String(validating: raw.bytes, as: UTF8.self) != nil { root = try? JSONReader.parse(bytes: &copy) } else { root = nil }
        let (parsed, errors) = CatalogLoader.parseLeniently(bytes: raw.bytes, path: raw.path, isSource: isSource)
        for e in errors {
            add(path: e.file, line: e.line, column: e.column, .error, root == nil ? .json : .structure, e.unitID, e.message)
        }
        guard let file = parsed, let root else { return }
        for dup in file.duplicateKeys {
            add(file, at: dup.keyPosition, .error, .duplicateKey, nil,
                "The key \"\(dup.key)\" appears twice in this object; JSON parsers silently keep one of the two: merge them into one.")
        }
        let localePosition = root.member("locale")?.position ?? root.position
        var localeIsValid = true
        if file.locale != raw.locale {
            add(file, at: localePosition, .error, .structure, nil,
                "The file says \"locale\": \"\(file.locale)\" but is named \(raw.locale).json: rename the file or fix the tag.")
        }
        if (try? Backend.localeID(forTag: file.locale)) == nil {
            localeIsValid = false
            add(file, at: localePosition, .error, .structure, nil,
                "'\(file.locale)' is not a locale ICU knows: name the file by a BCP 47 tag (es, zh-Hans, pt-BR).")
        }
        var units: [LintedUnit] = []
        for unit in file.units {
            let pattern: MessagePattern
            do { pattern = try MessagePattern(unit.text, recordingTextOffsets: true) } catch {
                add(file, unit, offset: error.offset, .error, error.kind == .missingOther ? .missingOther : .syntax, error.message)
                units.append(LintedUnit(unit: unit, pattern: nil, format: nil))
                continue
            }
            var format: MessageFormat? = nil
            if localeIsValid {
                do { format = try MessageFormat(pattern: pattern, locale: file.locale) } catch {
                    add(file, unit, offset: error.offset ?? 0, .error, .syntax, error.message)
                }
            }
            units.append(LintedUnit(unit: unit, pattern: pattern, format: format))
        }
        var byID: [String: LintedUnit] = [:]
        for u in units where byID[u.unit.id] == nil { byID[u.unit.id] = u }
        let byKey = Dictionary(grouping: units, by: \.unit.key)
        files.append(LintedFile(file: file, isSource: isSource, localeIsValid: localeIsValid, units: units, unitsByID: byID, unitsByKey: byKey))
    }

    // MARK: Source

    mutating func checkSource(_ source: LintedFile) {
        for message in source.file.messages {
            let units = source.unitsByKey[message.key] ?? []
            var used = Set<String>()
            for u in units { if let p = u.pattern { used.formUnion(p.nodes.argumentNames) } }
            for decl in message.arguments {
                if !used.contains(decl.name) {
                    add(source.file, at: decl.position, .warning, .unusedArgument, message.key,
                        "The argument '\(decl.name)' is declared but no text of '\(message.key)' uses it: use it or remove the declaration.")
                }
                if decl.example == nil {
                    add(source.file, at: decl.position, .warning, .missingExample, message.key,
                        "The argument '\(decl.name)' has no \"example\": add one so that previews and the length check can render the texts.")
                }
            }
            for u in units { checkUnit(u, in: source, declarations: message.arguments) }
        }
    }

    // MARK: Translations

    mutating func checkTranslation(_ file: LintedFile, source: LintedFile) {
        var previous: CatalogMessage? = nil
        let messagesPosition = file.file.messages.first?.position ?? JSONPosition(line: 1, column: 1, offset: 0)
        // A regional catalog (es-419 beside es) holds only what differs from its parent: what it
        // lacks, the parent provides, so nothing is missing.
        let parent = regionalParent(file.locale)
        for sm in source.file.messages {
            guard let tm = file.file.message(sm.key) else {
                if parent != nil { continue }
                add(file.file, at: previous?.position ?? messagesPosition, .warning, .missingTranslation, sm.key,
                    "'\(sm.key)' is not translated into \(file.locale) (its users see the \(fallbackLocale(file.locale)) text): translate it.")
                continue
            }
            previous = tm
            checkShape(tm, against: sm, in: file, inheritsMissingParts: parent != nil)
        }
        for tm in file.file.messages where source.file.message(tm.key) == nil {
            add(file.file, at: tm.position, .error, .obsolete, tm.key,
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
    /// with a catalog in the folder, other than the source; nil for a file of its own language.
    func regionalParent(_ locale: String) -> String? {
        let parent = fallbackLocale(locale)
        return parent == sourceLocale ? nil : parent
    }

    /// The translated message keeps the source's parts, tones and pool sizes (a regional
    /// catalog may leave out whole parts, which its parent provides).
    private mutating func checkShape(_ tm: CatalogMessage, against sm: CatalogMessage, in file: LintedFile, inheritsMissingParts: Bool) {
        for sp in sm.parts {
            guard let tp = tm.part(sp.name) else {
                if inheritsMissingParts { continue }
                add(file.file, at: tm.position, .warning, .missingTranslation, "\(sm.key).\(sp.name)",
                    "The part '\(sp.name)' of '\(sm.key)' is not translated into \(file.locale): add it.")
                continue
            }
            let id = "\(sm.key).\(sp.name)"
            switch (sp.shape, tp.shape) {
            case (.text, .text): break
            case (.pool(let n), .pool(let m)):
                comparePools(source: n, translation: m, id: id, at: tp.position, in: file)
            case (.tones(let st), .tones(let tt)):
                for tone in Tone.allCases {
                    switch (st[tone], tt[tone]) {
                    case (nil, nil): break
                    case (.some, nil):
                        add(file.file, at: tp.position, .error, .missingTone, "\(id).\(tone.rawValue)",
                            "The \(tone.rawValue) tone of '\(id)' is missing (users who chose \(tone.rawValue) get another tone): translate it.")
                    case (nil, .some):
                        let pos = tp.units.first { $0.tone == tone }?.position ?? tp.position
                        add(file.file, at: pos, .error, .obsolete, "\(id).\(tone.rawValue)",
                            "The source has no \(tone.rawValue) tone for '\(id)', so this text is never shown: remove it.")
                    case (.text, .text): break
                    case (.pool(let n), .pool(let m)):
                        let pos = tp.units.first { $0.tone == tone }?.position ?? tp.position
                        comparePools(source: n, translation: m, id: "\(id).\(tone.rawValue)", at: pos, in: file)
                    case (.some(let s), .some(let t)):
                        let pos = tp.units.first { $0.tone == tone }?.position ?? tp.position
                        add(file.file, at: pos, .error, .shape, "\(id).\(tone.rawValue)",
                            "The source's \(tone.rawValue) text of '\(id)' is \(describe(s)); here it is \(describe(t)): use the same shape.")
                    }
                }
            default:
                add(file.file, at: tp.position, .error, .shape, id,
                    "'\(id)' is \(describe(sp.shape)) in the source but \(describe(tp.shape)) here: use the same shape (units are matched by id).")
            }
        }
        for tp in tm.parts where sm.part(tp.name) == nil {
            add(file.file, at: tp.position, .error, .obsolete, "\(tm.key).\(tp.name)",
                "'\(tm.key)' has no part '\(tp.name)' in the source, so it is never shown: fix the name or remove it.")
        }
    }

    private mutating func comparePools(source n: Int, translation m: Int, id: String, at pos: JSONPosition, in file: LintedFile) {
        if m < n {
            add(file.file, at: pos, .error, .poolSize, id,
                "This pool has \(m) variant\(m == 1 ? "" : "s"); the source's has \(n): write \(n - m) more, so users see as much variety as in \(sourceLocale).")
        } else if m > n {
            add(file.file, at: pos, .warning, .poolSize, id,
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
