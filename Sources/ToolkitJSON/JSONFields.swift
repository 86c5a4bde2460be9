/// A wire model's JSON keys, declared once as the cases of one enum: the model's `Decodable`
/// conformance, its byte reader (``JSONCursor``) and its writers (`Encodable`,
/// ``JSONStreamWriter``) each `switch` over the cases exhaustively, so a key that one of them
/// forgets is a compile error, not a drift that only an equivalence test catches.
///
/// Declare the cases in the order the decoder reads them (that order decides which of two errors
/// is reported); ``JSONFieldTable/written`` gives them in the order the writers write them.
package protocol JSONFields: CodingKey, CaseIterable, Hashable, Sendable {
    /// The key as written in JSON.
    var rawValue: String { get }
}

/// The fields of one model, looked up by a key's bytes (the byte reader) and in the order the
/// writers write them: by their UTF-8 bytes, as `JSONEncoder`'s `.sortedKeys`.
package struct JSONFieldTable<Field: JSONFields>: Sendable {
    /// The fields in the writers' order (sorted by their UTF-8 bytes).
    package let written: [Field]
    /// The fields in declaration order.
    @usableFromInline let cases: [Field]
    /// Their keys' bytes, in the same order.
    @usableFromInline let keys: JSONKeyIndex
    /// The keys that must be present (a ``JSONFieldObject``'s): one that is missing is an error,
    /// one that is `null` too.
    package let required: [Field]

    /// The table of every case of `Field`.
    /// - Parameter required: the keys without a default, that a reader must find.
    package init(_: Field.Type = Field.self, required: [Field] = []) {
        written = Field.allCases.sorted { $0.rawValue.utf8.lexicographicallyPrecedes($1.rawValue.utf8) }
        cases = Array(Field.allCases)
        keys = JSONKeyIndex(cases.map(\.rawValue))
        self.required = required
    }

    /// The field whose key is `key`, or nil for a key the model does not have.
    @inlinable package func field(_ key: JSONCursor.Key) -> Field? {
        guard let index = keys.index(of: key) else { return nil }
        return cases[index]
    }
}

/// Keys looked up by their bytes: the position of a key among a model's keys.
package struct JSONKeyIndex: Sendable {
    /// Each key's UTF-8 bytes.
    private let keys: [[UInt8]]

    /// An index of `names`.
    package init(_ names: [String]) { keys = names.map { Array($0.utf8) } }

    /// The position of `key` among the names, or nil.
    package func index(of key: JSONCursor.Key) -> Int? {
        let bytes = key.bytes
        return bytes.withUnsafeBufferPointer { text in
            for (i, name) in keys.enumerated() where name.count == text.count {
                if name.withUnsafeBufferPointer({ $0.elementsEqual(text) }) { return i }
            }
            return nil
        }
    }
}

extension JSONCursor {
    /// Reads an object whose keys are the fields of `table`: `body` reads the value of each
    /// member, given its field.
    /// - Throws: ``Failure``: anything but an object, a key that appears twice, whatever `body`
    ///   throws. A key that is not one of the fields is reported by ``end()``, as the strict
    ///   decoder reports it once the rest is read.
    @inlinable package mutating func object<Field>(_ table: JSONFieldTable<Field>, _ body: (inout JSONCursor, Field) throws(Failure) -> Void) throws(Failure) {
        try object { r, key throws(Failure) in
            guard let field = table.field(key) else { return try r.skipUnknown(key, among: table.cases.map(\.rawValue)) }
            try body(&r, field)
        }
    }
}
