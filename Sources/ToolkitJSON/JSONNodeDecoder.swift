/// Decodes `Decodable` values from the package's own JSON tree (``JSONReader``), strictly:
/// what `JSONDecoder` lets through silently is an error here, with the field's path.
///
/// - A key that appears twice in one object is refused (`JSONDecoder` keeps one of them).
/// - A key that the type never asks for is refused as an unknown field, with "did you mean …?"
///   when a known key is close (`dailyAfirmation` → `dailyAffirmation`).
/// - An integer must be a whole number that fits the asked type; a floating-point number must be
///   finite (`1e999` is refused, not read as infinity).
/// - Every string (values and object keys) is at most ``maximumStringBytes`` UTF-8 bytes; fields
///   with a tighter limit check it where they are read (``KeyedDecodingContainer/decodeText(forKey:maxBytes:)``).
///
/// Errors are `DecodingError`s whose coding path names the field, so callers word them once.
package struct JSONNodeDecoder {
    /// The longest string (in UTF-8 bytes) read anywhere in a document.
    package var maximumStringBytes: Int

    /// A decoder.
    /// - Parameter maximumStringBytes: the longest string accepted anywhere (default 4096 bytes).
    package init(maximumStringBytes: Int = 4096) { self.maximumStringBytes = maximumStringBytes }

    /// Parses `bytes` with ``JSONReader`` and decodes a `T` from it.
    /// - Throws: ``JSONSyntaxError`` for text that is not JSON; `DecodingError` for JSON that is not a `T`.
    package func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        var copy = bytes
        return try decode(type, from: JSONReader.parse(bytes: &copy))
    }

    /// Decodes a `T` from a parsed tree.
    /// - Throws: `DecodingError` naming the field (unknown or duplicate keys included).
    package func decode<T: Decodable>(_ type: T.Type, from node: JSONNode) throws -> T {
        let session = NodeDecodingSession(maximumStringBytes: maximumStringBytes)
        let value = try T(from: NodeDecoder(node: node, codingPath: [], session: session))
        try session.checkUnknownKeys()
        return value
    }

    /// The known key nearest to `key` (edit distance at most 2, or equal ignoring case), if any.
    package static func suggestion(for key: String, among known: some Sequence<String>) -> String? {
        var best: (String, Int)?
        for candidate in known {
            let d = candidate.lowercased() == key.lowercased() ? 0 : editDistance(Array(key.utf8), Array(candidate.utf8))
            if d <= 2, best.map({ d < $0.1 || (d == $0.1 && candidate < $0.0) }) ?? true { best = (candidate, d) }
        }
        return best?.0
    }

    /// Levenshtein distance over bytes (keys are short; bounded by the string limit).
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        if abs(a.count - b.count) > 2 { return 3 }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

/// A `CodingKey` for array indexes and dictionary keys.
package struct JSONCodingKey: CodingKey, Sendable {
    package var stringValue: String
    package var intValue: Int?
    package init(stringValue: String) { self.stringValue = stringValue; intValue = nil }
    package init(intValue: Int) { stringValue = "\(intValue)"; self.intValue = intValue }
}

/// What one decode remembers across containers: the keys each object was asked for.
final class NodeDecodingSession {
    let maximumStringBytes: Int
    /// Per object (by its offset in the text): its path, members and the keys asked.
    private var objects: [Int: (path: [any CodingKey], members: [JSONMember], asked: Set<String>, all: Bool)] = [:]

    init(maximumStringBytes: Int) { self.maximumStringBytes = maximumStringBytes }

