import Foundation
import ToolkitSupport

/// The string catalogs of every locale: loaded, validated (every text compiles for its
/// locale), with CLDR locale fallback and compiled messages cached for reuse.
///
/// Sendable: the files are immutable values; the compiled-message cache is behind a lock.
public final class LocalizedCatalog: Sendable {
    /// The source locale (`en`), whose file declares descriptions and arguments.
    public let sourceLocale: String
    /// Files by locale tag.
    public let files: [String: CatalogFile]
    /// The source locale's file, which declares every message's description and arguments.
    public var source: CatalogFile { files[sourceLocale]! }
    /// Locales in a stable order, source first.
    public var locales: [String] { [sourceLocale] + files.keys.filter { $0 != sourceLocale }.sorted() }

    private let compiled = Locked<[CompiledKey: MessageFormat]>([:])
    private struct CompiledKey: Hashable { let unit: String; let textLocale: String; let formatLocale: String }

    /// The catalog this one is layered over (see ``init(directory:over:)``), nil for a plain one.
    public let base: LocalizedCatalog?
    /// The files of this layer as read (before merging with ``base``), by locale tag; equal to
    /// ``files`` for a catalog without a base.
    public let layerFiles: [String: CatalogFile]

    /// Loads every `*.json` of a folder; the source is `en.json` (or `source` if given).
    /// - Throws: `Diagnostic` naming the file, line, column and unit id of the first problem.
    public convenience init(directory: URL, sourceLocale: String = "en") throws(Diagnostic) {
        try self.init(rawFiles: Self.readFolder(directory), sourceLocale: sourceLocale)
    }

    /// Loads the catalogs of a folder (an app's own messages) layered over `base` (usually
    /// ``bundled()``): the folder may add messages (declared in its `en.json` with a
    /// description and arguments, like any source message) and override messages of the base
    /// in any locale, per part and per tone: a part or tone it leaves out comes from the base.
    /// An override of a base message keeps the base's arguments (it may leave out
    /// `description` and `arguments`). The folder needs no `en.json` if it only overrides.
    /// Locale fallback is unchanged: for `es-MX` the layers of `es-419`, then `es`, then `en`.
    /// - Throws: `Diagnostic` naming the file, line, column and key of the first problem.
    public convenience init(directory: URL, over base: LocalizedCatalog) throws(Diagnostic) {
        try self.init(rawFiles: Self.readFolder(directory), over: base)
    }

    private static func readFolder(_ directory: URL) throws(Diagnostic) -> [(path: String, bytes: [UInt8])] {
        let fm = FileManager.default
        let names: [String]
        do { names = try fm.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted() } catch {
            throw Diagnostic(
                file: directory.path, line: 0, column: 0, unitID: nil, message: "Cannot read the catalog folder: \(error.localizedDescription)",
                code: .unreadable)
        }
        var raw: [(String, [UInt8])] = []
        for n in names {
            let path = directory.appendingPathComponent(n).path
            do throws(InputFile.ReadError) { raw.append((path, try InputFile.read(path, limit: InputFile.Limit.catalog, what: "a catalog file"))) } catch {
                throw Diagnostic(file: path, line: 0, column: 0, unitID: nil, message: "Cannot read the file: \(error.message).", code: .unreadable)
            }
        }
        return raw
    }

    /// Builds a catalog from file contents (path → bytes).
    public convenience init(rawFiles: [(path: String, bytes: [UInt8])], sourceLocale: String = "en") throws(Diagnostic) {
        try self.init(rawFiles: rawFiles, sourceLocale: sourceLocale, validating: true)
    }

    /// Builds a catalog from file contents; `validating: false` skips compiling every text of
    /// every locale (a text is still compiled, and checked, when it is first formatted). Only for
    /// files already validated: the bundled catalogs, which the test suite loads with validation.
    init(rawFiles: [(path: String, bytes: [UInt8])], sourceLocale: String, validating: Bool) throws(Diagnostic) {
        let sourceName = "\(sourceLocale).json"
        guard rawFiles.contains(where: { URL(fileURLWithPath: $0.path).lastPathComponent == sourceName }) else {
            throw Diagnostic(
                file: rawFiles.first.map { URL(fileURLWithPath: $0.path).deletingLastPathComponent().path } ?? ".", line: 0, column: 0, unitID: nil,
                message: "No source catalog \(sourceName) in the folder.")
        }
        let files = try Self.parse(rawFiles, sourceLocale: sourceLocale, sourceIsComplete: true)
        self.sourceLocale = sourceLocale
        self.files = files
        self.layerFiles = files
        self.base = nil
        if validating { try validate(files.keys.sorted()) }
    }

