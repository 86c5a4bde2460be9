import Foundation
import Testing
@testable import MessageCatalog
@testable import MessageCatalogTools

/// XLIFF the parser would decode other than as UTF-8 (UTF-16 or UTF-32 with or without a
/// byte-order mark, EBCDIC, a declaration naming another encoding) is refused before any
/// parser sees it: the checks made before parsing read the bytes as UTF-8.
@Suite("XLIFF: encodings other than UTF-8")
struct XLIFFEncodingTests {
    static func failure(_ bytes: [UInt8]) throws -> Diagnostic {
        try #require(throws: Diagnostic.self) {
            try CatalogExchange.importFile(bytes, path: "enc.xlf", format: .xliff, into: ExchangeTests.folder, locale: "es")
        }
    }

    static func utf16(_ text: String, bigEndian: Bool, mark: Bool) -> [UInt8] {
        let units = (mark ? [0xFEFF] : []) + Array(text.utf16)
        return units.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    static func utf32(_ text: String, bigEndian: Bool) -> [UInt8] {
        text.unicodeScalars.flatMap { s -> [UInt8] in
            let b = [UInt8(s.value & 0xFF), UInt8((s.value >> 8) & 0xFF), UInt8((s.value >> 16) & 0xFF), UInt8(s.value >> 24)]
            return bigEndian ? b.reversed() : b
        }
    }

    @Test(arguments: [
        (false, false, "UTF-16 little-endian without a byte-order mark"), (true, false, "UTF-16 big-endian without a byte-order mark"),
        (false, true, "UTF-16 (little-endian byte-order mark)"), (true, true, "UTF-16 (big-endian byte-order mark)")
    ])
    func utf16ExportIsRefused(_ bigEndian: Bool, _ mark: Bool, _ name: String) throws {
        let text = try XLIFFHostileTests.export()
        let f = try Self.failure(Self.utf16(text, bigEndian: bigEndian, mark: mark))
        #expect(
            f.lines.first
                == "enc.xlf:1:1: error: the file is \(name). msgtool reads XLIFF in UTF-8: save the file as UTF-8 (encoding=\"UTF-8\" in its XML declaration). Nothing was imported.",
            "\(f.lines)")
    }

    @Test(arguments: [false, true])
    func utf32IsRefused(_ bigEndian: Bool) throws {
        let f = try Self.failure(Self.utf32(try XLIFFHostileTests.export(), bigEndian: bigEndian))
        #expect(f.lines.first?.contains("UTF-32") == true, "\(f.lines)")
    }

    /// White space before the first `<` in UTF-16: the NUL bytes give it away.
    @Test func utf16AfterWhiteSpaceIsRefused() throws {
        let f = try Self.failure(Self.utf16("\n  <?x?><a/>", bigEndian: false, mark: false))
        #expect(f.lines.first?.contains("NUL byte") == true, "\(f.lines)")
    }

    @Test(arguments: ["UTF-16", "ISO-8859-1", "windows-1252", "EBCDIC-US", "UCS-4", "Shift_JIS"])
    func aDeclaredEncodingOtherThanUTF8IsRefused(_ encoding: String) throws {
        let text = try XLIFFHostileTests.export().replacingOccurrences(of: #"encoding="UTF-8""#, with: "encoding='\(encoding)'")
        let f = try Self.failure(Array(text.utf8))
        #expect(
            f.lines.first
                == "enc.xlf:1:1: error: the XML declaration says encoding=\"\(encoding)\"; msgtool reads XLIFF in UTF-8: save the file as UTF-8 (encoding=\"UTF-8\" in its XML declaration). Nothing was imported.",
            "\(f.lines)")
    }

    @Test(arguments: ["UTF-8", "utf-8", "UTF8"])
    func utf8DeclarationsAreRead(_ encoding: String) throws {
        let text = try XLIFFHostileTests.export()
            .replacingOccurrences(of: #"encoding="UTF-8""#, with: "encoding=\"\(encoding)\"")
            .replacingOccurrences(
                of: "<target xml:space=\"preserve\">\(ExchangeTests.oldText)</target>", with: "<target xml:space=\"preserve\">\(ExchangeTests.newText)</target>"
            )
        let results = try CatalogExchange.importFile(Array(text.utf8), path: "enc.xlf", format: .xliff, into: ExchangeTests.folder, locale: "es")
        #expect(results.first?.changes.first?.kind == .changed)
    }

    /// An ASCII-only file may say so.
    @Test func anASCIIFileMayDeclareASCII() throws {
        let text = """
            <?xml version="1.0" encoding="US-ASCII"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="es"><file id="f"></file></xliff>
            """
        #expect(XMLPrecheck.problem(in: Array(text.utf8)) == nil)
        #expect(XMLPrecheck.problem(in: Array((text + "<!-- é -->").utf8)) != nil)
    }

    /// EBCDIC's `<?xm` (4C 6F A7 94).
    @Test func ebcdicIsRefused() throws {
        let f = try Self.failure([0x4C, 0x6F, 0xA7, 0x94, 0x93, 0x40])
        #expect(f.lines.first?.contains("EBCDIC") == true, "\(f.lines)")
    }
}

