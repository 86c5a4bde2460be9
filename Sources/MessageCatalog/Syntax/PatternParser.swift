import ToolkitSupport
/// A recursive-descent parser that follows ICU 72's `MessagePattern` (messagepattern.cpp)
/// decision for decision, on UTF-16 code units as ICU does, with apostrophe mode
/// DOUBLE_OPTIONAL.
struct PatternParser {
    private let u: [UInt16]
    /// Our nesting limit. ICU's own limit is `Part::MAX_VALUE` (32767, `MessagePattern::parseMessage`):
    /// this recursive-descent parser (and the compiler and formatter after it) stops far earlier so
    /// that a hostile pattern cannot exhaust a thread's stack. The one place we reject what ICU accepts.
    static let maxNesting = 255
    /// ICU's `Part::MAX_LENGTH`: the longest argument name, style or selector.
    static let maxPartLength = 0xFFFF
    /// ICU's `Part::MAX_VALUE`: the largest argument number.
    static let maxArgNumber = 0x7FFF

    /// When set, the source offset of every code unit of every text node is kept in
    /// `textOffsets` (for tools that point into literal text: lint, pseudo-localization).
    private let recordsTextOffsets: Bool
    /// Per text node, in the order the nodes are created (depth-first, as `nodes` reads).
    private(set) var textOffsets: [[Int]] = []

    init(_ source: String, recordingTextOffsets: Bool = false) {
        u = Array(source.utf16)
        recordsTextOffsets = recordingTextOffsets
    }

    private enum Parent { case none, plural, select }

    private func fail(_ kind: Diagnostic.Kind, _ message: String, at offset: Int) -> Diagnostic {
        Diagnostic(kind, message, offset: offset, in: u)
    }

    private func text(_ from: Int, _ to: Int) -> String {
        u.withUnsafeBufferPointer { Self.string(UnsafeBufferPointer(rebasing: $0[from..<to])) }
    }

    /// The code units as a string: ASCII (the syntax, and most English text) copied a byte a
    /// unit, without the standard library's UTF-16 decoding, which works a scalar at a time;
    /// anything else decoded by it (a lone surrogate becomes U+FFFD).
    static func string(_ units: UnsafeBufferPointer<UInt16>) -> String {
        guard units.allSatisfy({ $0 < 0x80 }) else { return String(decoding: units, as: UTF16.self) }
        return String(unsafeUninitializedCapacity: units.count) { bytes in
            for k in units.indices { bytes[k] = UInt8(truncatingIfNeeded: units[k]) }
            return units.count
        }
    }

    mutating func parseTopLevel() throws(Diagnostic) -> [MessageNode] {
        var index = 0
        return try parseMessage(&index, nesting: 0, parent: .none, openBrace: nil)
    }

