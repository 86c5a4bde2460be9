import Testing
@testable import MessageCatalogTools

// `nested-plural`: a plural inside a case of another plural whose forms change with the outer
// case. A catalog that breaks it (found, where, with which number) and the same catalog fixed
// (clean).

@Suite("Lint: a nested plural whose forms change with the outer case")
struct NestedPluralLintTests {
    static let en = """
        {
          "locale": "en",
          "messages": {
            "goal": {
              "description": "Sent when the step goal is reached.",
              "arguments": {
                "steps": { "type": "number", "example": 10432 },
                "goal": { "type": "number", "example": 10000 },
                "bonus": { "type": "number", "example": 432 }
              },
              "parts": {
                "title": "Goal reached",
                "body": {
                  "cheerful": [
                    "{bonus, plural, =0 {Exactly {goal, plural, one {# step} other {# steps}}.} one {{steps, plural, one {# step} other {# steps}}, # extra.} other {{steps, plural, one {# step} other {# steps}}, # extra.}}",
                    "{steps, plural, one {# step} other {# steps}} today."
                  ]
                }
              }
            }
          }
        }
        """

    /// A French translation whose first body writes `inner` in the bonus's `many` case and the
    /// right inner plural in its `one` and `other` cases.
    static func fr(many inner: String, one: String = "{steps, plural, one {# pas} many {# de pas} other {# pas}}") -> String {
        let right = "{steps, plural, one {# pas} many {# de pas} other {# pas}}"
        let body =
            "{bonus, plural, =0 {Pile {goal, plural, one {# pas} many {# de pas} other {# pas}}.} one {\(one), dont # en prime.} many {\(inner), dont # en prime.} other {\(right), dont # en prime.}}"
        return """
            {"locale": "fr", "messages": {"goal": {"parts": {"title": "Objectif atteint", "body": {"cheerful": [
            "\(body)",
            "{steps, plural, one {# pas} many {# de pas} other {# pas}} aujourd’hui."
            ]}}}}}
            """
    }

    static func findings(_ files: [String: String]) -> [LintFinding] {
        PoolLintTests.lint(files).filter { $0.rule == .nestedPlural }
    }

    @Test("«# de pas» in every form of the inner plural of the outer many case: 10 432 reads «10 432 de pas»")
    func manyFormEverywhere() throws {
        let found = Self.findings(["en": Self.en, "fr": Self.fr(many: "{steps, plural, one {# de pas} many {# de pas} other {# de pas}}")])
        #expect(found.count == 1, "\(found)")
        let f = try #require(found.first)
        #expect(f.severity == .error)
        #expect(f.unitID == "goal.body.cheerful.0")
        #expect(f.file == "/c/fr.json" && f.line == 2)
        // the column of the inner {steps in the many case (the line starts with a quote)
        let text = Self.fr(many: "{steps, plural, one {# de pas} many {# de pas} other {# de pas}}").split(separator: "\n")[1]
        let column = text.distance(from: text.startIndex, to: text.range(of: "many {{steps")!.lowerBound) + "many {".count + 1
        #expect(f.column == column, "\(f)")
        #expect(f.message.contains("In goal, body, cheerful, variant 0"), "\(f.message)")
        #expect(f.message.contains("'many' case of {bonus, plural}") && f.message.contains("the 'other' case"), "\(f.message)")
        #expect(f.message.contains("steps = 10432") && f.message.contains("10\u{202F}432 de pas”") && f.message.contains("“10\u{202F}432 pas”"), "\(f.message)")
    }

    @Test("Forms swapped in the many case (the many form for ordinary numbers, the plain one for a million) are found")
    func swappedForms() {
        let found = Self.findings(["en": Self.en, "fr": Self.fr(many: "{steps, plural, one {# de pas} many {# pas} other {# de pas}}")])
        #expect(found.count == 1, "\(found)")
    }

    @Test("An inner plural that lacks a form in one outer case: 1 000 000 reads «1 000 000 pas» in the one case")
    func missingFormInOneCase() throws {
        let found = Self.findings([
            "en": Self.en, "fr": Self.fr(many: "{steps, plural, one {# pas} many {# de pas} other {# pas}}", one: "{steps, plural, other {# pas}}")
        ])
        let f = try #require(found.first)
        #expect(found.count == 1)
        #expect(f.message.contains("'one' case of {bonus, plural}") && f.message.contains("(many)"), "\(f.message)")
    }

    @Test("The same forms in every outer case are clean, also with other words around the number or an exact =N case")
    func clean() {
        #expect(Self.findings(["en": Self.en, "fr": Self.fr(many: "{steps, plural, one {# pas} many {# de pas} other {# pas}}")]).isEmpty)
        let otherWords = "{steps, plural, one {# pas au compteur} many {# de pas au compteur} other {# pas au compteur}}"
        #expect(Self.findings(["en": Self.en, "fr": Self.fr(many: otherWords)]).isEmpty)
        let exact = "{steps, plural, =10000 {pile l’objectif} one {# pas} many {# de pas} other {# pas}}"
        #expect(Self.findings(["en": Self.en, "fr": Self.fr(many: exact)]).isEmpty)
    }

    @Test("Spanish: the many form in the one case of the outer plural is found at its place")
    func spanish() throws {
        let body =
            "{bonus, plural, one {{steps, plural, one {# paso} many {# de pasos} other {# de pasos}} y # extra.} other {{steps, plural, one {# paso} many {# de pasos} other {# pasos}} y # extra.}}"
        let es =
            #"{"locale": "es", "messages": {"goal": {"parts": {"title": "Meta cumplida", "body": {"cheerful": [""# + body
            + #"", "{steps, plural, one {# paso} many {# de pasos} other {# pasos}} hoy."]}}}}}"#
        let f = try #require(Self.findings(["en": Self.en, "es": es]).first)
        #expect(f.message.contains("'one' case of {bonus, plural}") && f.message.contains("10.432 de pasos”"), "\(f.message)")
        #expect(
            f.column == #"{"locale": "es", "messages": {"goal": {"parts": {"title": "Meta cumplida", "body": {"cheerful": [""#.count
                + "{bonus, plural, one {".count + 1)
    }

    @Test("Numbers are compared as #, whatever their grouping; forms grouped alike with other words agree")
    func masking() {
        #expect(LintRun.maskingNumbers("10\u{202F}432 de pas, 1.000.000 pasos, 8,4 km") == "# de pas, # pasos, # km")
        #expect(LintRun.misplacedForm(["# pas", "# de pas", "# pas"], against: ["# pas", "# de pas", "# pas"]) == nil)
        #expect(LintRun.misplacedForm(["# pas en tout", "# de pas en tout", "# pas en tout"], against: ["# pas", "# de pas", "# pas"]) == nil)
        #expect(LintRun.misplacedForm(["# de pas", "# de pas", "# de pas"], against: ["# pas", "# de pas", "# pas"]) == 0)
        #expect(LintRun.misplacedForm(["# de pas", "# pas", "# de pas"], against: ["# pas", "# de pas", "# pas"]) == 0)
    }

    @Test("The bundled catalogs are clean")
    func bundledClean() throws {
        let report = CatalogLinter().lint(try CatalogFolder.read(directory: PoolLintTests.bundledStrings))
        let found = report.findings.filter { $0.rule == .nestedPlural }
        #expect(found.isEmpty, "\(found)")
    }
}
