import Foundation
internal import CLanguageModel
import TranslateModel

/// The statistical data behind `OfflineLanguageDetector`, decoded from the embedded model file.
///
/// Built by scripts/langid/generate_model.py from Tesseract's word lists, Debian's word lists,
/// gettext catalogues and the Unihan tables. Layout (little-endian): "LID1", section count,
/// then per section a 4-byte tag, offset and length:
/// - `LANG`: the Latin-script languages' codes, NUL-separated, in model order.
/// - `WORD`: known words → index into `WCMB` (a `HashedTable` with 2-byte payloads).
/// - `WCMB`: per combination, one quantised word log-probability per Latin language (0 = not a word).
/// - `GRAM`: character n-grams (1...4, with `<` `>` word-boundary markers) → one quantised
///   conditional log-probability per Latin language (0 = not kept).
/// - `GFLR`: per Latin language, the log-probability of an unseen character (Float32).
/// - `HANC`: Han characters, sorted: code point (UInt32), repertoire flags (1 zh-CN, 2 zh-TW,
///   4 ja), and one quantised frequency log-probability per language (zh-CN, zh-TW, ja).
///
/// Quantised log-probabilities q in 1...255 stand for -(q - 1) × 0.1 nats.
struct LanguageModel: Sendable {
    /// Latin-script languages in model order.
    let latinLanguages: [Language]
    let words: HashedTable
    let wordCombinations: [UInt8]
    let grams: HashedTable
    let unseenCharacterLogProbability: [Double]
    let hanCodePoints: [UInt32]
    /// Per Han character: flags, then three quantised log-probabilities.
    let hanInfo: [UInt8]

    /// The model compiled into the library, decoded on first use (about 10 ms).
    static let shared: LanguageModel = {
        do {
            return try LanguageModel.builtIn()
        } catch {
            fatalError("built-in language model is corrupt: \(error)")
        }
    }()

    /// The model's bytes as compiled into the library (`CLanguageModel`, embedded as they are).
    static var embeddedBytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: CLanguageModel_bytes(), count: CLanguageModel_byteCount())
    }

    /// Decodes the model compiled into the library.
    static func builtIn() throws -> LanguageModel {
        try LanguageModel(bytes: Array(embeddedBytes))
    }

    /// Dequantises a stored log-probability (q ≥ 1).
    @inline(__always)
    static func logProbability(_ q: UInt8) -> Double {
        -Double(q &- 1) * 0.1
    }

    init(bytes: [UInt8]) throws {
        var reader = ByteReader(bytes: bytes)
        guard bytes.count >= 8, Array(bytes[0..<4]) == Array("LID1".utf8) else {
            throw LanguageModelError.corrupt("bad magic")
        }
        reader.position = 4
        let count = Int(try reader.uint32())
        var sections: [String: ArraySlice<UInt8>] = [:]
        for _ in 0..<count {
            let tag = String(decoding: try reader.bytes(4), as: UTF8.self)
            let offset = Int(try reader.uint32())
            let length = Int(try reader.uint32())
            guard offset + length <= bytes.count else { throw LanguageModelError.corrupt("section \(tag) out of range") }
            sections[tag] = bytes[offset..<offset + length]
        }
        func section(_ tag: String) throws -> ArraySlice<UInt8> {
            guard let s = sections[tag] else { throw LanguageModelError.corrupt("no section \(tag)") }
            return s
        }

        let codes = String(decoding: try section("LANG"), as: UTF8.self).split(separator: "\0")
        latinLanguages = try codes.map {
            guard let language = Language(code: String($0)) else { throw LanguageModelError.corrupt("unknown language \($0)") }
            return language
        }
        let n = latinLanguages.count
        words = try HashedTable(try section("WORD"), payloadSize: 2)
        var combos = ByteReader(bytes: Array(try section("WCMB")))
        let comboCount = Int(try combos.uint32())
        wordCombinations = try combos.bytes(comboCount * n)
        grams = try HashedTable(try section("GRAM"), payloadSize: n)
        var floors = ByteReader(bytes: Array(try section("GFLR")))
        unseenCharacterLogProbability = try (0..<n).map { _ in Double(Float(bitPattern: try floors.uint32())) }
        var han = ByteReader(bytes: Array(try section("HANC")))
        let hanCount = Int(try han.uint32())
        var points: [UInt32] = []
        var info: [UInt8] = []
        points.reserveCapacity(hanCount)
        info.reserveCapacity(hanCount * 4)
        for _ in 0..<hanCount {
            points.append(try han.uint32())
            info.append(contentsOf: try han.bytes(4))
        }
        hanCodePoints = points
        hanInfo = info
    }

    /// Index of `scalar` in the Han table, if the model knows it.
    func hanIndex(_ scalar: UInt32) -> Int? {
        var low = 0
        var high = hanCodePoints.count
        while low < high {
            let mid = (low + high) / 2
            if hanCodePoints[mid] < scalar { low = mid + 1 } else { high = mid }
        }
        return low < hanCodePoints.count && hanCodePoints[low] == scalar ? low : nil
    }
}

