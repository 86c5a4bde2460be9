import Testing
@testable import MessageCatalogTools

// `title-number`: a cheerful or gentle body that says again the figure its title gives. A
// catalog that breaks it (found, where, which number) and the same catalog fixed (clean).

@Suite("Lint: a body that repeats its title's number")
struct TitleNumberLintTests {
    static func source(titles: [String], bodies: [String], minimalBodies: [String]? = nil) -> String {
        func list(_ a: [String]) -> String { "[" + a.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
        return """
            {
              "locale": "en",
              "messages": {
                "halfway": {
                  "description": "Sent when half of the step goal is reached.",
                  "arguments": {
                    "steps": { "type": "number", "example": 5120 },
                    "progress": { "type": "number", "example": 0.512 },
                    "year": { "type": "date", "example": "2026-01-01T12:00:00Z" }
                  },
                  "parts": {
                    "title": { "cheerful": \(list(titles)), "gentle": \(list(titles)), "minimal": \(list(titles)) },
                    "body": { "cheerful": \(list(bodies)), "gentle": \(list(bodies)), "minimal": \(list(minimalBodies ?? bodies)) }
                  }
                }
              }
            }
            """
    }

    static let titles = ["{progress, number, percent} and climbing!", "On to the second half!"]

    @Test("A percent the title celebrates, said again in a body, is found in cheerful and gentle")
    func percentRepeated() throws {
        let bodies = ["{progress, number, percent} done, and the best part is still ahead.", "Keep going, you’re doing great."]
        let findings = PoolLintTests.lint(["en": Self.source(titles: Self.titles, bodies: bodies)]).filter { $0.rule == .titleNumber }
        #expect(findings.compactMap(\.unitID).sorted() == ["halfway.body.cheerful.0", "halfway.body.gentle.0"], "\(findings)")
        let f = try #require(findings.first)
        #expect(f.message.contains("halfway.title.") && f.message.contains("(51)"), "\(f.message)")
        #expect(f.severity == .warning)
    }

    @Test("The same body that says what the number means is clean; a minimal body may restate it")
    func percentNotRepeated() {
        let bodies = ["The best part is still ahead, and you’re ready for it.", "Keep going, you’re doing great."]
        let minimal = ["{progress, number, percent} of your goal.", "{steps} steps so far."]
        let findings = PoolLintTests.lint(["en": Self.source(titles: Self.titles, bodies: bodies, minimalBodies: minimal)]).filter {
            $0.rule == .titleNumber
        }
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test("An ordinal and a grouped count are the same figure (50th / 1,000 / 第50个); a year is not a figure")
    func ordinalsGroupingAndDates() {
        #expect(LintRun.numbers(in: "Your 50th achievement, 10,432 steps, 1\u{202F}000\u{202F}000 de pas, 第50个") == ["50", "10432", "1000000", "50"])
        #expect(LintRun.numbers(in: "8.4 km in 1 hr, 20 min") == ["84", "1", "20"])
        let titles = ["Your {year, date, ::y} in review!", "A look back"]
        let bodies = ["{steps} achievements in {year, date, ::y}. Take a bow!", "A year to remember."]
        let findings = PoolLintTests.lint(["en": Self.source(titles: titles, bodies: bodies)]).filter { $0.rule == .titleNumber }
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test("The bundled catalogs are clean")
    func bundledClean() throws {
        let report = CatalogLinter().lint(try CatalogFolder.read(directory: PoolLintTests.bundledStrings))
        let found = report.findings.filter { $0.rule == .titleNumber }
        #expect(found.isEmpty, "\(found)")
    }
}