/// An Xcode export of another app (ten translated targets, none a unit of the catalog) said
/// "the file holds no translation", and the warnings that said why were dropped.
@Suite("Import: translations of no known unit")
struct UnmatchedUnitsTests {
    static func xcodeExport(keys: [String]) -> [UInt8] {
        let units = keys.map { key in
            "      <trans-unit id=\"\(key)\" xml:space=\"preserve\"><source>\(key)</source><target state=\"translated\">\(key) (es)</target></trans-unit>\n"
        }.joined()
        return Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="OtherApp/Localizable.xcstrings" source-language="en" target-language="es" datatype="plaintext">
                <header><tool tool-id="com.apple.dt.xcode" tool-name="Xcode" tool-version="16.0" build-num="16A242d"/></header>
                <body>
            \(units)    </body>
              </file>
            </xliff>

            """.utf8)
    }

    @Test func anotherAppsExportIsRefusedWithTheReason() throws {
        let keys = (1...10).map { "Other app string \($0)" }
        let failure = try #require(throws: Diagnostic.self) {
            try CatalogExchange.importFile(Self.xcodeExport(keys: keys), path: "other.xliff", format: .xliff, into: ExchangeTests.folder, locale: nil)
        }
        let lines = failure.lines
        #expect(lines.contains { $0.contains("the file holds 10 translated strings, none of them a unit of en.json") }, "\(lines)")
        #expect(lines.contains { $0.contains("OtherApp/Localizable.xcstrings") && $0.contains("Other app string 1, Other app string 2") }, "\(lines)")
        #expect(!lines.contains { $0.contains("holds no translation") }, "\(lines)")
    }
}

/// A `<target>` inside a `<note>` was appended to the translation, a unit in a foreign
/// namespace was imported, and a comment could decide the XLIFF version.
@Suite("XLIFF: only XLIFF's own elements, where XLIFF puts them")
struct XLIFFStructureTests {
    static func v2(_ units: String, prologue: String = "") -> [UInt8] {
        Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            \(prologue)<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="es">
              <file id="f">
            \(units)
              </file>
            </xliff>

            """.utf8)
    }

    static func unit(_ id: String, source: String, target: String, notes: String = "", attributes: String = "") -> String {
        """
            <unit id="\(id)"\(attributes)>\(notes)
              <segment state="translated"><source>\(source)</source><target>\(target)</target></segment>
            </unit>
        """
    }

    static func texts(_ bytes: [UInt8]) throws -> [String: String] {
        let results = try CatalogExchange.importFile(bytes, path: "s.xlf", format: .xliff, into: ExchangeTests.folder, locale: nil)
        let r = try #require(results.first)
        let catalog = try LocalizedCatalog(rawFiles: [("en.json", CatalogFolder.bundled.source!.bytes), ("es.json", try #require(r.bytes))])
        var out: [String: String] = [:]
        for c in r.changes { out[c.id] = catalog.files["es"]?.units.first { $0.id == c.id }?.text }
        return out
    }

    @Test func aTargetInsideANoteIsNotTheTranslation() throws {
        let notes = "<notes><note category=\"x\"><target>EXTRA</target></note></notes>"
        let texts = try Self.texts(
            Self.v2(Self.unit("retrieval.preview.title.gentle", source: "A moment worth revisiting", target: "Un rato para recordar", notes: notes)))
        #expect(texts == ["retrieval.preview.title.gentle": "Un rato para recordar"])
    }

    @Test func aUnitOfAnotherNamespaceIsSkipped() throws {
        let units =
            Self.unit("retrieval.preview.title.gentle", source: "A moment worth revisiting", target: "Un rato para recordar")
            + "\n"
            + Self.unit(
                "retrieval.no_preview.title.gentle", source: "A memory from your journal", target: "FOREIGN", attributes: " xmlns=\"urn:example:other\"")
            + "\n<x:unit xmlns:x=\"urn:example:other\" id=\"retrieval.no_preview.title.minimal\"><x:segment><x:target>FOREIGN</x:target></x:segment></x:unit>"
        let texts = try Self.texts(Self.v2(units))
        #expect(texts == ["retrieval.preview.title.gentle": "Un rato para recordar"])
    }

    /// XLIFF's own elements under a prefix are XLIFF's.
    @Test func aPrefixedCoreUnitIsRead() throws {
        let unit = """
            <x:unit xmlns:x="urn:oasis:names:tc:xliff:document:2.0" id="retrieval.preview.title.gentle"><x:segment state="translated"><x:source>A moment worth revisiting</x:source><x:target>Con prefijo</x:target></x:segment></x:unit>
            """
        #expect(try Self.texts(Self.v2(unit)) == ["retrieval.preview.title.gentle": "Con prefijo"])
    }

    @Test func aCommentDoesNotDecideTheVersion() throws {
        let bytes = Self.v2(
            Self.unit("retrieval.preview.title.gentle", source: "A moment worth revisiting", target: "Un rato para recordar"),
            prologue: "<!-- <xliff version=\"1.2\"> -->\n<?xml-stylesheet href=\"x\"?>\n")
        #expect(XLIFF12Format.rootVersion(bytes) == "2.0")
        let v12 = Array("<!-- <xliff version=\"2.0\"> -->\n<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\">".utf8)
        #expect(XLIFF12Format.rootVersion(v12) == "1.2")
        #expect(XLIFF12Format.rootVersion(Array("<!-- <xliff version=\"1.2\"> --><other version=\"1.2\"/>".utf8)) == nil)
    }

    /// XLIFF 1.2: an `<alt-trans>` (a tool's suggestion) after the target replaced it.
    @Test func anAltTransIsNotTheTranslation() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="es.json" source-language="en" target-language="es" datatype="plaintext"><body>
                <trans-unit id="retrieval.preview.title.gentle" xml:space="preserve">
                  <source>A moment worth revisiting</source>
                  <target state="translated">Un rato para recordar</target>
                  <note><target>NOTE</target></note>
                  <alt-trans match-quality="80"><source>A moment</source><target>SUGGESTION</target></alt-trans>
                </trans-unit>
              </body></file>
            </xliff>

            """
        #expect(try Self.texts(Array(text.utf8)) == ["retrieval.preview.title.gentle": "Un rato para recordar"])
    }
}

/// `import` wrote ESC, BEL, NUL and CR into a translation (exit 0) that lint then refused.
@Suite("Import: control characters")
struct ImportControlCharacterTests {
    @Test(arguments: ["1B", "07", "0", "D", "7F"])
    func refused(_ hex: String) throws {
        let text = XLIFFStructureTests.v2(
            XLIFFStructureTests.unit(
                "retrieval.preview.title.gentle", source: "A moment worth revisiting",
                target: "Un rato<cp hex=\"\(hex)\"/> para recordar"))
        let failure = try #require(throws: Diagnostic.self) {
            try CatalogExchange.importFile(text, path: "c.xlf", format: .xliff, into: ExchangeTests.folder, locale: nil)
        }
        let code = String(repeating: "0", count: 4 - hex.count) + hex
        #expect(failure.lines.first?.contains("the translation holds") == true && failure.lines.first?.contains("U+\(code)") == true, "\(failure.lines)")
    }
}

/// `{n, plural, one {# day other {# days}}` lost the `}` of its `one` case: the error said an
/// argument needs a name (the `{# days}` of the next case, read as text). It now says a brace
/// seems lost, at the next case's selector.
@Suite("MessageFormat: a lost closing brace")
struct LostBraceTests {
    @Test(arguments: [
        ("{n, plural, one {# day other {# days}}", "other", 24),
        ("{n, plural, one {# day =2 {# days} other {# days}}", "=2", 24),
        ("{n, selectordinal, one {#st two {#nd} other {#th}}", "two", 29)
    ])
    func explainedAsALostBrace(_ pattern: String, _ selector: String, _ column: Int) throws {
        let error = try #require(throws: Diagnostic.self) { try MessageFormat(pattern, locale: "en") }
        #expect(error.message.hasPrefix("A '}' seems lost before '\(selector) {'"), "\(error.message)")
        #expect(error.syntax?.location.column == column, "\(String(describing: error.syntax))")
    }

    /// An argument without a name elsewhere keeps its own message.
    @Test func anArgumentWithoutANameStillSaysSo() throws {
        let error = try #require(throws: Diagnostic.self) { try MessageFormat("Hola { }", locale: "es") }
        #expect(error.message.hasPrefix("An argument needs a name"), "\(error.message)")
    }
}

/// Exports did not name the target language's plural categories: a translator saw only the
/// source's `one`/`other`.
@Suite("Export: the target language's plural categories")
struct ExportPluralCategoryTests {
    @Test(arguments: [("es", "Plural categories in es: one, many, other."), ("zh-Hans", "Plural categories in zh-Hans: other.")])
    func aPluralUnitNamesThem(_ locale: String, _ note: String) throws {
        let units = CatalogExchange.units(of: try CatalogFolder.bundled.catalog(), locale: locale)
        let plural = try #require(units.first { $0.id == "milestone.streak.title.gentle" })
        #expect(plural.notes.contains { $0.hasPrefix(note) }, "\(plural.notes)")
        let plain = try #require(units.first { $0.id == "retrieval.preview.title.gentle" })
        #expect(!plain.notes.contains { $0.contains("categories in") }, "\(plain.notes)")
        let xliff = String(decoding: try CatalogExchange.export(CatalogFolder.bundled, format: .xliff, locales: [locale]).bytes, as: UTF8.self)
        #expect(xliff.contains("<note category=\"plural\">\(note)"))
    }
}

/// Texts dense in ICU syntax (one plural of `# # # …`) cost 115–165 bytes of memory per input
/// byte while linted: an 8 MB catalog took 1.33 GB. A text is now at most 64 KiB, checked
/// before it is parsed.
@Suite("Catalog: the size of one text")
struct TextSizeCapTests {
    @Test func aTextOverTheCapIsAnErrorAndIsNotParsed() {
        let dense = "{days, plural, other {" + String(repeating: "# ", count: 40_000) + "}}"
        let en = LintFixture.source.replacingOccurrences(of: #""parts": { "title": "Open" }"#, with: #""parts": { "title": "\#(dense)" }"#)
        let report = LintFixture.lint(en: en)
        let found = report.findings.filter { $0.message.hasPrefix("A text is at most 65536 bytes of UTF-8 (this one is 80024)") }
        #expect(found.count == 1 && found.first?.severity == .error, "\(report.findings.prefix(5).map(\.description))")
        #expect(found.first?.unitID == "button.title")
    }

    @Test func aTextAtTheCapLoads() throws {
        let text = String(repeating: "a", count: 64 << 10)
        let file = #"{"locale": "en", "messages": {"m": {"description": "d", "parts": {"title": "\#(text)"}}}}"#
        _ = try LocalizedCatalog(rawFiles: [("t/en.json", Array(file.utf8))])
        let over = file.replacingOccurrences(of: "\"a", with: "\"ab")
        #expect(throws: Diagnostic.self) { try LocalizedCatalog(rawFiles: [("t/en.json", Array(over.utf8))]) }
    }
}
