import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport

/// Collects what the page holds: element ids, banner attributes, and whether it parsed.
private final class PageReader: NSObject, XMLParserDelegate {
    var ids: [String] = []
    var bannerLocales = Set<String>()
    var bannerTones = Set<String>()
    var units = Set<String>()
    var scripts = 0
    var externalReferences: [String] = []

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if let id = attributes["id"] { ids.append(id) }
        if attributes["class"]?.split(separator: " ").contains("banner") == true {
            bannerLocales.insert(attributes["data-locale"] ?? "")
            bannerTones.insert(attributes["data-tone"] ?? "")
            for u in (attributes["data-units"] ?? "").split(separator: " ") { units.insert(String(u)) }
        }
        if name == "script" { scripts += 1 }
        for attr in ["src", "href"] { if let v = attributes[attr] { externalReferences.append(v) } }
    }
}

@Suite("msgtool preview")
struct PreviewCommandTests {
    /// The message keys and unit ids of the bundled source catalog, read from en.json.
    static func sourceCatalog() throws -> (keys: [String], units: Set<String>) {
        let url = Repository.url("Resources/strings/en.json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let messages = try #require(json["messages"] as? [String: Any])
        var units = Set<String>()
        for (key, value) in messages {
            let parts = try #require((value as? [String: Any])?["parts"] as? [String: Any])
            for (part, shape) in parts {
                func add(_ prefix: String, _ v: Any) {
                    if let pool = v as? [Any] { for i in pool.indices { units.insert("\(prefix).\(i)") } } else { units.insert(prefix) }
                }
                if let tones = shape as? [String: Any] { for (t, v) in tones { add("\(key).\(part).\(t)", v) } } else { add("\(key).\(part)", shape) }
            }
        }
        return (messages.keys.sorted(), units)
    }

    @Test func htmlPageIsWellFormedSelfContainedAndComplete() throws {
        let dir = try TemporaryFolder.create("preview")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("preview.html")
        let run = try MsgTool.run(["preview", "--html", file.path])
        #expect(run.status == 0, "\(run)")
        #expect(run.out.contains("Wrote \(file.path)"))

        let data = try Data(contentsOf: file)
        let parser = XMLParser(data: data)
        let reader = PageReader()
        parser.delegate = reader
        #expect(parser.parse(), "not well-formed: \(parser.parserError.map { "\($0)" } ?? "?") at line \(parser.lineNumber)")

        let (keys, units) = try Self.sourceCatalog()
        let messageIDs = Set(reader.ids.filter { $0.hasPrefix("msg-") }.map { String($0.dropFirst(4)) })
        #expect(messageIDs == Set(keys))
        #expect(units.subtracting(reader.units).sorted() == [], "units never shown")
        #expect(reader.bannerLocales == ["en", "en-GB", "es", "es-419", "fr", "zh-Hans"])
        #expect(reader.bannerTones == ["cheerful", "gentle", "minimal", "-"])
        #expect(reader.externalReferences == [], "the page must not load anything")
        #expect(reader.scripts == 1)
        let text = String(decoding: data, as: UTF8.self)
        // Banners carry their action buttons, localized.
        #expect(text.contains("class=\"action\""))
        // Locale and tone switches, and the plural table.
        #expect(text.contains("name=\"locale\" value=\"zh-Hans\""))
        #expect(text.contains("name=\"tone\" value=\"minimal\""))
        #expect(text.contains("Plural categories"))
    }

    @Test func tableListsEveryVariantAndPluralSample() throws {
        let run = try MsgTool.run(["preview", "milestone.streak", "--locale", "es", "--tone", "minimal"])
        #expect(run.status == 0, "\(run)")
        let lines = run.out.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("KEY") == true)
        #expect(lines.contains { $0.hasPrefix("milestone.streak.title") && $0.contains("days=1 one") })
        #expect(lines.contains { $0.contains("days=1000000 many") && $0.contains("1.000.000") })
        #expect(lines.contains { $0.contains("days=2 other") })
        #expect(!lines.contains { $0.contains(" cheerful ") })
    }

    @Test func fallbackShowsWhereTheTextCameFrom() throws {
        let run = try MsgTool.run(["preview", "action.view_steps", "--locale", "es-MX"])
        #expect(run.status == 0, "\(run)")
        #expect(run.out.contains("es-MX (es)"))
    }

    @Test(arguments: [
        (["preview", "no.such.message"], Int32(1), "no.such.message"),
        (["preview", "--locale", "xx"], 1, "xx"),
        (["preview", "--tone", "loud"], 2, "loud"),
        (["preview", "--catalog", "/nonexistent/folder"], 1, "/nonexistent/folder"),
        (["preview", "--html", "/nonexistent/folder/p.html"], 1, "/nonexistent/folder/p.html")
    ])
    func badInputIsAClearError(arguments: [String], status: Int32, mention: String) throws {
        let run = try MsgTool.run(arguments)
        #expect(run.status == status, "\(run)")
        #expect(run.stderr.contains("error"), "\(run)")
        #expect(run.stderr.contains(mention), "\(run)")
        #expect(run.out.isEmpty)
    }
}

/// One text on server and phone: `msgtool preview` of the bundled catalogs,
/// every message, locale, tone, variant and plural sample, must print the committed golden table
/// (the server's text, written by the ICU build) in whichever configuration runs it. CI runs
/// this suite in both (the ICU build and the Apple configuration), with no allowed difference:
/// where the OS's CLDR differs from ICU 72's in what the catalogs print (es-419 percentages: CLDR
/// 46 writes "51%", CLDR 42 "51 %"), the Foundation backend applies ICU 72's generated patterns
/// (`CLDRNumberPatterns`). After a catalog text changes, rewrite the golden with
/// `bash scripts/gen-preview-golden.sh` in the ICU build.
@Suite("msgtool preview golden")
struct PreviewGoldenTests {
    static let golden = Repository.fixture("preview/bundled.txt")

    #if SystemICU && os(Linux)
    static let foundationBackend = false
    #else
    static let foundationBackend = true
    #endif

    @Test func previewOfTheBundledCatalogsEqualsTheGolden() throws {
        let run = try MsgTool.run(["preview", "--time-zone", "UTC"], timeout: 300)
        #expect(run.status == 0, "\(run)")
        if let path = ProcessInfo.processInfo.environment["WRITE_PREVIEW_GOLDEN"], !path.isEmpty {
            try #require(!Self.foundationBackend, "the golden is the server's text: write it in the ICU build")
            try FileManager.default.createDirectory(at: Self.golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try run.stdout.write(to: Self.golden, options: .atomic)
            return
        }
        let expected = try String(contentsOf: Self.golden, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let actual = run.out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(actual.count > 1000, "the preview has \(actual.count) lines")
        var differing: [String] = []
        for (i, pair) in zip(expected, actual).enumerated() where pair.0 != pair.1 {
            differing.append("line \(i + 1):\n  golden: \(pair.0)\n  this build: \(pair.1)")
        }
        #expect(expected.count == actual.count, "the golden has \(expected.count) lines, this build printed \(actual.count)")
        #expect(
            differing.isEmpty,
            "\(differing.count) rows differ from Tests/Fixtures/preview/bundled.txt; the first 10:\n\(differing.prefix(10).joined(separator: "\n"))")
    }
}
