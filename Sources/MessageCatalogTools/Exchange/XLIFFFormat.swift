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
/// the inline codes CAT tools write: `<ph>`, `<sc>`/`<ec>` and `<pc>` become the text they
/// carry (`equiv`, else `disp`), and a code in a target that carries none refuses its unit.
enum XLIFFFormat {
    static func write(_ units: [ExchangeUnit], sourceLocale: String, locale: String) -> String {
        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="\(escape(sourceLocale, attribute: true))" trgLang="\(escape(locale, attribute: true))">
          <file id="messages" original="\(escape(locale, attribute: true)).json">

        """
        for u in units {
            out += "    <unit id=\"\(escape(u.id, attribute: true))\">\n"
            var notes = u.notes.enumerated().map { i, n in (i == 0 ? "description" : n.hasPrefix("{") ? "argument" : n.hasPrefix("Tone:") ? "tone" : "variant", n) }
            if u.state == .needsReview {
                notes.append(("state", "The source text changed since this was translated: check the translation against it, then mark it translated."))
            }
            if !notes.isEmpty {
                out += "      <notes>\n"
                for (category, text) in notes { out += "        <note category=\"\(category)\">\(escape(text, attribute: false))</note>\n" }
                out += "      </notes>\n"
            }
            let state: String
            switch u.state {
            case .new: state = ""
            case .translated: state = " state=\"translated\""
            case .needsReview: state = " state=\"initial\""
            }
            out += "      <segment\(state)>\n"
            out += "        <source xml:space=\"preserve\">\(escape(u.source, attribute: false))</source>\n"
            if let t = u.target { out += "        <target xml:space=\"preserve\">\(escape(t, attribute: false))</target>\n" }
            out += "      </segment>\n"
            out += "    </unit>\n"
        }
        out += "  </file>\n</xliff>\n"
        return out
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

    /// Reads an XLIFF 2.0 file.
    static func read(_ bytes: [UInt8], path: String) -> ImportedFile {
        // FoundationXML's parser crashes on some malformed input (a processing instruction
        // without data, invalid UTF-8 in a name): such bytes never reach it.
        if let problem = XMLPrecheck.problem(in: bytes) {
            return ImportedFile(units: [], errors: ["\(path):\(problem.line):\(problem.column): error: \(problem.message) Nothing was imported."])
        }
        let reader = XLIFFReader(path: path)
        // From a stream, not `XMLParser(data:)`: on Linux the latter fails with error 1 on files
        // of a few megabytes (swift-corelibs-foundation issue 4851).
        let parser = XMLParser(stream: InputStream(data: Data(bytes)))
        parser.delegate = reader
        parser.shouldResolveExternalEntities = false
        let ok = parser.parse()
        if !ok && reader.errors.isEmpty {
            let message = parser.parserError.map { "\($0.localizedDescription)" } ?? "malformed XML"
            reader.errors.append("\(path):\(parser.lineNumber):\(parser.columnNumber): error: the file is not well-formed XML (\(message); it may be truncated): nothing was imported.")
        }
        if ok && !reader.sawRoot {
            reader.errors.append("\(path):1:1: error: not an XLIFF 2.0 or 2.1 file (no <xliff version=\"2.0\"> root).")
        } else if ok && !reader.closedRoot {
            // Some XMLParser builds accept a document that stops mid-way: the root must close.
            let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            reader.errors.append("\(path):\(lines.count):\(String(decoding: lines.last ?? [], as: UTF8.self).count + 1): error: the file ends before </xliff> (it is truncated): nothing was imported.")
        }
        return ImportedFile(units: [(reader.targetLocale, reader.units)], errors: reader.errors, refused: reader.refused)
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
    var errors: [String] = []
    var refused: [String] = []
    var units: [ImportedUnit] = []
    var targetLocale: String?
    var sawRoot = false
    var closedRoot = false

    private var unitID: String?
    private var unitLine = 0, unitColumn = 0
    private var targetLine = 0, targetColumn = 0
    private var states: [String?] = []
    private var collecting: String?   // "source" or "target"
    private var text = ""
    private var ignorable = false
    private var sourcePieces = "", targetPieces = ""
    private var segments = 0, segmentsWithTarget = 0
    private var segmentHasTarget = false
    private var unitRefused = false
    /// Open `<pc>` codes of the text being read: what each closes with.
    private var openPC: [String?] = []

    init(path: String) { self.path = path }

    private func fail(_ parser: XMLParser, _ message: String) {
        errors.append("\(path):\(parser.lineNumber):\(parser.columnNumber): error: \(unitID.map { "\($0): " } ?? "")\(message)")
        parser.abortParsing()
    }

    /// Refuses the current unit (once per reason) and goes on reading.
    private func refuse(_ parser: XMLParser, _ message: String) {
        refused.append("\(path):\(parser.lineNumber):\(parser.columnNumber): error: \(unitID.map { "\($0): " } ?? "")\(message)")
        unitRefused = true
    }

    /// XLIFF 2.0 (2014) and 2.1 (2018) share the core namespace `…:document:2.0` and every
    /// element read here; 2.2 (a 2025 Committee Specification) has a namespace of its own.
    static let versions = ["2.0", "2.1"]
    static let coreNamespace = "urn:oasis:names:tc:xliff:document:2.0"

    /// How many elements are open; past ``maxDepth`` the reading stops with an error.
    private var depth = 0
    /// The deepest element nesting read (an XLIFF file nests 5 levels, inline codes a few more).
    static let maxDepth = 64

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        depth += 1
        guard depth <= Self.maxDepth else {
            return fail(parser, "elements are nested more than \(Self.maxDepth) levels deep (<\(name)>): an XLIFF file nests a few; this file is damaged or not a translation: nothing was imported.")
        }
        switch name {
        case "xliff":
            sawRoot = true
            let version = attributes["version"] ?? ""
            guard Self.versions.contains(version) else {
                return fail(parser, "this is XLIFF \(version.isEmpty ? "without a version" : version); msgtool reads XLIFF 2.0 and 2.1 (export one with msgtool export --format xliff).")
            }
            if let ns = attributes["xmlns"], ns != Self.coreNamespace {
                return fail(parser, "the namespace \(ns) is not XLIFF \(version)'s (\(Self.coreNamespace)).")
            }
            targetLocale = attributes["trgLang"]
        case "unit":
            guard let id = attributes["id"] else { return fail(parser, "a <unit> without an id.") }
            unitID = id
            unitLine = parser.lineNumber; unitColumn = parser.columnNumber
            sourcePieces = ""; targetPieces = ""; states = []; segments = 0; segmentsWithTarget = 0; unitRefused = false
            targetLine = 0
        case "segment", "ignorable":
            ignorable = name == "ignorable"
            segmentHasTarget = false
            if name == "segment" { segments += 1; states.append(attributes["state"]) }
        case "source", "target":
            guard unitID != nil else { return fail(parser, "<\(name)> outside a <unit>.") }
            collecting = name
            text = ""
            openPC = []
            if name == "target", targetLine == 0 { targetLine = parser.lineNumber; targetColumn = parser.columnNumber }
        case "cp":
            guard collecting != nil, let hex = attributes["hex"], let v = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(v) else {
                return fail(parser, "a <cp> element needs a hex attribute naming a code point.")
            }
            text.unicodeScalars.append(scalar)
        case "mrk", "sm", "em":
            break   // annotations: their text is the text
        case "ph", "sc", "ec":
            guard let collecting else { break }
            // The code's own text: equiv (its plain-text form), else disp (how tools show it).
            if let t = attributes["equiv"] ?? attributes["disp"] {
                text += t
            } else if collecting == "target" {
                refuse(parser, "the inline code <\(name)\(attributes["id"].map { " id=\"\($0)\"" } ?? "")> says neither what text it stands for (equiv) nor how it shows (disp): write the placeholder it replaced ({name}) as text, or have the tool export equiv.")
            }
        case "pc":
            guard let collecting else { break }
            let start = attributes["equivStart"] ?? attributes["dispStart"]
            let end = attributes["equivEnd"] ?? attributes["dispEnd"]
            if let start, let end {
                text += start
                openPC.append(end)
            } else {
                openPC.append(nil)
                if collecting == "target" {
                    refuse(parser, "the inline code <pc\(attributes["id"].map { " id=\"\($0)\"" } ?? "")> (formatting such as bold) has no form in a notification's plain text and says no text for it (equivStart, equivEnd): remove the code and keep its text.")
                }
            }
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if collecting != nil { text += string }
    }

    /// `<target><![CDATA[gran]]></target>`: the section's text is the target's text.
    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        if collecting != nil { text += String(decoding: block, as: UTF8.self) }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        depth -= 1
        switch name {
        case "pc":
            if collecting != nil, let end = openPC.popLast() { text += end ?? "" }
        case "source":
            sourcePieces += text; collecting = nil
            if ignorable { pendingIgnorableSource = text }
        case "target":
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
            if unitID != nil, segmentsWithTarget > 0, segmentsWithTarget < segments, !unitRefused {
                refuse(parser, "\(segments - segmentsWithTarget) of its \(segments) segments have no target: translate every segment (or none).")
            }
            if let id = unitID, segmentsWithTarget > 0, !targetPieces.isEmpty, !unitRefused {
                units.append(ImportedUnit(id: id, text: targetPieces, source: sourcePieces, reviewed: XLIFFReaderStates.reviewed(states),
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

    static func problem(in bytes: [UInt8]) -> Problem? {
        var line = 1, column = 1
        var i = 0
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        // One pass: UTF-8 validity, and the markup that opens with `<?` or `<!`.
        var inComment = false, inCDATA = false
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
                return Problem(line: line, column: column, message: "the file is not valid UTF-8 (byte \(at + 1) starts a malformed sequence of \(length)); save it as UTF-8.")
            case .valid(let encoded):
                i += encoded.count
                let b = bytes[at]
                if inComment { if starts("-->", at: at) { inComment = false } }
                else if inCDATA { if starts("]]>", at: at) { inCDATA = false } }
                else if b == 0x3C {
                    if starts("<!--", at: at) { inComment = true }
                    else if starts("<![CDATA[", at: at) { inCDATA = true }
                    else if starts("<!DOCTYPE", at: at) || starts("<!ENTITY", at: at) {
                        return Problem(line: line, column: column, message: "a DOCTYPE or ENTITY declaration is not allowed in an XLIFF file to import (entities could expand without bound); remove it.")
                    } else if starts("<?", at: at) {
                        let isDeclaration = (at == 0 || (at == 3 && starts("\u{FEFF}", at: 0))) && starts("<?xml ", at: at)
                        if !isDeclaration {
                            return Problem(line: line, column: column, message: "processing instructions (<?…?>) other than the XML declaration are not allowed in an XLIFF file to import; remove it.")
                        }
                    }
                }
                if b == 0x0A { line += 1; column = 1 } else { column += 1 }
            }
        }
    }
}
