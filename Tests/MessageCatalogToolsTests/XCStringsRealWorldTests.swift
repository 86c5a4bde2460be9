import Foundation
import Testing
@testable import MessageCatalog
@testable import MessageCatalogTools

// String Catalogs as Xcode writes them: `zero` offered in every language, substitutions
// without argNum, review states inside variations and substitutions, string sets and device
// variations (refused per unit, or skipped with a partial import).

@Suite("String Catalogs as Xcode writes them")
struct XCStringsRealWorldTests {
    static let folder = XCStringsTests.folder

    /// A catalog shaped as Xcode 15–26 saves it (`" : "`, sorted keys, two-space indent).
    static func xcstrings(_ strings: String) -> [UInt8] {
        Array(
            """
            {
              "sourceLanguage" : "en",
              "strings" : {
            \(strings)
              },
              "version" : "1.0"
            }

            """.utf8)
    }

    static func su(_ value: String, _ state: String = "translated") -> String {
        "{ \"stringUnit\" : { \"state\" : \"\(state)\", \"value\" : \"\(value)\" } }"
    }

    static func importing(_ strings: String, locale: String? = nil, skipInvalid: Bool = false) throws(Diagnostic) -> [CatalogExchange.ImportResult] {
        try CatalogExchange.importFile(xcstrings(strings), path: "App.xcstrings", format: .xcstrings, into: folder, locale: locale, skipInvalid: skipInvalid)
    }

    static func text(_ r: CatalogExchange.ImportResult?, _ part: String) -> String? {
        guard let bytes = r?.bytes, let json = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { return nil }
        return (((json["messages"] as? [String: Any])?["m"] as? [String: Any])?["parts"] as? [String: Any])?[part] as? String
    }

