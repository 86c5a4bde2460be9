import MessageCatalog
@testable import MessageCatalogTools

// The import's problems are structured values (Diagnostic: file, line, column, unit id,
// message); msgtool renders them as text. The tests read them in that same form.

extension Diagnostic {
    /// `file:line:column: SEVERITY: unit: message`, `file: SEVERITY: …` for a whole file.
    func text(_ severity: String = "error") -> String {
        rendered(severity: severity)
    }
}

extension Diagnostic {
    /// The problems as msgtool prints them.
    var lines: [String] { problems.map { $0.text() } }
}

extension CatalogExchange.ImportResult {
    /// The warnings as msgtool prints them.
    var warningLines: [String] { warnings.map { $0.text("warning") } }
    /// The skipped units as the refused ones read (`error:`).
    var skippedLines: [String] { skipped.map { $0.text() } }
}