    func register(_ node: JSONNode, members: [JSONMember], path: [any CodingKey]) throws {
        let offset = node.position.offset
        guard objects[offset] == nil else { return }
        var seen = Set<String>()
        for member in members {
            guard member.key.utf8.count <= maximumStringBytes else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: path, debugDescription: "a key of \(member.key.utf8.count) bytes is longer than \(maximumStringBytes) bytes"))
            }
            guard seen.insert(member.key).inserted else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: path + [JSONCodingKey(stringValue: member.key)],
                        debugDescription:
                            "the key '\(member.key)' appears twice in one object (line \(member.keyPosition.line), column \(member.keyPosition.column)): keep one"
                    ))
            }
        }
        objects[offset] = (path, members, [], false)
    }

    func asked(_ key: String, in node: JSONNode) { objects[node.position.offset]?.asked.insert(key) }
    func askedAll(in node: JSONNode) { objects[node.position.offset]?.all = true }

    /// An unknown field near `key` in `node` (for a missing key that was misspelt).
    func misspelling(of key: String, in node: JSONNode) -> JSONMember? {
        guard let object = objects[node.position.offset] else { return nil }
        return object.members.first { $0.key != key && !object.asked.contains($0.key) && JSONNodeDecoder.suggestion(for: $0.key, among: [key]) != nil }
    }

    /// Throws for the first key (in text order) no container asked for.
    func checkUnknownKeys() throws {
        for (_, object) in objects.sorted(by: { $0.key < $1.key }) where !object.all {
            for member in object.members where !object.asked.contains(member.key) {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: object.path + [JSONCodingKey(stringValue: member.key)],
                        debugDescription: Self.unknownMessage(member.key, known: object.asked)))
            }
        }
    }

    static func unknownMessage(_ key: String, known: Set<String>) -> String {
        if let near = JSONNodeDecoder.suggestion(for: key, among: known) { return "unknown field '\(key)': did you mean '\(near)'?" }
        return "unknown field '\(key)'" + (known.isEmpty ? "" : " (known here: \(known.sorted().joined(separator: ", ")))")
    }
}

struct NodeDecoder: Decoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    let session: NodeDecodingSession
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let members = node.objectMembers else { throw mismatch([String: Any].self, node, codingPath) }
        try session.register(node, members: members, path: codingPath)
        // A large object (a dictionary of thousands of entries) is looked up through an index,
        // so decoding it is linear in its members; a small one is scanned.
        let index = members.count > 16 ? Dictionary(members.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first }) : nil
        return KeyedDecodingContainer(NodeKeyedContainer<Key>(node: node, members: members, index: index, codingPath: codingPath, session: session))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let items = node.arrayValue else { throw mismatch([Any].self, node, codingPath) }
        return NodeUnkeyedContainer(items: items, codingPath: codingPath, session: session)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { NodeSingleValue(node: node, codingPath: codingPath, session: session) }
}

