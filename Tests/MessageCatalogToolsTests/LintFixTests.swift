import Foundation
import Testing
@testable import MessageCatalog
@testable import MessageCatalogTools

// lint's fixes for the rules with one obvious fix: ASCII punctuation in Chinese, a breakable
// space between a number and its unit. The file is rewritten canonically, records no
// fingerprint, and a second run finds nothing to fix.

@Suite("lint --fix")
struct LintFixTests {
    static let source = """
        {
          "locale": "en",
          "messages": {
            "walk": {
              "description": "Test.",
              "arguments": { "name": { "type": "string", "example": "Ana" }, "km": { "type": "number", "example": 5 } },
              "parts": { "title": "Well done, {name}!", "body": "You walked {km} km." }
            }
          }
        }
        """
    // Not canonical on purpose (one line): the fix writes the canonical form.
    static let zh = #"{"locale": "zh-Hans", "messages": {"walk": {"parts": {"title": "做得好,{name}!", "body": "你走了{km}公里，时间10:30。"}}}}"#
    static let es = #"{"locale": "es", "messages": {"walk": {"parts": {"title": "¡Bien hecho, {name}!", "body": "Caminaste {km} km."}}}}"#

    static func folder(_ files: [(String, String)]) -> CatalogFolder {
        CatalogFolder(directory: "/x", files: files.map { .init(path: "/x/\($0.0)", bytes: Array($0.1.utf8)) })
    }

    static let catalog = folder([("en.json", source), ("zh-Hans.json", zh), ("es.json", es)])

    @Test func theFixesAreAppliedAndTheFilesRewrittenCanonically() throws {
        let report = CatalogLinter().lint(Self.catalog)
        #expect(report.findings.filter { $0.fix != nil }.map(\.rule) == [.unitSpace, .punctuation, .punctuation])
        let fixed = try LintFixes.files(fixing: report, in: Self.catalog)
        #expect(fixed.map(\.path) == ["/x/es.json", "/x/zh-Hans.json"])
        let zh = String(decoding: try #require(fixed.first { $0.path == "/x/zh-Hans.json" }).bytes, as: UTF8.self)
        #expect(
            zh == """
                {
                  "locale": "zh-Hans",
                  "messages": {
                    "walk": {
                      "parts": {
                        "title": "做得好，{name}！",
                        "body": "你走了{km}公里，时间10:30。"
                      }
                    }
                  }
                }

                """)
        let es = String(decoding: try #require(fixed.first { $0.path == "/x/es.json" }).bytes, as: UTF8.self)
        #expect(es.contains("\"body\": \"Caminaste {km}\u{00A0}km.\""))
        #expect(!es.contains("sourceFingerprints"))
    }

    @Test func aSecondRunHasNothingToFix() throws {
        let fixed = try LintFixes.files(fixing: CatalogLinter().lint(Self.catalog), in: Self.catalog)
        var files = Self.catalog.files
        for f in fixed {
            files.removeAll { $0.path == f.path }
            files.append(.init(path: f.path, bytes: f.bytes))
        }
        let after = CatalogFolder(directory: "/x", files: files)
        let report = CatalogLinter().lint(after)
        #expect(report.findings.allSatisfy { $0.fix == nil }, "\(report.findings.map(\.description))")
        #expect(try LintFixes.files(fixing: report, in: after).isEmpty)
    }

    @Test func aCatalogThatDoesNotLoadIsNotFixed() throws {
        let broken = Self.folder([("en.json", Self.source), ("zh-Hans.json", Self.zh), ("es.json", Self.es.replacingOccurrences(of: "{name}!", with: "{name!"))]
        )
        let failure = try #require(throws: Diagnostic.self) { try LintFixes.files(fixing: CatalogLinter().lint(broken), in: broken) }
        #expect(failure.problems.first?.message.contains("--fix needs catalogs that load") == true, "\(failure.problems)")
    }
}
