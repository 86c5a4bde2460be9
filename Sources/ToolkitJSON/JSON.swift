import ToolkitSupport

/// A small JSON reader that keeps what translators and tools need and most parsers drop:
/// the line and column of every value, number literals as written (`1.50` keeps its zero),
/// keys in file order, and duplicate keys (reported, not silently merged).
///
/// Memory: a node is 32 bytes, its value inline (no box per value) and a 12-byte position, so a
/// parse peaks at about 30 bytes per input byte at worst (an array of one-digit numbers) and 8
/// for a typical config; inputs are capped before they are parsed (`InputFile.Limit`).
package struct JSONPosition: Sendable, Hashable, CustomStringConvertible {
    private let storedLine: UInt32
    private let storedColumn: UInt32
    private let storedOffset: UInt32
    /// 1-based line.
    package var line: Int { Int(storedLine) }
    /// 1-based column, in characters.
    package var column: Int { Int(storedColumn) }
    /// 0-based UTF-8 offset.
    package var offset: Int { Int(storedOffset) }
    /// A position: 1-based line and column (in characters), 0-based UTF-8 offset; each held in
    /// 32 bits (larger values, beyond every input cap, are clamped).
    package init(line: Int, column: Int, offset: Int) {
        storedLine = UInt32(clamping: line); storedColumn = UInt32(clamping: column); storedOffset = UInt32(clamping: offset)
    }
    package var description: String { "\(line):\(column)" }
}

package enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number literal exactly as written.
    case number(String)
    case string(String)
    case array([JSONNode])
    case object([JSONMember])
}

package struct JSONNode: Sendable, Hashable {
    package let value: JSONValue
    package let position: JSONPosition

    /// Makes a value from its parts (for the package's tools).
    package init(value: JSONValue, position: JSONPosition) { self.value = value; self.position = position }
}

package struct JSONMember: Sendable, Hashable {
    package let key: String
    package let keyPosition: JSONPosition
    package let value: JSONNode

    /// Makes a value from its parts (for the package's tools).
    package init(key: String, keyPosition: JSONPosition, value: JSONNode) { self.key = key; self.keyPosition = keyPosition; self.value = value }
}

package struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    package let message: String
    package let position: JSONPosition
    package var description: String { "\(position): \(message)" }
}

extension JSONNode {
    package var objectMembers: [JSONMember]? { if case .object(let m) = value { return m }; return nil }
    package var stringValue: String? { if case .string(let s) = value { return s }; return nil }
    package var arrayValue: [JSONNode]? { if case .array(let a) = value { return a }; return nil }
    package func member(_ key: String) -> JSONNode? { objectMembers?.first { $0.key == key }?.value }

    /// Every key that appears more than once in one object, anywhere in the tree.
    package var duplicateKeys: [JSONMember] {
        var out: [JSONMember] = []
        func walk(_ n: JSONNode) {
            switch n.value {
            case .object(let members):
                var seen = Set<String>()
                for m in members {
                    if !seen.insert(m.key).inserted { out.append(m) }
                    walk(m.value)
                }
            case .array(let items): items.forEach(walk)
            default: break
            }
        }
        walk(self)
        return out
    }
}

/// The duplicate keys among and inside the members a streamed read hands on
/// (``JSONReader/parse(bytes:streamingMembersOf:_:)``), in the order ``JSONNode/duplicateKeys``
/// gives them.
package struct StreamedDuplicateKeys {
    private var seen = Set<String>()
    /// The duplicates found so far, in the order ``JSONNode/duplicateKeys`` gives them (all of a
    /// document's when its top-level members were the ones streamed).
    package private(set) var found: [JSONMember] = []

    /// Nothing seen yet.
    package init() {}

    /// Checks one member handed on, in file order.
    package mutating func add(_ member: JSONMember) {
        if !seen.insert(member.key).inserted { found.append(member) }
        found += member.value.duplicateKeys
    }

    /// Every duplicate key of the document: those of `root` (the tree the streamed read
    /// returns) with the streamed ones at the place of the first top-level member `key`, when
    /// that member is the object that was streamed.
    package func all(in root: JSONNode, streamedKey key: String) -> [JSONMember] {
        guard let top = root.objectMembers else { return root.duplicateKeys }
        var out: [JSONMember] = []
        var seenTop = Set<String>()
        var sawKey = false
        for m in top {
            if !seenTop.insert(m.key).inserted { out.append(m) }
            if m.key == key, !sawKey {
                sawKey = true
                if m.value.objectMembers != nil { out += found; continue }
            }
            out += m.value.duplicateKeys
        }
        return out
    }
}

