/// A wire model whose JSON object is read field by field through one `switch` over its keys
/// (``read(_:from:)``), the same for both readers of the package: the byte cursor
/// (``JSONCursor``, a batch line) and the strict decoder (``init(fieldsFrom:)``, its
/// `Decodable` conformance). A key that the switch forgets does not compile, and what one reader
/// takes, the other takes the same way. Its writers switch over the same keys
/// (``JSONFieldWritable``).
package protocol JSONFieldObject: JSONFieldWritable {
    /// The value before any field is read: what an absent optional key leaves.
    static var wireDefault: Self { get }
    /// Reads the value of `field` from `r` into the model.
    mutating func read<R: JSONFieldReader>(_ field: Field, from r: inout R) throws(R.Failure)
}

extension JSONFieldObject {
    /// Reads the model from a strict decoder (``JSONNodeDecoder``): each key that is present and
    /// not `null`, and each required one, in declaration order, as `decodeIfPresent` and
    /// `decode` would.
    /// - Throws: `DecodingError` naming the field.
    package init(fieldsFrom decoder: any Decoder) throws {
        self = Self.wireDefault
        let c = try decoder.container(keyedBy: Field.self)
        let required = Self.fields.required
        for field in Field.allCases {
            if required.isEmpty || !required.contains(field) {
                guard c.contains(field), try !c.decodeNil(forKey: field) else { continue }
            }
            var r = JSONContainerField(container: c, key: field)
            try read(field, from: &r)
        }
    }
}

/// A ``JSONFieldObject`` whose absent keys keep the values of its `init()`.
package protocol JSONDefaultFieldObject: JSONFieldObject {
    /// The value with every field at its default.
    init()
}

extension JSONDefaultFieldObject {
    /// The value of `init()`.
    package static var wireDefault: Self { Self() }
}

/// Where a ``JSONFieldObject``'s field is read from: the byte cursor, or a strict decoder's
/// container positioned on the field.
package protocol JSONFieldReader {
    /// What a read throws.
    associatedtype Failure: Error
    /// Reads `true` or `false`.
    mutating func bool() throws(Failure) -> Bool
    /// Reads a whole number within `range`.
    mutating func int(in range: ClosedRange<Int>) throws(Failure) -> Int
    /// Reads a non-negative whole number.
    mutating func uint64() throws(Failure) -> UInt64
    /// Reads a finite number within `range`.
    mutating func double(in range: ClosedRange<Double>) throws(Failure) -> Double
    /// Reads a string of at most `maxBytes` UTF-8 bytes.
    mutating func string(maxBytes: Int) throws(Failure) -> String
    /// Reads a string that is one of `T`'s raw values.
    mutating func value<T: RawRepresentable & Decodable>(_ type: T.Type) throws(Failure) -> T where T.RawValue == String
    /// Reads a nested model.
    mutating func object<T: JSONFieldObject & Decodable>(_ type: T.Type) throws(Failure) -> T
    /// Reads an array of nested models.
    mutating func objects<T: JSONFieldObject & Decodable>(_ type: T.Type) throws(Failure) -> [T]
    /// Reads a value of any other form: the strict decoder through `T`'s `Decodable`
    /// conformance, the cursor through `bytes`.
    mutating func read<T: Decodable>(_ type: T.Type, bytes: (inout JSONCursor) throws(JSONCursor.Failure) -> T) throws(Failure) -> T
    /// The error for the field's value, refused with `message` (at its member `key`, if any).
    func refusal(_ message: String, at key: String?) -> Failure
}

extension JSONFieldReader {
    /// Reads any whole number.
    @inlinable package mutating func int() throws(Failure) -> Int { try int(in: Int.min...Int.max) }
    /// Reads a string of any length (within the reader's own limit).
    @inlinable package mutating func string() throws(Failure) -> String { try string(maxBytes: .max) }
}

/// A strict decoder's container, positioned on one field.
package struct JSONContainerField<Field: CodingKey>: JSONFieldReader {
    /// The container.
    let container: KeyedDecodingContainer<Field>
    /// The field.
    let key: Field

    /// The container's errors: `DecodingError`.
    package typealias Failure = any Error

    package func bool() throws -> Bool { try container.decode(Bool.self, forKey: key) }

    package func int(in range: ClosedRange<Int>) throws -> Int {
        range == Int.min...Int.max ? try container.decode(Int.self, forKey: key) : try container.decode(Int.self, forKey: key, in: range)
    }

    package func uint64() throws -> UInt64 { try container.decode(UInt64.self, forKey: key) }

    package func double(in range: ClosedRange<Double>) throws -> Double { try container.decode(Double.self, forKey: key, in: range) }

    package func string(maxBytes: Int) throws -> String {
        maxBytes == .max ? try container.decode(String.self, forKey: key) : try container.decodeText(forKey: key, maxBytes: maxBytes)
    }

    package func value<T: RawRepresentable & Decodable>(_ type: T.Type) throws -> T where T.RawValue == String {
        try container.decode(T.self, forKey: key)
    }

    package func object<T: JSONFieldObject & Decodable>(_ type: T.Type) throws -> T { try container.decode(T.self, forKey: key) }

    package func objects<T: JSONFieldObject & Decodable>(_ type: T.Type) throws -> [T] { try container.decode([T].self, forKey: key) }

    package func read<T: Decodable>(_ type: T.Type, bytes: (inout JSONCursor) throws(JSONCursor.Failure) -> T) throws -> T {
        try container.decode(T.self, forKey: key)
    }

    package func refusal(_ message: String, at member: String?) -> any Error {
        DecodingError.dataCorrupted(
            .init(codingPath: container.codingPath + [key] + (member.map { [JSONCodingKey(stringValue: $0)] } ?? []), debugDescription: message))
    }
}

extension JSONCursor: JSONFieldReader {
    /// Reads a nested model, its required keys checked.
    @inlinable package mutating func object<T: JSONFieldObject & Decodable>(_ type: T.Type) throws(Failure) -> T {
        var value = T.wireDefault
        let required = T.fields.required
        var seen: [T.Field] = []
        try object(T.fields) { r, field throws(Failure) in
            try value.read(field, from: &r)
            if !required.isEmpty { seen.append(field) }
        }
        for field in required where !seen.contains(field) { throw missing(field.rawValue) }
        return value
    }

    /// Reads an array of nested models.
    @inlinable package mutating func objects<T: JSONFieldObject & Decodable>(_ type: T.Type) throws(Failure) -> [T] {
        try array(of: { r throws(Failure) in try r.object(T.self) })
    }

    /// Reads a value through `bytes`.
    @inlinable package mutating func read<T: Decodable>(_ type: T.Type, bytes: (inout JSONCursor) throws(Failure) -> T) throws(Failure) -> T {
        try bytes(&self)
    }

    /// The refusal of the value just read (inside its member `key`, if any).
    package func refusal(_ message: String, at key: String?) -> Failure {
        var failure = invalid(.dataCorrupted(message))
        if let key { failure = failure.inside(JSONCodingKey(stringValue: key)) }
        return failure
    }
}
