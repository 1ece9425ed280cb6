internal import CLibFuzzer
import Foundation
import ImageDecoding

/// The numbers an image's header declares its size with, set to extremes: a structure-aware
/// target that finds the fields of a real image (a declared width or height, a box's, chunk's
/// or segment's length, a 64-bit "large size", a count, an offset) and writes 0, 1, 2^15,
/// 2^16-1, 2^31-1, 2^32-1, 2^63-1 or a random number into some of them, then decodes the result
/// as `ImageDecodingTarget` does, with the same checks.
///
/// Random bytes rarely land on such a field with such a value (the HEIC whose `ispe` box said
/// 4294967295 × 4294967295 stopped the process), which is why the edits are chosen here rather
/// than left to libFuzzer's byte mutations; libFuzzer still mutates the image behind them.
///
/// An input is `controlLength` control bytes, then the image: byte 0 says how many edits
/// (1–3), then 10 bytes per edit: which field (an index into the fields found, modulo their
/// number), which value (the low 7 bits; the high bit turns an ISO box's 32-bit size into a
/// 64-bit one), and 8 bytes of a random value. Zero control bytes leave the image as it is.
public enum HeaderDimensionsTarget {
    public static let controlLength = 1 + 3 * 10

    /// The values written.
    public enum Value: Int, CaseIterable, Sendable {
        /// What the field held: a no-op, except as a 64-bit size (the box's true size, in 64 bits).
        case original
        case zero, one, twoTo15, twoTo16Minus1, twoTo31Minus1, twoTo31, twoTo32Minus1, twoTo63Minus1, twoTo64Minus1
        case originalPlusOne, originalTimes256, random

        func number(original: UInt64, random: UInt64) -> UInt64 {
            switch self {
            case .original: original
            case .zero: 0
            case .one: 1
            case .twoTo15: 1 << 15
            case .twoTo16Minus1: (1 << 16) - 1
            case .twoTo31Minus1: (1 << 31) - 1
            case .twoTo31: 1 << 31
            case .twoTo32Minus1: (1 << 32) - 1
            case .twoTo63Minus1: (1 << 63) - 1
            case .twoTo64Minus1: .max
            case .originalPlusOne: original &+ 1
            case .originalTimes256: original &* 256
            case .random: random
            }
        }
    }

    /// One edit: which field (modulo the fields found), what to write, and how.
    public struct Edit: Equatable, Sendable {
        public var field: Int
        public var value: Value
        /// An ISO box's size written as a 64-bit large size (other fields ignore it).
        public var asLargeSize: Bool
        public var random: UInt64

        public init(field: Int, value: Value, asLargeSize: Bool = false, random: UInt64 = 0) {
            self.field = field
            self.value = value
            self.asLargeSize = asLargeSize
            self.random = random
        }
    }

    /// What became of one input: the edits made, and the decoding target's outcome.
    public struct Outcome: Equatable, CustomStringConvertible {
        public var edits: [String]
        public var decoded: ImageDecodingTarget.Outcome

        public var description: String {
            (edits.isEmpty ? "no edit" : edits.joined(separator: "; ")) + " → \(decoded)"
        }
    }

    /// Edits `bytes`' image as its control bytes say, decodes it and checks what came out.
    @discardableResult
    public static func run(_ bytes: UnsafeRawBufferPointer) -> Outcome {
        guard bytes.count > controlLength else { return Outcome(edits: [], decoded: ImageDecodingTarget.run(bytes)) }
        let control = Array(bytes.prefix(controlLength))
        let (image, made) = edited(Array(bytes.dropFirst(controlLength)), edits(from: control))
        let decoded = image.withUnsafeBytes { ImageDecodingTarget.run($0) }
        for edit in made {
            CLibFuzzer_countFeature(ImageDecodingTarget.feature(of: "\(edit.field.kind) \(edit.field.boxType) \(edit.value) \(decoded)"))
        }
        return Outcome(edits: made.map { "\($0.field) = \($0.written)" }, decoded: decoded)
    }

    /// An input that makes `edits` to `image`.
    public static func input(image: Data, edits: [Edit]) -> Data {
        precondition((1...3).contains(edits.count))
        var control = [UInt8(edits.count - 1)]
        for edit in edits {
            control.append(UInt8(truncatingIfNeeded: edit.field))
            control.append(UInt8(edit.value.rawValue) | (edit.asLargeSize ? 0x80 : 0))
            control += (0..<8).map { UInt8(truncatingIfNeeded: edit.random >> UInt64(8 * $0)) }
        }
        control += [UInt8](repeating: 0, count: controlLength - control.count)
        return Data(control) + image
    }

    /// The fields found in `image`, in the order edits count them ("width ispe@1234").
    public static func fieldNames(of image: Data) -> [String] {
        let bytes = [UInt8](image)
        return HeaderFields.locate(in: bytes, format: format(of: bytes)).map(\.description)
    }

    static func edits(from control: [UInt8]) -> [Edit] {
        (0..<(Int(control[0]) % 3 + 1)).map { index in
            let at = 1 + index * 10
            let selector = control[at + 1]
            let random = control[at + 2..<at + 10].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            return Edit(field: Int(control[at]), value: Value.allCases[Int(selector & 0x7F) % Value.allCases.count],
                        asLargeSize: selector & 0x80 != 0, random: random)
        }
    }

    /// An edit as made: the field it hit and what was written there.
    struct Made {
        var field: HeaderField
        var value: Value
        var written: String
    }

    /// `image` with `edits` made, one after the other: the fields are found again after each,
    /// since an edit may move what follows it (digits of another length, a box made larger).
    static func edited(_ image: [UInt8], _ edits: [Edit]) -> ([UInt8], [Made]) {
        var bytes = image
        let format = format(of: bytes)
        var made: [Made] = []
        for edit in edits {
            let fields = HeaderFields.locate(in: bytes, format: format)
            guard !fields.isEmpty else { break }
            let field = fields[edit.field % fields.count]
            let original = field.value(in: bytes) ?? 0
            if edit.asLargeSize, field.kind == .boxSize, original > 1 {
                // The box's own size, in 64 bits, counts the 8 bytes inserted.
                let value = edit.value == .original ? original + 8 : edit.value.number(original: original, random: edit.random)
                field.writeLargeSize(value, into: &bytes)
                made.append(Made(field: field, value: edit.value, written: "\(value) (64-bit)"))
            } else {
                let value = edit.value.number(original: original, random: edit.random)
                field.write(value, into: &bytes)
                made.append(Made(field: field, value: edit.value, written: "\(value)"))
            }
        }
        if format == .png { HeaderFields.fixPNGChecksums(&bytes) }
        return (bytes, made)
    }

    private static func format(of bytes: [UInt8]) -> ImageFormat {
        bytes.withUnsafeBufferPointer { ImageFormat(sniffing: $0) }
    }
}
