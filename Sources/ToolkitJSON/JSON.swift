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

    /// The tree builder over ``JSONScanner`` (which reads the tokens and words the errors).
    struct Parser {
        var s: JSONScanner

        init(b: [UInt8]) { s = JSONScanner(b) }

        /// Whether the top-level object's own members are handed to ``streamed``.
        var streamTopLevel = false

        /// The whole input as one JSON value, with nothing but whitespace after it.
        mutating func document() throws(JSONSyntaxError) -> JSONNode {
            s.skipWhitespace()
            let node: JSONNode
            if streamTopLevel, s.peek == 0x7B, let streamed {
                let start = s.position
                try members(depth: 0, streamed)
                node = JSONNode(value: .object([]), position: start)
            } else {
                node = try value(depth: 0)
            }
            try s.endOfText()
            return node
        }

        mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONNode {
            let kind = try s.valueKind(depth: depth)
            let start = s.position
            switch kind {
            case .object: return JSONNode(value: try object(depth: depth), position: start)
            case .array: return JSONNode(value: try array(depth: depth), position: start)
            case .string: return JSONNode(value: .string(try s.string()), position: start)
            case .true: try s.literal("true"); return JSONNode(value: .bool(true), position: start)
            case .false: try s.literal("false"); return JSONNode(value: .bool(false), position: start)
            case .null: try s.literal("null"); return JSONNode(value: .null, position: start)
            case .number:
                let literal = try s.number().range
                return JSONNode(value: .number(String(decoding: s.bytes[literal], as: UTF8.self)), position: start)
            }
        }

        mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
            var items: [JSONNode] = []
            if s.beginArray() { return .array(items) }
            var more = true
            while more {
                items.append(try value(depth: depth + 1))
                more = try s.endOfElement()
            }
            return .array(items)
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
            if s.beginObject() { return }
            var more = true
            while more {
                s.skipWhitespace()
                let kp = s.position
                let (token, _) = try s.memberKey()
                let key = String(decoding: token.bytes(in: s.bytes), as: UTF8.self)
                let v: JSONNode
                if depth == 0, !sawStreamKey, let streamKey, key == streamKey {
                    sawStreamKey = true
                    if s.peek == 0x7B, let streamed {
                        // Its members are parsed one at a time and handed on; the tree keeps an
                        // empty object in their place.
                        let start = s.position
                        try members(depth: depth + 1, streamed)
                        v = JSONNode(value: .object([]), position: start)
                    } else {
                        v = try value(depth: depth + 1)
                    }
                } else {
                    v = try value(depth: depth + 1)
                }
                each(JSONMember(key: key, keyPosition: kp, value: v))
                more = try s.endOfMember(token)
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
                // Eight plain bytes at a time: a word with no control byte, quote or backslash
                // is skipped whole (the text of notifications has none).
                if i + 8 <= bytes.count, let base = bytes.baseAddress,
                    !Self.needsEscape(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                {
                    i += 8
                    continue
                }
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

    /// Whether any of the eight bytes of `word` is a control byte (below 0x20), a quote or a
    /// backslash (exact: the bit tricks that find a zero or smaller byte in a word have no false
    /// answers when only asked whether there is one).
    @inline(__always)
    private static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word & highs
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        return control | ((quote &- ones) & ~quote & highs) | ((backslash &- ones) & ~backslash & highs) != 0
    }

    /// Appends the escape of a quote, a backslash or a control byte.
    private static func escape(_ b: UInt8, into out: inout [UInt8]) {
        out.append(0x5C)
        if let letter = JSONEscape.letter(forByte: b) {
            out.append(letter)
            return
        }
        let hex: StaticString = "0123456789abcdef"
        hex.withUTF8Buffer { digits in out.append(contentsOf: [0x75, 0x30, 0x30, digits[Int(b >> 4)], digits[Int(b & 0xF)]]) }
    }
}