package enum JSONReader {
    /// Nesting deeper than this is refused (no stack overflow on hostile input).
    package static let maxDepth = 512

    package static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        var bytes = Array(text.utf8)
        return try parse(bytes: &bytes)
    }

    package static func parse(bytes input: inout [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var p = Parser(b: input)
        return try p.document()
    }

    struct Parser {
        let b: [UInt8]
        var i = 0
        var line = 1
        var lineStart = 0

        init(b: [UInt8]) { self.b = b }

        /// The column (in characters) at `columnIndex`, on the current line: positions are asked
        /// for in increasing order, so counting continues from the last one instead of from the
        /// line start (linear in the input, also for a catalog minified onto one line).
        var columnIndex = 0
        var column = 1

        var pos: JSONPosition {
            mutating get {
                if columnIndex < lineStart || columnIndex > i { columnIndex = lineStart; column = 1 }
                while columnIndex < i { if b[columnIndex] & 0xC0 != 0x80 { column += 1 }; columnIndex += 1 }
                return JSONPosition(line: line, column: column, offset: i)
            }
        }

        mutating func err(_ m: String) -> JSONSyntaxError { JSONSyntaxError(message: m, position: pos) }

        /// Whether the top-level object's own members are handed to ``streamed``.
        var streamTopLevel = false

        /// The whole input as one JSON value, with nothing but whitespace after it.
        mutating func document() throws(JSONSyntaxError) -> JSONNode {
            skipWS()
            let node: JSONNode
            if streamTopLevel, i < b.count, b[i] == 0x7B, let streamed {
                let start = pos
                try members(depth: 0, streamed)
                node = JSONNode(value: .object([]), position: start)
            } else {
                node = try value(depth: 0)
            }
            skipWS()
            if i < b.count {
                throw err("Unexpected text after the JSON value; a file holds one object (remove what follows, or add a comma inside the object).")
            }
            return node
        }

        mutating func skipWS() {
            while i < b.count {
                switch b[i] {
                case 0x20, 0x09, 0x0D: i += 1
                case 0x0A: i += 1; line += 1; lineStart = i
                default: return
                }
            }
        }

        mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONNode {
            if depth > JSONReader.maxDepth { throw err("JSON nested more than \(JSONReader.maxDepth) levels deep.") }
            guard i < b.count else { throw err("Unexpected end of the file: a value is missing (the file may be truncated).") }
            let start = pos
            switch b[i] {
            case 0x7B: return JSONNode(value: try object(depth: depth), position: start)
            case 0x5B: return JSONNode(value: try array(depth: depth), position: start)
            case 0x22: return JSONNode(value: .string(try string()), position: start)
            case 0x74: try literal("true"); return JSONNode(value: .bool(true), position: start)
            case 0x66: try literal("false"); return JSONNode(value: .bool(false), position: start)
            case 0x6E: try literal("null"); return JSONNode(value: .null, position: start)
            case 0x2D, 0x30...0x39: return JSONNode(value: .number(try number()), position: start)
            default:
                throw err("Unexpected character '\(Unicode.Scalar(b[i]))': expected a value (\"text\", a number, {…}, […], true, false or null).")
            }
        }

        mutating func literal(_ word: String) throws(JSONSyntaxError) {
            let w = Array(word.utf8)
            guard i + w.count <= b.count, Array(b[i..<i + w.count]) == w else { throw err("Expected '\(word)'.") }
            i += w.count
        }

        mutating func number() throws(JSONSyntaxError) -> String {
            let s = i
            if b[i] == 0x2D { i += 1 }
            guard i < b.count, (0x30...0x39).contains(b[i]) else { throw err("A number needs digits after '-'.") }
            if b[i] == 0x30 { i += 1 } else { while i < b.count, (0x30...0x39).contains(b[i]) { i += 1 } }
            if i < b.count, b[i] == 0x2E {
                i += 1
                guard i < b.count, (0x30...0x39).contains(b[i]) else { throw err("A number needs digits after '.'.") }
                while i < b.count, (0x30...0x39).contains(b[i]) { i += 1 }
            }
            if i < b.count, b[i] == 0x65 || b[i] == 0x45 {
                i += 1
                if i < b.count, b[i] == 0x2B || b[i] == 0x2D { i += 1 }
                guard i < b.count, (0x30...0x39).contains(b[i]) else { throw err("A number needs digits in its exponent.") }
                while i < b.count, (0x30...0x39).contains(b[i]) { i += 1 }
            }
            return String(decoding: b[s..<i], as: UTF8.self)
        }

        mutating func string() throws(JSONSyntaxError) -> String {
            i += 1  // opening quote
            var out: [UInt8] = []
            var runStart = i
            while true {
                guard i < b.count else { throw err("A string is never closed: add the closing \" (the file may be truncated).") }
                let c = b[i]
                if c == 0x22 { out.append(contentsOf: b[runStart..<i]); i += 1; break }
                if c == 0x0A { throw err("A string runs past the end of the line: close it with \" or write \\n for a line break.") }
                if c < 0x20 { throw err("A control character inside a string: write it escaped (\\t, \\n).") }
                if c == 0x5C {
                    out.append(contentsOf: b[runStart..<i])
                    i += 1
                    guard i < b.count else { throw err("A string ends with a lone backslash.") }
                    let e = b[i]; i += 1
                    switch e {
                    case 0x22: out.append(0x22)
                    case 0x5C: out.append(0x5C)
                    case 0x2F: out.append(0x2F)
                    case 0x62: out.append(0x08)
                    case 0x66: out.append(0x0C)
                    case 0x6E: out.append(0x0A)
                    case 0x72: out.append(0x0D)
                    case 0x74: out.append(0x09)
                    case 0x75:
                        var code = try hex4()
                        if (0xD800...0xDBFF).contains(code) {
                            guard i + 1 < b.count, b[i] == 0x5C, b[i + 1] == 0x75 else {
                                throw err("A \\u escape opens a surrogate pair that is not completed.")
                            }
                            i += 2
                            let low = try hex4()
                            guard (0xDC00...0xDFFF).contains(low) else { throw err("Invalid surrogate pair in a \\u escape.") }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        } else if (0xDC00...0xDFFF).contains(code) {
                            throw err("A lone low surrogate in a \\u escape.")
                        }
                        out.append(contentsOf: Array(String(Unicode.Scalar(code)!).utf8))
                    default:
                        i -= 1
                        throw err("Unknown escape '\\\(Unicode.Scalar(e))' in a string.")
                    }
                    runStart = i
                    continue
                }
                i += 1
            }
            // Invalid UTF-8 is refused rather than replaced.
            guard let s = UTF8Validation.string(out) else { throw err("The string is not valid UTF-8.") }
            return s
        }

        mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
            guard i + 4 <= b.count else { throw err("A \\u escape needs four hex digits.") }
            var v: UInt32 = 0
            for _ in 0..<4 {
                let c = b[i]; i += 1
                let d: UInt32
                switch c {
                case 0x30...0x39: d = UInt32(c - 0x30)
                case 0x41...0x46: d = UInt32(c - 0x41 + 10)
                case 0x61...0x66: d = UInt32(c - 0x61 + 10)
                default: throw err("A \\u escape needs four hex digits.")
                }
                v = v * 16 + d
            }
            return v
        }

        mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
            i += 1
            var items: [JSONNode] = []
            skipWS()
            if i < b.count, b[i] == 0x5D { i += 1; return .array(items) }
            while true {
                skipWS()
                items.append(try value(depth: depth + 1))
                skipWS()
                guard i < b.count else { throw err("An array is never closed: add ']' (the file may be truncated).") }
                if b[i] == 0x2C { i += 1; continue }
                if b[i] == 0x5D { i += 1; return .array(items) }
                throw err("Expected ',' or ']' in an array.")
            }
        }

        /// The top-level key whose object's members are handed to ``streamed`` one by one
        /// instead of being kept (``JSONReader/parse(bytes:streamingMembersOf:_:)``).
        var streamKey: String? = nil
        var streamed: ((JSONMember) -> Void)? = nil
        var sawStreamKey = false

        mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
            var members: [JSONMember] = []
            try self.members(depth: depth) { members.append($0) }
            return .object(members)
        }

        /// Reads an object (at its `{`), handing each member to `each` in file order.
        mutating func members(depth: Int, _ each: (JSONMember) -> Void) throws(JSONSyntaxError) {
            i += 1
            skipWS()
            if i < b.count, b[i] == 0x7D { i += 1; return }
            while true {
                skipWS()
                guard i < b.count else { throw err("An object is never closed: add '}' (the file may be truncated).") }
                guard b[i] == 0x22 else {
                    throw err(b[i] == 0x7D ? "A trailing comma before '}': remove the last comma." : "Expected a key in double quotes.")
                }
                let kp = pos
                let key = try string()
                skipWS()
                guard i < b.count, b[i] == 0x3A else { throw err("Expected ':' after the key \"\(key)\".") }
                i += 1
                skipWS()
                let v: JSONNode
                if depth == 0, !sawStreamKey, let streamKey, key == streamKey {
                    sawStreamKey = true
                    if i < b.count, b[i] == 0x7B, let streamed {
                        // Its members are parsed one at a time and handed on; the tree keeps an
                        // empty object in their place.
                        let start = pos
                        try members(depth: depth + 1, streamed)
                        v = JSONNode(value: .object([]), position: start)
                    } else {
                        v = try value(depth: depth + 1)
                    }
                } else {
                    v = try value(depth: depth + 1)
                }
                each(JSONMember(key: key, keyPosition: kp, value: v))
                skipWS()
                guard i < b.count else { throw err("An object is never closed: add '}' (the file may be truncated).") }
                if b[i] == 0x2C { i += 1; continue }
                if b[i] == 0x7D { i += 1; return }
                throw err("Expected ',' or '}' after the value of \"\(key)\" (a missing comma?).")
            }
        }
    }
}

