import ToolkitSupport

/// Stable 64-bit keys for deterministic choices.
///
/// FNV-1a over the UTF-8 bytes of a string: the same text gives the same key on every platform,
/// process and run, unlike Swift's `Hasher`, which is seeded per process.
public enum StableKey {
    /// The FNV-1a 64-bit offset basis.
    public static let offsetBasis: UInt64 = FNV1a.offsetBasis
    /// The FNV-1a 64-bit prime.
    public static let prime: UInt64 = FNV1a.prime

    /// The FNV-1a hash of `text`'s UTF-8 bytes (the standard FNV-1a 64: `"a"` → `0xaf63dc4c8601ec8c`).
    /// - Parameters:
    ///   - text: the key text, e.g. `"affirmation|en|60|12"`.
    ///   - seed: when given, its eight little-endian bytes are hashed before the text, so that
    ///     users with different seeds get different choices for the same text.
    /// - Returns: the 64-bit hash.
    public static func fnv1a64(_ text: String, seed: UInt64? = nil) -> UInt64 {
        FNV1a.hash64(text, seed: seed)
    }

    /// The hash as 16 lowercase hexadecimal digits (for fingerprints stored in the state).
    /// - Parameter text: the text to hash.
    /// - Returns: e.g. `"a430d84680aabd0b"`.
    public static func hex(_ text: String) -> String { FNV1a.hex(text) }
}