    /// Builds a catalog from file contents (path → bytes) layered over `base`
    /// (see ``init(directory:over:)``).
    public init(rawFiles: [(path: String, bytes: [UInt8])], over base: LocalizedCatalog) throws(Diagnostic) {
        let sourceLocale = base.sourceLocale
        let layer = try Self.parse(rawFiles, sourceLocale: sourceLocale, sourceIsComplete: false)
        // New messages are declared like any source message; overrides keep the base's arguments.
        if let src = layer[sourceLocale] {
            for m in src.messages {
                if let b = base.source.message(m.key) {
                    let mine = m.arguments.map { "\($0.name):\($0.kind.rawValue):\($0.values)" }
                    let theirs = b.arguments.map { "\($0.name):\($0.kind.rawValue):\($0.values)" }
                    if !m.arguments.isEmpty && mine != theirs {
                        throw Diagnostic(
                            file: src.path, line: m.position.line, column: m.position.column, unitID: m.key,
                            message:
                                "'\(m.key)' overrides a message of the base catalog, whose arguments are \(b.arguments.isEmpty ? "none" : b.arguments.map { "{\($0.name)} (\($0.kind.rawValue))" }.joined(separator: ", ")): leave out \"arguments\" to keep them, or add a message of your own under another key."
                        )
                    }
                } else if m.description == nil {
                    throw Diagnostic(
                        file: src.path, line: m.position.line, column: m.position.column, unitID: m.key,
                        message:
                            "'\(m.key)' is a new message (the base catalog has no such key), so it needs a \"description\" for translators and its \"arguments\"."
                    )
                }
            }
        }
        for (tag, file) in layer where tag != sourceLocale {
            for m in file.messages where base.source.message(m.key) == nil && layer[sourceLocale]?.message(m.key) == nil {
                throw Diagnostic(
                    file: file.path, line: m.position.line, column: m.position.column, unitID: m.key,
                    message:
                        "'\(m.key)' is a message of neither the base catalog nor this folder's \(sourceLocale).json: fix the key, or declare the message in \(sourceLocale).json."
                )
            }
        }
        var merged = base.files
        for (tag, file) in layer { merged[tag] = merged[tag].map { file.merged(over: $0) } ?? file }
        self.sourceLocale = sourceLocale
        self.files = merged
        self.layerFiles = layer
        self.base = base
        try validate(layer.keys.sorted(), in: layer)
    }

    /// Parses the files of one folder, checking that each is named by its locale.
    private static func parse(_ rawFiles: [(path: String, bytes: [UInt8])], sourceLocale: String, sourceIsComplete: Bool) throws(Diagnostic) -> [String:
        CatalogFile]
    {
        var files: [String: CatalogFile] = [:]
        for (path, bytes) in rawFiles {
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            let file = try CatalogLoader.parse(bytes: bytes, path: path, isSource: sourceIsComplete && name == sourceLocale)
            if file.locale != name {
                throw Diagnostic(
                    file: path, line: 1, column: 1, unitID: nil,
                    message: "The file says \"locale\": \"\(file.locale)\" but is named \(name).json: rename the file or fix the tag.")
            }
            do { _ = try Backend.localeID(forTag: file.locale) } catch {
                throw Diagnostic(
                    file: path, line: 1, column: 1, unitID: nil,
                    message: "'\(file.locale)' is not a locale ICU knows: name the file by a BCP 47 tag (es, zh-Hans).")
            }
            files[file.locale] = file
        }
        return files
    }

    /// Every text of the given locales' files compiles for its own locale; translations use
    /// only declared arguments (those of the merged source, for a layer). The compiled messages
    /// are not kept: a message is compiled again, and cached, when it is first formatted, so a
    /// catalog holds only what is used (an app formats one locale; the tools, none).
    private func validate(_ locales: [String], in layer: [String: CatalogFile]? = nil) throws(Diagnostic) {
        for locale in locales {
            let file = (layer ?? files)[locale]!
            for message in file.messages {
                for part in message.parts {
                    for unit in part.units { try validate(unit, of: file) }
                }
            }
        }
    }