    /// Parses message text up to the `}` that closes it (nesting > 0) or the end (top level).
    private mutating func parseMessage(_ index: inout Int, nesting: Int, parent: Parent, openBrace: Int?) throws(Diagnostic) -> [MessageNode] {
        if nesting > Self.maxNesting {
            throw fail(
                .tooDeep,
                "Arguments are nested more than \(Self.maxNesting) levels deep, which this engine does not accept (ICU would, up to 32767). Flatten the message.",
                at: openBrace ?? index)
        }
        var nodes: [MessageNode] = []
        var literal: [UInt16] = []
        var offsets: [Int] = []
        let records = recordsTextOffsets
        var recorded: [[Int]] = []
        func flush() {
            if !literal.isEmpty {
                nodes.append(.text(literal.withUnsafeBufferPointer { Self.string($0) }))
                literal.removeAll(keepingCapacity: true)
                if records { recorded.append(offsets); offsets.removeAll(keepingCapacity: true) }
            }
        }
        /// Appends a literal code unit read at `offset` of the source.
        func add(_ unit: UInt16, at offset: Int) {
            literal.append(unit)
            if records { offsets.append(offset) }
        }
        /// Hands the text nodes flushed so far to the parser, before a nested parse adds its own.
        func publish(_ parser: inout PatternParser) {
            if records { parser.textOffsets.append(contentsOf: recorded); recorded.removeAll() }
        }
        let inPlural = parent == .plural
        while index < u.count {
            let c = u[index]; index += 1
            if c == 0x27 {  // apostrophe
                if index == u.count {
                    add(0x27, at: index - 1)  // a final apostrophe is literal
                } else {
                    let n = u[index]
                    if n == 0x27 {
                        add(0x27, at: index - 1); index += 1  // '' is one apostrophe
                    } else if n == 0x7B || n == 0x7D || (inPlural && n == 0x23) {
                        // quoted literal text up to the next single apostrophe
                        add(n, at: index); index += 1
                        // Up to the closing apostrophe; ICU accepts a quote that runs to the
                        // end of the pattern (it auto-quotes), and so do we.
                        while index < u.count {
                            let q = u[index]; index += 1
                            if q == 0x27 {
                                if index < u.count && u[index] == 0x27 { add(0x27, at: index - 1); index += 1; continue }
                                break
                            }
                            add(q, at: index - 1)
                        }
                    } else {
                        add(0x27, at: index - 1)  // lone apostrophe: literal
                    }
                }
            } else if inPlural && c == 0x23 {  // '#'
                flush()
                nodes.append(.pound(offset: index - 1))
            } else if c == 0x7B {  // '{'
                flush()
                publish(&self)
                nodes.append(.argument(try parseArgument(&index, start: index - 1, nesting: nesting)))
            } else if nesting > 0 && c == 0x7D {  // '}' ends this sub-message
                flush()
                publish(&self)
                return nodes
            } else {
                add(c, at: index - 1)
            }
        }
        if nesting > 0 {
            throw fail(.unmatchedBrace, "The '{' here is never closed: add the matching '}' (or quote a literal brace as '{').", at: openBrace ?? 0)
        }
        flush()
        publish(&self)
        return nodes
    }

    // MARK: Arguments

    /// Where a plural or select selector (`other`, `few`, `=0`, a select keyword) starts that is
    /// written, after white space, just before the `{` at `brace`: the sign of a case whose `}`
    /// was lost. Nil when the `{` follows anything else.
    private func lostBraceSelector(before brace: Int) -> Range<Int>? {
        var i = brace
        while i > 0, u[i - 1] == 0x20 || u[i - 1] == 0x09 || u[i - 1] == 0x0A { i -= 1 }
        let end = i
        while i > 0, isSelectorChar(u[i - 1]) { i -= 1 }
        guard i < end, i > 0, u[i - 1] == 0x20 || u[i - 1] == 0x09 || u[i - 1] == 0x0A else { return nil }
        // `=N`, or a word of letters, digits and `_`/`-` that does not start with a digit.
        if u[i] == 0x3D { return end - i > 1 && (i + 1..<end).allSatisfy({ (0x30...0x39).contains(u[$0]) }) ? i..<end : nil }
        return (0x30...0x39).contains(u[i]) ? nil : i..<end
    }

    private func isSelectorChar(_ c: UInt16) -> Bool {
        (0x61...0x7A).contains(c) || (0x41...0x5A).contains(c) || (0x30...0x39).contains(c) || c == 0x5F || c == 0x2D || c == 0x3D
    }

