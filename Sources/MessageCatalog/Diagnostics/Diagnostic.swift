/// A problem found by any part of the toolkit: what it is (a stable ``Code``), what went wrong
/// and how to fix it (``message``), where (``location``) and why (``cause``).
///
/// Every library of the package reports problems with this one value: a pattern that does not
/// parse, an argument of the wrong type, a catalog file with a bad member, a scheduling input
/// out of range, a translator's file that cannot be imported, two keys that would get one Swift
/// name. Catch `Diagnostic`, match on ``code`` (never on the wording of ``message``), and show
/// it as your interface needs: a command-line tool prints `file:line:column: error: message`, an
/// editor places a marker at ``location``.
///
/// ```swift
/// import MessageCatalog
///
/// do {
///     _ = try MessageFormat("{count, plural, one {# day}}", locale: "en")
/// } catch {
///     print(error.code)                      // syntax
///     print(error.underlyingDiagnostic?.code.name ?? "")  // missingOther
/// }
/// ```
///
/// The names `Diagnostic`, `Diagnostic`, `Diagnostic`, `Diagnostic`,
/// `Diagnostic` and `SwiftAccessorGenerator.Failure` are other names of this type, kept so
/// that signatures say which part of the toolkit throws.
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem a ``Diagnostic`` is: compare with the static members (`.syntax`,
    /// `.unknownMessage`, …). Codes are a struct, so new ones break no client; each has a stable
    /// ``name`` that tools may print and scripts may match. `docs/diagnostics.md` lists them
    /// with what to do for each.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable, Hashable, CaseIterable {
            // Formatting a message.
            case syntax, badLocale, badTimeZone, missingArgument, badArgument, unknownMessage, icu
            // A pattern's syntax (the cause of a `.syntax` diagnostic).
            case unmatchedBrace, malformedArgument, unknownType, missingOther, badSelector, badOffset
            case badNumber, badSkeleton, badPattern, unterminatedQuote, tooDeep, tooLong, unsupported
            // Catalog files and folders.
            case unreadable, unwritable, invalidCatalog, invalidText
            // Scheduling inputs.
            case invalidPreferences, intervalOutOfRange, invalidEvent, invalidState, content
            // Translators' files and generated code.
            case importRefused, invalidOption, accessorName
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// The code's stable name, e.g. `missingArgument`.
        public var name: String { value.rawValue }
        /// The code's stable name (``name``).
        public var description: String { value.rawValue }
        /// The code with that stable name, or `nil` for a name no code has.
        /// - Parameter name: a code's ``name``, e.g. `badLocale`.
        public init?(name: String) {
            guard let v = Value(rawValue: name) else { return nil }
            self.value = v
        }
        /// Every code, in the order `docs/diagnostics.md` lists them.
        public static var all: [Code] { Value.allCases.map(Code.init) }

        // MARK: Formatting

        /// The pattern does not parse; ``Diagnostic/underlyingDiagnostic`` says how (its code is
        /// one of the syntax codes, such as ``unmatchedBrace``).
        public static let syntax = Code(.syntax)
        /// The locale tag is malformed or unknown to the formatting backend.
        public static let badLocale = Code(.badLocale)
        /// The time zone is not an IANA zone known to the system's tzdata.
        public static let badTimeZone = Code(.badTimeZone)
        /// The pattern uses an argument the caller did not pass.
        public static let missingArgument = Code(.missingArgument)
        /// An argument's value has the wrong type or range (a string where a number is needed,
        /// an infinite number, a number that is not one).
        public static let badArgument = Code(.badArgument)
        /// No message, part or unit with that key or id in the catalogs.
        public static let unknownMessage = Code(.unknownMessage)
        /// The formatting backend (ICU or Foundation) failed while formatting.
        public static let icu = Code(.icu)

        // MARK: Pattern syntax

        /// A `{` is never closed.
        public static let unmatchedBrace = Code(.unmatchedBrace)
        /// An argument is malformed: no name, a name with spaces or punctuation, no type after
        /// the comma, or a plural or select without cases.
        public static let malformedArgument = Code(.malformedArgument)
        /// The argument type is none of number, date, time, plural, selectordinal, select,
        /// spellout, ordinal and duration.
        public static let unknownType = Code(.unknownType)
        /// A plural, selectordinal or select has no `other` case, which ICU requires.
        public static let missingOther = Code(.missingOther)
        /// A case selector is malformed or is not followed by `{message}`.
        public static let badSelector = Code(.badSelector)
        /// `offset:` is misplaced (after a case) or has no valid number.
        public static let badOffset = Code(.badOffset)
        /// An explicit value (`=N`) is not a number.
        public static let badNumber = Code(.badNumber)
        /// The formatting backend rejects a number skeleton (`::…`).
        public static let badSkeleton = Code(.badSkeleton)
        /// The formatting backend rejects a number or date style, or cannot open the format for
        /// the locale.
        public static let badPattern = Code(.badPattern)
        /// An apostrophe opens quoted text in a style that is never closed.
        public static let unterminatedQuote = Code(.unterminatedQuote)
        /// Arguments are nested deeper than the engine accepts.
        public static let tooDeep = Code(.tooDeep)
        /// An argument name, number or type is longer or larger than ICU allows.
        public static let tooLong = Code(.tooLong)
        /// A construct ICU deprecated and the engine rejects (the `choice` type).
        public static let unsupported = Code(.unsupported)

        // MARK: Catalogs

        /// A file or folder cannot be read (missing, not a folder, no permission, not UTF-8).
        public static let unreadable = Code(.unreadable)
        /// A file cannot be written (a folder that does not exist or cannot be written, a full
        /// disk); ``Diagnostic/cause`` holds the system's error.
        public static let unwritable = Code(.unwritable)
        /// A catalog file's JSON or structure is wrong: a bad member, a missing source locale,
        /// a duplicate key, a file named by no locale.
        public static let invalidCatalog = Code(.invalidCatalog)
        /// A catalog text does not compile for its locale or uses an argument its message does
        /// not declare; ``Diagnostic/cause`` holds the formatting diagnostic.
        public static let invalidText = Code(.invalidText)

        // MARK: Scheduling

        /// A preference is missing or out of range.
        public static let invalidPreferences = Code(.invalidPreferences)
        /// An interval outside 10…300 seconds.
        public static let intervalOutOfRange = Code(.intervalOutOfRange)
        /// An event that cannot be read or applied.
        public static let invalidEvent = Code(.invalidEvent)
        /// A state document that cannot be read.
        public static let invalidState = Code(.invalidState)
        /// The catalog could not render a notification's text; ``Diagnostic/cause`` holds why.
        public static let content = Code(.content)

        // MARK: Exchange and generation

        /// A translator's file cannot be imported; ``Diagnostic/related`` lists each problem.
        public static let importRefused = Code(.importRefused)
        /// An option given to a library function is not valid (a locale to export, a PO
        /// `Plural-Forms` header).
        public static let invalidOption = Code(.invalidOption)
        /// Typed accessors cannot be generated: two keys would get one Swift name, or a name is
        /// not a Swift identifier.
        public static let accessorName = Code(.accessorName)
    }

    /// Where a ``Diagnostic`` applies. Every part is optional: a problem of a pattern given in
    /// code has only an ``offset``; one of a catalog file has a file, line, column and key path.
    public struct Location: Sendable, Hashable, CustomStringConvertible {
        /// The path of the file (or folder) concerned.
        public var file: String?
        /// The 1-based line.
        public var line: Int?
        /// The 1-based column, in characters (Unicode scalars).
        public var column: Int?
        /// The key path concerned: a translation unit id (`steps.goal.body.gentle.1`), a
        /// message key, or a setting's path (`habits[0].hoursBefore`).
        public var keyPath: String?
        /// The UTF-16 offset into the pattern concerned.
        public var offset: Int?
        /// The 0-based index of the element concerned in a list given to a function (an event
        /// in the planner's input).
        public var index: Int?

        /// Makes a location; leave out what does not apply.
        /// - Parameters:
        ///   - file: the file or folder path.
        ///   - line: the 1-based line.
        ///   - column: the 1-based column.
        ///   - keyPath: a unit id, message key or setting path.
        ///   - offset: a UTF-16 offset into a pattern.
        ///   - index: an element's index in a list input.
        public init(
            file: String? = nil, line: Int? = nil, column: Int? = nil, keyPath: String? = nil,
            offset: Int? = nil, index: Int? = nil
        ) {
            self.file = file
            self.line = line
            self.column = column
            self.keyPath = keyPath
            self.offset = offset
            self.index = index
        }

        /// Whether nothing is known about the place.
        public var isEmpty: Bool { self == Location() }

        /// `file:line:column`, the parts that are known (`file`, `file:3:7`, `3:7`), then the key
        /// path; empty when nothing is known.
        public var description: String {
            var head = [file, line.map(String.init), line == nil ? nil : column.map(String.init)].compactMap { $0 }.joined(separator: ":")
            if let keyPath { head += head.isEmpty ? keyPath : " (\(keyPath))" }
            return head
        }
    }

    /// What kind of problem it is: match on this.
    public var code: Code
    /// What went wrong and how to fix it, in English, for people. No tool's vocabulary (no
    /// "error:" prefix, no command-line flags): a tool adds its own.
    public var message: String
    /// Where it applies.
    public var location: Location
    /// The error that caused this one, when there is one: a ``Diagnostic`` (a pattern's syntax
    /// problem under a catalog text's), or a system error.
    public var cause: (any Error & Sendable)?
    /// Further problems found at the same time, each a diagnostic of its own (every refused
    /// unit of a translator's file).
    public var related: [Diagnostic]

    /// Makes a diagnostic.
    /// - Parameters:
    ///   - code: what kind of problem it is.
    ///   - message: what went wrong and how to fix it.
    ///   - location: where it applies.
    ///   - cause: the underlying error, if any.
    ///   - related: further problems found at the same time.
    public init(
        _ code: Code, _ message: String, at location: Location = Location(),
        cause: (any Error & Sendable)? = nil, related: [Diagnostic] = []
    ) {
        self.code = code
        self.message = message
        self.location = location
        self.cause = cause
        self.related = related
    }

    /// Makes a diagnostic with no location, cause or related problems.
    /// - Parameters:
    ///   - code: what kind of problem it is.
    ///   - message: what went wrong and how to fix it.
    public init(_ code: Code, _ message: String) {
        self.init(code, message, at: Location())
    }

    /// The ``cause`` when it is a diagnostic (for a `.syntax` problem, the syntax problem).
    public var underlyingDiagnostic: Diagnostic? { cause as? Diagnostic }

    /// One line: the location when known, the code and the message (`en.json:4:9 (steps.goal):
    /// invalidText: …`).
    public var description: String {
        let at = location.description
        return (at.isEmpty ? "" : at + ": ") + "\(code): \(message)"
    }

    /// This diagnostic, its causes and its related problems as an indented tree, one a line.
    public func detailedDescription() -> String {
        var lines: [String] = []
        func walk(_ d: Diagnostic, depth: Int) {
            let pad = String(repeating: "  ", count: depth)
            lines.append(pad + d.description)
            if let c = d.underlyingDiagnostic { walk(c, depth: depth + 1) } else if let c = d.cause { lines.append(pad + "  cause: \(c)") }
            for r in d.related { walk(r, depth: depth + 1) }
        }
        walk(self, depth: 0)
        return lines.joined(separator: "\n")
    }

    /// Two diagnostics are equal when their code, message, location and related problems are,
    /// and their causes describe themselves alike.
    public static func == (a: Diagnostic, b: Diagnostic) -> Bool {
        a.code == b.code && a.message == b.message && a.location == b.location && a.related == b.related
            && a.cause.map { "\($0)" } == b.cause.map { "\($0)" }
    }

    /// Hashes the code, message and location.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(message)
        hasher.combine(location)
    }
}

/// A problem formatting a message: a ``Diagnostic`` (codes `.syntax`, `.badLocale`,
/// `.badTimeZone`, `.missingArgument`, `.badArgument`, `.unknownMessage`, `.icu`).
@available(*, deprecated, renamed: "Diagnostic", message: "every error of the package is a Diagnostic; this name goes before 1.0")
public typealias MessageFormatError = Diagnostic
/// A pattern's syntax problem: a ``Diagnostic`` with one of the syntax codes, its location's
/// UTF-16 offset, line and column in the pattern.
@available(*, deprecated, renamed: "Diagnostic", message: "every error of the package is a Diagnostic; this name goes before 1.0")
public typealias MessageSyntaxError = Diagnostic
/// A problem in a catalog file or folder: a ``Diagnostic`` with the file, line, column and unit
/// id in its location.
@available(*, deprecated, renamed: "Diagnostic", message: "every error of the package is a Diagnostic; this name goes before 1.0")
public typealias CatalogError = Diagnostic
