extension JSONReader {
    /// The string value of the member `key` of a top-level JSON object, read with the same
    /// scanner as ``parse(bytes:)`` but only as far as that member: a line whose JSON breaks
    /// after the member still gives it (a batch's error line names its user).
    /// - Parameters:
    ///   - key: the member's key (its first occurrence counts).
    ///   - bytes: the JSON text, UTF-8.
    /// - Returns: the member's string, or nil when the text is not an object, the member is not
    ///   a string, or the JSON breaks before it.
    package static func leadingString(_ key: String, in bytes: [UInt8]) -> String? {
        var p = Parser(b: bytes)
        p.s.skipWhitespace()
        guard p.s.peek == 0x7B else { return nil }
        if p.s.beginObject() { return nil }
        while true {
            guard let (name, _) = try? p.s.memberKey(), let value = try? p.value(depth: 1) else { return nil }
            if name.bytes(in: bytes).elementsEqual(key.utf8) { return value.stringValue }
            guard (try? p.s.endOfMember(name)) == true else { return nil }
        }
    }
}
