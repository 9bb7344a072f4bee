/// SplitMix64 (Steele, Lea and Flood, 2014): a small seeded random number generator, so that a seed
/// repeats the same sequence on every platform and in every run.
///
/// Ripple uses it wherever an order must be reproducible from a printed seed: `ripple test --shuffle`,
/// the benchmarks' fixtures and the property tests. The Lua prelude's test shuffle computes the same
/// sequence in Lua, so one seed means the same order in both.
public struct SplitMix64: RandomNumberGenerator {
    /// The seed the generator started from.
    public let seed: UInt64
    private var state: UInt64

    /// A generator whose sequence is determined by `seed`.
    public init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in `0..<1` from the next 53 random bits.
    public mutating func nextDouble() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
