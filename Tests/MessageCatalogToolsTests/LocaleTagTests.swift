import Foundation
import Testing
@testable import MessageCatalog
@testable import MessageCatalogTools

// Locale tags as translation tools write them (Crowdin's ru_RU, Memsource's uk-ua, zh-CN for
// Simplified Chinese) land in the catalog file lookups read, never under another name.

@Suite("Locale tags")
struct LocaleTagTests {
    static let folder = CatalogFolder.bundled
    static let catalogs = ["en", "es", "es-419", "zh-Hans"]

    @Test(arguments: [
        ("ru_RU", "ru-RU", "ru-RU", false),
        ("uk-ua", "uk-UA", "uk-UA", false),
        ("en_US@rg=gbzzzz", "en-US-u-rg-gbzzzz", "en", true),
        ("zh-CN", "zh-CN", "zh-Hans", true),
        ("zh_hans", "zh-Hans", "zh-Hans", true),
        ("es_MX", "es-MX", "es-MX", false),
        ("ES", "es", "es", true),
        ("es-419", "es-419", "es-419", true),
        ("zh-TW", "zh-TW", "zh-TW", false),
        ("en-US", "en-US", "en", true)
    ])
    func tagsMapToTheCatalogLookupsRead(_ given: String, _ tag: String, _ catalog: String, _ exists: Bool) throws {
        let l = try CatalogLocale.resolve(given, catalogs: Self.catalogs)
        #expect(l.tag == tag)
        #expect(l.catalog == catalog)
        #expect(l.exists == exists)
    }

    @Test(arguments: ["en_US!", "123", "xx-YY", "en@"])
    func badTagsAreRefusedWithTheTag(_ given: String) {
        let error = #expect(throws: Diagnostic.self) { try CatalogLocale.resolve(given, catalogs: Self.catalogs) }
        #expect(error?.message.contains("'\(given)'") == true)
    }

    static let poRU = """
        msgid ""
        msgstr ""
        "Project-Id-Version: notifications\\n"
        "Language: ru_RU\\n"
        "Content-Type: text/plain; charset=UTF-8\\n"

        msgctxt "action.mark_done.title"
        msgid "Mark as Done"
        msgstr "Готово"
        """

    @Test func aCrowdinLanguageLandsInTheCanonicalFile() throws {
        let results = try CatalogExchange.importFile(Array(Self.poRU.utf8), path: "ru.po", format: .po, into: Self.folder, locale: nil)
        let r = try #require(results.first)
        #expect(r.path == "Resources/strings/ru-RU.json")
        #expect(r.target.description == "ru_RU → ru-RU.json (new)")
        #expect(String(decoding: r.bytes ?? [], as: UTF8.self).contains("\"locale\": \"ru-RU\""))
    }

    @Test func localeNamesTheFileForTheSameVariety() throws {
        // Poedit writes ru_RU into a template exported for ru: --locale ru keeps it ru.json.
        let results = try CatalogExchange.importFile(Array(Self.poRU.utf8), path: "ru.po", format: .po, into: Self.folder, locale: "ru")
        #expect(results.first?.path == "Resources/strings/ru.json")
        #expect(results.first?.target.description == "ru (new: ru.json)")
        #expect(throws: Diagnostic.self) { try CatalogExchange.importFile(Array(Self.poRU.utf8), path: "ru.po", format: .po, into: Self.folder, locale: "uk") }
    }

    @Test func aMemsourceTargetLanguageLandsInTheCanonicalFile() throws {
        var xliff = String(decoding: try CatalogExchange.export(Self.folder, format: .xliff, locales: ["uk"]).bytes, as: UTF8.self)
        xliff = xliff.replacingOccurrences(of: "trgLang=\"uk\"", with: "trgLang=\"uk-ua\"")
        let range = try #require(xliff.range(of: "<source xml:space=\"preserve\">Mark as Done</source>\n"))
        xliff.insert(contentsOf: "        <target xml:space=\"preserve\">Готово</target>\n", at: range.upperBound)
        let results = try CatalogExchange.importFile(Array(xliff.utf8), path: "uk.xliff", format: .xliff, into: Self.folder, locale: nil)
        #expect(results.first?.path == "Resources/strings/uk-UA.json")
        // --locale in another spelling of the same variety is the same catalog.
        let again = try CatalogExchange.importFile(Array(xliff.utf8), path: "uk.xliff", format: .xliff, into: Self.folder, locale: "uk_UA")
        #expect(again.first?.path == "Resources/strings/uk-UA.json")
    }

    @Test func zhCNIsTheSimplifiedChineseCatalog() throws {
        let export = try CatalogExchange.export(Self.folder, format: .po, locales: ["zh-CN"])
        #expect(export.locales.map(\.description) == ["zh-CN → zh-Hans.json"])
        #expect(export.notes.isEmpty)
        let same = try CatalogExchange.export(Self.folder, format: .po, locales: ["zh-Hans"])
        #expect(export.bytes == same.bytes)
        // A file that says zh-CN imports into zh-Hans.json, changing nothing.
        let po = String(decoding: export.bytes, as: UTF8.self).replacingOccurrences(of: "Language: zh-Hans", with: "Language: zh_CN")
        let results = try CatalogExchange.importFile(Array(po.utf8), path: "zh.po", format: .po, into: Self.folder, locale: nil)
        #expect(results.map(\.path) == ["Resources/strings/zh-Hans.json"])
        #expect(results.allSatisfy { $0.bytes == nil })
    }

    @Test func aLocaleWithoutACatalogSaysWhatItsUsersRead() throws {
        let export = try CatalogExchange.export(Self.folder, format: .po, locales: ["es_MX"])
        #expect(export.locales.map(\.description) == ["es_MX → es-MX.json (new)"])
        #expect(export.notes == ["es-MX has no catalog yet: its users read es-419.json, then es.json, then en.json; this export is a template for es-MX.json."])
    }

    @Test func theSourceLocaleUnderAnotherNameIsRefused() throws {
        let po = Self.poRU.replacingOccurrences(of: "ru_RU", with: "en_US")
        let failure = try #require(throws: Diagnostic.self) {
            try CatalogExchange.importFile(Array(po.utf8), path: "en.po", format: .po, into: Self.folder, locale: "en-US")
        }
        #expect(failure.lines == ["en.po: error: 'en-US' is the source locale (en.json): import translations, and edit en.json directly."])
    }
}
