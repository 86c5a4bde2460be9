import Foundation
import Testing
@testable import MessageCatalog
@testable import MessageCatalogTools

// Lint keeps going after invalid bytes (each reported where it is), names both lines of a
// duplicate key, and sums up a new locale's missing messages in one finding.

@Suite("Lint keeps going")
struct LintKeepsGoingTests {
    @Test func everyPlantedProblemIsFoundInAFileWithInvalidBytes() throws {
        var es = LintFixture.es
        es.gentle = "Bien hecho, {nombre}"  // unknown-argument
        es.minimal = "{kind, select, run {Racha corriendo: {days}} wlak {x} other {Racha: {days}}}"  // select-value
        var text = LintFixture.file("es", es)
        text = text.replacingOccurrences(of: "\"Abrir\"", with: "\"Abrir\",\n        \"title\": \"Abrir otra vez\"")  // duplicate-key
        // Three invalid sequences, each in place of one character (so every column stays as in
        // `text`): a lone 0xFF for the "¡" of the cheerful text and the "h" of "hecho" (on the
        // line of the unknown argument), a truncated 3-byte sequence for the "S" of "Sigue".
        var bytes = Array(text.utf8)
        func replace(_ needle: String, count: Int, with bad: [UInt8]) throws {
            let at = try #require(bytes.indices.first { bytes[$0...].starts(with: Array(needle.utf8)) })
            bytes.replaceSubrange(at..<(at + count), with: bad)
        }
        try replace("¡{days", count: 2, with: [0xFF])
        try replace("hecho, {nombre}", count: 1, with: [0xFF])
        try replace("Sigue así", count: 1, with: [0xE2, 0x82])
        let folder = CatalogFolder(
            directory: "/fixtures",
            files: [
                .init(path: "/fixtures/en.json", bytes: Array(LintFixture.source.utf8)),
                .init(path: "/fixtures/es.json", bytes: bytes)
            ])
        let findings = CatalogLinter().lint(folder).findings.filter { $0.file == "/fixtures/es.json" }
        let rules = findings.map(\.rule.rawValue)
        #expect(rules.filter { $0 == "json" }.count == 3, "\(findings.map(\.description))")
        for rule in ["unknown-argument", "select-value", "duplicate-key"] {
            #expect(rules.contains(rule), "\(rule) missing from \(findings.map(\.description))")
        }
        let bad = findings.filter { $0.rule == .json }.map { ($0.line, $0.column) }
        let expected = [
            LintFixture.position(of: "¡{days", in: text), LintFixture.position(of: "hecho, {nombre}", in: text), LintFixture.position(of: "Sigue así", in: text)
        ]
        #expect(bad.map { "\($0.0):\($0.1)" } == expected.map { "\($0.line):\($0.column)" })
        #expect(findings.first { $0.rule == .json }?.message.hasPrefix("Invalid UTF-8: byte 0xFF starts a malformed sequence of 1 byte; save") == true)
        // The unknown argument still points at its place, after a bad byte on its line.
        let unknown = try #require(findings.first { $0.rule == .unknownArgument })
        let clean = CatalogLinter().lint(
            CatalogFolder(
                directory: "/fixtures",
                files: [
                    .init(path: "/fixtures/en.json", bytes: Array(LintFixture.source.utf8)), .init(path: "/fixtures/es.json", bytes: Array(text.utf8))
                ])
        ).findings.first { $0.rule == .unknownArgument }
        #expect(unknown.description == clean?.description)
        #expect(unknown.line == LintFixture.position(of: "{nombre}", in: text).line)
    }

    @Test func aDuplicateKeyNamesBothLines() throws {
        let text = LintFixture.file("es", LintFixture.es).replacingOccurrences(of: "\"Abrir\"", with: "\"Abrir\",\n        \"title\": \"Abrir ya\"")
        let finding = try #require(LintFixture.lint(es: text).findings.first { $0.rule == .duplicateKey })
        let first = LintFixture.position(of: "\"title\": \"Abrir\"", in: text).line
        #expect(finding.message.contains("(lines \(first) and \(first + 1))"), "\(finding)")
        #expect(finding.line == first + 1)
    }

    @Test func aNewLocaleMissingMessagesIsOneFinding() throws {
        let fr = #"{"locale": "fr", "messages": {"button": {"parts": {"title": "Ouvrir"}}}}"#
        let two = """
            {"locale": "de", "messages": {}}
            """
        let report = LintFixture.lint(extra: ["fr": fr, "de": two])
        let frMissing = report.findings.filter { $0.file == "/fixtures/fr.json" && $0.rule == .missingTranslation }
        #expect(frMissing.map(\.message) == ["'streak' is not translated into fr (its users see the en text): translate it."])
        let deMissing = report.findings.filter { $0.file == "/fixtures/de.json" && $0.rule == .missingTranslation }
        #expect(
            deMissing.map(\.message) == [
                "2 of the 2 messages of en.json are not translated into de (its users see the en text): streak, button. Translate them (an export of de gives a file to translate)."
            ])
    }
}
