extension JSONReader {
    /// The string value of the member `key` of a top-level JSON object, read with the same parser
    /// as ``parse(bytes:)`` but only as far as that member: a line whose JSON breaks after the
    /// member still gives it (a batch's error line names its user).
    /// - Parameters:
    ///   - key: the member's key (its first occurrence counts).
    ///   - bytes: the JSON text, UTF-8.
    /// - Returns: the member's string, or nil when the text is not an object, the member is not
    ///   a string, or the JSON breaks before it.
    package static func leadingString(_ key: String, in bytes: [UInt8]) -> String? {
        var p = Parser(b: bytes)
        p.skipWS()
        guard p.i < p.b.count, p.b[p.i] == 0x7B else { return nil }
        p.i += 1
        while true {
            p.skipWS()
            guard p.i < p.b.count, p.b[p.i] == 0x22, let name = try? p.string() else { return nil }
            p.skipWS()
            guard p.i < p.b.count, p.b[p.i] == 0x3A else { return nil }
            p.i += 1
            p.skipWS()
            guard let value = try? p.value(depth: 1) else { return nil }
            if name == key { return value.stringValue }
            p.skipWS()
            guard p.i < p.b.count, p.b[p.i] == 0x2C else { return nil }
            p.i += 1
        }
    }
}