    private func validate(_ unit: CatalogUnit, of file: CatalogFile) throws(Diagnostic) {
        let m: MessageFormat
        do { m = try MessageFormat(unit.text, locale: file.locale) } catch {
            throw catalogError(error, unit: unit, file: file)
        }
        // A text may only use the arguments its source message declares: anything else
        // would fail at every send.
        guard let declared = source.message(unit.key)?.arguments.map(\.name) else { return }
        for usage in m.pattern.argumentUsages where usage.name == AddressTerm.argumentName && usage.kind != .select {
            throw catalogError(
                Diagnostic(
                    kind: .badArgument,
                    message:
                        "'{\(usage.name)}' is the user's term of address, which a text can only select on: write {\(usage.name), select, feminine {…} masculine {…} other {…}} with the neutral text as other.",
                    offset: usage.offset),
                unit: unit, file: file)
        }
        for usage in m.pattern.argumentUsages where !declared.contains(usage.name) && usage.name != AddressTerm.argumentName {
            let hint = declared.isEmpty ? "it declares none" : "it declares " + declared.map { "{\($0)}" }.joined(separator: ", ")
            throw catalogError(
                Diagnostic(
                    kind: .badArgument,
                    message: "'{\(usage.name)}' is not an argument of '\(unit.key)' (\(hint)): use a declared name, or declare it in \(sourceLocale).json.",
                    offset: usage.offset),
                unit: unit, file: file)
        }
    }

    /// Checks one file as loading this catalog with it in place of the file of its locale
    /// would (`msgtool import` before it writes): it parses, is named by its locale, every text
    /// compiles for that locale and uses only the source's declared arguments. The other files
    /// were checked when the catalog loaded, and a translation's checks depend only on itself
    /// and the source, so the catalog is not loaded again.
    /// - Throws: `Diagnostic` for the first problem, as loading would report it.
    package func checkReplacement(path: String, bytes: [UInt8]) throws(Diagnostic) {
        let parsed = try Self.parse([(path, bytes)], sourceLocale: sourceLocale, sourceIsComplete: base == nil)
        for (locale, file) in parsed { try validate([locale], in: [locale: file]) }
    }

    func catalogError(_ error: Diagnostic, unit: CatalogUnit, file: CatalogFile) -> Diagnostic {
        let pos = CatalogLoader.position(of: error.offset ?? 0, in: unit, bytes: file.bytes)
        return Diagnostic(
            file: file.path, line: pos.line, column: pos.column, unitID: unit.id, message: error.message,
            code: .invalidText, cause: error)
    }

    /// The compiled message of a unit's text for a formatting locale.
    func compiledMessage(_ unit: CatalogUnit, textLocale: String, formatLocale: String) throws(Diagnostic) -> MessageFormat {
        let k = CompiledKey(unit: unit.id, textLocale: textLocale, formatLocale: formatLocale)
        if let m = compiled.withLock({ $0[k] }) { return m }
        let m = try MessageFormat(unit.text, locale: formatLocale)
        compiled.withLock { $0[k] = m }
        return m
    }

    // MARK: Fallback

    private let chains = Locked<[String: [String]]>([:])

    /// The catalogs to try for a requested locale, most specific first, ending with the source:
    /// CLDR parents (`es-MX` → `es-419` → `es`; `zh-TW` → `zh-Hant`, never `zh-Hans`).
    /// - Throws: `Diagnostic.badLocale` for a malformed or unknown tag.
    public func fallbackChain(for locale: String) throws(Diagnostic) -> [String] {
        if let c = chains.withLock({ $0[locale] }) { return c }
        let id: String
        do { id = try Backend.localeID(forTag: locale) } catch {
            switch error {
            case .malformed(let t): throw Diagnostic(kind: .badLocale, message: "'\(t)' is not a well-formed BCP 47 locale tag (e.g. en, es-MX, zh-Hans).")
            case .unknown(let t): throw Diagnostic(kind: .badLocale, message: "\(Backend.name) has no data for the locale '\(t)'.")
            }
        }
        var chain: [String] = []
        for tag in [locale] + Backend.fallbackChain(forLocaleID: id) where files[tag] != nil && !chain.contains(tag) {
            chain.append(tag)
        }
        if !chain.contains(sourceLocale) { chain.append(sourceLocale) }
        chains.withLock { $0[locale] = chain }
        return chain
    }

    private let formattingLocales = Locked<[String: String]>([:])

    /// The locale a text from the catalog `textLocale` is formatted in when `locale` is asked
    /// for, so that a message never mixes languages: the requested locale itself, with its
    /// region and extensions, when the text's catalog is on its CLDR fallback chain (`es-MX`
    /// formats `es-419` and `es` text with Mexico's numbers and dates); otherwise the text's own
    /// locale (English fallback text for `fr` is formatted as English, never "Happy lundi!").
    /// - Parameters:
    ///   - textLocale: the tag of the catalog the text comes from (a step of `fallbackChain(for:)`).
    ///   - locale: the requested BCP 47 tag.
    /// - Returns: a BCP 47 tag to format in.
    public func formattingLocale(textLocale: String, requested locale: String) -> String {
        if textLocale == locale { return locale }
        let cacheKey = textLocale + "\u{0}" + locale
        if let l = formattingLocales.withLock({ $0[cacheKey] }) { return l }
        var result = textLocale
        if let id = try? Backend.localeID(forTag: locale), Backend.fallbackChain(forLocaleID: id).contains(textLocale) {
            result = locale
        }
        formattingLocales.withLock { $0[cacheKey] = result }
        return result
    }

