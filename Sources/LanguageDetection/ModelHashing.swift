/// The string hash shared by the model generator (scripts/langid/generate_model.py) and the detector.
///
/// FNV-1a with one step per Unicode scalar value, then MurmurHash3's 64-bit finaliser so that
/// the top bits (bucket) and the low bits (fingerprint) are both well mixed.
enum ModelHashing {
    static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// Hash of a sequence of scalar values.
    @inline(__always)
    static func hash<S: Sequence>(_ scalars: S) -> UInt64 where S.Element == UInt32 {
        var h = offsetBasis
        for s in scalars {
            h = (h ^ UInt64(s)) &* prime
        }
        return finalize(h)
    }

    /// MurmurHash3's fmix64.
    @inline(__always)
    static func finalize(_ value: UInt64) -> UInt64 {
        var h = value
        h ^= h >> 33
        h = h &* 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        h = h &* 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return h
    }
}
