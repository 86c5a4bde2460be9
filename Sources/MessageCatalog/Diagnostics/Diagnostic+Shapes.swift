// The spellings the package's error types had before they became `Diagnostic`, for the
// package's own code: each builds the one value. Clients use `Diagnostic`'s own API.

extension Diagnostic {
    /// The code, as the formatting and syntax errors called it.
    package typealias Kind = Code
    /// The ``code`` (the formatting and syntax errors' name for it).
    package var kind: Code { code }
    /// The UTF-16 offset into the pattern, when known.
    package var offset: Int? { location.offset }
    /// The 1-based line, when known.
    package var line: Int? { location.line }
    /// The 1-based column, when known.
    package var column: Int? { location.column }
    /// The file, when known.
    package var file: String? { location.file }
    /// The unit id or message key, when known.
    package var unitID: String? { location.keyPath }
    /// The setting's path, when known.
    package var path: String? { location.keyPath }
    /// The index of the event concerned, when known.
    package var eventIndex: Int? { location.index }
    /// The syntax problem of a `.syntax` diagnostic.
    package var syntax: Diagnostic? { code == .syntax ? underlyingDiagnostic : nil }
    /// Each problem this diagnostic stands for: its related problems (an import's refused
    /// units, each at its place), or itself when it has none.
    package var problems: [Diagnostic] { related.isEmpty ? [self] : related }

    /// A formatting problem (the former `Diagnostic(kind:message:offset:syntax:)`).
    package init(kind: Code, message: String, offset: Int? = nil, syntax: Diagnostic? = nil) {
        self.init(
            kind, message, at: Location(line: syntax?.location.line, column: syntax?.location.column, offset: offset),
            cause: syntax)
    }

    /// A `.syntax` diagnostic over a pattern's syntax problem: same message and place, the
    /// syntax problem as its cause.
    package static func syntax(_ problem: Diagnostic) -> Diagnostic {
        Diagnostic(kind: .syntax, message: problem.message, offset: problem.location.offset, syntax: problem)
    }

    /// A pattern's syntax problem at a UTF-16 offset of `units`, with its line and column (in
    /// Unicode scalars).
    package init(_ code: Code, _ message: String, offset: Int, in units: [UInt16]) {
        let o = max(0, min(offset, units.count))
        var line = 1
        var lineStart = 0
        for i in 0..<o where units[i] == 0x0A { line += 1; lineStart = i + 1 }
        // Column in Unicode scalars: count code units that are not trailing surrogates.
        var col = 1
        if lineStart < o { for i in lineStart..<o where !(0xDC00...0xDFFF).contains(units[i]) { col += 1 } }
        self.init(code, message, at: Location(line: line, column: col, offset: o))
    }

    /// A problem in a catalog file (the former `Diagnostic(file:line:column:unitID:message:)`);
    /// line 0 means no place in the file.
    package init(
        file: String, line: Int, column: Int, unitID: String?, message: String,
        code: Code = .invalidCatalog, cause: (any Error & Sendable)? = nil
    ) {
        self.init(
            code, message,
            at: Location(
                file: file.isEmpty ? nil : file, line: line > 0 ? line : nil,
                column: line > 0 && column > 0 ? column : nil, keyPath: unitID),
            cause: cause)
    }

    /// A scheduling problem (the former `Diagnostic(_:_:path:line:column:eventIndex:)`).
    package init(
        _ code: Code, _ message: String, path: String? = nil, line: Int? = nil, column: Int? = nil,
        eventIndex: Int? = nil
    ) {
        self.init(code, message, at: Location(line: line, column: column, keyPath: path, index: eventIndex))
    }

    /// Several problems that stop an import (the former `Diagnostic(problems:)`), each a
    /// related diagnostic at its own place.
    package init(problems: [Diagnostic]) {
        if problems.count == 1 { self = problems[0]; return }
        self.init(.importRefused, "\(problems.count) problems stop the import.", at: Location(), related: problems)
    }

    /// A generator problem (the former `SwiftAccessorGenerator.Failure(message:)`).
    package init(message: String) {
        self.init(.accessorName, message)
    }
}

extension Diagnostic.Code {
    /// The stable name (the formatting errors' `Kind.rawValue`).
    package var rawValue: String { name }
}
