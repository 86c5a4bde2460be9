import ToolkitSupport

/// The package's one JSON tokenizer: whitespace, strings and their escapes, numbers, the three
/// words, the punctuation of objects and arrays, and every syntax error with its position and
/// its wording. The tree reader (``JSONReader``) and the byte cursor (``JSONCursor``) both read
/// through it, so a text that one of them refuses, the other refuses at the same place with the
/// same message.
///
/// It reads forward over the UTF-8 bytes of one text and counts lines as it skips whitespace (a
/// JSON string cannot hold a raw line break), so the position of the current byte is cheap; the
/// column (in characters) is counted lazily, on from the last one asked.
package struct JSONScanner {
    /// The text.
    package let bytes: [UInt8]
    /// The offset of the next byte to read.
    package var index = 0
    /// The 1-based line of ``index``.
    private var line = 1
    /// The offset where that line starts.
    private var lineStart = 0
    /// The last offset whose column was counted, and that column (positions are mostly asked
    /// in increasing order: counting continues from there, linear also for one long line).
    private var columnIndex = 0
    private var column = 1

    /// A scanner at the start of `bytes`.
    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The next byte, or 0 at the end of the text.
    @inline(__always) package var peek: UInt8 { index < bytes.count ? bytes[index] : 0 }

    /// Whether every byte has been read.
    @inline(__always) package var isAtEnd: Bool { index >= bytes.count }

    // MARK: Positions and errors

    /// The position of ``index``.
    package var position: JSONPosition {
        mutating get {
            if columnIndex < lineStart || columnIndex > index { columnIndex = lineStart; column = 1 }
            while columnIndex < index {
                if bytes[columnIndex] & 0xC0 != 0x80 { column += 1 }
                columnIndex += 1
            }
            return JSONPosition(line: line, column: column, offset: index)
        }
    }

    /// The position of any `offset` of the text, counted from its start (for an error found
    /// after the reading moved on).
    package func position(at offset: Int) -> JSONPosition {
        var line = 1, column = 1
        var i = 0
        let end = min(offset, bytes.count)
        while i < end {
            let b = bytes[i]
            if b == 0x0A {
                line += 1; column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        return JSONPosition(line: line, column: column, offset: offset)
    }

    /// A syntax error at ``index``.
    package mutating func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(message: message, position: position) }

    // MARK: Whitespace and structure

    /// Skips spaces, tabs, carriage returns and line feeds (counting lines).
    @inline(__always) package mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A: index += 1; line += 1; lineStart = index
            default: return
            }
        }
    }

    /// What a value is, told by its first byte.
    package enum ValueKind { case object, array, string, number, `true`, `false`, null }

    /// The kind of the value at ``index`` (nothing is read).
    /// - Throws: at the end of the text, past ``JSONReader/maxDepth`` levels, or on a byte that
    ///   starts no value.
    package mutating func valueKind(depth: Int) throws(JSONSyntaxError) -> ValueKind {
        if depth > JSONReader.maxDepth { throw error("JSON nested more than \(JSONReader.maxDepth) levels deep.") }
        guard index < bytes.count else { throw error("Unexpected end of the file: a value is missing (the file may be truncated).") }
        switch bytes[index] {
        case 0x7B: return .object
        case 0x5B: return .array
        case 0x22: return .string
        case 0x74: return .true
        case 0x66: return .false
        case 0x6E: return .null
        case 0x2D, 0x30...0x39: return .number
        default:
            throw error("Unexpected character '\(Unicode.Scalar(bytes[index]))': expected a value (\"text\", a number, {…}, […], true, false or null).")
        }
    }

    /// Reads the `{` at ``index`` and the whitespace after it; true when the object is empty
    /// (its `}` read too).
    package mutating func beginObject() -> Bool { open(closedBy: 0x7D) }

    /// Reads the `[` at ``index`` and the whitespace after it; true when the array is empty
    /// (its `]` read too).
    package mutating func beginArray() -> Bool { open(closedBy: 0x5D) }

    /// Reads the opening byte at ``index`` and the whitespace after it; true when `close`
    /// follows at once (read too).
    private mutating func open(closedBy close: UInt8) -> Bool {
        index += 1
        skipWhitespace()
        if peek == close { index += 1; return true }
        return false
    }

    /// Reads a member's key, the `:` after it and the whitespace around them.
    /// - Returns: the key, and the offset of its opening quote.
    /// - Throws: at the end of the text, on a trailing comma, on anything but a string.
    package mutating func memberKey() throws(JSONSyntaxError) -> (key: JSONStringToken, start: Int) {
        skipWhitespace()
        guard index < bytes.count else { throw error("An object is never closed: add '}' (the file may be truncated).") }
        guard bytes[index] == 0x22 else {
            throw error(bytes[index] == 0x7D ? "A trailing comma before '}': remove the last comma." : "Expected a key in double quotes.")
        }
        let start = index
        let key = try stringToken()
        if !key.ascii, !UTF8Validation.isValid(key.bytes(in: bytes)) { throw error("The string is not valid UTF-8.") }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == 0x3A else { throw error("Expected ':' after the key \"\(key.text(of: bytes))\".") }
        index += 1
        skipWhitespace()
        return (key, start)
    }

    /// Reads what follows a member's value: true after a `,` (another member follows), false
    /// after the closing `}`.
    /// - Parameter key: the member's key (named in the error).
    package mutating func endOfMember(_ key: JSONStringToken) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw error("An object is never closed: add '}' (the file may be truncated).") }
        if bytes[index] == 0x2C { index += 1; return true }
        if bytes[index] == 0x7D { index += 1; return false }
        throw error("Expected ',' or '}' after the value of \"\(key.text(of: bytes))\" (a missing comma?).")
    }

    /// Reads what follows an element: true after a `,` (another element follows), false after
    /// the closing `]`.
    package mutating func endOfElement() throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw error("An array is never closed: add ']' (the file may be truncated).") }
        if bytes[index] == 0x2C { index += 1; skipWhitespace(); return true }
        if bytes[index] == 0x5D { index += 1; return false }
        throw error("Expected ',' or ']' in an array.")
    }

    /// Checks that only whitespace follows the value read.
    package mutating func endOfText() throws(JSONSyntaxError) {
        skipWhitespace()
        if index < bytes.count {
            throw error("Unexpected text after the JSON value; a file holds one object (remove what follows, or add a comma inside the object).")
        }
    }

    /// Reads one whole value, keeping nothing (syntax only).
    package mutating func skipValue(depth: Int) throws(JSONSyntaxError) {
        switch try valueKind(depth: depth) {
        case .object:
            if beginObject() { return }
            var more = true
            while more {
                let (key, _) = try memberKey()
                try skipValue(depth: depth + 1)
                more = try endOfMember(key)
            }
        case .array:
            if beginArray() { return }
            var more = true
            while more {
                try skipValue(depth: depth + 1)
                more = try endOfElement()
            }
        case .string: _ = try string()
        case .number: _ = try number()
        case .true: try literal("true")
        case .false: try literal("false")
        case .null: try literal("null")
        }
    }

    /// The path (keys and indexes, outermost first) of the member whose key starts at `offset`
    /// (its opening quote) or of the value that starts there, read from the start of the text.
    package func path(to offset: Int) -> [JSONCodingKey] {
        var scanner = JSONScanner(bytes)
        var path: [JSONCodingKey] = []
        _ = try? scanner.find(offset, depth: 0, path: &path)
        return path
    }

    /// Reads a value, descending towards `target`: true once found, with `path` leading to it.
    private mutating func find(_ target: Int, depth: Int, path: inout [JSONCodingKey]) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        if index == target { return true }
        switch try valueKind(depth: depth) {
        case .object:
            if beginObject() { return false }
            var more = true
            while more {
                skipWhitespace()
                let start = index
                let (key, _) = try memberKey()
                path.append(JSONCodingKey(stringValue: key.text(of: bytes)))
                if start == target { return true }
                if try find(target, depth: depth + 1, path: &path) { return true }
                path.removeLast()
                more = try endOfMember(key)
            }
        case .array:
            if beginArray() { return false }
            var more = true
            var i = 0
            while more {
                path.append(JSONCodingKey(intValue: i))
                if try find(target, depth: depth + 1, path: &path) { return true }
                path.removeLast()
                i += 1
                more = try endOfElement()
            }
        default:
            try skipValue(depth: depth)
        }
        return false
    }

    // MARK: Scalars

    /// Reads `word` (`true`, `false` or `null`).
    package mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let matches = index + count <= bytes.count && word.withUTF8Buffer { bytes[index..<index + count].elementsEqual($0) }
        guard matches else { throw error("Expected '\(word)'.") }
        index += count
    }

    /// Reads a number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    /// - Returns: the literal's bytes, and whether it is an integer (no fraction, no exponent).
    package mutating func number() throws(JSONSyntaxError) -> (range: Range<Int>, integer: Bool) {
        let start = index
        if peek == 0x2D { index += 1 }
        guard (0x30...0x39).contains(peek) else { throw error("A number needs digits after '-'.") }
        if peek == 0x30 { index += 1 } else { while (0x30...0x39).contains(peek) { index += 1 } }
        var integer = true
        if peek == 0x2E {
            integer = false
            index += 1
            guard (0x30...0x39).contains(peek) else { throw error("A number needs digits after '.'.") }
            while (0x30...0x39).contains(peek) { index += 1 }
        }
        if peek == 0x65 || peek == 0x45 {
            integer = false
            index += 1
            if peek == 0x2B || peek == 0x2D { index += 1 }
            guard (0x30...0x39).contains(peek) else { throw error("A number needs digits in its exponent.") }
            while (0x30...0x39).contains(peek) { index += 1 }
        }
        return (start..<index, integer)
    }

    /// Reads a string (at its opening quote) as its text.
    /// - Throws: an unclosed string, a raw control character, a bad escape, invalid UTF-8.
    package mutating func string() throws(JSONSyntaxError) -> String {
        let token = try stringToken()
        if token.ascii { return String(decoding: token.bytes(in: bytes), as: UTF8.self) }
        // Invalid UTF-8 is refused rather than replaced.
        guard let text = UTF8Validation.string(token.bytes(in: bytes)) else { throw error("The string is not valid UTF-8.") }
        return text
    }

    /// Reads a string (at its opening quote): its bytes as written when it has no escape, else
    /// decoded. UTF-8 is not checked here (``JSONStringToken/ascii`` says when it need not be).
    package mutating func stringToken() throws(JSONSyntaxError) -> JSONStringToken {
        index += 1  // the opening quote
        let start = index
        var ascii = true
        while index < bytes.count {
            let c = bytes[index]
            if c == 0x22 {
                index += 1
                return JSONStringToken(range: start..<index - 1, decoded: nil, ascii: ascii)
            }
            if c == 0x5C { break }
            if c < 0x20 { try controlCharacter(c) }
            if c >= 0x80 { ascii = false }
            index += 1
        }
        guard index < bytes.count else { throw error("A string is never closed: add the closing \" (the file may be truncated).") }
        return try escapedString(from: start, ascii: ascii)
    }

    private mutating func controlCharacter(_ c: UInt8) throws(JSONSyntaxError) {
        if c == 0x0A { throw error("A string runs past the end of the line: close it with \" or write \\n for a line break.") }
        throw error("A control character inside a string: write it escaped (\\t, \\n).")
    }

    /// The rest of a string from its first backslash at ``index``, decoded.
    private mutating func escapedString(from start: Int, ascii: Bool) throws(JSONSyntaxError) -> JSONStringToken {
        var ascii = ascii
        var out = Array(bytes[start..<index])
        var runStart = index
        while true {
            guard index < bytes.count else { throw error("A string is never closed: add the closing \" (the file may be truncated).") }
            let c = bytes[index]
            if c == 0x22 { out.append(contentsOf: bytes[runStart..<index]); index += 1; break }
            if c < 0x20 { try controlCharacter(c) }
            if c >= 0x80 { ascii = false }
            if c == 0x5C {
                out.append(contentsOf: bytes[runStart..<index])
                index += 1
                guard index < bytes.count else { throw error("A string ends with a lone backslash.") }
                let e = bytes[index]
                index += 1
                if let byte = JSONEscape.byte(forLetter: e) {
                    out.append(byte)
                    runStart = index
                    continue
                }
                switch e {
                case 0x75:
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == 0x5C, bytes[index + 1] == 0x75 else {
                            throw error("A \\u escape opens a surrogate pair that is not completed.")
                        }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("Invalid surrogate pair in a \\u escape.") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(code) {
                        throw error("A lone low surrogate in a \\u escape.")
                    }
                    if code >= 0x80 { ascii = false }
                    out.append(contentsOf: Array(String(Unicode.Scalar(code)!).utf8))
                default:
                    index -= 1
                    throw error("Unknown escape '\\\(Unicode.Scalar(e))' in a string.")
                }
                runStart = index
                continue
            }
            index += 1
        }
        return JSONStringToken(range: start..<index - 1, decoded: out, ascii: ascii)
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("A \\u escape needs four hex digits.") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[index]
            index += 1
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c - 0x30)
            case 0x41...0x46: d = UInt32(c - 0x41 + 10)
            case 0x61...0x66: d = UInt32(c - 0x61 + 10)
            default: throw error("A \\u escape needs four hex digits.")
            }
            v = v * 16 + d
        }
        return v
    }
}

