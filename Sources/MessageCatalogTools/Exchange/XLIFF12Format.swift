import ToolkitSupport
import ToolkitJSON
import MessageCatalog
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// XLIFF 1.2 (OASIS, `urn:oasis:names:tc:xliff:document:1.2`), as Xcode's `.xcloc`
/// (`Localized Contents/<locale>.xliff`) and the CAT tools (Trados, memoQ, Phrase, Crowdin,
/// Lokalise) exchange it: `<file original source-language target-language datatype>`, a
/// `<body>` (with `<group>`s) of `<trans-unit id>` holding `<source>`, `<target state>` and
/// `<note>`s.
///
/// msgtool's own 1.2 export (`--xliff-version 1.2`) writes one trans-unit per unit, its id the
/// unit id and its texts ICU. Files that come from Xcode (`original` naming a `.xcstrings`,
/// `.strings` or `.stringsdict` file) carry printf texts and Apple's plural units instead: a
/// String Catalog's variations (`id|==|plural.one`, `id|==|substitutions.NAME.plural.few`,
/// `id|==|device.iphone`) and a `.stringsdict`'s paths
/// (`/id:dict/NSStringLocalizedFormatKey:dict/:string`, `/id:dict/NAME:dict/one:dict/:string`);
/// they are read back into one ICU text per unit as a String Catalog is (see
/// `XCStringsFormat.toICU`).
enum XLIFF12Format {
    static let namespace = "urn:oasis:names:tc:xliff:document:1.2"