    private mutating func parseArgument(_ index: inout Int, start: Int, nesting: Int) throws(Diagnostic) -> ArgumentNode {
        // Built only when thrown: an error computes its line and column by scanning the pattern
        // from the start, and building one per argument made a 1 MB pattern take minutes.
        func unmatched() -> Diagnostic {
            fail(.unmatchedBrace, "The argument that starts here is never closed: add the matching '}'.", at: start)
        }
        index = skipWhiteSpace(index + 0)
        if index == u.count { throw unmatched() }
        let nameStart = index
        index = skipIdentifier(index)
        let nameEnd = index
        let name = text(nameStart, nameEnd)
        let number = parseArgNumber(nameStart, nameEnd)
        if number == -2, nameStart == nameEnd, nesting > 0, let selector = lostBraceSelector(before: start) {
            // `one {# day other {# days}}`: the case's '}' is lost, so the next case's selector
            // reads as text and its '{' as an argument.
            let word = text(selector.lowerBound, selector.upperBound)
            throw fail(
                .malformedArgument,
                "A '}' seems lost before '\(word) {': the case before it is never closed, so the next case is read as its text. Close that case with '}' before '\(word)'.",
                at: selector.lowerBound)
        }
        if number == -2 {  // not a valid name or number
            throw fail(
                .malformedArgument,
                nameStart == nameEnd
                    ? "An argument needs a name: write {name} (letters, digits, _; no spaces or punctuation)."
                    : "'\(name)' is not a valid argument name or number (numbers have no leading zeros).", at: nameStart)
        }
        if nameEnd - nameStart > Self.maxPartLength { throw fail(.tooLong, "The argument name is longer than ICU allows (65535).", at: nameStart) }
        if number > Self.maxArgNumber { throw fail(.tooLong, "Argument number \(number) is larger than ICU allows (32767).", at: nameStart) }
        index = skipWhiteSpace(index)
        if index == u.count { throw unmatched() }
        var c = u[index]
        if c == 0x7D {
            index += 1
            return ArgumentNode(name: name, offset: start, nameOffset: nameStart, type: .none)
        }
        if c != 0x2C {
            throw fail(
                .malformedArgument, "Expected ',' or '}' after the argument name '\(name)'. Argument names cannot contain spaces or punctuation.", at: index)
        }
        // type: a-zA-Z
        let typeStart = skipWhiteSpace(index + 1)
        index = typeStart
        while index < u.count, isArgTypeChar(u[index]) { index += 1 }
        let typeEnd = index
        index = skipWhiteSpace(index)
        if index == u.count { throw unmatched() }
        c = u[index]
        if typeEnd == typeStart || (c != 0x2C && c != 0x7D) {
            throw fail(
                .malformedArgument,
                "Expected an argument type after '\(name),': number, date, time, plural, selectordinal, select, spellout, ordinal or duration.", at: typeStart)
        }
        if typeEnd - typeStart > Self.maxPartLength { throw fail(.tooLong, "The argument type is too long.", at: typeStart) }
        let typeName = text(typeStart, typeEnd).lowercased()
        switch typeName {
        case "plural", "selectordinal", "select":
            if c == 0x7D {
                throw fail(.malformedArgument, "A \(typeName) argument needs its cases: {\(name), \(typeName), … other {…}}.", at: nameStart)
            }
            index += 1
            let branches = try parseBranches(&index, isPlural: typeName != "select", nesting: nesting, argStart: start, typeName: typeName)
            index += 1  // the closing '}'
            if typeName == "select" {
                return ArgumentNode(name: name, offset: start, nameOffset: nameStart, type: .select(SelectArgument(branches: branches.branches)))
            }
            return ArgumentNode(
                name: name, offset: start, nameOffset: nameStart,
                type: .plural(PluralArgument(ordinal: typeName == "selectordinal", offsetValue: branches.offset, branches: branches.branches)))
        case "choice":
            throw fail(.unsupported, "The 'choice' type is deprecated in ICU and not supported here: use plural or select.", at: typeStart)
        default:
            guard let t = SimpleArgument.TypeName(rawValue: typeName) else {
                throw fail(
                    .unknownType,
                    "Unknown argument type '\(text(typeStart, typeEnd))': use number, date, time, plural, selectordinal, select, spellout, ordinal or duration.",
                    at: typeStart)
            }
            var style: String? = nil
            var styleStart = index
            if c == 0x2C {
                index += 1
                styleStart = index
                style = try parseSimpleStyle(&index, argStart: start)
            }
            index += 1  // '}'
            return ArgumentNode(
                name: name, offset: start, nameOffset: nameStart,
                type: .simple(SimpleArgument(type: t, style: style, styleOffset: styleStart)))
        }
    }

