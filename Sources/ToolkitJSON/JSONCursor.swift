import ToolkitSupport

/// A forward-only reader of one JSON text's UTF-8 bytes, for hand-written decoders of inputs read
/// in bulk (a line of `msgtool batch`): each value is read in text order straight into the
/// caller's model, with no tree in between and no `Decodable` layer.
///
/// It reads only the plain form of each value and throws ``Miss`` on anything else: text that is
/// not JSON, an escape sequence or a control character in a string, invalid UTF-8, `null`, an
/// integer written with a fraction or an exponent, a number out of range, a string longer than
/// asked, a key that appears twice in one object. The caller's decoder throws ``Miss`` too for an
/// unknown key, a missing one or a value out of its range, and then decodes the same text again
/// with the strict ``JSONNodeDecoder``, which gives the diagnostic (the field's path and what to
/// fix). What the cursor accepts it reads exactly as ``JSONNodeDecoder`` would.
package struct JSONCursor {
    /// The text needs the strict decoder (it may be valid all the same: a `null`, an escape).
    package struct Miss: Error, Sendable {
        /// The error.
        package init() {}
    }

    /// A member's key, as its bytes in the text (compare it with a string literal in a `switch`).
    package struct Key {
        /// The key's UTF-8 bytes (between the quotes).
        package let bytes: ArraySlice<UInt8>

        /// The key as a string (a dictionary's key), at most `maxBytes` UTF-8 bytes.
        /// - Throws: ``Miss`` when it is longer or not valid UTF-8.
        package func string(maxBytes: Int = 4096) throws(Miss) -> String {
            guard bytes.count <= maxBytes, let text = UTF8Validation.string(bytes) else { throw Miss() }
            return text
        }

        /// Whether the key is `pattern` (for `switch key { case "id": … }`).
        package static func ~= (pattern: StaticString, key: Key) -> Bool {
            guard key.bytes.count == pattern.utf8CodeUnitCount else { return false }
            return pattern.withUTF8Buffer { text in key.bytes.withUnsafeBufferPointer { $0.elementsEqual(text) } }
        }
    }

    private let b: [UInt8]
    private var i = 0
    /// The byte ranges of the keys of the objects being read, innermost last (duplicates).
    private var keys: [Range<Int>] = []

    /// A cursor at the start of `bytes`.
    package init(_ bytes: [UInt8]) { b = bytes }

    // MARK: Structure

    /// Reads an object: `body` reads the value of each member, given its key, and throws
    /// ``Miss`` for a key it does not know.
    /// - Throws: ``Miss`` for anything but an object, or a key that appears twice.
    package mutating func object(_ body: (inout JSONCursor, Key) throws(Miss) -> Void) throws(Miss) {
        try expect(0x7B)
        skipWhitespace()
        if peek == 0x7D { i += 1; return }
        let base = keys.count
        // Past a few keys, a set finds a duplicate in constant time (an object of 20,000 members
        // is read in linear time, not quadratic).
        var seenBytes: Set<ArraySlice<UInt8>>? = nil
        // Keys as the strict decoder compares them (Swift strings: canonically equivalent keys,
        // `é` and `e` + U+0301, or `K` and the Kelvin sign, are one key there), once a key is
        // not ASCII: such a pair misses here, and the strict decoder refuses it as a duplicate.
        var seenStrings: Set<String>? = nil
        while true {
            skipWhitespace()
            guard peek == 0x22 else { throw Miss() }
            let (range, ascii) = try stringBytes(maxBytes: 4096)
            let key = b[range]
            if !ascii, seenStrings == nil {
                let previous: [ArraySlice<UInt8>] = seenBytes.map(Array.init) ?? keys[base...].map { b[$0] }
                seenStrings = Set(previous.map { String(decoding: $0, as: UTF8.self) })
            }
            if seenStrings != nil {
                guard seenStrings!.insert(String(decoding: key, as: UTF8.self)).inserted else { throw Miss() }
            }
            if seenBytes != nil {
                guard seenBytes!.insert(key).inserted else { throw Miss() }
            } else {
                for seen in keys[base...] where seen.count == range.count && b[seen].elementsEqual(key) { throw Miss() }
                keys.append(range)
                if keys.count - base > 16 { seenBytes = Set(keys[base...].map { b[$0] }) }
            }
            try expect(0x3A)
            try body(&self, Key(bytes: b[range]))
            skipWhitespace()
            guard i < b.count else { throw Miss() }
            if b[i] == 0x2C { i += 1; continue }
            if b[i] == 0x7D { i += 1; break }
            throw Miss()
        }
        keys.removeSubrange(base...)
    }

    /// Reads an array: `body` reads each element.
    /// - Throws: ``Miss`` for anything but an array.
    package mutating func array(_ body: (inout JSONCursor) throws(Miss) -> Void) throws(Miss) {
        try expect(0x5B)
        skipWhitespace()
        if peek == 0x5D { i += 1; return }
        while true {
            try body(&self)
            skipWhitespace()
            guard i < b.count else { throw Miss() }
            if b[i] == 0x2C { i += 1; continue }
            if b[i] == 0x5D { i += 1; return }
            throw Miss()
        }
    }

    /// Reads an array whose elements `element` reads.
    package mutating func array<T>(of element: (inout JSONCursor) throws(Miss) -> T) throws(Miss) -> [T] {
        var out: [T] = []
        try array { r throws(Miss) in out.append(try element(&r)) }
        return out
    }

    /// Reads an object as a dictionary whose values `value` reads; keys at most 4096 bytes.
    package mutating func dictionary<T>(of value: (inout JSONCursor) throws(Miss) -> T) throws(Miss) -> [String: T] {
        var out: [String: T] = [:]
        try object { r, key throws(Miss) in out[try key.string()] = try value(&r) }
        return out
    }

    /// Checks that only whitespace follows the value read.
    /// - Throws: ``Miss`` when anything else does.
    package mutating func end() throws(Miss) {
        skipWhitespace()
        guard i == b.count else { throw Miss() }
    }

    // MARK: Values

    /// Reads a string of at most `maxBytes` UTF-8 bytes, without escapes.
    /// - Throws: ``Miss`` for anything else.
    package mutating func string(maxBytes: Int = 4096) throws(Miss) -> String {
        let (range, ascii) = try stringBytes(maxBytes: maxBytes)
        if ascii { return String(decoding: b[range], as: UTF8.self) }
        guard let text = UTF8Validation.string(b[range]) else { throw Miss() }
        return text
    }

    /// Reads a string that is one of `T`'s raw values.
    /// - Throws: ``Miss`` for anything else.
    package mutating func value<T: RawRepresentable>(_ type: T.Type) throws(Miss) -> T where T.RawValue == String {
        guard let value = T(rawValue: try string()) else { throw Miss() }
        return value
    }

    /// Reads `true` or `false`.
    /// - Throws: ``Miss`` for anything else.
    package mutating func bool() throws(Miss) -> Bool {
        skipWhitespace()
        if literal("true") { return true }
        if literal("false") { return false }
        throw Miss()
    }

    /// Reads an integer written without a fraction or an exponent, within `range`.
    /// - Throws: ``Miss`` for anything else.
    package mutating func int(in range: ClosedRange<Int> = Int.min...Int.max) throws(Miss) -> Int {
        let (negative, magnitude) = try integer()
        let value: Int
        if negative {
            guard magnitude <= UInt64(Int.max) + 1 else { throw Miss() }
            value = Int(truncatingIfNeeded: 0 &- magnitude)
        } else {
            guard magnitude <= UInt64(Int.max) else { throw Miss() }
            value = Int(magnitude)
        }
        guard range.contains(value) else { throw Miss() }
        return value
    }

    /// Reads a non-negative integer written without a fraction or an exponent.
    /// - Throws: ``Miss`` for anything else.
    package mutating func uint64() throws(Miss) -> UInt64 {
        let (negative, magnitude) = try integer()
        guard !negative else { throw Miss() }
        return magnitude
    }

    /// Reads a finite number within `range`, as `Double(literal)` reads its literal.
    /// - Throws: ``Miss`` for anything else.
    package mutating func double(in range: ClosedRange<Double>) throws(Miss) -> Double {
        skipWhitespace()
        let start = i
        _ = try integer()
        if peek == 0x2E {
            i += 1
            try digits()
        }
        if peek == 0x65 || peek == 0x45 {
            i += 1
            if peek == 0x2B || peek == 0x2D { i += 1 }
            try digits()
        }
        guard let value = Double(String(decoding: b[start..<i], as: UTF8.self)), value.isFinite, range.contains(value) else { throw Miss() }
        return value
    }

    // MARK: Bytes

    private var peek: UInt8 { i < b.count ? b[i] : 0 }

    private mutating func skipWhitespace() {
        while i < b.count, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0D || b[i] == 0x0A { i += 1 }
    }

    private mutating func expect(_ byte: UInt8) throws(Miss) {
        skipWhitespace()
        guard peek == byte else { throw Miss() }
        i += 1
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard i + count <= b.count, word.withUTF8Buffer({ b[i..<i + count].elementsEqual($0) }) else { return false }
        i += count
        return true
    }

    /// A string's bytes between its quotes, and whether they are all ASCII.
    private mutating func stringBytes(maxBytes: Int) throws(Miss) -> (range: Range<Int>, ascii: Bool) {
        try expect(0x22)
        let start = i
        var ascii = true
        while i < b.count {
            let c = b[i]
            if c == 0x22 { break }
            if c == 0x5C || c < 0x20 { throw Miss() }
            if c >= 0x80 { ascii = false }
            i += 1
        }
        guard i < b.count, i - start <= maxBytes else { throw Miss() }
        i += 1
        return (start..<i - 1, ascii)
    }

    /// `-?(0|[1-9][0-9]*)`: the sign and the magnitude (a fraction or an exponent after it is
    /// then not a separator, so the object or array around it misses).
    private mutating func integer() throws(Miss) -> (negative: Bool, magnitude: UInt64) {
        skipWhitespace()
        let negative = peek == 0x2D
        if negative { i += 1 }
        guard (0x30...0x39).contains(peek) else { throw Miss() }
        var magnitude: UInt64 = 0
        if peek == 0x30 {
            i += 1
        } else {
            while (0x30...0x39).contains(peek) {
                let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(UInt64(b[i] - 0x30))
                guard !o1, !o2 else { throw Miss() }
                magnitude = sum
                i += 1
            }
        }
        if (0x30...0x39).contains(peek) { throw Miss() }
        return (negative, magnitude)
    }

    private mutating func digits() throws(Miss) {
        guard (0x30...0x39).contains(peek) else { throw Miss() }
        while (0x30...0x39).contains(peek) { i += 1 }
    }
}