extension JSONReader {
    /// ``parse(bytes:)`` without keeping the largest part of a document in the tree: the members
    /// of the top-level object's member `key` (its first occurrence, when it is an object) are
    /// handed to `each` one at a time, in file order, as soon as each is parsed, and the returned
    /// tree holds an empty object (at the same position) in their place. A catalog file's
    /// messages are read this way, so that a 100 MB file is never a whole tree in memory.
    ///
    /// Syntax is checked as by ``parse(bytes:)``, with the same errors at the same places; when
    /// it throws, some members may have been handed on already.
    package static func parse(
        bytes input: [UInt8], streamingMembersOf key: String,
        _ each: (JSONMember) -> Void
    ) throws(JSONSyntaxError) -> JSONNode {
        try withoutActuallyEscaping(each) { (each) throws(JSONSyntaxError) -> JSONNode in
            var p = Parser(b: input)
            p.streamKey = key
            p.streamed = each
            return try p.document()
        }
    }

    /// ``parse(bytes:)`` of a document whose top level is an object that is all the document
    /// holds (an ARB file): its members are handed to `each` one at a time, in file order, and
    /// the returned node is an empty object at the same place. A top level that is not an object
    /// is returned whole.
    package static func parse(bytes input: [UInt8], streamingTopLevelMembers each: (JSONMember) -> Void) throws(JSONSyntaxError) -> JSONNode {
        try withoutActuallyEscaping(each) { (each) throws(JSONSyntaxError) -> JSONNode in
            var p = Parser(b: input)
            p.streamTopLevel = true
            p.streamed = each
            return try p.document()
        }
    }
}

