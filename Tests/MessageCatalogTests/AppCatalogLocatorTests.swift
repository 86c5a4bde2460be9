import Foundation
import MessageCatalog
import Testing
import TestSupport

/// The app's catalog found in its bundle as Xcode copies it: a folder, or flattened (Xcode 16's
/// buildable folders), and a precise error when it is not there (an extension's own bundle).
@Suite("The app catalog in a bundle: folder, flattened, or missing")
struct AppCatalogLocatorTests {
    static let appStrings = Repository.url("docs/examples/app-strings")

    func bundle(_ name: String, _ fill: (URL) throws -> Void) throws -> (Bundle, URL) {
        let root = TemporaryFolder.uniqueURL("app-catalog")
        let url = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try fill(url)
        return (try #require(Bundle(url: url)), root)
    }

    func copyCatalog(to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.appStrings.path) where name.hasSuffix(".json") {
            try FileManager.default.copyItem(at: Self.appStrings.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
    }

    func render(_ catalog: LocalizedCatalog) throws -> String {
        let rendered = try ContentGenerator(catalog: catalog).render(
            key: "journal.prompt", locale: "es", tone: .gentle,
            arguments: ["entries": .int(2), "mood": .string("tired")],
            variant: 0, timeZone: "Europe/Madrid")
        return (rendered.title ?? "") + " / " + (rendered.body ?? "")
    }

    @Test("A folder copied as a folder and the same files flattened next to the app's other resources load the same catalog")
    func folderAndFlattened() throws {
        let base = try LocalizedCatalog.bundled()
        let (asFolder, root1) = try bundle("Folder.app") { try copyCatalog(to: $0.appendingPathComponent("strings")) }
        defer { try? FileManager.default.removeItem(at: root1) }
        let (flattened, root2) = try bundle("Flat.app") { url in
            try copyCatalog(to: url)
            try Data("{\"apiBase\": \"https://example.invalid\"}".utf8).write(to: url.appendingPathComponent("config.json"))
            try Data("<plist/>".utf8).write(to: url.appendingPathComponent("Info.plist"))
        }
        defer { try? FileManager.default.removeItem(at: root2) }
        let fromFolder = try LocalizedCatalog.appCatalog(in: asFolder, over: base)
        let fromFlat = try LocalizedCatalog.appCatalog(in: flattened, over: base)
        #expect(fromFlat.locales == fromFolder.locales)
        #expect(try render(fromFlat) == render(fromFolder))
        #expect(try render(fromFolder).isEmpty == false)
    }

    @Test("An extension bundle without the catalog: the error says what was looked for and to add the folder to the extension's target")
    func missingInExtension() throws {
        let (appex, root) = try bundle("Content.appex") { try Data("<plist/>".utf8).write(to: $0.appendingPathComponent("Info.plist")) }
        defer { try? FileManager.default.removeItem(at: root) }
        do {
            _ = try ContentGenerator.appCatalog(in: appex, over: LocalizedCatalog.bundled())
            Issue.record("a bundle without a catalog was accepted")
        } catch {
            let text = "\(error)"
            #expect(text.contains("No catalog folder 'strings'"))
            #expect(text.contains("Build Folder Contents"))
            #expect(text.contains("extension's target"))
        }
    }
}
