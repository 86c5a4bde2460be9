import Foundation
import Testing
@testable import MessageCatalog
@testable import MessageCatalogTools

// XLIFF 2.x as CAT tools write it: placeholders turned into inline codes (<ph>, <pc>,
// <sc>/<ec>) with equiv/disp, units split into several segments with a state each, and more
// than one bad unit in a file: every problem reported in one run, each unit refused with its
// reason, the rest imported on request.

@Suite("XLIFF from CAT tools")
struct XLIFFInlineCodeTests {
    static let folder = ExchangeTests.folder

    /// An XLIFF 2.x file shaped as a CAT tool returns it (its own file ids, segments split,
    /// placeholders protected as inline codes).
    static func file(version: String = "2.0", namespace: String = "urn:oasis:names:tc:xliff:document:2.0") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="\(namespace)" version="\(version)" srcLang="en" trgLang="es">
          <file id="f1" original="notifications.json">
            <unit id="retrieval.preview.body.minimal">
              <segment state="translated">
                <source>Recorded <ph id="1" equiv="{recordedOn, date, long}" disp="{recordedOn}"/>: <ph id="2" equiv="{achievement}"/></source>
                <target>Anotado el <ph id="1" equiv="{recordedOn, date, long}" disp="{recordedOn}"/>: <ph id="2" disp="{achievement}"/></target>
              </segment>
            </unit>
            <unit id="action.quick_add.title">
              <segment state="translated">
                <source>Add Achievement</source>
                <target><pc id="1" dataRefStart="b">Añadir</pc> logro</target>
              </segment>
            </unit>
            <unit id="action.view_achievement.title">
              <segment state="translated">
                <source>View Achievement</source>
                <target><ph id="3"/>Ver logro</target>
              </segment>
            </unit>
            <unit id="action.mark_done.title">
              <segment state="translated">
                <source>Mark </source>
                <target>Marcar </target>
              </segment>
              <segment state="initial">
                <source>as Done</source>
                <target>como <sc id="4" equiv=""/>completado<ec startRef="4" equiv=""/></target>
              </segment>
            </unit>
            <unit id="retrieval.preview.title.minimal">
              <segment state="translated">
                <source>Past </source>
                <target>Logro </target>
              </segment>
              <segment>
                <source>achievement</source>
              </segment>
            </unit>
          </file>
        </xliff>

        """
    }

    static func importing(_ text: String, skipInvalid: Bool = false) throws(Diagnostic) -> [CatalogExchange.ImportResult] {
        try CatalogExchange.importFile(Array(text.utf8), path: "es.xlf", format: .xliff, into: folder, locale: nil, skipInvalid: skipInvalid)
    }

    @Test func everyBadUnitIsReportedInOneRunWithItsReason() throws {
        let failure = try #require(throws: Diagnostic.self) { try Self.importing(Self.file()) }
        // The bold <pc> is formatting: its text stays, the code goes (not a problem).
        #expect(failure.lines.count == 2, "\(failure.lines)")
        #expect(failure.lines[0].hasPrefix("es.xlf:19:"))
        #expect(failure.lines[0].contains("error: action.view_achievement.title: the inline code <ph id=\"3\"> says neither"))
        #expect(failure.lines[1].contains("error: retrieval.preview.title.minimal: 1 of its 2 segments have no target"))
    }

    @Test func aPartialImportTakesTheGoodUnits() throws {
        let r = try #require(try Self.importing(Self.file(), skipInvalid: true).first)
        #expect(r.skippedLines.count == 2)
        // "Añadir logro" (the bold span's text) is the catalog's text already: unchanged.
        #expect(r.changes.map(\.id) == ["retrieval.preview.body.minimal", "action.mark_done.title"])
        #expect(r.unchanged == 1)
        let es = String(decoding: try #require(r.bytes), as: UTF8.self)
        // Inline codes become the placeholders they stand for.
        #expect(es.contains("\"minimal\": \"Anotado el {recordedOn, date, long}: {achievement}\""))
        #expect(es.contains("\"title\": \"Marcar como completado\""))
        // One segment of two still initial: the unit needs review.
        #expect(r.changes.first { $0.id == "action.mark_done.title" }?.needsReview == true)
        #expect(r.changes.first { $0.id == "retrieval.preview.body.minimal" }?.needsReview == false)
        #expect(es.contains("\"action.mark_done.title\": \"needs-review\""))
    }

    @Test func xliff21IsRead() throws {
        let r = try Self.importing(Self.file(version: "2.1"), skipInvalid: true)
        #expect(r.first?.changes.count == 2)
    }

    @Test(arguments: [
        ("2.2", "urn:oasis:names:tc:xliff:document:2.2", "msgtool reads XLIFF 2.0 and 2.1"),
        ("2.5", "urn:oasis:names:tc:xliff:document:2.0", "this is XLIFF 2.5"),
        ("2.1", "urn:oasis:names:tc:xliff:document:2.2", "is not XLIFF 2.1's")
    ])
    func otherVersionsAreRefused(_ version: String, _ namespace: String, _ message: String) throws {
        let failure = try #require(throws: Diagnostic.self) { try Self.importing(Self.file(version: version, namespace: namespace), skipInvalid: true) }
        #expect(failure.lines.count == 1)
        #expect(failure.lines[0].hasPrefix("es.xlf:2:"))
        #expect(failure.lines[0].contains(message), "\(failure.lines)")
    }

    @Test func whatItReadsIsEquivOrDisp() {
        #expect(XLIFFReaderStates.reviewed([nil, nil]) == nil)
        #expect(XLIFFReaderStates.reviewed(["translated", "final"]) == true)
        #expect(XLIFFReaderStates.reviewed(["final", "initial"]) == false)
        #expect(XLIFFReaderStates.reviewed(["translated", nil]) == false)
    }
}
