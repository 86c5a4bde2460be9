import Foundation
import Testing
@testable import MessageCatalog
@testable import MessageCatalogTools

// ARB files as Flutter's gen-l10n reads them (use-escaping off, its default): an apostrophe is
// always an apostrophe; @@locale must agree with the file name.

@Suite("ARB as Flutter reads it")
struct ARBFlutterTests {
    static let folder = XCStringsTests.folder

    static func arb(locale: String, mixed: String) -> String {
        """
        {
          "@@locale": "\(locale)",
          "m.mixed": "\(mixed)",
          "@m.mixed": {
            "placeholders": { "days": { "type": "int" }, "name": { "type": "String" } }
          }
        }
        """
    }

    @Test func apostrophesAroundAPlaceholderShowTheValueBetweenThem() throws {
        let text = Self.arb(locale: "es", mixed: "{days, plural, one {# día} other {# días}} para '{name}', 100%")
        let results = try CatalogExchange.importFile(Array(text.utf8), path: "app_es.arb", format: .arb, into: Self.folder, locale: nil)
        let r = try #require(results.first)
        let es = String(decoding: try #require(r.bytes), as: UTF8.self)
        #expect(es.contains(#""mixed": "{days, plural, one {# día} other {# días}} para ''{name}'', 100%""#))
        let after = CatalogFolder(
            directory: "/x", files: Self.folder.files.filter { $0.locale != "es" } + [.init(path: "/x/es.json", bytes: try #require(r.bytes))])
        let shown = try after.catalog().format(
            unitOrKey: "m.mixed", locale: "es", tone: nil, variant: nil, arguments: ["days": .int(2), "name": .string("Ana")], timeZone: "UTC")
        #expect(shown == "2 días para 'Ana', 100%")
    }

    @Test(arguments: [("l'été", "l''été"), ("'{name}'", "''{name}''"), ("{n, plural, one {l'un} other {#}}", "{n, plural, one {l''un} other {#}}")])
    func flutterTextBecomesICU(_ flutter: String, _ icu: String) {
        #expect(FlutterQuoting.toICU(flutter) == icu)
        #expect(FlutterQuoting.fromICU(icu) == flutter)
    }

    @Test func icuQuotingFlutterCannotWriteIsRefusedOnExport() {
        #expect(FlutterQuoting.fromICU("'{'literal brace'}'") == nil)
        #expect(FlutterQuoting.fromICU("It's") == "It's")  // ICU's lone apostrophe is literal too
    }

    @Test func aLocaleThatDisagreesWithTheFileNameIsRefused() throws {
        let text = Self.arb(locale: "es", mixed: "x {days} {name}")
        let failure = try #require(throws: Diagnostic.self) {
            try CatalogExchange.importFile(Array(text.utf8), path: "l10n/app_pt_BR.arb", format: .arb, into: Self.folder, locale: nil)
        }
        #expect(
            failure.lines == [
                "l10n/app_pt_BR.arb:2:15: error: \"@@locale\": \"es\" but the file name says pt_BR (pt-BR): Flutter refuses such a file; fix one of the two."
            ])
        #expect(ARBFormat.localeOfFileName("intl_zh_Hans.arb") == "zh_Hans")
        #expect(ARBFormat.localeOfFileName("es.arb") == "es")
        #expect(ARBFormat.localeOfFileName("strings.arb") == nil)
    }
}