    /// The texts a part shows in a tone for `locale`, and the tag of the catalog they come from.
    ///
    /// Resolution is per part and per tone: the first catalog of the fallback chain whose part
    /// has a text for the tone (or has no tones) provides it, so a regional catalog (es-419)
    /// may hold only the parts and tones it changes. The walk never crosses into another
    /// language: when the catalogs of the first language that has the part lack the tone, that
    /// language's first catalog answers with its own fallback tone (gentle, then the first one
    /// present), never the English text.
    package func resolveUnits(key: String, part: String, locale: String, tone: Tone?) throws(Diagnostic) -> (units: [CatalogUnit], locale: String) {
        let chain = try fallbackChain(for: locale)
        var first: (part: CatalogPart, tag: String)? = nil
        /// The first catalog of the first language having the part whose part has `tone`.
        func walk(_ tone: Tone?) -> (units: [CatalogUnit], locale: String)? {
            for tag in chain {
                guard let p = files[tag]?.message(key)?.part(part) else { continue }
                if let f = first, Self.language(of: f.tag) != Self.language(of: tag) { return nil }
                if first == nil { first = (p, tag) }
                if case .tones(let byTone) = p.shape, let tone, byTone[tone] == nil { continue }
                return (p.units(for: tone), tag)
            }
            return nil
        }
        if let found = walk(tone) { return found }
        // The language lacks the tone: its gentle text, then its first catalog's first tone.
        if tone != .gentle, first != nil, let found = walk(.gentle) { return found }
        if let first { return (first.part.units(for: tone), first.tag) }
        throw Diagnostic(kind: .unknownMessage, message: "No message '\(key)' with a part '\(part)' in the catalogs.")
    }

    /// The language subtag of a BCP 47 tag (`es` for `es-419`).
    static func language(of tag: String) -> Substring { tag.prefix { $0 != "-" } }

    /// The source message for a key.
    public func sourceMessage(_ key: String) -> CatalogMessage? { source.message(key) }

    // MARK: Rendering

    /// Formats one part of a message, in the locale of the catalog its text comes from
    /// (see ``formattingLocale(textLocale:requested:)``).
    /// - Parameters:
    ///   - key: the message key, e.g. `steps.goal`.
    ///   - part: the part's name, e.g. `title` or `body`.
    ///   - locale: the requested locale (BCP 47); the text comes from its fallback chain.
    ///   - tone: the tone, for a part that has tones; nil takes the part's only text.
    ///   - variant: the pool index (modulo the pool's size).
    ///   - arguments: the values of the message's arguments, by name.
    ///   - timeZone: the IANA zone that dates are formatted in.
    ///   - context: scratch buffers and the memo of formatted parts, to reuse across calls on one
    ///     thread; nil borrows one of the process's spare contexts for the call.
    ///   - termOfAddress: the user's term of address, which fills the reserved `termOfAddress`
    ///     argument (``AddressTerm``); unspecified shows the neutral texts.
    /// - Returns: the formatted text.
    /// - Throws: ``Diagnostic`` for an unknown key, part or locale, an argument the
    ///   message cannot format, or arguments that hold the reserved `termOfAddress`.
    public func format(
        key: String, part: String, locale: String, tone: Tone?, variant: Int,
        arguments: [String: MessageValue], timeZone: String, context: FormatContext? = nil,
        termOfAddress: AddressTerm = .unspecified
    ) throws(Diagnostic) -> String {
        let (units, textLocale) = try resolveUnits(key: key, part: part, locale: locale, tone: tone)
        guard !units.isEmpty else { throw Diagnostic(kind: .badArgument, message: "'\(key).\(part)' has no text.") }
        let unit = units[((variant % units.count) + units.count) % units.count]
        let formatLocale = formattingLocale(textLocale: textLocale, requested: locale)
        let m = try compiledMessage(unit, textLocale: textLocale, formatLocale: formatLocale)
        let args = try prepared(termOfAddress.filling(arguments), key: key, locale: formatLocale)
        if let context { return try m.format(m.bind(args), timeZone: timeZone, context: context) }
        return try FormatContext.withBorrowed { (context) throws(Diagnostic) in
            try m.format(m.bind(args), timeZone: timeZone, context: context)
        }
    }

