import Foundation
import Testing
@testable import MessageCatalog
@testable import MessageCatalogTools

/// XLIFF input that crashed FoundationXML's parser, or lost text, now gives a clear error (or
/// the right text) with its line and column, and changes nothing.
@Suite("XLIFF: hostile input")
struct XLIFFHostileTests {
    static func export() throws -> String {
        String(decoding: try CatalogExchange.export(ExchangeTests.folder, format: .xliff, locales: ["es"]).bytes, as: UTF8.self)
    }

    static func failure(_ bytes: [UInt8]) throws -> Diagnostic {
        try #require(throws: Diagnostic.self) {
            try CatalogExchange.importFile(bytes, path: "hostile.xlf", format: .xliff, into: ExchangeTests.folder, locale: "es")
        }
    }

    @Test func aProcessingInstructionWithoutData() throws {
        var text = try Self.export()
        let end = try #require(text.range(of: "?>"))
        text.insert(contentsOf: "<?x?>", at: end.upperBound)
        let f = try Self.failure(Array(text.utf8))
        #expect(f.lines.first?.hasPrefix("hostile.xlf:1:") == true)
        #expect(f.lines.first?.contains("processing instructions") == true)
    }

    /// Found by `scripts/fuzz.sh xliff` (SEGV in FoundationXML's processing-instruction
    /// callback): `<?xml?>`, a declaration without a version, is a processing instruction
    /// without data to libxml2, and was let through as if it were the XML declaration.
    @Test func anXMLDeclarationWithoutData() throws {
        let reproducer: [UInt8] = Array("<?xml?>\n<xliff xmlns=\"urn:oasis:names:tc:xliff:doOptional.0\"".utf8) + [0, 0] + Array("ersion=\"1de.".utf8)
        let f = try Self.failure(reproducer)
        #expect(f.lines.first?.hasPrefix("hostile.xlf:1:1:") == true, "\(f.lines)")
        #expect(f.lines.first?.contains("processing instructions") == true)
        let text = try Self.export().replacingOccurrences(of: #"<?xml version="1.0" encoding="UTF-8"?>"#, with: "<?xml?>")
        #expect(try Self.failure(Array(text.utf8)).lines.first?.contains("processing instructions") == true)
    }

    @Test func invalidUTF8InAnElementName() throws {
        var bytes = Array(try Self.export().utf8)
        let at = try #require(bytes.indices.first { bytes[$0...].starts(with: Array("<file".utf8)) })
        bytes.replaceSubrange(at..<(at + 5), with: [0x3C, 0x66, 0x69, 0xFF, 0xFE, 0x6C, 0x65])
        let f = try Self.failure(bytes)
        #expect(f.lines.first?.contains("not valid UTF-8") == true)
        #expect(f.lines.first?.hasPrefix("hostile.xlf:3:") == true)
    }

    @Test func aDoctypeIsRefused() throws {
        let text = try Self.export().replacingOccurrences(of: "<xliff ", with: "<!DOCTYPE x [<!ENTITY a \"aaaa\">]>\n<xliff ")
        let f = try Self.failure(Array(text.utf8))
        #expect(f.lines.first?.contains("DOCTYPE") == true)
    }

    @Test func aCDATATargetKeepsItsText() throws {
        let text = try Self.export().replacingOccurrences(
            of: "<target xml:space=\"preserve\">\(ExchangeTests.oldText)</target>",
            with: "<target xml:space=\"preserve\"><![CDATA[\(ExchangeTests.newText)]]></target>")
        let results = try CatalogExchange.importFile(Array(text.utf8), path: "cdata.xlf", format: .xliff, into: ExchangeTests.folder, locale: "es")
        let change = try #require(results.first?.changes.first)
        #expect(change.id == ExchangeTests.editedID)
        #expect(results.first?.changes.count == 1)
    }
}

/// Locale tags from import files are compared and named canonically.
@Suite("Import: locale tags in any case")
struct ImportLocaleCaseTests {
    @Test func upperCaseLanguageIsTheSameCatalog() throws {
        let text = try XLIFFHostileTests.export().replacingOccurrences(of: "trgLang=\"es\"", with: "trgLang=\"ES\"")
            .replacingOccurrences(of: ExchangeTests.oldText, with: ExchangeTests.newText)
        let results = try CatalogExchange.importFile(Array(text.utf8), path: "ES.xlf", format: .xliff, into: ExchangeTests.folder, locale: nil)
        let r = try #require(results.first)
        #expect(URL(fileURLWithPath: r.path).lastPathComponent == "es.json", "\(r.path)")
        #expect(r.changes.map(\.id) == [ExchangeTests.editedID])
    }

    @Test func upperCaseSourceIsStillTheSource() throws {
        let text = try XLIFFHostileTests.export().replacingOccurrences(of: "trgLang=\"es\"", with: "trgLang=\"EN\"")
        let f = try #require(throws: Diagnostic.self) {
            try CatalogExchange.importFile(Array(text.utf8), path: "EN.xlf", format: .xliff, into: ExchangeTests.folder, locale: "EN")
        }
        #expect(f.lines.first?.contains("is the source locale") == true)
    }

    @Test(arguments: [
        ("ES", "es"), ("zh_hans", "zh-Hans"), ("es-mx", "es-MX"), ("zh-hant-tw", "zh-Hant-TW"), ("es-419", "es-419"), ("en-US-u-nu-ARAB", "en-US-u-nu-arab")
    ])
    func canonicalCase(_ tag: String, _ expected: String) {
        #expect(LocaleTag.canonical(tag) == expected)
    }
}