/// Why the model data could not be decoded.
enum LanguageModelError: Error, Equatable {
    case corrupt(String)
}

/// A read-only hash table: buckets chosen by a hash's top bits, 16-bit fingerprints sorted
/// within each bucket, and a fixed-size payload per entry.
struct HashedTable: Sendable {
    let bucketBits: Int
    let starts: [UInt32]
    let fingerprints: [UInt16]
    let payloads: [UInt8]
    let payloadSize: Int

    init(_ bytes: ArraySlice<UInt8>, payloadSize: Int) throws {
        var reader = ByteReader(bytes: Array(bytes))
        bucketBits = Int(try reader.uint32())
        guard (1...30).contains(bucketBits) else { throw LanguageModelError.corrupt("bucket bits") }
        let buckets = 1 << bucketBits
        starts = try reader.uint32Array(buckets + 1)
        let count = Int(starts[buckets])
        fingerprints = try reader.uint16Array(count)
        payloads = try reader.bytes(count * payloadSize)
        self.payloadSize = payloadSize
    }

    /// The offset of the payload stored for `hash` in `payloads`, or nil.
    @inline(__always)
    func find(_ hash: UInt64) -> Int? {
        let bucket = Int(truncatingIfNeeded: hash >> UInt64(64 - bucketBits))
        let fingerprint = UInt16(truncatingIfNeeded: hash)
        var i = Int(starts[bucket])
        let end = Int(starts[bucket + 1])
        while i < end {
            let f = fingerprints[i]
            if f == fingerprint { return i * payloadSize }
            if f > fingerprint { return nil }
            i += 1
        }
        return nil
    }
}

/// Sequential little-endian reads with bounds checks.
struct ByteReader {
    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func bytes(_ count: Int) throws -> [UInt8] {
        guard count >= 0, position + count <= bytes.count else { throw LanguageModelError.corrupt("truncated") }
        defer { position += count }
        return Array(bytes[position..<position + count])
    }

    mutating func uint32Array(_ count: Int) throws -> [UInt32] {
        guard count >= 0, position + 4 * count <= bytes.count else { throw LanguageModelError.corrupt("truncated") }
        let start = position
        position += 4 * count
        return bytes.withUnsafeBufferPointer { b in
            (0..<count).map { i in
                let o = start + 4 * i
                return UInt32(b[o]) | UInt32(b[o + 1]) << 8 | UInt32(b[o + 2]) << 16 | UInt32(b[o + 3]) << 24
            }
        }
    }

    mutating func uint16Array(_ count: Int) throws -> [UInt16] {
        guard count >= 0, position + 2 * count <= bytes.count else { throw LanguageModelError.corrupt("truncated") }
        let start = position
        position += 2 * count
        return bytes.withUnsafeBufferPointer { b in
            (0..<count).map { i in UInt16(b[start + 2 * i]) | UInt16(b[start + 2 * i + 1]) << 8 }
        }
    }

    mutating func uint32() throws -> UInt32 {
        let b = try bytes(4)
        return UInt32(b[0]) | UInt32(b[1]) << 8 | UInt32(b[2]) << 16 | UInt32(b[3]) << 24
    }

    mutating func uint16() throws -> UInt16 {
        let b = try bytes(2)
        return UInt16(b[0]) | UInt16(b[1]) << 8
    }
}
