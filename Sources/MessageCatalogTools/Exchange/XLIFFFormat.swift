import ToolkitSupport
import MessageCatalog
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// XLIFF 2.0 (OASIS, `urn:oasis:names:tc:xliff:document:2.0`): one `<unit>` per translation
/// unit, its notes, and one segment with the ICU source and target as plain text (the ICU
/// syntax is the translator's to keep; lint and import check it). Needs-review units are
/// exported with `state="initial"` and their old target; untranslated ones without a target.
/// Import reads XLIFF 2.0 and 2.1 (same core namespace), with several segments per unit and
/// the inline codes CAT tools write (see `InlineCodes`): a code that names an argument of the
/// message becomes the argument, a formatting code keeps its text and drops the code, and
/// any other code in a target refuses its unit. XLIFF 1.2 is read by `XLIFF12Format`.
enum XLIFFFormat {
    static func write(_ units: ExchangeUnits, sourceLocale: String, locale: String, to out: ExportSink) {
        out.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="\(escape(sourceLocale, attribute: true))" trgLang="\(escape(locale, attribute: true))">
              <file id="messages" original="\(escape(locale, attribute: true)).json">

            """)
        for u in units {
            if out.failed { return }
            out.write("    <unit id=\"\(escape(u.id, attribute: true))\">\n")
            var notes = u.notes.enumerated().map { i, n in
                (
                    i == 0
                        ? "description"
                        : n.hasPrefix("{")
                            ? "argument"
                            : n.hasPrefix("Tone:")
                                ? "tone"
                                : n.hasPrefix("Plural categories") || n.hasPrefix("Ordinal categories") ? "plural" : "variant", n
                )
            }
            if u.state == .needsReview {
                notes.append(("state", "The source text changed since this was translated: check the translation against it, then mark it translated."))
            }
            if !notes.isEmpty {
                out.write("      <notes>\n")
                for (category, text) in notes { out.write("        <note category=\"\(category)\">\(escape(text, attribute: false))</note>\n") }
                out.write("      </notes>\n")
            }
            let state: String
            switch u.state {
            case .new: state = ""
            case .translated: state = " state=\"translated\""
            case .needsReview: state = " state=\"initial\""
            }
            out.write("      <segment\(state)>\n")
            out.write("        <source xml:space=\"preserve\">\(escape(u.source, attribute: false))</source>\n")
            if let t = u.target { out.write("        <target xml:space=\"preserve\">\(escape(t, attribute: false))</target>\n") }
            out.write("      </segment>\n")
            out.write("    </unit>\n")
        }
        out.write("  </file>\n</xliff>\n")
    }

    /// Escapes for XML 1.0 content or attributes. Characters XML 1.0 cannot hold at all (C0
    /// controls other than tab, line feed and carriage return) become XLIFF's `<cp hex="…"/>`
    /// in content; a carriage return is written `&#13;` so that parsers do not fold it.
    static func escape(_ s: String, attribute: Bool) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "\r": out += "&#13;"
            case "\n" where attribute: out += "&#10;"
            case "\t" where attribute: out += "&#9;"
            default:
                if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += attribute ? "" : "<cp hex=\"\(String(format: "%04X", scalar.value))\"/>"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Where an element starts: XMLParser reports the end of its start tag (after `>`), and a
    /// problem with an element is reported at its `<`.
    struct Places {
        let bytes: [UInt8]
        private let lineStarts: [Int]

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            var starts = [0]
            for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
            lineStarts = starts
        }

        /// The line and column (in characters) of the `<` that opens the tag the parser's
        /// position (`line`, `column`, just after the tag) ends.
        func elementStart(line: Int, column: Int) -> (line: Int, column: Int) {
            guard line >= 1, line <= lineStarts.count else { return (line, column) }
            // The byte offset of the parser's column (characters from the line start).
            var offset = lineStarts[line - 1]
            var chars = 1
            while chars < column, offset < bytes.count, bytes[offset] != 0x0A {
                offset += 1
                while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
                chars += 1
            }
            var i = min(offset, bytes.count) - 1
            while i >= 0, bytes[i] != 0x3C { i -= 1 }
            guard i >= 0 else { return (line, column) }
            let l = (lineStarts.lastIndex { $0 <= i } ?? 0)
            let c = bytes[lineStarts[l]..<i].count { $0 & 0xC0 != 0x80 } + 1
            return (l + 1, c)
        }
    }

    /// What a parse that failed, or that ended before `</xliff>`, says about the file (nothing
    /// when the reader already `reported` why it stopped).
    static func parseProblems(_ parser: XMLParser, ok: Bool, closedRoot: Bool, reported: Bool, bytes: [UInt8], path: String) -> [Diagnostic] {
        if !ok && !reported {
            let message = parser.parserError.map { "\($0.localizedDescription)" } ?? "malformed XML"
            return [
                Diagnostic(
                    file: path, line: parser.lineNumber, column: parser.columnNumber, unitID: nil,
                    message: "the file is not well-formed XML (\(message); it may be truncated): nothing was imported.")
            ]
        }
        if ok && !closedRoot {
            // Some XMLParser builds accept a document that stops mid-way: the root must close.
            let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            return [
                Diagnostic(
                    file: path, line: lines.count, column: String(decoding: lines.last ?? [], as: UTF8.self).count + 1, unitID: nil,
                    message: "the file ends before </xliff> (it is truncated): nothing was imported.")
            ]
        }
        return []
    }

    /// Reads an XLIFF 2.0, 2.1 or 1.2 file; `catalog` gives each unit's arguments (inline codes
    /// that name one become it) and, for Xcode's XLIFF 1.2, the String Catalog mapping.
    static func read(_ bytes: [UInt8], path: String, catalog: LocalizedCatalog? = nil) -> ImportedFile {
        // FoundationXML's parser crashes on some malformed input (a processing instruction
        // without data, invalid UTF-8 in a name): such bytes never reach it.
        if let problem = XMLPrecheck.problem(in: bytes) {
            return ImportedFile(
                units: [],
                errors: [Diagnostic(file: path, line: problem.line, column: problem.column, unitID: nil, message: "\(problem.message) Nothing was imported.")])
        }
        if XLIFF12Format.rootVersion(bytes) == "1.2" { return XLIFF12Format.read(bytes, path: path, catalog: catalog) }
        let reader = XLIFFReader(path: path, catalog: catalog, places: Places(bytes))
        withParser(bytes) { parser in
            parser.delegate = reader
            parser.shouldResolveExternalEntities = false
            let ok = parser.parse()
            if ok && !reader.sawRoot {
                reader.errors.append(
                    Diagnostic(file: path, line: 1, column: 1, unitID: nil, message: "not an XLIFF 2.0 or 2.1 file (no <xliff version=\"2.0\"> root)."))
            } else {
                reader.errors += parseProblems(parser, ok: ok, closedRoot: reader.closedRoot, reported: !reader.errors.isEmpty, bytes: bytes, path: path)
            }
        }
        return ImportedFile(units: [(reader.targetLocale, reader.units)], errors: reader.errors, refused: reader.refused)
    }

    /// Runs `body` with an XML parser of `bytes`, which reads them in place: no copy of a file
    /// that can be hundreds of MB. From a stream, not `XMLParser(data:)`: on Linux the latter
    /// fails with error 1 on files of a few megabytes (swift-corelibs-foundation issue 4851).
    /// (`InputStream(data:)` copies its data: the stream here reads the array's own bytes.)
    static func withParser<R>(_ bytes: [UInt8], _ body: (XMLParser) -> R) -> R {
        bytes.withUnsafeBytes { raw in body(XMLParser(stream: ByteInputStream(raw))) }
    }
}

/// An input stream over bytes that the caller keeps alive while it is read (a file's bytes,
/// read in place rather than copied).
private final class ByteInputStream: InputStream {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0
    private var status: Stream.Status = .notOpen

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        super.init(data: Data())
    }

    override func open() { status = .open }
    override func close() { status = .closed }
    override var streamStatus: Stream.Status { status }
    override var streamError: Error? { nil }
    override var hasBytesAvailable: Bool { offset < bytes.count }
    override func getBuffer(_ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length len: UnsafeMutablePointer<Int>) -> Bool { false }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength len: Int) -> Int {
        let n = min(len, bytes.count - offset)
        if n > 0 {
            UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress! + offset, byteCount: n)
            offset += n
        }
        if offset == bytes.count { status = .atEnd }
        return n
    }
}

/// The XMLParser delegate that collects units.
///
/// Problems with the file (not XLIFF 2.0/2.1, malformed) stop the reading; problems with one
/// unit (an inline code that carries no text, a segment without target, a code outside a unit)
/// refuse that unit, with the reason, and the reading goes on: every problem of the file is
/// reported in one run.
private final class XLIFFReader: NSObject, XMLParserDelegate {
    let path: String
    let catalog: LocalizedCatalog?
    var errors: [Diagnostic] = []
    var refused: [Diagnostic] = []
    var units: [ImportedUnit] = []
    var targetLocale: String?
    private var codes = InlineCodes(unitID: nil, catalog: nil)
    var sawRoot = false
    var closedRoot = false

    private var unitID: String?
    private var inUnit = false
    private var unitLine = 0, unitColumn = 0
    private var targetLine = 0, targetColumn = 0
    private var states: [String?] = []
    private var collecting: String?  // "source" or "target"
    private var text = ""
    private var ignorable = false
    private var sourcePieces = "", targetPieces = ""
    private var segments = 0, segmentsWithTarget = 0
    private var segmentHasTarget = false
    private var unitRefused = false
    /// Open `<pc>` codes of the text being read: what each closes with.
    private var openPC: [String?] = []

    let places: XLIFFFormat.Places

    init(path: String, catalog: LocalizedCatalog?, places: XLIFFFormat.Places) { self.path = path; self.catalog = catalog; self.places = places }

    /// A problem at the element the parser is at (its `<`).
    private func place(_ parser: XMLParser, unitID: String?, message: String) -> Diagnostic {
        let p = places.elementStart(line: parser.lineNumber, column: parser.columnNumber)
        return Diagnostic(file: path, line: p.line, column: p.column, unitID: unitID, message: message)
    }

    private func fail(_ parser: XMLParser, _ message: String) {
        errors.append(place(parser, unitID: unitID, message: message))
        parser.abortParsing()
    }

    /// Refuses the current unit (its first reason) and goes on reading.
    private func refuse(_ parser: XMLParser, _ message: String) {
        guard !unitRefused else { return }
        refused.append(place(parser, unitID: unitID, message: message))
        unitRefused = true
    }

    /// XLIFF 2.0 (2014) and 2.1 (2018) share the core namespace `…:document:2.0` and every
    /// element read here; 2.2 (a 2025 Committee Specification) has a namespace of its own.
    static let versions = ["2.0", "2.1"]
    static let coreNamespace = "urn:oasis:names:tc:xliff:document:2.0"

    /// How many elements are open; past ``maxDepth`` the reading stops with an error.
    private var depth = 0
    /// The open elements, their namespaces resolved.
    private var scope = XLIFFScope(core: XLIFFReader.coreNamespace)
    /// The deepest element nesting read (an XLIFF file nests 5 levels, inline codes a few more).
    static let maxDepth = 64

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        depth += 1
        guard depth <= Self.maxDepth else {
            return fail(
                parser,
                "elements are nested more than \(Self.maxDepth) levels deep (<\(name)>): an XLIFF file nests a few; this file is damaged or not a translation: nothing was imported."
            )
        }
        // An element of another namespace (an extension, or a unit that is not XLIFF's) is
        // skipped with all it holds.
        let (local, foreign) = scope.push(name, attributes: attributes)
        if foreign { return }
        switch local {
        case "xliff":
            sawRoot = true
            let version = attributes["version"] ?? ""
            guard Self.versions.contains(version) else {
                return fail(
                    parser,
                    "this is XLIFF \(version.isEmpty ? "without a version" : version); msgtool reads XLIFF 2.0 and 2.1 (export one with msgtool export --format xliff)."
                )
            }
            if let ns = attributes["xmlns"], ns != Self.coreNamespace {
                return fail(parser, "the namespace \(ns) is not XLIFF \(version)'s (\(Self.coreNamespace)).")
            }
            targetLocale = attributes["trgLang"]
            if targetLocale == nil {
                // Reported, and the reading goes on: every problem of the file in one run.
                errors.append(
                    place(parser, unitID: nil, message: "<xliff> has no trgLang: the file must say which language it translates into (trgLang=\"es\")."))
            }
        case "unit":
            unitID = attributes["id"]
            unitLine = parser.lineNumber; unitColumn = parser.columnNumber
            sourcePieces = ""; targetPieces = ""; states = []; segments = 0; segmentsWithTarget = 0; unitRefused = false
            targetLine = 0
            inUnit = true
            codes = InlineCodes(unitID: unitID, catalog: catalog)
            if unitID?.isEmpty ?? true {
                refuse(parser, "a <unit> without an id: the id names the unit (reminder.achievement.title.gentle.2); let your tool keep it.")
            }
        case "segment", "ignorable":
            ignorable = name == "ignorable"
            segmentHasTarget = false
            if name == "segment" { segments += 1; states.append(attributes["state"]) }
        case "source", "target":
            guard inUnit else { return fail(parser, "<\(name)> outside a <unit>.") }
            // Only a segment's own source and target are its text (not one inside a <note>).
            guard scope.parent == "segment" || scope.parent == "ignorable" else { break }
            collecting = local
            text = ""
            openPC = []
            codes.startText()
            if name == "target", targetLine == 0 { targetLine = parser.lineNumber; targetColumn = parser.columnNumber }
        case "cp":
            guard collecting != nil, let hex = attributes["hex"], let v = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(v) else {
                return fail(parser, "a <cp> element needs a hex attribute naming a code point.")
            }
            text.unicodeScalars.append(scalar)
        case "mrk", "sm", "em":
            break  // annotations: their text is the text
        case "ph":
            guard let collecting else { break }
            // A placeholder: the argument its equiv (plain-text form) or disp (how tools show it) names.
            if let a = codes.argument([attributes["equiv"], attributes["disp"]]) {
                text += a
            } else if collecting == "target" {
                refuse(
                    parser, codes.refusal("ph\(attributes["id"].map { " id=\"\($0)\"" } ?? "")", [("equiv", attributes["equiv"]), ("disp", attributes["disp"])])
                )
            }
        case "sc", "ec":
            // The start or end of a span (formatting): an argument if it names one, else dropped.
            guard collecting != nil else { break }
            if let a = codes.argument([attributes["equiv"], attributes["disp"]]) { text += a }
        case "pc":
            // A formatting span (bold, a link): its text stays, the code goes, unless it names an argument.
            guard collecting != nil else { break }
            let start = codes.argument([attributes["equivStart"], attributes["dispStart"]])
            let end = codes.argument([attributes["equivEnd"], attributes["dispEnd"]])
            text += start ?? ""
            openPC.append(end)
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if collecting != nil, !scope.inForeign { text += string }
    }

    /// `<target><![CDATA[gran]]></target>`: the section's text is the target's text.
    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        if collecting != nil, !scope.inForeign { text += String(decoding: block, as: UTF8.self) }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        depth -= 1
        let (local, foreign) = scope.pop()
        if foreign { return }
        switch local {
        case "pc":
            if collecting != nil, let end = openPC.popLast() { text += end ?? "" }
        case "source":
            guard collecting == "source" else { break }
            sourcePieces += text; collecting = nil
            if ignorable { pendingIgnorableSource = text }
        case "target":
            guard collecting == "target" else { break }
            targetPieces += text; collecting = nil
            segmentHasTarget = true
            pendingIgnorableSource = nil
        case "segment":
            if segmentHasTarget { segmentsWithTarget += 1 }
        case "ignorable":
            // An ignorable without a target keeps its source (white space between segments).
            if let s = pendingIgnorableSource { targetPieces += s }
            pendingIgnorableSource = nil
            ignorable = false
        case "xliff":
            closedRoot = true
        case "unit":
            defer { inUnit = false }
            if unitID != nil, segmentsWithTarget > 0, segmentsWithTarget < segments, !unitRefused {
                refuse(parser, "\(segments - segmentsWithTarget) of its \(segments) segments have no target: translate every segment (or none).")
            }
            if let id = unitID, segmentsWithTarget > 0, !targetPieces.isEmpty, !unitRefused {
                units.append(
                    ImportedUnit(
                        id: id, text: targetPieces, source: sourcePieces, reviewed: XLIFFReaderStates.reviewed(states),
                        line: targetLine > 0 ? targetLine : unitLine, column: targetLine > 0 ? targetColumn : unitColumn))
            }
            unitID = nil
        default:
            break
        }
    }

    private var pendingIgnorableSource: String?
}

/// The state of an XLIFF unit from its segments' states.
enum XLIFFReaderStates {
    /// One `initial` (or a segment without a state while others have one) and the unit needs
    /// review; all `translated`, `reviewed` or `final` and it is reviewed; no state at all and
    /// the file does not say.
    static func reviewed(_ states: [String?]) -> Bool? {
        if states.allSatisfy({ $0 == nil }) { return nil }
        return states.allSatisfy { $0.map { ["translated", "reviewed", "final"].contains($0) } ?? false }
    }
}

/// What an XLIFF file to import must not hold before an XML parser sees it: bytes that are not
/// UTF-8, processing instructions other than the XML declaration, and a DOCTYPE (entities that
/// could expand without bound). FoundationXML's parser crashes on some of these (`<?x?>`, a name
/// with invalid UTF-8 bytes) instead of reporting them.
enum XMLPrecheck {
    struct Problem: Equatable {
        let line: Int
        let column: Int
        let message: String
    }

    /// The most attributes one element may have (namespace declarations included).
    static let maxAttributes = 100

    static func problem(in bytes: [UInt8]) -> Problem? {
        if let problem = encodingProblem(bytes) { return problem }
        var line = 1, column = 1
        var i = 0
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        // One pass: UTF-8 validity, and the markup that opens with `<?` or `<!`.
        var inComment = false, inCDATA = false
        // A start tag being read: its quote (while in an attribute value) and its attributes.
        var inTag = false, tagQuote: UInt8 = 0, attributes = 0, tagLine = 0, tagColumn = 0
        func starts(_ text: String, at k: Int) -> Bool {
            let t = Array(text.utf8)
            return k + t.count <= bytes.count && bytes[k..<(k + t.count)].elementsEqual(t)
        }
        while true {
            let at = i
            switch parser.parseScalar(from: &iterator) {
            case .emptyInput:
                return nil
            case .error(let length):
                return Problem(
                    line: line, column: column,
                    message: "the file is not valid UTF-8 (byte \(at + 1) starts a malformed sequence of \(length)); save it as UTF-8.")
            case .valid(let encoded):
                i += encoded.count
                let b = bytes[at]
                if b == 0 {
                    // XML 1.0 has no NUL at all; in a file that looks like UTF-8 it means UTF-16 or
                    // UTF-32 without a byte-order mark, which the parser would decode on its own,
                    // past every check made here.
                    return Problem(
                        line: line, column: column,
                        message: "the file holds a NUL byte (byte \(at + 1)): it is UTF-16 or UTF-32, or not text; XML cannot hold NUL. Save it as UTF-8.")
                }
                if inComment {
                    if starts("-->", at: at) { inComment = false }
                } else if inCDATA {
                    if starts("]]>", at: at) { inCDATA = false }
                } else if inTag {
                    if tagQuote != 0 {
                        if b == tagQuote { tagQuote = 0 }
                    } else if b == 0x22 || b == 0x27 {
                        tagQuote = b
                    } else if b == 0x3E {
                        inTag = false
                    } else if b == 0x3D {
                        attributes += 1
                        // The XML parser compares each attribute with every other of its
                        // element: thousands take minutes. An XLIFF element has a handful.
                        if attributes > maxAttributes {
                            return Problem(
                                line: tagLine, column: tagColumn,
                                message:
                                    "an element has more than \(maxAttributes) attributes: an XLIFF element has a few; this file is damaged or not a translation."
                            )
                        }
                    }
                } else if b == 0x3C, at + 1 < bytes.count, bytes[at + 1] != 0x21, bytes[at + 1] != 0x3F, bytes[at + 1] != 0x2F {
                    inTag = true; tagQuote = 0; attributes = 0; tagLine = line; tagColumn = column
                } else if b == 0x3C {
                    if starts("<!--", at: at) {
                        inComment = true
                    } else if starts("<![CDATA[", at: at) {
                        inCDATA = true
                    } else if starts("<!DOCTYPE", at: at) || starts("<!ENTITY", at: at) {
                        return Problem(
                            line: line, column: column,
                            message:
                                "a DOCTYPE or ENTITY declaration is not allowed in an XLIFF file to import (entities could expand without bound); remove it.")
                    } else if starts("<?", at: at) {
                        let isDeclaration = at == declarationOffset(bytes)
                        if !isDeclaration {
                            return Problem(
                                line: line, column: column,
                                message: "processing instructions (<?…?>) other than the XML declaration are not allowed in an XLIFF file to import; remove it."
                            )
                        }
                    }
                }
                if b == 0x0A { line += 1; column = 1 } else { column += 1 }
            }
        }
    }

    /// Where the XML declaration (`<?xml` and white space) starts: 0, or 3 after a UTF-8
    /// byte-order mark; nil without one.
    static func declarationOffset(_ bytes: [UInt8]) -> Int? {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let open = Array("<?xml".utf8)
        guard bytes.count > start + open.count, bytes[start..<(start + open.count)].elementsEqual(open),
            [0x20, 0x09, 0x0D, 0x0A].contains(bytes[start + open.count])
        else { return nil }
        return start
    }

    /// The encoding the XML declaration names (`encoding="…"`), or nil when it names none.
    static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        guard let start = declarationOffset(bytes) else { return nil }
        var end = start
        while end + 1 < bytes.count, !(bytes[end] == 0x3F && bytes[end + 1] == 0x3E), end - start < 1024 { end += 1 }
        let declaration = String(decoding: bytes[start..<end], as: UTF8.self)
        guard let name = declaration.range(of: "encoding") else { return nil }
        var rest = declaration[name.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote })
    }

    /// A file the XML parser would decode other than as UTF-8: a UTF-16 or UTF-32 byte-order
    /// mark, UTF-16 or UTF-32 without one (the parser detects `<` and `?` with NUL bytes
    /// around them), EBCDIC, or a declaration naming another encoding. The checks made here
    /// (UTF-8, no processing instruction, no DOCTYPE) read the bytes as UTF-8, so the parser
    /// must read them the same way.
    static func encodingProblem(_ bytes: [UInt8]) -> Problem? {
        let fix = "msgtool reads XLIFF in UTF-8: save the file as UTF-8 (encoding=\"UTF-8\" in its XML declaration)."
        let marks: [([UInt8], String)] = [
            ([0x00, 0x00, 0xFE, 0xFF], "UTF-32 (big-endian byte-order mark)"), ([0xFF, 0xFE, 0x00, 0x00], "UTF-32 (little-endian byte-order mark)"),
            ([0xFE, 0xFF], "UTF-16 (big-endian byte-order mark)"), ([0xFF, 0xFE], "UTF-16 (little-endian byte-order mark)"),
            ([0x00, 0x00, 0x00, 0x3C], "UTF-32 big-endian without a byte-order mark"),
            ([0x3C, 0x00, 0x00, 0x00], "UTF-32 little-endian without a byte-order mark"),
            ([0x00, 0x3C, 0x00, 0x3F], "UTF-16 big-endian without a byte-order mark"),
            ([0x3C, 0x00, 0x3F, 0x00], "UTF-16 little-endian without a byte-order mark"),
            ([0x00, 0x3C], "UTF-16 big-endian without a byte-order mark"), ([0x3C, 0x00], "UTF-16 little-endian without a byte-order mark"),
            ([0x4C, 0x6F, 0xA7, 0x94], "EBCDIC")
        ]
        for (mark, name) in marks where bytes.starts(with: mark) {
            return Problem(line: 1, column: 1, message: "the file is \(name). \(fix)")
        }
        if let encoding = declaredEncoding(bytes) {
            let normalized = encoding.lowercased()
            let ascii = bytes.allSatisfy { $0 < 0x80 }
            if !(normalized == "utf-8" || normalized == "utf8" || (ascii && (normalized == "us-ascii" || normalized == "ascii"))) {
                return Problem(line: 1, column: 1, message: "the XML declaration says encoding=\"\(encoding.prefix(64))\"; \(fix)")
            }
        }
        return nil
    }
}