func mismatch(_ type: Any.Type, _ node: JSONNode, _ path: [any CodingKey]) -> DecodingError {
    let found: String =
        switch node.value {
        case .null: "null"
        case .bool: "true or false"
        case .number(let n): "the number \(n)"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    if case .null = node.value { return .valueNotFound(type, .init(codingPath: path, debugDescription: "found null")) }
    return .typeMismatch(type, .init(codingPath: path, debugDescription: "found \(found)"))
}

/// Reads one leaf value of type `T` from `node`.
func unbox<T: Decodable>(_ type: T.Type, _ node: JSONNode, _ path: [any CodingKey], _ session: NodeDecodingSession) throws -> T {
    func corrupt(_ message: String) -> DecodingError { .dataCorrupted(.init(codingPath: path, debugDescription: message)) }
    func integer<I: FixedWidthInteger>(_: I.Type) throws -> I {
        guard case .number(let literal) = node.value else { throw mismatch(I.self, node, path) }
        if let exact = I(literal) { return exact }
        // `1e16`, `9007199254740993.0`: a whole number written with an exponent or a fraction is
        // read exactly from its digits (a Double would round the second).
        switch wholeNumberDigits(literal) {
        case .whole(let digits):
            if let v = I(digits) { return v }
        case .fraction:
            throw corrupt("\(literal) is not a whole number")
        case .tooLong:
            break
        }
        throw corrupt("\(literal) is out of range \(I.min)…\(I.max)")
    }
    switch type {
    case is String.Type:
        guard case .string(let s) = node.value else { throw mismatch(String.self, node, path) }
        guard s.utf8.count <= session.maximumStringBytes else {
            throw corrupt("a text of \(s.utf8.count) bytes is longer than the limit of \(session.maximumStringBytes) bytes")
        }
        return s as! T
    case is Bool.Type:
        guard case .bool(let b) = node.value else { throw mismatch(Bool.self, node, path) }
        return b as! T
    case is Double.Type, is Float.Type:
        guard case .number(let literal) = node.value else { throw mismatch(T.self, node, path) }
        guard let d = Double(literal), d.isFinite, type != Float.self || Float(d).isFinite else {
            throw corrupt("\(literal) is out of range of a finite number")
        }
        return (type == Float.self ? Float(d) as Any : d as Any) as! T
    case is Int.Type: return try integer(Int.self) as! T
    case is Int8.Type: return try integer(Int8.self) as! T
    case is Int16.Type: return try integer(Int16.self) as! T
    case is Int32.Type: return try integer(Int32.self) as! T
    case is Int64.Type: return try integer(Int64.self) as! T
    case is UInt.Type: return try integer(UInt.self) as! T
    case is UInt8.Type: return try integer(UInt8.self) as! T
    case is UInt16.Type: return try integer(UInt16.self) as! T
    case is UInt32.Type: return try integer(UInt32.self) as! T
    case is UInt64.Type: return try integer(UInt64.self) as! T
    default:
        return try T(from: NodeDecoder(node: node, codingPath: path, session: session))
    }
}

struct NodeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let node: JSONNode
    let members: [JSONMember]
    /// Member positions by key, for a large object.
    let index: [String: Int]?
    let codingPath: [any CodingKey]
    let session: NodeDecodingSession

    private func member(_ key: String) -> JSONMember? {
        if let index { return index[key].map { members[$0] } }
        return members.first { $0.key == key }
    }

    var allKeys: [Key] {
        session.askedAll(in: node)
        return members.compactMap { Key(stringValue: $0.key) }
    }

    func contains(_ key: Key) -> Bool {
        session.asked(key.stringValue, in: node)
        return member(key.stringValue) != nil
    }

    private func child(_ key: Key) throws -> JSONNode {
        session.asked(key.stringValue, in: node)
        if let found = member(key.stringValue) { return found.value }
        if let near = session.misspelling(of: key.stringValue, in: node) {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath + [JSONCodingKey(stringValue: near.key)],
                    debugDescription: "unknown field '\(near.key)': did you mean '\(key.stringValue)'?"))
        }
        throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing"))
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try child(key).value { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try unbox(type, try child(key), codingPath + [key], session) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try unbox(type, try child(key), codingPath + [key], session) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try unbox(type, try child(key), codingPath + [key], session) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try unbox(type, try child(key), codingPath + [key], session) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try unbox(type, try child(key), codingPath + [key], session) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try unbox(type, try child(key), codingPath + [key], session) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try NodeDecoder(node: try child(key), codingPath: codingPath + [key], session: session).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try NodeDecoder(node: try child(key), codingPath: codingPath + [key], session: session).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { NodeDecoder(node: node, codingPath: codingPath, session: session) }
    func superDecoder(forKey key: Key) throws -> any Decoder { NodeDecoder(node: try child(key), codingPath: codingPath + [key], session: session) }
}

struct NodeUnkeyedContainer: UnkeyedDecodingContainer {
    let items: [JSONNode]
    let codingPath: [any CodingKey]
    let session: NodeDecodingSession
    var currentIndex = 0

    init(items: [JSONNode], codingPath: [any CodingKey], session: NodeDecodingSession) {
        self.items = items
        self.codingPath = codingPath
        self.session = session
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next() throws -> (JSONNode, [any CodingKey]) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "the array has only \(items.count) items"))
        }
        defer { currentIndex += 1 }
        return (items[currentIndex], codingPath + [JSONCodingKey(intValue: currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { return false }
        if case .null = items[currentIndex].value { currentIndex += 1; return true }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (item, path) = try next()
        return try unbox(type, item, path, session)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (item, path) = try next()
        return try NodeDecoder(node: item, codingPath: path, session: session).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (item, path) = try next()
        return try NodeDecoder(node: item, codingPath: path, session: session).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (item, path) = try next()
        return NodeDecoder(node: item, codingPath: path, session: session)
    }
}

struct NodeSingleValue: SingleValueDecodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]
    let session: NodeDecodingSession

    func decodeNil() -> Bool {
        if case .null = node.value { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try unbox(type, node, codingPath, session) }
}

extension KeyedDecodingContainer {
    /// Decodes a whole number that must lie in `range`.
    /// - Throws: `DecodingError.dataCorrupted` at the field's path ("-9 is out of range 0…10000000").
    package func decode(_ type: Int.Type, forKey key: Key, in range: ClosedRange<Int>) throws -> Int {
        let value = try decode(Int.self, forKey: key)
        guard range.contains(value) else { throw outOfRange("\(value)", range, key) }
        return value
    }

