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
    /// - Parameter recordingTextOffsets: keep where each literal code unit was written
    ///   (`textOffsets`), for tools that point into literal text.
    /// - Throws: `MessageSyntaxError` with the kind, offset, line and column of the problem.
    public init(_ source: String, recordingTextOffsets: Bool = false) throws(MessageSyntaxError) {
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
    public enum Kind: String, Sendable, Hashable {
        case plain, number, date, time, plural, selectordinal, select, spellout, ordinal, duration
    }
    public let name: String
    public let kind: Kind
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
    public let name: String
    /// Offset of the `{`.
    public let offset: Int
    /// Offset of the name.
    public let nameOffset: Int
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

public struct SimpleArgument: Sendable, Hashable {
    public enum TypeName: String, Sendable, Hashable { case number, date, time, spellout, ordinal, duration }
    public let type: TypeName
    /// The style exactly as written (leading white space and apostrophes included, as ICU keeps them), or nil.
    public let style: String?
    /// Offset of the style's first code unit.
    public let styleOffset: Int

    /// Makes a value from its parts (for the package's tools).
    package init(type: TypeName, style: String?, styleOffset: Int) { self.type = type; self.style = style; self.styleOffset = styleOffset }
}

public struct PluralArgument: Sendable, Hashable {
    public let ordinal: Bool
    public let offsetValue: Double
    public let branches: [PatternBranch]

    /// Makes a value from its parts (for the package's tools).
    package init(ordinal: Bool, offsetValue: Double, branches: [PatternBranch]) { self.ordinal = ordinal; self.offsetValue = offsetValue; self.branches = branches }
}

public struct SelectArgument: Sendable, Hashable {
    public let branches: [PatternBranch]

    /// Makes a value from its parts (for the package's tools).
    package init(branches: [PatternBranch]) { self.branches = branches }
}

/// One `selector {message}` pair.
public struct PatternBranch: Sendable, Hashable {
    public enum Selector: Sendable, Hashable {
        /// `=2`
        case explicit(Double)
        /// `one`, `other`, `female`…
        case keyword(String)
    }
    public let selector: Selector
    /// The selector as written (`=2`, `one`).
    public let selectorText: String
    public let selectorOffset: Int
    public let message: [MessageNode]

    /// Makes a value from its parts (for the package's tools).
    package init(selector: Selector, selectorText: String, selectorOffset: Int, message: [MessageNode]) { self.selector = selector; self.selectorText = selectorText; self.selectorOffset = selectorOffset; self.message = message }
}

/// Why a pattern was rejected.
public struct MessageSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An extensible set of problem kinds (NIO-style: a struct, so new kinds break no client).
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public static let unmatchedBrace = Kind(rawValue: "unmatchedBrace")
        public static let badArgument = Kind(rawValue: "badArgument")
        public static let unknownType = Kind(rawValue: "unknownType")
        public static let missingOther = Kind(rawValue: "missingOther")
        public static let badSelector = Kind(rawValue: "badSelector")
        public static let badOffset = Kind(rawValue: "badOffset")
        public static let badNumber = Kind(rawValue: "badNumber")
        public static let badSkeleton = Kind(rawValue: "badSkeleton")
        public static let badPattern = Kind(rawValue: "badPattern")
        public static let unterminatedQuote = Kind(rawValue: "unterminatedQuote")
        public static let tooDeep = Kind(rawValue: "tooDeep")
        public static let tooLong = Kind(rawValue: "tooLong")
        public static let unsupported = Kind(rawValue: "unsupported")
        public var description: String { rawValue }
    }

    public let kind: Kind
    /// What is wrong and how to fix it, for a translator.
    public let message: String
    /// UTF-16 offset into the pattern.
    public let offset: Int
    /// 1-based line and column (column in characters) of `offset`.
    public let line: Int
    public let column: Int

    public var description: String { "\(line):\(column): \(message)" }

    init(_ kind: Kind, _ message: String, offset: Int, in units: [UInt16]) {
        self.kind = kind
        self.message = message
        let o = max(0, min(offset, units.count))
        self.offset = o
        var line = 1
        var lineStart = 0
        for i in 0..<o where units[i] == 0x0A { line += 1; lineStart = i + 1 }
        // Column in Unicode scalars: count code units that are not trailing surrogates.
        var col = 1
        if lineStart < o { for i in lineStart..<o where !(0xDC00...0xDFFF).contains(units[i]) { col += 1 } }
        self.line = line
        self.column = col
    }
}
