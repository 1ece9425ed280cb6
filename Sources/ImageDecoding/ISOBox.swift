/// One ISO base media box (the structure of HEIF, JPEG 2000 and MP4 files): its type and
/// where its content starts and ends. `end` may lie past the bytes at hand.
struct ISOBox {
    var type: UInt32
    var contentStart: Int
    var end: Int

    enum Lookup {
        case found(ISOBox)
        /// The boxes run on past the bytes given.
        case needsMoreBytes
        case malformed
        /// The range ended without such a box.
        case absent
    }

    static func code(_ type: String) -> UInt32 {
        type.utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// The first box of `type` among the boxes from `start` to `end`.
    static func find(_ type: String, in bytes: ByteReader, from start: Int, to end: Int) -> Lookup {
        let wanted = code(type)
        var offset = start
        while offset < end {
            switch read(bytes, at: offset, parentEnd: end) {
            case .found(let box):
                if box.type == wanted { return .found(box) }
                offset = box.end
            case let other:
                return other
            }
        }
        return .absent
    }

    /// The box header at `offset`; a size of 0 means "to the end of the enclosing box".
    static func read(_ bytes: ByteReader, at offset: Int, parentEnd: Int) -> Lookup {
        guard let size = bytes.uint32(at: offset, bigEndian: true), let type = bytes.uint32(at: offset + 4, bigEndian: true) else {
            return .needsMoreBytes
        }
        var header = 8
        var length = Int(size)
        if size == 1 {
            guard let large = bytes.uint64(at: offset + 8) else { return .needsMoreBytes }
            guard large <= UInt64(Int32.max) else { return .malformed }
            header = 16
            length = Int(large)
        } else if size == 0 {
            guard parentEnd != Int.max else { return .needsMoreBytes }
            length = parentEnd - offset
        }
        // Checked: the end is offset + a declared length, and must not wrap past Int.max.
        let (end, overflow) = offset.addingReportingOverflow(length)
        guard length >= header, !overflow, end <= parentEnd else { return .malformed }
        return .found(ISOBox(type: type, contentStart: offset + header, end: end))
    }
}
