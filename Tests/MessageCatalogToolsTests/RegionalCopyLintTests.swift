import Testing
@testable import MessageCatalogTools

// `regional-copy`: en-GB.json overriding a pool whole, with variants equal to en.json's, keeps
// the old words the day en.json rewrites them. Found when a text is a copy; clean when the
// region holds only what it says differently.

@Suite("Lint: a regional catalog that copies the source's text")
struct RegionalCopyLintTests {
    static let en = PoolLintTests.source(bodies: ["Your sneakers are warmed up!", "Keep going, you’re doing great."])
    static func british(_ cheerful: [String]) -> String {
        let list = "[" + cheerful.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        return #"{"locale": "en-GB", "messages": {"steps": {"parts": {"body": {"cheerful": \#(list)}}}}}"#
    }

    @Test("A pool copied to change one variant: the copied variant is found, in en-GB.json")
    func copyFound() throws {
        let findings = PoolLintTests.lint(["en": Self.en, "en-GB": Self.british(["Your trainers are warmed up!", "Keep going, you’re doing great."])])
            .filter { $0.rule == .regionalCopy }
        #expect(findings.count == 1, "\(findings)")
        let f = try #require(findings.first)
        #expect(f.unitID == "steps.body.cheerful.1" && f.file.hasSuffix("en-GB.json") && f.severity == .warning, "\(f)")
        #expect(f.message.contains("keeps the old one"), "\(f.message)")
    }

    @Test("A regional text that differs from the source is clean")
    func differentIsClean() {
        let findings = PoolLintTests.lint(["en": Self.en, "en-GB": Self.british(["Your trainers are warmed up!", "Keep at it, you’re doing brilliantly."])])
            .filter { $0.rule == .regionalCopy }
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test("The bundled catalogs are clean")
    func bundledClean() throws {
        let report = CatalogLinter().lint(try CatalogFolder.read(directory: PoolLintTests.bundledStrings))
        let found = report.findings.filter { $0.rule == .regionalCopy }
        #expect(found.isEmpty, "\(found)")
    }
}
