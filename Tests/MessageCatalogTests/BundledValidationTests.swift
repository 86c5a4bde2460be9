import Foundation
import Testing
@testable import MessageCatalog

/// `LocalizedCatalog.bundled()` does not compile every text of every locale at run time (an app
/// shows one locale): the suite does it here, so a bundled text that does not compile fails the
/// build's tests instead of a user's notification.
@Suite("Bundled catalogs: validated by the tests, not at run time")
struct BundledValidationTests {
    @Test("Every text of every bundled locale compiles and uses only declared arguments")
    func bundledFilesValidate() throws {
        let validated = try LocalizedCatalog(rawFiles: BundledStrings.files)
        let bundled = try LocalizedCatalog.bundled()
        #expect(validated.locales == bundled.locales)
        #expect(bundled.locales.count == BundledStrings.files.count)
    }

    @Test("Without validation a broken text loads, and fails with its diagnostic when it is formatted")
    func unvalidatedTextFailsWhenFormatted() throws {
        let source =
            #"{"locale": "en", "messages": {"greeting": {"description": "A greeting.", "arguments": {"name": {"type": "string", "example": "Ana"}}, "parts": {"body": "Hello {name}"}}}}"#
        let broken = #"{"locale": "es", "messages": {"greeting": {"parts": {"body": "Hola {name"}}}}"#
        let files: [(path: String, bytes: [UInt8])] = [("s/en.json", Array(source.utf8)), ("s/es.json", Array(broken.utf8))]
        #expect(throws: Diagnostic.self) { try LocalizedCatalog(rawFiles: files) }
        let unchecked = try LocalizedCatalog(rawFiles: files, sourceLocale: "en", validating: false)
        let generator = ContentGenerator(catalog: unchecked)
        #expect(
            try generator.render(key: "greeting", locale: "en", tone: .gentle, arguments: ["name": .string("Ana")], variant: 0, timeZone: "UTC").parts["body"]
                == "Hello Ana")
        #expect(throws: Diagnostic.self) {
            try generator.render(key: "greeting", locale: "es", tone: .gentle, arguments: ["name": .string("Ana")], variant: 0, timeZone: "UTC")
        }
    }
}
