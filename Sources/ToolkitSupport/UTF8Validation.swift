/// Strict UTF-8 decoding for every module, on every platform the package names.
///
/// The standard library's `String(validating:as:)` is iOS 18, macOS 15, watchOS 11 and tvOS 18;
/// the package's floors are iOS 16, macOS 13, watchOS 9 and tvOS 16. This is the one place that
/// decodes bytes that must be valid UTF-8: it calls `String(validating:as:)` where the OS has it
/// and otherwise validates with the standard library's own UTF-8 parser (`Unicode.UTF8.ForwardParser`,
/// which refuses overlong forms, surrogates and scalars past U+10FFFF exactly as
/// `String(validating:as:)` does) before `String(decoding:as:)`, which then replaces nothing.
/// scripts/check-availability.py refuses a direct call anywhere else.
package enum UTF8Validation {
    /// The text of `bytes`, or nil when they are not valid UTF-8 (nothing is replaced).
    @inlinable
    package static func string<Bytes: Collection>(_ bytes: Bytes) -> String? where Bytes.Element == UInt8 {
        if #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *) {
            return String(validating: bytes, as: UTF8.self)
        }
        guard firstInvalidOffset(bytes) == nil else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `bytes` are valid UTF-8.
    @inlinable
    package static func isValid<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        firstInvalidOffset(bytes) == nil
    }

    /// The offset (from the start of `bytes`) of the first byte that does not begin a valid
    /// UTF-8 sequence, or nil when all of `bytes` is valid. Linear in the length.
    @inlinable
    package static func firstInvalidOffset<Bytes: Collection>(_ bytes: Bytes) -> Int? where Bytes.Element == UInt8 {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}
