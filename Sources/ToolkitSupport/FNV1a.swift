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
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= prime
        }
        return hash
    }

    /// The hash of `text` as 16 lowercase hexadecimal digits (`"Hello"` → `63f0bfacf2c00f6b`).
    /// - Parameter text: the text to hash.
    /// - Returns: the zero-padded hexadecimal digits.
    package static func hex(_ text: String) -> String {
        let value = hash64(text)
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8](repeating: 0, count: 16)
        for i in 0..<16 { out[15 - i] = digits[Int((value >> UInt64(4 * i)) & 0xF)] }
        return String(decoding: out, as: UTF8.self)
    }
}
