import ToolkitSupport
/// The parse tree of an ICU MessageFormat (MF1) pattern, independent of any locale.
///
/// Offsets are UTF-16 code-unit offsets into the pattern, as ICU counts them.
public struct MessagePattern: Sendable, Hashable {
    /// The pattern as written.
    public let source: String
    /// The top-level message.
    public let nodes: [MessageNode]
    /// With `recordingTextOffsets`: for each `.text` node, in depth-first order (a node's text
    /// before the branches of a later argument), the UTF-16 offset in `source` of each of its
    /// code units (quoting apostrophes skipped). Empty otherwise.
    public let textOffsets: [[Int]]

    /// Parses a pattern the way ICU 72's `MessagePattern` does (apostrophe mode
    /// DOUBLE_OPTIONAL) and rejects whatever ICU's `MessageFormat` rejects.
    /// - Parameters:
    ///   - source: the MessageFormat pattern.
    ///   - recordingTextOffsets: keep where each literal code unit was written
    ///     (`textOffsets`), for tools that point into literal text.
    /// - Throws: `Diagnostic` with the kind, offset, line and column of the problem.
    public init(_ source: String, recordingTextOffsets: Bool = false) throws(Diagnostic) {
        self.source = source
        var parser = PatternParser(source, recordingTextOffsets: recordingTextOffsets)
        self.nodes = try parser.parseTopLevel()
        self.textOffsets = parser.textOffsets
    }

    /// Every argument the pattern uses, with how it is used, in order of first use.
    public var argumentUsages: [ArgumentUsage] {
        var out: [ArgumentUsage] = []
        func walk(_ nodes: [MessageNode]) {
            for n in nodes {
                guard case .argument(let a) = n else { continue }
                out.append(ArgumentUsage(name: a.name, kind: a.usageKind, offset: a.nameOffset))
                switch a.type {
                case .plural(let p): p.branches.forEach { walk($0.message) }
                case .select(let s): s.branches.forEach { walk($0.message) }
                default: break
                }
            }
        }
        walk(nodes)
        return out
    }
}

/// How a pattern uses one argument.
public struct ArgumentUsage: Sendable, Hashable {
    /// The way an argument is used, named after its type in the pattern: `plain` for `{name}`,
    /// otherwise the type keyword (`{n, number}` is `number`, `{n, plural, …}` is `plural`, …).
    public enum Kind: String, Sendable, Hashable {
        /// `plain` for `{name}` (no type); otherwise the type keyword written after the name.
        case plain, number, date, time, plural, selectordinal, select, spellout, ordinal, duration
    }
    /// The argument's name (or number, as written).
    public let name: String
    /// How the argument is used at this place.
    public let kind: Kind
    /// The UTF-16 offset of the argument's name in the pattern.
    public let offset: Int
}

/// A piece of a message.
public indirect enum MessageNode: Sendable, Hashable {
    /// Literal text, with ICU's quoting apostrophes already removed.
    case text(String)
    /// `#` inside a plural or selectordinal sub-message: the number minus the offset.
    case pound(offset: Int)
    /// `{name…}`.
    case argument(ArgumentNode)
}

/// `{name}`, `{name, type}`, `{name, type, style}`, `{name, plural, …}`.
public struct ArgumentNode: Sendable, Hashable {
    /// The argument's name, as written.
    public let name: String
    /// Offset of the `{`.
    public let offset: Int
    /// Offset of the name.
    public let nameOffset: Int
    /// The argument's type and its style or cases.
    public let type: ArgumentType

    /// Makes a node from its parts (for the package's tools).
    package init(name: String, offset: Int, nameOffset: Int, type: ArgumentType) {
        self.name = name; self.offset = offset; self.nameOffset = nameOffset; self.type = type
    }

    var usageKind: ArgumentUsage.Kind {
        switch type {
        case .none: .plain
        case .simple(let s):
            switch s.type {
            case .number: .number
            case .date: .date
            case .time: .time
            case .spellout: .spellout
            case .ordinal: .ordinal
            case .duration: .duration
            }
        case .plural(let p): p.ordinal ? .selectordinal : .plural
        case .select: .select
        }
    }
}

/// What follows an argument's name: nothing, a simple type with an optional style, or the
/// cases of a plural, selectordinal or select.
public enum ArgumentType: Sendable, Hashable {
    /// `{name}`: formatted by the value's own type.
    case none
    /// `{name, number|date|time|spellout|ordinal|duration[, style]}`.
    case simple(SimpleArgument)
    /// `{name, plural|selectordinal, [offset:N] selector {message} …}`.
    case plural(PluralArgument)
    /// `{name, select, keyword {message} …}`.
    case select(SelectArgument)
}

/// `{name, type[, style]}` with a type that formats a value (`number`, `date`, …).
public struct SimpleArgument: Sendable, Hashable {
    /// The argument type keyword as written in the pattern: `number`, `date`, `time`,
    /// `spellout`, `ordinal` or `duration`.
    public enum TypeName: String, Sendable, Hashable { case number, date, time, spellout, ordinal, duration }
    /// The argument type.
    public let type: TypeName
    /// The style exactly as written (leading white space and apostrophes included, as ICU keeps them), or nil.
    public let style: String?
    /// Offset of the style's first code unit.
    public let styleOffset: Int

    /// Makes a value from its parts (for the package's tools).
    package init(type: TypeName, style: String?, styleOffset: Int) { self.type = type; self.style = style; self.styleOffset = styleOffset }
}

/// `{name, plural|selectordinal, [offset:N] selector {message} …}`.
public struct PluralArgument: Sendable, Hashable {
    /// `true` for `selectordinal` (ordinal categories: 1st, 2nd), `false` for `plural`.
    public let ordinal: Bool
    /// The `offset:` value, subtracted from the number before keyword cases and `#` (0 when absent).
    public let offsetValue: Double
    /// The cases, in pattern order (`other` among them).
    public let branches: [PatternBranch]

    /// Makes a value from its parts (for the package's tools).
    package init(ordinal: Bool, offsetValue: Double, branches: [PatternBranch]) {
        self.ordinal = ordinal; self.offsetValue = offsetValue; self.branches = branches
    }
}

/// `{name, select, keyword {message} …}`.
public struct SelectArgument: Sendable, Hashable {
    /// The cases, in pattern order (`other` among them).
    public let branches: [PatternBranch]

    /// Makes a value from its parts (for the package's tools).
    package init(branches: [PatternBranch]) { self.branches = branches }
}

/// One `selector {message}` pair.
public struct PatternBranch: Sendable, Hashable {
    /// What a case matches: an exact number or a keyword.
    public enum Selector: Sendable, Hashable {
        /// `=2`
        case explicit(Double)
        /// `one`, `other`, `female`…
        case keyword(String)
    }
    /// What the case matches.
    public let selector: Selector
    /// The selector as written (`=2`, `one`).
    public let selectorText: String
    /// The UTF-16 offset of the selector in the pattern.
    public let selectorOffset: Int
    /// The case's sub-message.
    public let message: [MessageNode]

    /// Makes a value from its parts (for the package's tools).
    package init(selector: Selector, selectorText: String, selectorOffset: Int, message: [MessageNode]) {
        self.selector = selector; self.selectorText = selectorText; self.selectorOffset = selectorOffset; self.message = message
    }
}
