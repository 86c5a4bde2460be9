/// A wire model whose JSON object is written field by field through one `switch` over its keys
/// (``write(_:to:)``), the same for both writers of the package: the stream writer
/// (``JSONStreamWriter``, in the writers' order) and an `Encoder` (``encodeFields(to:)``, its
/// `Encodable` conformance). A key that the switch forgets does not compile, and what one writer
/// writes, the other writes the same way.
package protocol JSONFieldWritable {
    /// The model's keys.
    associatedtype Field: JSONFields
    /// The keys, looked up by their bytes and in the writers' order: a `static let` of the model,
    /// built once, never on a read or a write.
    static var fields: JSONFieldTable<Field> { get }
    /// Writes the value of `field` to `w` (nothing for a key the model leaves out).
    func write<W: JSONFieldWriter>(_ field: Field, to w: inout W) throws(W.Failure)
}

extension JSONFieldWritable {
    /// Writes the object with the stream writer, its keys in the writers' order.
    package func write(to w: inout JSONStreamWriter) {
        w.beginObject()
        for field in Self.fields.written { write(field, to: &w) }
        w.endObject()
    }

    /// Writes the object to an `Encoder` (the model's `encode(to:)`), its keys in declaration order.
    /// - Throws: what the encoder throws.
    package func encodeFields(to encoder: any Encoder) throws {
        var w = JSONEncoderFields(container: encoder.container(keyedBy: JSONCodingKey.self))
        for field in Field.allCases { try write(field, to: &w) }
    }
}

/// Where a ``JSONFieldWritable``'s field is written: the stream writer, or an `Encoder`'s keyed
/// container. Each method writes the field's key, then its value.
package protocol JSONFieldWriter {
    /// What a write throws.
    associatedtype Failure: Error
    /// Writes `true` or `false`.
    mutating func bool<F: JSONFields>(_ value: Bool, at field: F) throws(Failure)
    /// Writes a whole number.
    mutating func int<F: JSONFields>(_ value: Int, at field: F) throws(Failure)
    /// Writes a non-negative whole number.
    mutating func uint64<F: JSONFields>(_ value: UInt64, at field: F) throws(Failure)
    /// Writes a string.
    mutating func string<F: JSONFields>(_ value: String, at field: F) throws(Failure)
    /// Writes a value as its raw string.
    mutating func value<T: RawRepresentable & Encodable, F: JSONFields>(_ value: T, at field: F) throws(Failure) where T.RawValue == String
    /// Writes a nested model.
    mutating func object<T: JSONFieldWritable & Encodable, F: JSONFields>(_ value: T, at field: F) throws(Failure)
    /// Writes an array of nested models.
    mutating func objects<T: JSONFieldWritable & Encodable, F: JSONFields>(_ values: [T], at field: F) throws(Failure)
    /// Writes a value of any other form: an `Encoder` through `T`'s `Encodable` conformance, the
    /// stream writer through `bytes` (which must write the same value).
    mutating func write<T: Encodable, F: JSONFields>(_ value: T, at field: F, bytes: (inout JSONStreamWriter) -> Void) throws(Failure)
}

extension JSONStreamWriter: JSONFieldWriter {
    /// The stream writer throws nothing.
    package typealias Failure = Never

    package mutating func bool<F: JSONFields>(_ value: Bool, at field: F) { plainKey(field.rawValue); bool(value) }

    package mutating func int<F: JSONFields>(_ value: Int, at field: F) { plainKey(field.rawValue); int(value) }

    package mutating func uint64<F: JSONFields>(_ value: UInt64, at field: F) {
        plainKey(field.rawValue)
        self.value { $0.append(contentsOf: String(value).utf8) }
    }

    package mutating func string<F: JSONFields>(_ value: String, at field: F) { plainKey(field.rawValue); string(value) }

    package mutating func value<T: RawRepresentable & Encodable, F: JSONFields>(_ value: T, at field: F) where T.RawValue == String {
        plainKey(field.rawValue)
        string(value.rawValue)
    }

    package mutating func object<T: JSONFieldWritable & Encodable, F: JSONFields>(_ value: T, at field: F) {
        plainKey(field.rawValue)
        value.write(to: &self)
    }

    package mutating func objects<T: JSONFieldWritable & Encodable, F: JSONFields>(_ values: [T], at field: F) {
        plainKey(field.rawValue)
        beginArray()
        for value in values { value.write(to: &self) }
        endArray()
    }

    package mutating func write<T: Encodable, F: JSONFields>(_ value: T, at field: F, bytes: (inout JSONStreamWriter) -> Void) {
        plainKey(field.rawValue)
        bytes(&self)
    }
}

/// An `Encoder`'s keyed container, as a ``JSONFieldWriter``.
package struct JSONEncoderFields: JSONFieldWriter {
    /// The container (a reference to the encoder's storage: its copies write to the same object).
    var container: KeyedEncodingContainer<JSONCodingKey>

    /// The encoder's errors.
    package typealias Failure = any Error

    package mutating func bool<F: JSONFields>(_ value: Bool, at field: F) throws { try container.encode(value, forKey: Self.key(field)) }

    package mutating func int<F: JSONFields>(_ value: Int, at field: F) throws { try container.encode(value, forKey: Self.key(field)) }

    package mutating func uint64<F: JSONFields>(_ value: UInt64, at field: F) throws { try container.encode(value, forKey: Self.key(field)) }

    package mutating func string<F: JSONFields>(_ value: String, at field: F) throws { try container.encode(value, forKey: Self.key(field)) }

    package mutating func value<T: RawRepresentable & Encodable, F: JSONFields>(_ value: T, at field: F) throws where T.RawValue == String {
        try container.encode(value, forKey: Self.key(field))
    }

    package mutating func object<T: JSONFieldWritable & Encodable, F: JSONFields>(_ value: T, at field: F) throws {
        try container.encode(value, forKey: Self.key(field))
    }

    package mutating func objects<T: JSONFieldWritable & Encodable, F: JSONFields>(_ values: [T], at field: F) throws {
        try container.encode(values, forKey: Self.key(field))
    }

    package mutating func write<T: Encodable, F: JSONFields>(_ value: T, at field: F, bytes: (inout JSONStreamWriter) -> Void) throws {
        try container.encode(value, forKey: Self.key(field))
    }

    private static func key<F: JSONFields>(_ field: F) -> JSONCodingKey { JSONCodingKey(stringValue: field.rawValue) }
}

extension JSONFieldWriter {
    /// Writes an array of strings.
    package mutating func strings<F: JSONFields>(_ values: [String], at field: F) throws(Failure) {
        try write(values, at: field) { w in w.strings(values) }
    }

    /// Writes an array of whole numbers.
    package mutating func ints<F: JSONFields>(_ values: [Int], at field: F) throws(Failure) {
        try write(values, at: field) { w in
            w.beginArray()
            for value in values { w.int(value) }
            w.endArray()
        }
    }
}