    @Test func appleZeroIsExactlyZeroWhereCLDRHasNoZero() throws {
        let r = try Self.importing(
            """
                "m.whole" : { "localizations" : { "es" : { "variations" : { "plural" : {
                  "zero" : \(Self.su("Ningún día")), "one" : \(Self.su("%lld día")), "many" : \(Self.su("%lld de días")), "other" : \(Self.su("%lld días"))
                } } } } }
            """
        ).first
        #expect(Self.text(r, "whole") == "{days, plural, =0 {Ningún día} one {# día} many {# de días} other {# días}}")
        // The catalog renders it for 0 (the "no items" text is not lost).
        let after = CatalogFolder(
            directory: "/x", files: Self.folder.files.filter { $0.locale != "es" } + [.init(path: "/x/es.json", bytes: try #require(r?.bytes))])
        #expect(
            try after.catalog().format(unitOrKey: "m.whole", locale: "es", tone: nil, variant: nil, arguments: ["days": .int(0)], timeZone: "UTC")
                == "Ningún día")
    }

    @Test(arguments: ["ar", "lv", "cy"])
    func zeroStaysACategoryWhereCLDRHasOne(_ locale: String) throws {
        let r = try Self.importing(
            """
                "m.whole" : { "localizations" : { "\(locale)" : { "variations" : { "plural" : {
                  "zero" : \(Self.su("Z %lld")), "one" : \(Self.su("O %lld")), "other" : \(Self.su("X %lld"))
                } } } } }
            """
        ).first
        #expect(Self.text(r, "whole") == "{days, plural, zero {Z #} one {O #} other {X #}}")
    }

    @Test func aSubstitutionWithoutArgNumTakesTheArgumentItStandsAt() throws {
        // Xcode leaves argNum out when the substitution is the first specifier in order.
        let r = try Self.importing(
            """
                "m.mixed" : { "localizations" : { "es" : {
                  "stringUnit" : { "state" : "translated", "value" : "%#@days@ para %@, 100%%" },
                  "substitutions" : { "days" : { "formatSpecifier" : "lld", "variations" : { "plural" : {
                    "one" : \(Self.su("%arg día")), "other" : \(Self.su("%arg días"))
                  } } } }
                } } }
            """
        ).first
        #expect(Self.text(r, "mixed") == "{days, plural, one {# día} other {# días}} para {name}, 100%")
    }

    @Test func aSubstitutionAfterAnotherSpecifierTakesTheNextArgument() throws {
        // name is argument 2 in en.json, days 1: "%2$@ … %1$#@days@" and, unnumbered, "%@ … %#@days@" mean different things.
        let numbered = try Self.importing(
            """
                "m.mixed" : { "localizations" : { "es" : {
                  "stringUnit" : { "state" : "translated", "value" : "Para %2$@: %1$#@days@, 100%%" },
                  "substitutions" : { "days" : { "formatSpecifier" : "lld", "variations" : { "plural" : {
                    "one" : \(Self.su("%arg día")), "other" : \(Self.su("%arg días"))
                  } } } }
                } } }
            """
        ).first
        #expect(Self.text(numbered, "mixed") == "Para {name}: {days, plural, one {# día} other {# días}}, 100%")
        // Unnumbered, the substitution is the second specifier: argument 2 (name), which is text: refused.
        let failure = try #require(throws: Diagnostic.self) {
            try Self.importing(
                """
                    "m.mixed" : { "localizations" : { "es" : {
                      "stringUnit" : { "state" : "translated", "value" : "Para %@: %#@days@, 100%%" },
                      "substitutions" : { "days" : { "formatSpecifier" : "lld", "variations" : { "plural" : {
                        "one" : \(Self.su("%arg día")), "other" : \(Self.su("%arg días"))
                      } } } }
                    } } }
                """)
        }
        #expect(failure.lines.contains { $0.contains("'name' is declared as string but used as plural") }, "\(failure.lines)")
    }

    @Test func needsReviewInsideASubstitutionKeepsTheUnitForReview() throws {
        let r = try #require(
            try Self.importing(
                """
                    "m.mixed" : { "localizations" : { "es" : {
                      "stringUnit" : { "state" : "translated", "value" : "%#@days@ para %2$@, 100%%" },
                      "substitutions" : { "days" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : {
                        "one" : \(Self.su("%arg día")), "other" : \(Self.su("%arg días nuevos", "needs_review"))
                      } } } }
                    } } },
                    "m.whole" : { "localizations" : { "es" : { "variations" : { "plural" : {
                      "one" : \(Self.su("%lld día")), "other" : \(Self.su("%lld días", "needs_review"))
                    } } } } }
                """
            ).first)
        #expect(r.changes.map(\.id).sorted() == ["m.mixed", "m.whole"])
        #expect(r.changes.allSatisfy { $0.needsReview })
        let es = String(decoding: try #require(r.bytes), as: UTF8.self)
        #expect(es.contains("\"m.mixed\": \"needs-review\""))
        #expect(es.contains("\"m.whole\": \"needs-review\""))
    }

    static let refusedAndGood = """
            "m.dated" : { "localizations" : { "es" : { "stringSet" : { "state" : "translated", "values" : [ "El %3$@", "Del %3$@" ] } } } },
            "m.mixed" : { "localizations" : { "es" : { "variations" : { "device" : {
              "iphone" : \(su("%#@days@")), "mac" : \(su("%#@days@ en el Mac"))
            } } } } },
            "m.whole" : { "localizations" : { "es" : { "variations" : { "plural" : {
              "one" : \(su("%lld día")), "other" : \(su("%lld días seguidos"))
            } } } } }
        """

    @Test func stringSetsAndDeviceVariationsAreRefusedPerUnit() throws {
        let failure = try #require(throws: Diagnostic.self) { try Self.importing(Self.refusedAndGood) }
        #expect(
            failure.lines == [
                "App.xcstrings:4:46: error: m.dated: (es) a stringSet (a list of alternative strings, as App Shortcuts phrases use) has no ICU form: these catalogs hold one text per unit; give it a stringUnit.",
                "App.xcstrings:5:46: error: m.mixed: (es) device variations (iphone, mac) have no ICU form: a unit here has one text for every device; keep one text (a stringUnit) or plural variations."
            ])
    }

    @Test func aPartialImportSkipsTheRefusedUnitsAndSaysSo() throws {
        let r = try #require(try Self.importing(Self.refusedAndGood, skipInvalid: true).first)
        #expect(r.changes.map(\.id) == ["m.whole"])
        #expect(r.skippedLines.count == 2)
        #expect(r.skippedLines.allSatisfy { $0.hasPrefix("App.xcstrings:") && $0.contains(": error: m.") })
        #expect(Self.text(r, "whole") == "{days, plural, one {# día} other {# días seguidos}}")
        #expect(Self.text(r, "dated") == "El {when, date, long}")
    }

    @Test func exportAndImportOfZeroRoundTrip() throws {
        let export = try CatalogExchange.export(Self.folder, format: .xcstrings, locales: ["es"])
        let results = try CatalogExchange.importFile(export.bytes, path: "x.xcstrings", format: .xcstrings, into: Self.folder, locale: nil)
        #expect(results.allSatisfy { $0.bytes == nil && $0.changes.isEmpty })
    }
}
