/// Where a file's bytes are not UTF-8: every malformed sequence with its line and column (the
/// column counts characters, as editors do), so an import or lint can point at each one.
public struct InvalidUTF8: Sendable, Hashable, CustomStringConvertible {
    /// 1-based line of the first byte of the malformed sequence.
    public let line: Int
    /// 1-based column of that byte, in characters (as editors count).
    public let column: Int
    /// 0-based offset of that byte in the file.
    public let offset: Int
    /// How many bytes the malformed sequence has.
    public let length: Int

    /// "byte 0xFF starts a malformed sequence of 1 byte".
    public var detail: String {
        "byte 0x\(String(byte, radix: 16, uppercase: true)) starts a malformed sequence of \(length) byte\(length == 1 ? "" : "s")"
    }

    /// "the file is not valid UTF-8 here (byte 0xFF starts a malformed sequence of 1 byte)".
    public var description: String { "the file is not valid UTF-8 here (\(detail))" }
    let byte: UInt8

    /// Every malformed sequence, in order; empty for valid UTF-8.
    public static func sequences(in bytes: [UInt8]) -> [InvalidUTF8] {
        var out: [InvalidUTF8] = []
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var line = 1, column = 1, offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .emptyInput:
                return out
            case .error(let length):
                out.append(InvalidUTF8(line: line, column: column, offset: offset, length: length, byte: bytes[offset]))
                offset += length
                column += 1  // shown as one replacement character
            case .valid(let encoded):
                if bytes[offset] == 0x0A { line += 1; column = 1 } else { column += 1 }
                offset += encoded.count
            }
        }
    }
}