    static func write(_ units: ExchangeUnits, sourceLocale: String, locale: String, to out: ExportSink) {
        let e = { (s: String) in XLIFFFormat.escape(s, attribute: true) }
        out.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="\(namespace)" version="1.2">
              <file original="\(e(locale)).json" source-language="\(e(sourceLocale))" target-language="\(e(locale))" datatype="plaintext">
                <header>
                  <tool tool-id="msgtool" tool-name="msgtool"/>
                </header>
                <body>

            """)
        for u in units {
            if out.failed { return }
            out.write("      <trans-unit id=\"\(e(u.id))\" xml:space=\"preserve\">\n")
            out.write("        <source>\(XLIFFFormat.escape(u.source, attribute: false))</source>\n")
            if let t = u.target {
                let state = u.state == .needsReview ? "needs-review-translation" : "translated"
                out.write("        <target state=\"\(state)\">\(XLIFFFormat.escape(t, attribute: false))</target>\n")
            }
            var notes = u.notes
            if u.state == .needsReview {
                notes.append("The source text changed since this was translated: check the translation against it, then mark it translated.")
            }
            for n in notes { out.write("        <note>\(XLIFFFormat.escape(n, attribute: false))</note>\n") }
            out.write("      </trans-unit>\n")
        }
        out.write("    </body>\n  </file>\n</xliff>\n")
    }

    /// Reads an XLIFF 1.2 file (the XML was prechecked by `XLIFFFormat.read`).
    static func read(_ bytes: [UInt8], path: String, catalog: LocalizedCatalog?) -> ImportedFile {
        let reader = XLIFF12Reader(path: path, catalog: catalog, places: XLIFFFormat.Places(bytes))
        XLIFFFormat.withParser(bytes) { parser in
            parser.delegate = reader
            parser.shouldProcessNamespaces = false
            parser.shouldResolveExternalEntities = false
            let ok = parser.parse()
            reader.errors += XLIFFFormat.parseProblems(parser, ok: ok, closedRoot: reader.closedRoot, reported: false, bytes: bytes, path: path)
        }
        var file = ImportedFile(units: reader.groups, errors: reader.errors, refused: reader.refused)
        file.warnings = reader.warnings
        file.unmatched = reader.unmatched
        return file
    }

    /// Whether a target `state` of XLIFF 1.2 means the unit is translated and reviewed (true),
    /// needs review (false), or is no translation yet (nil result of ``isTranslation``).
    static func reviewed(state: String?, approved: String?) -> Bool? {
        if approved == "yes" { return true }
        switch state {
        case "translated"?, "final"?, "signed-off"?: return true
        case "needs-review-translation"?, "needs-review-l10n"?, "needs-review-adaptation"?, "needs-adaptation"?, "needs-l10n"?: return false
        default: return nil
        }
    }

    /// `new` and `needs-translation` mark a target that is not a translation yet (tools copy the
    /// source there): such a unit is left as it is.
    static func isTranslation(state: String?) -> Bool {
        !(state == "new" || state == "needs-translation")
    }

    /// The version of an XLIFF document's root element (`<xliff version="1.2">`), read from the
    /// bytes before any parser sees them; nil when there is no root or no version. The root is
    /// the first element: comments and processing instructions before it are skipped (an
    /// `<xliff version="1.2">` inside a comment decides nothing).
    static func rootVersion(_ bytes: [UInt8]) -> String? {
        func find(_ text: String, from k: Int) -> Int? {
            let t = Array(text.utf8)
            var j = k
            while j + t.count <= bytes.count {
                if bytes[j] == t[0], bytes[j..<(j + t.count)].elementsEqual(t) { return j }
                j += 1
            }
            return nil
        }
        var i = 0
        while i < bytes.count {
            guard bytes[i] == 0x3C else { i += 1; continue }
            let rest = bytes[i...]
            if rest.starts(with: Array("<!--".utf8)) {
                guard let end = find("-->", from: i + 4) else { return nil }
                i = end + 3
            } else if rest.starts(with: Array("<?".utf8)) {
                guard let end = find("?>", from: i + 2) else { return nil }
                i = end + 2
            } else if rest.starts(with: Array("<!".utf8)) {
                guard let end = find(">", from: i + 2) else { return nil }
                i = end + 1
            } else {
                break
            }
        }
        guard i < bytes.count else { return nil }
        var j = i + 1
        while j < bytes.count, bytes[j] != 0x3E { j += 1 }
        let tag = String(decoding: bytes[i..<j], as: UTF8.self)
        let name = tag.dropFirst().prefix { !$0.isWhitespace && $0 != "/" }
        guard name == "xliff" || name.hasSuffix(":xliff") else { return nil }
        for quote in ["\"", "'"] {
            if let r = tag.range(of: " version=\(quote)") ?? tag.range(of: "\nversion=\(quote)") ?? tag.range(of: "\tversion=\(quote)") {
                let rest = tag[r.upperBound...]
                if let end = rest.firstIndex(of: Character(quote)) { return String(rest[..<end]) }
            }
        }
        return nil
    }
}

/// One trans-unit of an Apple file, kept until its file ends (a unit of the catalog is spread
/// over several trans-units: variations, substitutions, stringsdict paths).
private struct AppleUnit {
    let transUnitID: String
    let source: String
    let target: String?
    let reviewed: Bool?
    let line: Int, column: Int
}

/// The XMLParser delegate of XLIFF 1.2.
///
/// A problem with one unit (no id, an inline code that names no argument, an Apple variation
/// that has no ICU form) refuses that unit and the reading goes on; a problem with a `<file>`
/// (no `target-language`) is reported and the reading goes on too, so every problem of the file
/// is listed in one run.
private final class XLIFF12Reader: NSObject, XMLParserDelegate {
    let path: String
    let catalog: LocalizedCatalog?
    var errors: [Diagnostic] = []
    var refused: [Diagnostic] = []
    var warnings: [Diagnostic] = []
    /// Translated strings of `<file>`s left aside: none matches a unit of the catalog.
    var unmatched = 0
    var groups: [(locale: String?, units: [ImportedUnit])] = []
    var closedRoot = false

    // The current <file>.
    private var fileLocale: String?
    private var fileOK = true
    private var fileApple = false
    private var fileOriginal = ""
    private var fileLine = 0, fileColumn = 0
    private var fileUnits: [ImportedUnit] = []
    private var appleUnits: [AppleUnit] = []
    /// xml:space of the open elements (true: preserve).
    private var preserve: [Bool] = [false]
    /// The open elements, their namespaces resolved.
    private var scope = XLIFFScope(core: XLIFF12Format.namespace)

    // The current <trans-unit>.
    private var unitID: String?
    private var inUnit = false
    private var unitLine = 0, unitColumn = 0
    private var skipUnit = false
    private var approved: String?
    private var source: String?
    private var target: String?
    private var targetState: String?
    private var targetLine = 0, targetColumn = 0
    private var unitRefused = false
    private var codes = InlineCodes(unitID: nil, catalog: nil)

    // The text being read.
    private var collecting: String?
    private var text = ""
    /// Inside a code whose content is native code (`<ph>`, `<bpt>`, `<ept>`, `<it>`, `<sub>`):
    /// its characters go to `codeText`, not to the text.
    private var codeDepth = 0
    private var codeText = ""
    private var codeAttributes: [String: String] = [:]
    /// Where the code being read starts.
    private var codeAt = (line: 0, column: 0)

    let places: XLIFFFormat.Places

    init(path: String, catalog: LocalizedCatalog?, places: XLIFFFormat.Places) {
        self.path = path
        self.catalog = catalog
        self.places = places
    }

    /// Where the element the parser is at starts (its `<`).
    private func at(_ parser: XMLParser) -> (line: Int, column: Int) {
        places.elementStart(line: parser.lineNumber, column: parser.columnNumber)
    }

    /// A problem at the element the parser is at.
    private func place(_ parser: XMLParser, unitID: String?, message: String) -> Diagnostic {
        place(at(parser), unitID: unitID, message: message)
    }

    private func place(_ p: (line: Int, column: Int), unitID: String?, message: String) -> Diagnostic {
        Diagnostic(file: path, line: p.line, column: p.column, unitID: unitID, message: message)
    }

    private func refuse(_ parser: XMLParser, _ message: String, at place: (line: Int, column: Int)? = nil) {
        guard !unitRefused else { return }
        refused.append(self.place(place ?? at(parser), unitID: unitID, message: message))
        unitRefused = true
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        let space = attributes["xml:space"].map { $0 == "preserve" } ?? preserve.last ?? false
        preserve.append(space)
        // An element of another namespace (an extension, or a unit that is not XLIFF's) is
        // skipped with all it holds.
        let (local, foreign) = scope.push(name, attributes: attributes)
        if foreign { return }
        switch local {
        case "xliff":
            if let ns = attributes["xmlns"], ns != XLIFF12Format.namespace {
                errors.append(place(parser, unitID: nil, message: "the namespace \(ns) is not XLIFF 1.2's (\(XLIFF12Format.namespace))."))
            }
        case "file":
            fileOK = true
            (fileLine, fileColumn) = places.elementStart(line: parser.lineNumber, column: parser.columnNumber)
            fileOriginal = attributes["original"] ?? ""
            fileApple = [".xcstrings", ".strings", ".stringsdict"].contains { fileOriginal.hasSuffix($0) }
            fileLocale = attributes["target-language"]
            fileUnits = []; appleUnits = []
            if fileLocale == nil {
                errors.append(
                    place(
                        parser, unitID: nil,
                        message:
                            "<file original=\"\(fileOriginal)\"> has no target-language: the file must say which language it translates into (target-language=\"es\")."
                    ))
                fileOK = false
            }
            if let s = attributes["source-language"], let catalog,
                (try? CatalogLocale.resolve(s, catalogs: catalog.files.keys))?.catalog != catalog.sourceLocale
            {
                errors.append(
                    place(
                        parser, unitID: nil,
                        message:
                            "<file original=\"\(fileOriginal)\"> translates from source-language=\"\(s)\"; these catalogs translate from \"\(catalog.sourceLocale)\"."
                    ))
            }
        case "tool":
            if attributes["tool-id"] == "com.apple.dt.xcode" { fileApple = true }
        case "trans-unit":
            inUnit = true
            unitLine = parser.lineNumber; unitColumn = parser.columnNumber
            unitID = attributes["id"]
            unitRefused = false
            skipUnit = attributes["translate"] == "no"
            approved = attributes["approved"]
            source = nil; target = nil; targetState = nil; targetLine = 0
            codes = InlineCodes(unitID: unitID, catalog: catalog)
            if unitID == nil || unitID?.isEmpty == true {
                refuse(parser, "a <trans-unit> without an id: the id names the unit (reminder.achievement.title.gentle.2); let your tool keep it.")
            }
        case "source", "target":
            guard inUnit else {
                errors.append(place(parser, unitID: nil, message: "<\(name)> outside a <trans-unit>."))
                return
            }
            // Only the trans-unit's own source and target (not those of a <note> or an <alt-trans>).
            guard scope.parent == "trans-unit" else { break }
            collecting = local
            text = ""
            codes.startText()
            if name == "target" {
                targetState = attributes["state"]
                targetLine = parser.lineNumber; targetColumn = parser.columnNumber
            }
        case "ph", "bpt", "ept", "it", "sub":
            guard collecting != nil else { break }
            if codeDepth == 0 { codeText = ""; codeAttributes = attributes.merging(["element": name]) { a, _ in a }; codeAt = at(parser) }
            codeDepth += 1
        case "x":
            guard let collecting else { break }
            if let a = codes.argument([attributes["equiv-text"], attributes["disp"]]) {
                text += a
            } else if collecting == "target" {
                refuse(
                    parser,
                    codes.refusal(
                        "x\(attributes["id"].map { " id=\"\($0)\"" } ?? "")",
                        [("ctype", attributes["ctype"]), ("equiv-text", attributes["equiv-text"])]))
            }
        case "bx", "ex", "g", "mrk":
            break  // formatting and annotations: the text they enclose is the text; the code goes
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard collecting != nil, !scope.inForeign else { return }
        if codeDepth > 0 { codeText += string } else { text += string }
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        guard collecting != nil, !scope.inForeign else { return }
        let s = String(decoding: block, as: UTF8.self)
        if codeDepth > 0 { codeText += s } else { text += s }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        defer { _ = preserve.popLast() }
        let (local, foreign) = scope.pop()
        if foreign { return }
        switch local {
        case "ph", "bpt", "ept", "it", "sub":
            guard collecting != nil, codeDepth > 0 else { break }
            codeDepth -= 1
            guard codeDepth == 0 else { break }
            // A <ph>'s content is the native code it protects (`{name}`, `%@`); paired codes
            // (<bpt>/<ept>, <it>) are formatting: dropped.
            guard codeAttributes["element"] == "ph" else { break }
            if let a = codes.argument([codeText, codeAttributes["equiv-text"], codeAttributes["disp"]]) {
                text += a
            } else if collecting == "target" {
                refuse(
                    parser,
                    codes.refusal(
                        "ph\(codeAttributes["id"].map { " id=\"\($0)\"" } ?? "")",
                        [("ctype", codeAttributes["ctype"]), ("content", codeText.isEmpty ? nil : codeText)]), at: codeAt)
            }
        case "source", "target":
            guard let field = collecting, field == local else { break }
            let value = preserve.last == true ? text : Self.collapsed(text)
            if field == "source" { source = value } else { target = value }
            collecting = nil
        case "trans-unit":
            finishUnit(parser)
            inUnit = false
            unitID = nil
        case "file":
            finishFile(parser)
        case "xliff":
            closedRoot = true
        default:
            break
        }
    }

    /// XML's default white-space handling for a text without `xml:space="preserve"`: each run of
    /// spaces, tabs and line breaks is one space, none at either end (a tool's pretty-printing).
    static func collapsed(_ s: String) -> String {
        s.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }).joined(separator: " ")
    }

    private func finishUnit(_ parser: XMLParser) {
        guard let id = unitID, !skipUnit, !unitRefused, fileOK else { return }
        guard let target, !target.isEmpty, XLIFF12Format.isTranslation(state: targetState) else { return }
        let line = targetLine > 0 ? targetLine : unitLine, column = targetLine > 0 ? targetColumn : unitColumn
        let reviewed = XLIFF12Format.reviewed(state: targetState, approved: approved)
        if fileApple {
            appleUnits.append(AppleUnit(transUnitID: id, source: source ?? "", target: target, reviewed: reviewed, line: line, column: column))
        } else {
            fileUnits.append(ImportedUnit(id: id, text: target, source: source, reviewed: reviewed, line: line, column: column))
        }
    }

    private func finishFile(_ parser: XMLParser) {
        defer { fileUnits = []; appleUnits = [] }
        guard fileOK else { return }
        if fileApple, let catalog {
            let converted = AppleUnits.convert(appleUnits, path: path, catalog: catalog, locale: fileLocale ?? "")
            refused += converted.refused
            if converted.units.isEmpty && !appleUnits.isEmpty && converted.refused.count == converted.unknown {
                // The app's other strings (InfoPlist.strings, a storyboard): none is a unit here.
                let keys = converted.refused.compactMap(\.unitID)
                let listed = keys.prefix(5).joined(separator: ", ") + (keys.count > 5 ? ", …" : "")
                warnings.append(
                    Diagnostic(
                        file: path, line: fileLine, column: fileColumn, unitID: nil,
                        message:
                            "<file original=\"\(fileOriginal)\">: none of its \(converted.unknown) strings is a unit of \(catalog.sourceLocale).json (the app's own strings?): left aside (\(listed))."
                    ))
                unmatched += converted.unknown
                refused.removeLast(converted.refused.count)
                return
            }
            fileUnits += converted.units
        }
        if let i = groups.firstIndex(where: { $0.locale == fileLocale }) { groups[i].units += fileUnits } else { groups.append((fileLocale, fileUnits)) }
    }
}

/// Apple's trans-units of one `<file>` back into one ICU text per catalog unit.
private enum AppleUnits {
    struct Leaf { var target: AppleUnit; var kind: Kind }
    enum Kind {
        case root
        case plural(String)
        case device(String)
        case substitution(String, String)
    }

    /// The catalog unit id and the leaf a trans-unit id stands for, or nil for an id of a shape
    /// Xcode does not write.
    static func parse(_ id: String) -> (key: String, kind: Kind)? {
        if let r = id.range(of: "|==|") {
            let key = String(id[..<r.lowerBound])
            let path = id[r.upperBound...].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            switch path.count {
            case 2 where path[0] == "plural": return (key, .plural(path[1]))
            case 2 where path[0] == "device": return (key, .device(path[1]))
            case 4 where path[0] == "substitutions" && path[2] == "plural": return (key, .substitution(path[1], path[3]))
            default:
                if path.first == "device" { return (key, .device(path.dropFirst().joined(separator: "."))) }
                return nil
            }
        }
        if id.hasPrefix("/"), id.hasSuffix(":dict/:string") {
            let parts = id.dropFirst().dropLast(":dict/:string".count).components(separatedBy: ":dict/")
            if parts.count == 2, parts[1] == "NSStringLocalizedFormatKey" { return (parts[0], .root) }
            if parts.count == 3 { return (parts[0], .substitution(parts[1], parts[2])) }
            return nil
        }
        return (id, .root)
    }

    static func convert(_ units: [AppleUnit], path: String, catalog: LocalizedCatalog, locale: String)
        -> (units: [ImportedUnit], refused: [Diagnostic], unknown: Int)
    {
        var order: [String] = []
        var byKey: [String: [Leaf]] = [:]
        var refused: [Diagnostic] = []
        var unknown = 0
        for u in units {
            guard let (key, kind) = parse(u.transUnitID) else {
                refused.append(
                    Diagnostic(
                        file: path, line: u.line, column: u.column, unitID: u.transUnitID,
                        message:
                            "a trans-unit id of a shape Xcode does not write (key|==|plural.one, key|==|substitutions.NAME.plural.one, /key:dict/NAME:dict/one:dict/:string): check the id."
                    ))
                continue
            }
            if byKey[key] == nil { order.append(key) }
            byKey[key, default: []].append(Leaf(target: u, kind: kind))
        }
        var out: [ImportedUnit] = []
        for key in order {
            let leaves = byKey[key]!
            let first = leaves[0].target
            guard let su = InlineCodes.sourceUnit(key, in: catalog) else {
                unknown += 1
                refused.append(
                    Diagnostic(
                        file: path, line: first.line, column: first.column, unitID: key,
                        message: "not a unit of \(catalog.sourceLocale).json (an export from another version?)."))
                continue
            }
            do {
                let target = try node(leaves, text: { $0.target ?? "" }, state: { $0.reviewed })
                guard let r = try XCStringsFormat.toICU(target, unit: su, locale: locale, catalog: catalog) else { continue }
                var sourceText: String? = nil
                // Xcode gives every case of the target language a source text (the source's
                // `other` for Spanish `many`): the source is its own language's cases.
                let sourceCategories = Set((try? PluralCategories.categories(locale: catalog.sourceLocale)) ?? []).union(["zero"])
                let sourceLeaves = leaves.filter { leaf in
                    switch leaf.kind {
                    case .plural(let c), .substitution(_, let c): return sourceCategories.contains(c)
                    case .root, .device: return true
                    }
                }
                if let s = try? node(sourceLeaves, text: { $0.source }, state: { _ in true }),
                    let converted = try? XCStringsFormat.toICU(s, unit: su, locale: catalog.sourceLocale, catalog: catalog)
                {
                    sourceText = PatternPrinter.equivalent(converted.text, su.text) ? su.text : converted.text
                }
                out.append(ImportedUnit(id: su.id, text: r.text, source: sourceText, reviewed: r.reviewed, line: first.line, column: first.column))
            } catch {
                refused.append(Diagnostic(file: path, line: first.line, column: first.column, unitID: su.id, message: "(\(locale)) \(error.message)"))
            }
        }
        return (out, refused, unknown)
    }

    /// The String Catalog localization the leaves of one key make.
    private static func node(_ leaves: [Leaf], text: (AppleUnit) -> String, state: (AppleUnit) -> Bool?) throws(XCStringsFormat.Unsupported) -> JSONNode {
        func stringUnit(_ u: AppleUnit) -> JSONNode {
            var members: [(String, JSONNode)] = []
            switch state(u) {
            case true?: members.append(("state", .string("translated")))
            case false?: members.append(("state", .string("needs_review")))
            case nil: break
            }
            members.append(("value", .string(text(u))))
            return .object([("stringUnit", .object(members))])
        }
        var root: [(String, JSONNode)] = []
        var plural: [(String, JSONNode)] = []
        var device: [(String, JSONNode)] = []
        var substitutions: [(name: String, cases: [(String, JSONNode)])] = []
        for leaf in leaves {
            switch leaf.kind {
            case .root: root = [("stringUnit", stringUnit(leaf.target).member("stringUnit")!)]
            case .plural(let c): plural.append((c, stringUnit(leaf.target)))
            case .device(let d): device.append((d, stringUnit(leaf.target)))
            case .substitution(let name, let c):
                if let i = substitutions.firstIndex(where: { $0.name == name }) {
                    substitutions[i].cases.append((c, stringUnit(leaf.target)))
                } else {
                    substitutions.append((name, [(c, stringUnit(leaf.target))]))
                }
            }
        }
        var members = root
        var variations: [(String, JSONNode)] = []
        if !plural.isEmpty { variations.append(("plural", .object(plural))) }
        if !device.isEmpty { variations.append(("device", .object(device))) }
        if !variations.isEmpty { members.append(("variations", .object(variations))) }
        if !substitutions.isEmpty {
            if root.isEmpty {
                throw XCStringsFormat.Unsupported(
                    message:
                        "its substitutions (\(substitutions.map(\.name).joined(separator: ", "))) come without the text that shows them (the trans-unit with the plain id, or NSStringLocalizedFormatKey): keep every trans-unit of the string."
                )
            }
            members.append(
                (
                    "substitutions",
                    .object(
                        substitutions.map { s in
                            (s.name, .object([("variations", .object([("plural", .object(s.cases))]))]))
                        })
                ))
        }
        return .object(members)
    }
}

extension CatalogExchange {
    /// The XLIFF file of an Xcode localization catalog (`X.xcloc`, as `xcodebuild
    /// -exportLocalizations` writes it): the one `.xliff` of its `Localized Contents` folder.
    /// - Returns: the XLIFF's path and bytes, to import with ``importFile(_:path:format:into:locale:skipInvalid:)``.
    /// - Throws: `Diagnostic` when the folder holds no XLIFF file, or several.
    public static func xclocXLIFF(_ directory: String) throws(Diagnostic) -> (path: String, bytes: [UInt8]) {
        let folder = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let contents = folder + "/Localized Contents"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: contents)) ?? []).filter { $0.lowercased().hasSuffix(".xliff") }.sorted()
        guard names.count == 1 else {
            let found = names.isEmpty ? "none" : names.joined(separator: ", ")
            throw Diagnostic(problems: [
                Diagnostic(
                    file: folder, line: 0, column: 0, unitID: nil,
                    message:
                        "an .xcloc holds one XLIFF file in 'Localized Contents' (found: \(found)): export one language per .xcloc (xcodebuild -exportLocalizations -exportLanguage es)."
                )
            ])
        }
        let path = contents + "/" + names[0]
        // Capped as any translators' file (InputFile.Limit.exchange), read once.
        do throws(InputFile.ReadError) {
            return (path, try InputFile.read(path, limit: InputFile.Limit.exchange, what: "a translators' file"))
        } catch {
            throw Diagnostic(problems: [Diagnostic(file: path, line: 0, column: 0, unitID: nil, message: "\(error.message).")])
        }
    }
}
