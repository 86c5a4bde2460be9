/// The 64-bit FNV-1a hash: the package's one implementation, behind every stable key, variant
/// choice, shard and source fingerprint.
///
/// The same bytes give the same hash on every platform, process and run, unlike Swift's
/// `Hasher`, which is seeded per process. `"a"` → `0xaf63dc4c8601ec8c` (the FNV reference value).
package enum FNV1a {
    /// The FNV-1a 64-bit offset basis.
    package static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    /// The FNV-1a 64-bit prime.
    package static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// The hash of `text`'s UTF-8 bytes.
    /// - Parameters:
    ///   - text: the text to hash.
    ///   - seed: when given, its eight little-endian bytes are hashed before the text.
    /// - Returns: the 64-bit hash.
    package static func hash64(_ text: String, seed: UInt64? = nil) -> UInt64 {
        var hash = offsetBasis
        if let seed {
            for shift in stride(from: 0, to: 64, by: 8) {
                hash ^= (seed >> UInt64(shift)) & 0xFF
                hash &*= prime
            }
        }
        // The bytes in place when the string holds contiguous UTF-8 (native strings do).
        if let fast = text.utf8.withContiguousStorageIfAvailable({ hash64(continuing: hash, $0) }) { return fast }
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= prime
        }
        return hash
    }

    /// The hash of `bytes`: the same value as ``hash64(_:seed:)`` without a seed gives for a text
    /// with these UTF-8 bytes.
    /// - Parameter bytes: the bytes to hash.
    /// - Returns: the 64-bit hash.
    package static func hash64(bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBufferPointer { hash64(continuing: offsetBasis, $0) }
    }

    private static func hash64(continuing start: UInt64, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = start
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= prime
        }
        return hash
    }

    /// The hash of `text` as 16 lowercase hexadecimal digits (`"Hello"` → `63f0bfacf2c00f6b`).
    /// - Parameter text: the text to hash.
    /// - Returns: the zero-padded hexadecimal digits.
    package static func hex(_ text: String) -> String { hex(value: hash64(text)) }

    /// ``hex(_:)`` of the text whose UTF-8 bytes are `bytes`, without making the text.
    /// - Parameter bytes: the bytes to hash.
    /// - Returns: the zero-padded hexadecimal digits.
    package static func hex(bytes: [UInt8]) -> String { hex(value: hash64(bytes: bytes)) }

    /// 16 lowercase hexadecimal digits, as one small string.
    private static func hex(value: UInt64) -> String {
        String(unsafeUninitializedCapacity: 16) { out in
            for i in 0..<16 {
                let digit = UInt8(truncatingIfNeeded: (value >> UInt64(4 * i)) & 0xF)
                out[15 - i] = digit < 10 ? 0x30 + digit : 0x57 + digit
            }
            return 16
        }
    }
}