/// A string read by ``JSONScanner/stringToken()``.
package struct JSONStringToken {
    /// Its bytes as written, between the quotes.
    package let range: Range<Int>
    /// Its bytes with the escapes decoded, when it has any.
    package let decoded: [UInt8]?
    /// Whether every byte of the text is ASCII (so it is valid UTF-8).
    package let ascii: Bool

    /// The string's bytes (decoded) in the text `bytes` it was read from.
    package func bytes(in bytes: [UInt8]) -> ArraySlice<UInt8> { decoded.map { $0[...] } ?? bytes[range] }

    /// The string's text (invalid UTF-8 replaced: for messages only).
    package func text(of bytes: [UInt8]) -> String { String(decoding: self.bytes(in: bytes), as: UTF8.self) }
}

/// JSON's two-character escapes (`\n`, `\"`, …): the letter after the backslash and the byte
/// it stands for, read by the scanner and written by ``JSONWriter``.
enum JSONEscape {
    /// Each escape's letter and byte.
    private static let pairs: [(letter: UInt8, byte: UInt8)] = [
        (0x22, 0x22), (0x5C, 0x5C), (0x2F, 0x2F), (0x62, 0x08), (0x66, 0x0C), (0x6E, 0x0A), (0x72, 0x0D), (0x74, 0x09)
    ]

    /// The byte that `\` + `letter` stands for, or nil when it is no two-character escape.
    static func byte(forLetter letter: UInt8) -> UInt8? { pairs.first { $0.letter == letter }?.byte }

    /// The letter that writes `byte` after a backslash (`"`, `\` and the controls that have
    /// one; `/` is never escaped when written), or nil.
    static func letter(forByte byte: UInt8) -> UInt8? { byte == 0x2F ? nil : pairs.first { $0.byte == byte }?.letter }
}
