import TranslateModel

/// One process's share of the inputs when N processes (on N machines) split a run: `--shard K/N`.
///
/// An input belongs to shard `hash(path) mod N + 1`, where the path is the input's place below
/// `--output-dir` (its path relative to the directory it was found in). The share therefore
/// depends only on the input's own name: it is the same on every machine, whatever order a
/// directory is listed in, and adding or removing other files never moves an input to another
/// shard. N processes with K = 1…N read every input exactly once.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// This process's shard, from 1 to `count`.
    public let index: Int
    public let count: Int

    /// The largest number of shards accepted.
    public static let maxCount = 1_000_000

    public init?(index: Int, count: Int) {
        guard count >= 1, count <= Self.maxCount, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `K/N` (1 ≤ K ≤ N), as `--shard` takes it.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Self.number(parts[0]), let count = Self.number(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }

    /// Whether the input whose key is `key` (see `key(of:)`) falls to this shard.
    public func contains(key: String) -> Bool {
        Int(Self.stableHash(key) % UInt64(count)) + 1 == index
    }

    /// The inputs of this shard, in their order.
    public func share(of inputs: [BatchInput]) -> [BatchInput] {
        inputs.filter { contains(key: Self.key(of: $0)) }
    }

    /// What an input is assigned by: its path below `--output-dir`, or, for what has none
    /// (standard input, an unreadable directory or list), the name it was given by.
    static func key(of input: BatchInput) -> String {
        input.outputPath ?? input.source.displayName
    }

    /// FNV-1a over the UTF-8 bytes, then SplitMix64's finaliser so that every bit of the result
    /// depends on every byte (FNV's low bits alone spread names that differ in their last
    /// character poorly). Fixed here, unlike Swift's `Hasher`, which is seeded per process.
    static func stableHash(_ key: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        hash ^= hash >> 30
        hash = hash &* 0xbf58_476d_1ce4_e5b9
        hash ^= hash >> 27
        hash = hash &* 0x94d0_49bb_1331_11eb
        hash ^= hash >> 31
        return hash
    }

    /// A plain decimal number: digits only, no sign, no spaces.
    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}