    /// Decodes an optional whole number that, when present, must lie in `range`.
    package func decodeIfPresent(_ type: Int.Type, forKey key: Key, in range: ClosedRange<Int>) throws -> Int? {
        guard let value = try decodeIfPresent(Int.self, forKey: key) else { return nil }
        guard range.contains(value) else { throw outOfRange("\(value)", range, key) }
        return value
    }

    /// Decodes an optional finite number that, when present, must lie in `range`.
    package func decodeIfPresent(_ type: Double.Type, forKey key: Key, in range: ClosedRange<Double>) throws -> Double? {
        guard let value = try decodeIfPresent(Double.self, forKey: key) else { return nil }
        guard value.isFinite, range.contains(value) else { throw outOfRange("\(value)", range, key) }
        return value
    }

    /// Decodes a finite number that must lie in `range`.
    package func decode(_ type: Double.Type, forKey key: Key, in range: ClosedRange<Double>) throws -> Double {
        let value = try decode(Double.self, forKey: key)
        guard value.isFinite, range.contains(value) else { throw outOfRange("\(value)", range, key) }
        return value
    }

    /// Decodes a string of at most `maxBytes` UTF-8 bytes.
    package func decodeText(forKey key: Key, maxBytes: Int) throws -> String {
        let text = try decode(String.self, forKey: key)
        guard text.utf8.count <= maxBytes else { throw tooLong(text, maxBytes, key) }
        return text
    }

    /// Decodes an optional string of at most `maxBytes` UTF-8 bytes.
    package func decodeTextIfPresent(forKey key: Key, maxBytes: Int) throws -> String? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard text.utf8.count <= maxBytes else { throw tooLong(text, maxBytes, key) }
        return text
    }

    private func outOfRange<B: Comparable>(_ value: String, _ range: ClosedRange<B>, _ key: Key) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath + [key], debugDescription: "\(value) is out of range \(range.lowerBound)…\(range.upperBound)"))
    }

    private func tooLong(_ text: String, _ maxBytes: Int, _ key: Key) -> DecodingError {
        .dataCorrupted(
            .init(codingPath: codingPath + [key], debugDescription: "a text of \(text.utf8.count) bytes is longer than the limit of \(maxBytes) bytes"))
    }
}

/// What a JSON number literal is as an integer.
package enum WholeNumber: Equatable {
    /// A whole number: its decimal digits (with `-` for a negative one), as `Int(_:)` reads them.
    case whole(String)
    /// A number with a fraction that is not zero.
    case fraction
    /// A whole number of more than 40 digits (beyond every integer type).
    case tooLong
}

/// Reads a JSON number literal (`-?int(.frac)?([eE][+-]?exp)?`) exactly, as decimal digits: no
/// rounding through `Double`. Linear in the literal; an exponent that would write more than 40
/// digits is ``WholeNumber/tooLong`` (or, when negative enough, a fraction unless every digit is 0).
package func wholeNumberDigits(_ literal: String) -> WholeNumber {
    var text = Substring(literal)
    let negative = text.first == "-"
    if negative { text = text.dropFirst() }
    var exponent = 0
    if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
        let written = text[text.index(after: e)...]
        let sign = written.first == "-" ? -1 : 1
        let digits = written.drop { $0 == "+" || $0 == "-" }
        // An exponent past ±10,000 is out of any range (or a fraction) whatever the digits.
        exponent = digits.count > 5 ? sign * 100_000 : sign * (Int(digits) ?? 0)
        text = text[..<e]
    }
    var integer = text, fraction = Substring("")
    if let dot = text.firstIndex(of: ".") { integer = text[..<dot]; fraction = text[text.index(after: dot)...] }
    // digits × 10^(exponent - fraction.count)
    var digits = String(integer) + String(fraction)
    var shift = exponent - fraction.count
    // Leading zeros say nothing.
    digits = String(digits.drop { $0 == "0" })
    if digits.isEmpty { return .whole("0") }
    if shift < 0 {
        let cut = -shift
        let dropped = cut >= digits.count ? Substring(digits) : digits.suffix(cut)
        guard dropped.allSatisfy({ $0 == "0" }) else { return .fraction }
        digits = cut >= digits.count ? "0" : String(digits.dropLast(cut))
        shift = 0
    }
    guard digits.count + shift <= 40 else { return .tooLong }
    let whole = digits + String(repeating: "0", count: shift)
    return .whole(negative && whole != "0" ? "-" + whole : whole)
}
