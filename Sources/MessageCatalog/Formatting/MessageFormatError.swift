import ToolkitSupport

/// Why a message could not be compiled or formatted.
public struct MessageFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The category of a ``MessageFormatError``; compare with the static members (`.syntax`,
    /// `.missingArgument`, …).
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        /// The kind's name, e.g. `missingArgument`.
        public let rawValue: String
        /// Makes a kind from its name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The pattern does not parse (see `syntax`).
        public static let syntax = Kind(rawValue: "syntax")
        /// The locale tag is malformed or unknown to ICU.
        public static let badLocale = Kind(rawValue: "badLocale")
        /// The time zone is not an IANA zone known to the system's tzdata.
        public static let badTimeZone = Kind(rawValue: "badTimeZone")
        /// The pattern uses an argument the caller did not pass.
        public static let missingArgument = Kind(rawValue: "missingArgument")
        /// An argument's value has the wrong type (a string where a number is needed).
        public static let badArgument = Kind(rawValue: "badArgument")
        /// ICU failed while formatting.
        public static let icu = Kind(rawValue: "icu")
        /// The kind's name (``rawValue``).
        public var description: String { rawValue }
    }

    /// What went wrong, as a category to match on.
    public let kind: Kind
    /// What went wrong and how to fix it, in English, for people.
    public let message: String
    /// UTF-16 offset into the pattern, where it applies.
    public let offset: Int?
    /// The syntax error, for `.syntax`.
    public let syntax: MessageSyntaxError?

    /// Makes an error.
    /// - Parameters:
    ///   - kind: the category.
    ///   - message: what went wrong and how to fix it.
    ///   - offset: the UTF-16 offset into the pattern where it applies, if any.
    ///   - syntax: the parse error, for the `.syntax` kind.
    public init(kind: Kind, message: String, offset: Int? = nil, syntax: MessageSyntaxError? = nil) {
        self.kind = kind
        self.message = message
        self.offset = offset
        self.syntax = syntax
    }

    init(_ syntax: MessageSyntaxError) {
        self.init(kind: .syntax, message: syntax.message, offset: syntax.offset, syntax: syntax)
    }

    /// `line:column: message` of the syntax error for a syntax error, otherwise ``message``.
    public var description: String {
        if let s = syntax { return "\(s.line):\(s.column): \(s.message)" }
        return message
    }
}