    /// The style text up to the argument's closing '}' (not consumed), as written.
    private func parseSimpleStyle(_ index: inout Int, argStart: Int) throws(Diagnostic) -> String {
        let start = index
        var nested = 0
        while index < u.count {
            let c = u[index]; index += 1
            if c == 0x27 {
                guard let close = u[index...].firstIndex(of: 0x27) else {
                    throw fail(
                        .unterminatedQuote,
                        "The apostrophe here opens quoted text in the style that is never closed: add the closing ' (or write '' for an apostrophe).",
                        at: index - 1)
                }
                index = close + 1
            } else if c == 0x7B {
                nested += 1
            } else if c == 0x7D {
                if nested > 0 {
                    nested -= 1
                } else {
                    index -= 1
                    if index - start > Self.maxPartLength { throw fail(.tooLong, "The argument style is longer than ICU allows (65535).", at: start) }
                    return text(start, index)
                }
            }
        }
        throw fail(.unmatchedBrace, "The argument that starts here is never closed: add the matching '}'.", at: argStart)
    }

    private mutating func parseBranches(_ index: inout Int, isPlural: Bool, nesting: Int, argStart: Int, typeName: String) throws(Diagnostic) -> (
        offset: Double, branches: [PatternBranch]
    ) {
        var branches: [PatternBranch] = []
        var isEmpty = true
        var hasOther = false
        var offsetValue = 0.0
        while true {
            index = skipWhiteSpace(index)
            let eos = index == u.count
            if eos || u[index] == 0x7D {
                if eos { throw fail(.unmatchedBrace, "The \(typeName) argument that starts here is never closed: add the matching '}'.", at: argStart) }
                if !hasOther {
                    throw fail(.missingOther, "This \(typeName) has no 'other' case; ICU requires one: add other {…}.", at: argStart)
                }
                return (offsetValue, branches)
            }
            let selStart = index
            if isPlural && u[index] == 0x3D {  // '='
                index = skipDouble(index + 1)
                if index - selStart == 1 {
                    throw fail(.badSelector, "'=' must be followed by a number, as in =0 or =1.", at: selStart)
                }
                if index - selStart > Self.maxPartLength { throw fail(.tooLong, "The selector is too long.", at: selStart) }
                guard let v = parseDouble(selStart + 1, index, allowInfinity: false) else {
                    throw fail(.badNumber, "'\(text(selStart, index))' is not a valid explicit value: write =0, =1, =2.5.", at: selStart)
                }
                let selText = text(selStart, index)
                index = skipWhiteSpace(index)
                guard index < u.count, u[index] == 0x7B else {
                    throw fail(.badSelector, "Expected '{' and a message after the selector '\(selText)'.", at: selStart)
                }
                let open = index
                index += 1
                let msg = try parseMessage(&index, nesting: nesting + 1, parent: isPlural ? .plural : .select, openBrace: open)
                branches.append(PatternBranch(selector: .explicit(v), selectorText: selText, selectorOffset: selStart, message: msg))
                isEmpty = false
                continue
            }
            index = skipIdentifier(index)
            let length = index - selStart
            if length == 0 {
                throw fail(
                    .badSelector, "Expected a selector (\(isPlural ? "zero, one, two, few, many, other or =N" : "a keyword or other")) followed by {message}.",
                    at: selStart)
            }
            if isPlural && length == 6 && index < u.count && text(selStart, index + 1) == "offset:" {
                if !isEmpty {
                    throw fail(.badOffset, "'offset:' must come before the first case of the \(typeName).", at: selStart)
                }
                let valueStart = skipWhiteSpace(index + 1)
                index = skipDouble(valueStart)
                if index == valueStart {
                    throw fail(.badOffset, "'offset:' needs a number, as in offset:1.", at: selStart)
                }
                guard let v = parseDouble(valueStart, index, allowInfinity: false) else {
                    throw fail(.badOffset, "'\(text(valueStart, index))' is not a valid offset: write offset:1.", at: valueStart)
                }
                offsetValue = v
                isEmpty = false
                continue
            }
            if length > Self.maxPartLength { throw fail(.tooLong, "The selector is too long.", at: selStart) }
            let word = text(selStart, index)
            if word == "other" { hasOther = true }
            index = skipWhiteSpace(index)
            guard index < u.count, u[index] == 0x7B else {
                throw fail(.badSelector, "Expected '{' and a message after the selector '\(word)'.", at: selStart)
            }
            let open = index
            index += 1
            let msg = try parseMessage(&index, nesting: nesting + 1, parent: isPlural ? .plural : .select, openBrace: open)
            branches.append(PatternBranch(selector: .keyword(word), selectorText: word, selectorOffset: selStart, message: msg))
            isEmpty = false
        }
    }

