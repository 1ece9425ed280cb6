import Foundation

/// One number in an image's header that says how large something is: a declared width or
/// height, a box's, chunk's or segment's length, a count, an offset. Where it lies and how it is
/// written, so that another value can be written in its place.
struct HeaderField: Equatable, CustomStringConvertible {
    enum Kind: String {
        case width, height, length, count, offset, depth
        /// An ISO box's 32-bit size, which can also be turned into a 64-bit "large size".
        case boxSize
    }

    enum Encoding: Equatable {
        /// An unsigned number of `bytes` bytes.
        case bigEndian(bytes: Int)
        case littleEndian(bytes: Int)
        /// Bits `shift..<shift+bits` of a little-endian 32-bit word (WebP lossless sizes, less one).
        case bitsMinusOne(shift: Int, bits: Int)
        /// ASCII digits, `length` of them (PNM and PAM headers, PDF dictionaries).
        case decimal(length: Int)
    }

    var kind: Kind
    var encoding: Encoding
    var offset: Int
    /// Where the box whose size this is starts (`boxSize` only; the size is its first 4 bytes).
    var boxType: String = ""

    var description: String {
        "\(kind.rawValue)\(boxType.isEmpty ? "" : " " + boxType)@\(offset)"
    }

    /// `count` bytes from `offset` lie within `bytes` (an offset read from a header may be anything).
    private func fits(_ count: Int, in bytes: [UInt8]) -> Bool {
        offset >= 0 && count >= 0 && offset <= bytes.count - count
    }

    /// The value it holds in `bytes` (nil for a decimal field that is not one).
    func value(in bytes: [UInt8]) -> UInt64? {
        switch encoding {
        case .bigEndian(let count):
            guard fits(count, in: bytes) else { return nil }
            return bytes[offset..<offset + count].reduce(0) { $0 << 8 | UInt64($1) }
        case .littleEndian(let count):
            guard fits(count, in: bytes) else { return nil }
            return bytes[offset..<offset + count].reversed().reduce(0) { $0 << 8 | UInt64($1) }
        case .bitsMinusOne(let shift, let bits):
            guard let word = HeaderField(kind: kind, encoding: .littleEndian(bytes: 4), offset: offset).value(in: bytes) else { return nil }
            return (word >> UInt64(shift)) & ((1 << UInt64(bits)) - 1) + 1
        case .decimal(let length):
            guard fits(length, in: bytes) else { return nil }
            return UInt64(String(decoding: bytes[offset..<offset + length], as: UTF8.self))
        }
    }

    /// Writes `value` into `bytes`: its low bytes for a binary field, its digits for a decimal
    /// one (which may change the length of the bytes, and moves what follows).
    func write(_ value: UInt64, into bytes: inout [UInt8]) {
        switch encoding {
        case .bigEndian(let count):
            guard fits(count, in: bytes) else { return }
            for index in 0..<count { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> UInt64(8 * (count - 1 - index))) }
        case .littleEndian(let count):
            guard fits(count, in: bytes) else { return }
            for index in 0..<count { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> UInt64(8 * index)) }
        case .bitsMinusOne(let shift, let bits):
            let word = HeaderField(kind: kind, encoding: .littleEndian(bytes: 4), offset: offset)
            guard let old = word.value(in: bytes) else { return }
            let mask = ((UInt64(1) << UInt64(bits)) - 1) << UInt64(shift)
            word.write((old & ~mask) | (((value &- 1) << UInt64(shift)) & mask), into: &bytes)
        case .decimal(let length):
            guard fits(length, in: bytes) else { return }
            bytes.replaceSubrange(offset..<offset + length, with: Array(String(value).utf8))
        }
    }

    /// Turns the 32-bit size of the box at `offset` into a 64-bit one holding `value`: size 1,
    /// the type, then the 8 bytes, inserted before the box's content.
    func writeLargeSize(_ value: UInt64, into bytes: inout [UInt8]) {
        guard kind == .boxSize, fits(8, in: bytes) else { return }
        HeaderField(kind: kind, encoding: .bigEndian(bytes: 4), offset: offset).write(1, into: &bytes)
        bytes.insert(contentsOf: (0..<8).map { UInt8(truncatingIfNeeded: value >> UInt64(56 - 8 * $0)) }, at: offset + 8)
    }
}