    /// Arguments with declared durations turned into ICU-formatted text ("1 hr, 20 min").
    package func prepared(_ arguments: [String: MessageValue], key: String, locale: String) throws(Diagnostic) -> [String: MessageValue] {
        guard let decl = source.message(key)?.arguments else { return arguments }
        return try Self.prepared(arguments, declarations: decl, locale: locale)
    }

    /// Arguments with the given declarations' durations turned into ICU-formatted text.
    package static func prepared(_ arguments: [String: MessageValue], declarations decl: [ArgumentDeclaration], locale: String) throws(Diagnostic) -> [String:
        MessageValue]
    {
        guard decl.contains(where: { $0.kind == .duration }) else { return arguments }
        var out = arguments
        for d in decl where d.kind == .duration {
            guard let v = arguments[d.name] else { continue }
            guard let seconds = v.numericDouble.flatMap(DurationUnits.wholeSeconds) else {
                throw Diagnostic(kind: .badArgument, message: "'\(d.name)' is a duration in seconds; give it a number.")
            }
            do {
                let id = try Backend.localeID(forTag: locale)
                out[d.name] = .string(try Backend.formatDuration(seconds: seconds, localeID: id))
            } catch let e as Backend.Failure {
                throw Diagnostic(kind: .icu, message: "\(Backend.name) could not format the duration: \(e.name)")
            } catch {
                throw Diagnostic(kind: .badLocale, message: "'\(locale)' is not a locale ICU knows.")
            }
        }
        return out
    }

    /// Formats a unit id (`reminder.achievement.body.gentle.2`) or a message key's first part
    /// (with tone and variant), for `msgtool format --key`.
    package func format(
        unitOrKey id: String, locale: String, tone: Tone?, variant: Int?, arguments: [String: MessageValue],
        timeZone: String, termOfAddress: AddressTerm = .unspecified
    ) throws(Diagnostic) -> String {
        if let unit = source.units.first(where: { $0.id == id }) {
            return try format(
                key: unit.key, part: unit.part, locale: locale, tone: unit.tone ?? tone,
                variant: unit.index ?? variant ?? 0, arguments: arguments, timeZone: timeZone,
                termOfAddress: termOfAddress)
        }
        if let m = source.message(id) {
            let part = m.part("body") ?? m.parts[0]
            return try format(
                key: id, part: part.name, locale: locale, tone: tone, variant: variant ?? 0, arguments: arguments, timeZone: timeZone,
                termOfAddress: termOfAddress)
        }
        // key.part
        if let dot = id.lastIndex(of: "."), let m = source.message(String(id[..<dot])), m.part(String(id[id.index(after: dot)...])) != nil {
            return try format(
                key: m.key, part: String(id[id.index(after: dot)...]), locale: locale, tone: tone, variant: variant ?? 0,
                arguments: arguments, timeZone: timeZone,
                termOfAddress: termOfAddress)
        }
        throw Diagnostic(
            kind: .unknownMessage,
            message:
                "No message or unit '\(id)' in the catalogs: give a message key (steps.goal) or a unit id (steps.goal.body.gentle.0) that the source catalog has."
        )
    }

    /// How each declared argument of the message (or unit) is typed, for command-line parsing.
    package func declaredKinds(forUnitOrKey id: String) -> [String: ArgumentUsage.Kind] {
        var key = id
        while source.message(key) == nil, let dot = key.lastIndex(of: ".") { key = String(key[..<dot]) }
        guard let m = source.message(key) else { return [:] }
        var out: [String: ArgumentUsage.Kind] = [:]
        for a in m.arguments {
            switch a.kind {
            case .string: out[a.name] = .select
            case .number, .duration: out[a.name] = .number
            case .date: out[a.name] = .date
            }
        }
        return out
    }
}

extension LocalizedCatalog {
    /// The catalogs compiled into this library (Resources/strings).
    ///
    /// Loaded once per process and not validated again at run time: every text of every bundled
    /// locale was compiled and checked when the library was tested (loading them validates in the
    /// tests), so an app or its notification content extension does not compile the texts of
    /// locales it never shows. That halves the memory loading costs (docs/scheduling.md, "The
    /// notification content extension").
    public static func bundled() throws(Diagnostic) -> LocalizedCatalog {
        if let c = bundledCache.withLock({ $0 }) { return c }
        let c = try LocalizedCatalog(rawFiles: BundledStrings.files, sourceLocale: "en", validating: false)
        bundledCache.withLock { $0 = c }
        return c
    }
    private static let bundledCache = Locked<LocalizedCatalog?>(nil)
}