/// Writes JSON: canonical (two-space indent, keys in the order given) or compact on one line
/// (`json.dumps(ensure_ascii=False)` spacing: ", " and ": ").
package enum JSONWriter {
    package static func quote(_ s: String, into out: inout String) {
        out.append("\"")
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out.append("\\\"")
            case "\\": out.append("\\\\")
            case "\n": out.append("\\n")
            case "\r": out.append("\\r")
            case "\t": out.append("\\t")
            case "\u{08}": out.append("\\b")
            case "\u{0C}": out.append("\\f")
            default:
                if scalar.value < 0x20 {
                    let h = String(scalar.value, radix: 16)
                    out.append("\\u" + String(repeating: "0", count: 4 - h.count) + h)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out.append("\"")
    }

    package static func quote(_ s: String) -> String { var o = ""; quote(s, into: &o); return o }

    /// Appends `s` as a JSON string literal in UTF-8 (same escapes as Python's `json.dumps`
    /// with `ensure_ascii=False`).
    package static func quote(_ s: String, into out: inout [UInt8]) {
        out.append(0x22)
        var s = s
        s.withUTF8 { bytes in
            // Copy runs of plain bytes whole; only quotes, backslashes and controls are escaped.
            var run = 0
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                if b >= 0x20 && b != 0x22 && b != 0x5C { i += 1; continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
                escape(b, into: &out)
                i += 1
                run = i
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        }
        out.append(0x22)
    }

    /// Appends the escape of a quote, a backslash or a control byte.
    private static func escape(_ b: UInt8, into out: inout [UInt8]) {
        out.append(0x5C)
        switch b {
        case 0x22: out.append(0x22)
        case 0x5C: out.append(0x5C)
        case 0x0A: out.append(0x6E)
        case 0x0D: out.append(0x72)
        case 0x09: out.append(0x74)
        case 0x08: out.append(0x62)
        case 0x0C: out.append(0x66)
        default:
            let hex: StaticString = "0123456789abcdef"
            hex.withUTF8Buffer { digits in out.append(contentsOf: [0x75, 0x30, 0x30, digits[Int(b >> 4)], digits[Int(b & 0xF)]]) }
        }
    }
}
