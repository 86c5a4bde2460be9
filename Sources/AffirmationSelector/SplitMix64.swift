/// A small, fast, seedable pseudo-random generator (Steele, Lea and Flood's SplitMix64).
///
/// Every choice the scheduler makes comes from this generator seeded with a ``StableKey``, so the
/// same inputs give the same choices on every platform, process and run. Indices are computed from
/// the raw `UInt64` values (`next() % count`), never through `random(in:using:)`, whose algorithm
/// the standard library may change.
///
/// ```swift
/// var rng = SplitMix64(seed: StableKey.fnv1a64("affirmation|en|2026-11-23"))
/// let index = Int(rng.next() % 60)   // the same on every platform and run
/// print(index)
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    /// The generator's whole state.
    public private(set) var state: UInt64

    /// A generator that starts from `seed`.
    /// - Parameter seed: any 64-bit value; equal seeds give equal sequences.
    public init(seed: UInt64) { state = seed }

    /// The next value of the sequence.
    /// - Returns: 64 well-mixed bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` from the raw output (modulo; the bias is below 2⁻⁵⁰ for the pool
    /// sizes used here).
    /// - Parameter bound: the number of choices, at least 1.
    /// - Returns: an index in `0..<bound`.
    public mutating func index(below bound: Int) -> Int {
        precondition(bound > 0, "index(below:) needs at least one choice")
        return Int(next() % UInt64(bound))
    }
}
