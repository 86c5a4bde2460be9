import ToolkitSupport

/// A forward-only reader of one JSON text's UTF-8 bytes, for hand-written decoders of inputs read
/// in bulk (a line of `msgtool batch`): each value is read in text order straight into the
/// caller's model, with no tree in between and no `Decodable` layer. It reads through
/// ``JSONScanner``, as the tree reader does.
///
/// A failure (``Failure``) says where and why, so the text is read once:
/// - ``Failure/Reason/syntax(_:)``: the text is not JSON; the scanner's message and position,
///   the very ones ``JSONReader`` gives.
/// - ``Failure/Reason/invalid(_:)``: valid JSON the model refuses (a key that appears twice or
///   that the model does not have, a value of the wrong type or out of range, a missing key), as
///   the `DecodingError` the strict ``JSONNodeDecoder`` throws for it, with the field's path.
/// - ``Failure/Reason/unsupported``: a form this reader leaves to the strict decoder (`null`, an
///   integer written with a fraction or an exponent, whatever a model's reader does not take).
///
/// What the cursor accepts it reads exactly as ``JSONNodeDecoder`` would.
package struct JSONCursor {
    /// Why a text was not read, and where.
    package struct Failure: Error, Sendable {
        /// The kinds of failure.
        package enum Reason: Sendable {
            /// The text is not JSON (the scanner's error).
            case syntax(JSONSyntaxError)
            /// Valid JSON the model refuses: the strict decoder's error, at ``Failure/codingPath``.
            case invalid(JSONFieldProblem)
            /// A form this reader leaves to the strict decoder.
            case unsupported
        }

        /// Why.
        package var reason: Reason
        /// The offset in the text where the reading stopped.
        package var offset: Int
        /// The path of the value concerned, innermost first (filled in as the failure leaves
        /// each object and array).
        var reversedPath: [JSONCodingKey] = []

        /// A failure of `reason` at `offset`.
        package init(_ reason: Reason, at offset: Int) {
            self.reason = reason
            self.offset = offset
        }

        /// A form the reader leaves to the strict decoder (a model's reader throws it for what
        /// it does not read).
        package static let unsupported = Failure(.unsupported, at: 0)

        /// The path of the value concerned, outermost first.
        package var codingPath: [JSONCodingKey] { reversedPath.reversed() }

        /// The failure as the strict decoder's `DecodingError` (nil for a syntax error or an
        /// unsupported form).
        package var decodingError: DecodingError? {
            guard case .invalid(let problem) = reason else { return nil }
            return problem.error(at: codingPath)
        }

        /// The failure, inside the member or element `key`.
        func inside(_ key: JSONCodingKey) -> Failure {
            guard case .invalid = reason else { return self }
            var copy = self
            copy.reversedPath.append(key)
            return copy
        }
    }

    /// A member's key, as its bytes in the text (compare it with a string literal in a `switch`).
    package struct Key {
        /// The key's UTF-8 bytes (between the quotes, escapes decoded).
        package let bytes: ArraySlice<UInt8>

        /// The key as a string (a dictionary's key); valid UTF-8, as the cursor checked.
        package var string: String { String(decoding: bytes, as: UTF8.self) }

        /// Whether the key is `pattern` (for `switch key { case "id": … }`).
        package static func ~= (pattern: StaticString, key: Key) -> Bool {
            guard key.bytes.count == pattern.utf8CodeUnitCount else { return false }
            return pattern.withUTF8Buffer { text in key.bytes.withUnsafeBufferPointer { $0.elementsEqual(text) } }
        }
    }

    private var s: JSONScanner
    /// The keys of the objects being read, innermost last (duplicates).
    private var keys: [ArraySlice<UInt8>] = []
    /// The longest string (UTF-8 bytes) read anywhere, as the strict decoder's limit.
    private let maximumStringBytes: Int
    /// How deep the value being read is.
    private var depth = 0
    /// The offset of the `{` of the object being read, and of its member's key.
    private var objectStart = 0
    private var keyStart = 0
    /// The keys that no model field took, with their object's offset and their own (in text
    /// order): reported when the rest is read (the strict decoder reports them last too).
    private var unknownKeys: [(object: Int, key: Int, name: String, message: String)] = []
    /// The offset of the `{` of the last object read to its end.
    private var lastObjectStart = 0

    /// A cursor at the start of `bytes`.
    /// - Parameter maximumStringBytes: the longest string (and key) accepted anywhere, as the
    ///   strict decoder's ``JSONNodeDecoder/maximumStringBytes``.
    package init(_ bytes: [UInt8], maximumStringBytes: Int = 4096) {
        s = JSONScanner(bytes)
        self.maximumStringBytes = maximumStringBytes
    }

    /// The offset of the next byte to read.
    package var offset: Int { s.index }

    /// The line and column of `offset` in the text.
    package func position(at offset: Int) -> JSONPosition { s.position(at: offset) }

    // MARK: Failures

    private func syntax(_ error: JSONSyntaxError) -> Failure { Failure(.syntax(error), at: error.position.offset) }

    /// A refusal of the value at the cursor.
    package func invalid(_ problem: JSONFieldProblem) -> Failure { Failure(.invalid(problem), at: s.index) }

    /// The value at the cursor is not of the `expected` type (its syntax is checked first: a
    /// syntax error there wins, as in the tree reader).
    private mutating func mismatch(_ expected: Any.Type) -> Failure {
        let start = s.index
        do {
            try s.skipValue(depth: depth)
        } catch {
            return syntax(error)
        }
        return Failure(.invalid(.typeMismatch(JSONFieldProblem.TypeName(expected))), at: start)
    }

    /// A `null` where the reader reads a value: left to the strict decoder (it may be an
    /// absent optional), once its syntax is checked.
    private mutating func null() throws(Failure) -> Failure {
        try literal("null")
        return Failure.unsupported
    }

    /// The kind of the next value (whitespace skipped).
    private mutating func kind() throws(Failure) -> JSONScanner.ValueKind {
        s.skipWhitespace()
        do { return try s.valueKind(depth: depth) } catch { throw syntax(error) }
    }

    // MARK: Structure

    /// Reads an object: `body` reads the value of each member, given its key.
    /// - Throws: ``Failure``: anything but an object (`expected`, the type named in the error), a
    ///   key that appears twice, whatever `body` throws (inside the key's path).
    package mutating func object(
        expecting expected: Any.Type = [String: Any].self, _ body: (inout JSONCursor, Key) throws(Failure) -> Void
    ) throws(Failure) {
        switch try kind() {
        case .object: break
        case .null: throw try null()
        default: throw mismatch(expected)
        }
        let start = s.index
        let outer = (objectStart, keyStart)
        objectStart = start
        if s.beginObject() {
            lastObjectStart = start
            objectStart = outer.0
            return
        }
        let base = keys.count
        depth += 1
        defer {
            depth -= 1
            keys.removeSubrange(base...)
            lastObjectStart = start
            (objectStart, keyStart) = outer
        }
        // Past a few keys, a set finds a duplicate in constant time (an object of 20,000 members
        // is read in linear time, not quadratic).
        var seenBytes: Set<ArraySlice<UInt8>>? = nil
        // Keys as the strict decoder compares them (Swift strings: canonically equivalent keys,
        // `é` and `e` + U+0301, or `K` and the Kelvin sign, are one key there), once a key is
        // not ASCII.
        var seenStrings: Set<String>? = nil
        var more = true
        while more {
            let token: JSONStringToken, start: Int
            do { (token, start) = try s.memberKey() } catch { throw syntax(error) }
            keyStart = start
            let key = token.bytes(in: s.bytes)
            if key.count > maximumStringBytes {
                throw Failure(.invalid(.dataCorrupted("a key of \(key.count) bytes is longer than \(maximumStringBytes) bytes")), at: start)
            }
            if !token.ascii, seenStrings == nil {
                let previous: [ArraySlice<UInt8>] = seenBytes.map(Array.init) ?? Array(keys[base...])
                seenStrings = Set(previous.map { String(decoding: $0, as: UTF8.self) })
            }
            var duplicate = false
            if seenStrings != nil { duplicate = !seenStrings!.insert(String(decoding: key, as: UTF8.self)).inserted }
            if seenBytes != nil {
                duplicate = duplicate || !seenBytes!.insert(key).inserted
            } else {
                duplicate = duplicate || keys[base...].contains { $0.count == key.count && $0.elementsEqual(key) }
                keys.append(key)
                if keys.count - base > 16 { seenBytes = Set(keys[base...]) }
            }
            let name = Key(bytes: key)
            if duplicate { throw duplicateKey(name, at: start) }
            do {
                try body(&self, name)
            } catch {
                throw error.inside(JSONCodingKey(stringValue: name.string))
            }
            do { more = try s.endOfMember(token) } catch { throw syntax(error) }
        }
    }

    /// The error for a key that appears a second time, at `start` (its opening quote).
    private mutating func duplicateKey(_ key: Key, at start: Int) -> Failure {
        let at = s.position(at: start)
        var failure = Failure(
            .invalid(.dataCorrupted("the key '\(key.string)' appears twice in one object (line \(at.line), column \(at.column)): keep one")),
            at: start)
        failure.reversedPath = [JSONCodingKey(stringValue: key.string)]
        return failure
    }

    /// Reads an array: `body` reads each element.
    /// - Throws: ``Failure``: anything but an array, whatever `body` throws (inside the
    ///   element's index).
    package mutating func array(_ body: (inout JSONCursor) throws(Failure) -> Void) throws(Failure) {
        switch try kind() {
        case .array: break
        case .null: throw try null()
        default: throw mismatch([Any].self)
        }
        if s.beginArray() { return }
        depth += 1
        defer { depth -= 1 }
        var index = 0
        var more = true
        while more {
            do {
                try body(&self)
            } catch {
                throw error.inside(JSONCodingKey(intValue: index))
            }
            index += 1
            do { more = try s.endOfElement() } catch { throw syntax(error) }
        }
    }

    /// Reads an array whose elements `element` reads.
    package mutating func array<T>(of element: (inout JSONCursor) throws(Failure) -> T) throws(Failure) -> [T] {
        var out: [T] = []
        try array { r throws(Failure) in out.append(try element(&r)) }
        return out
    }

    /// Reads an object as a dictionary whose values `value` reads.
    package mutating func dictionary<T>(of value: (inout JSONCursor) throws(Failure) -> T) throws(Failure) -> [String: T] {
        var out: [String: T] = [:]
        try object { r, key throws(Failure) in out[key.string] = try value(&r) }
        return out
    }

    /// Checks that only whitespace follows the value read.
    /// - Throws: ``Failure``: text after the value, else the first key no field took (as the
    ///   strict decoder orders them: by their object's place, then their own).
    package mutating func end() throws(Failure) {
        do { try s.endOfText() } catch { throw syntax(error) }
        guard let first = unknownKeys.min(by: { ($0.object, $0.key) < ($1.object, $1.key) }) else { return }
        var failure = Failure(.invalid(.dataCorrupted(first.message)), at: first.key)
        failure.reversedPath = s.path(to: first.key).reversed()
        throw failure
    }

    /// Takes note of a member whose key no field of the model takes, and reads its value for
    /// its syntax alone: ``end()`` reports the first such key once everything else is read.
    /// - Parameters:
    ///   - key: the member's key.
    ///   - known: the keys the model has (named in the message, or the nearest one).
    package mutating func skipUnknown(_ key: Key, among known: [String]) throws(Failure) {
        let message = NodeDecodingSession.unknownMessage(key.string, known: Set(known))
        unknownKeys.append((objectStart, keyStart, key.string, message))
        do { try s.skipValue(depth: depth) } catch { throw syntax(error) }
    }

    /// The error for the required key `key` missing from the object just read: as the strict
    /// decoder words it, an unknown key of that object that is a near miss of it ("did you mean
    /// …?"), else the missing key.
    package func missing(_ key: String) -> Failure {
        if let near = unknownKeys.first(where: {
            $0.object == lastObjectStart && JSONNodeDecoder.suggestion(for: $0.name, among: [key]) != nil
        }) {
            var failure = Failure(.invalid(.dataCorrupted("unknown field '\(near.name)': did you mean '\(key)'?")), at: near.key)
            failure.reversedPath = [JSONCodingKey(stringValue: near.name)]
            return failure
        }
        return invalid(.keyNotFound(key))
    }

    /// Reads the rest of the text for its syntax alone, from where a failure stopped the
    /// reading: the first syntax error there, if any (the strict reader reports it before any
    /// other problem).
    /// - Parameter failure: where the reading stopped.
    package func syntaxError(after failure: Failure) -> JSONSyntaxError? {
        // The stopped value's object or array is still open: read the whole text again for its
        // syntax (no tree, no model).
        var scanner = JSONScanner(s.bytes)
        do {
            scanner.skipWhitespace()
            try scanner.skipValue(depth: 0)
            try scanner.endOfText()
            return nil
        } catch {
            return error
        }
    }

    /// Reads with `body`, leaving every refusal of valid JSON to the strict decoder (for a model
    /// whose byte reader does not word its errors as its decoder does); syntax errors stay.
    package mutating func wordedByStrictDecoder<T>(_ body: (inout JSONCursor) throws(Failure) -> T) throws(Failure) -> T {
        let unknown = unknownKeys.count
        let value: T
        do {
            value = try body(&self)
        } catch {
            if case .syntax = error.reason { throw error }
            throw Failure.unsupported
        }
        // A key no field took, too.
        guard unknownKeys.count == unknown else { throw Failure.unsupported }
        return value
    }

    // MARK: Values

    /// Reads a string of at most `maxBytes` UTF-8 bytes (and at most the cursor's limit).
    package mutating func string(maxBytes: Int) throws(Failure) -> String {
        switch try kind() {
        case .string: break
        case .null: throw try null()
        default: throw mismatch(String.self)
        }
        let start = s.index
        let text: String
        do { text = try s.string() } catch { throw syntax(error) }
        let count = text.utf8.count
        if count > maximumStringBytes {
            throw Failure(.invalid(.dataCorrupted("a text of \(count) bytes is longer than the limit of \(maximumStringBytes) bytes")), at: start)
        }
        if count > maxBytes {
            throw Failure(.invalid(.dataCorrupted("a text of \(count) bytes is longer than the limit of \(maxBytes) bytes")), at: start)
        }
        return text
    }

    /// Reads a string that is one of `T`'s raw values.
    /// - Throws: ``Failure``; for another string, worded by `T`'s own `Decodable` conformance.
    package mutating func value<T: RawRepresentable & Decodable>(_ type: T.Type) throws(Failure) -> T where T.RawValue == String {
        s.skipWhitespace()
        let start = s.index
        let raw = try string()
        guard let value = T(rawValue: raw) else { throw Failure(.invalid(.dataCorrupted(Self.refusal(of: raw, as: T.self))), at: start) }
        return value
    }

    /// Why `T` refuses the string `raw`, in `T`'s own words (its decoder's message).
    private static func refusal<T: Decodable>(of raw: String, as type: T.Type) -> String {
        let node = JSONNode(value: .string(raw), position: JSONPosition(line: 1, column: 1, offset: 0))
        do {
            _ = try JSONNodeDecoder().decode(T.self, from: node)
        } catch DecodingError.dataCorrupted(let context) {
            return context.debugDescription
        } catch {}
        return "Cannot initialize \(T.self) from invalid String value \(raw)"
    }

    /// Reads `true` or `false`.
    package mutating func bool() throws(Failure) -> Bool {
        switch try kind() {
        case .true: try literal("true"); return true
        case .false: try literal("false"); return false
        case .null: throw try null()
        default: throw mismatch(Bool.self)
        }
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        do { try s.literal(word) } catch { throw syntax(error) }
    }

    /// Reads an integer written without a fraction or an exponent, within `range`.
    package mutating func int(in range: ClosedRange<Int>) throws(Failure) -> Int {
        s.skipWhitespace()
        let start = s.index
        let value: Int = try integer(Int.self)
        guard range.contains(value) else {
            throw Failure(.invalid(.dataCorrupted("\(value) is out of range \(range.lowerBound)…\(range.upperBound)")), at: start)
        }
        return value
    }

    /// Reads a non-negative integer written without a fraction or an exponent.
    package mutating func uint64() throws(Failure) -> UInt64 { try integer(UInt64.self) }

    /// Reads an integer of type `I` as the strict decoder does (a fraction or an exponent is
    /// left to it).
    private mutating func integer<I: FixedWidthInteger>(_: I.Type) throws(Failure) -> I {
        switch try kind() {
        case .number: break
        case .null: throw try null()
        default: throw mismatch(I.self)
        }
        let start = s.index
        let literal: (range: Range<Int>, integer: Bool)
        do { literal = try s.number() } catch { throw syntax(error) }
        guard literal.integer else { throw Failure.unsupported }
        let digits = s.bytes[literal.range]
        if let value = I(String(decoding: digits, as: UTF8.self)) { return value }
        throw Failure(.invalid(.dataCorrupted("\(String(decoding: digits, as: UTF8.self)) is out of range \(I.min)…\(I.max)")), at: start)
    }

    /// Reads a finite number within `range`, as `Double(literal)` reads its literal.
    package mutating func double(in range: ClosedRange<Double>) throws(Failure) -> Double {
        switch try kind() {
        case .number: break
        case .null: throw try null()
        default: throw mismatch(Double.self)
        }
        let literal: Range<Int>
        do { literal = try s.number().range } catch { throw syntax(error) }
        guard let value = Double(String(decoding: s.bytes[literal], as: UTF8.self)), value.isFinite, range.contains(value) else {
            throw Failure.unsupported
        }
        return value
    }
}

/// Valid JSON that a model refuses, as the strict decoder words it (`DecodingError`), before
/// the path of the value is known.
package enum JSONFieldProblem: Sendable {
    /// A value of another type than `expected`.
    case typeMismatch(TypeName)
    /// A required key is missing from the object.
    case keyNotFound(String)
    /// The value is refused: why.
    case dataCorrupted(String)

    /// A Swift type, named in a message.
    package struct TypeName: @unchecked Sendable {
        /// The type.
        package let type: Any.Type
        /// The type's name.
        package init(_ type: Any.Type) { self.type = type }
    }

    /// The `DecodingError` the strict decoder throws for this problem at `path`.
    package func error(at path: [any CodingKey]) -> DecodingError {
        switch self {
        case .typeMismatch(let name): .typeMismatch(name.type, .init(codingPath: path, debugDescription: "found another type"))
        case .keyNotFound(let key): .keyNotFound(JSONCodingKey(stringValue: key), .init(codingPath: path, debugDescription: "missing"))
        case .dataCorrupted(let message): .dataCorrupted(.init(codingPath: path, debugDescription: message))
        }
    }
}