    // MARK: Lexical helpers (ICU's PatternProps)

    /// -1: a name, -2: invalid, else the number.
    private func parseArgNumber(_ start: Int, _ limit: Int) -> Int {
        if start >= limit { return -2 }
        var i = start
        let c = u[i]; i += 1
        var number: Int
        var bad: Bool
        if c == 0x30 {
            if i == limit { return 0 }
            number = 0; bad = true
        } else if c >= 0x31 && c <= 0x39 {
            number = Int(c - 0x30); bad = false
        } else {
            return -1
        }
        while i < limit {
            let d = u[i]; i += 1
            guard d >= 0x30 && d <= 0x39 else { return -1 }
            if number >= Int(Int32.max) / 10 { bad = true } else { number = number * 10 + Int(d - 0x30) }
        }
        return bad ? -2 : number
    }

    private func parseDouble(_ start: Int, _ limit: Int, allowInfinity: Bool) -> Double? {
        guard start < limit, limit - start < 128 else { return nil }
        let s = text(start, limit)
        guard s.unicodeScalars.allSatisfy({ $0.isASCII }) else { return nil }
        // strtod-compatible subset: [+-]digits[.digits][e[+-]digits]
        var t = Substring(s)
        if t.first == "+" { t = t.dropFirst(); if t.first == "-" || t.first == "+" { return nil } }
        guard !t.isEmpty, let v = Double(t) else { return nil }
        if v.isNaN || (!allowInfinity && v.isInfinite) { return v.isInfinite ? v : nil }
        return v
    }

    private func skipDouble(_ index: Int) -> Int {
        var i = index
        while i < u.count {
            let c = u[i]
            if (c < 0x30 && c != 0x2B && c != 0x2D && c != 0x2E) || (c > 0x39 && c != 0x65 && c != 0x45 && c != 0x221E) { break }
            i += 1
        }
        return i
    }

    private func isArgTypeChar(_ c: UInt16) -> Bool { (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) }

    private func skipWhiteSpace(_ index: Int) -> Int {
        var i = index
        while i < u.count, Self.isWhiteSpace(u[i]) { i += 1 }
        return i
    }

    private func skipIdentifier(_ index: Int) -> Int {
        var i = index
        while i < u.count, !Self.isWhiteSpace(u[i]), !Self.isSyntax(u[i]) { i += 1 }
        return i
    }

    /// Pattern_White_Space.
    static func isWhiteSpace(_ c: UInt16) -> Bool {
        (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0x85 || c == 0x200E || c == 0x200F || c == 0x2028 || c == 0x2029
    }

    /// Pattern_Syntax (UAX #31), the ranges ICU's PatternProps uses.
    static func isSyntax(_ c: UInt16) -> Bool {
        switch c {
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x5E, 0x60, 0x7B...0x7E: return true
        case 0xA1...0xA7, 0xA9, 0xAB, 0xAC, 0xAE, 0xB0, 0xB1, 0xB6, 0xBB, 0xBF, 0xD7, 0xF7: return true
        case 0x2010...0x2027, 0x2030...0x203E, 0x2041...0x2053, 0x2055...0x205E: return true
        case 0x2190...0x245F, 0x2500...0x2775, 0x2794...0x2BFF, 0x2E00...0x2E7F: return true
        case 0x3001...0x3003, 0x3008...0x3020, 0x3030, 0xFD3E, 0xFD3F, 0xFE45, 0xFE46: return true
        default: return false
        }
    }
}
