/// The size a HEIF file (HEIC photos) declares, read from its boxes without decoding.
///
/// A HEIF file is a sequence of ISO base media boxes; the sizes of its images are `ispe`
/// properties in `meta` → `iprp` → `ipco`. The largest is the one checked: a grid image (how
/// phones store photos) declares its whole size there, its tiles and thumbnail less.
extension ImageHeader {
    static func heif(_ bytes: ByteReader) -> DeclaredSize {
        let meta: ISOBox
        switch ISOBox.find("meta", in: bytes, from: 0, to: Int.max) {
        case .found(let box): meta = box
        case .needsMoreBytes: return .needsMoreBytes
        case .malformed, .absent: return .malformed
        }
        // `meta` is a full box: a version and flags come before its children.
        let properties: ISOBox
        switch ISOBox.find("iprp", in: bytes, from: meta.contentStart + 4, to: meta.end) {
        case .found(let iprp):
            switch ISOBox.find("ipco", in: bytes, from: iprp.contentStart, to: iprp.end) {
            case .found(let ipco): properties = ipco
            case .needsMoreBytes: return .needsMoreBytes
            case .malformed, .absent: return .malformed
            }
        case .needsMoreBytes: return .needsMoreBytes
        case .malformed, .absent: return .malformed
        }
        var largest: (width: Int, height: Int)?
        var offset = properties.contentStart
        while offset < properties.end {
            let box: ISOBox
            switch ISOBox.read(bytes, at: offset, parentEnd: properties.end) {
            case .found(let read): box = read
            case .needsMoreBytes: return .needsMoreBytes
            case .malformed, .absent: return .malformed
            }
            if box.type == ISOBox.code("ispe") {
                guard let width = bytes.uint32(at: box.contentStart + 4, bigEndian: true),
                      let height = bytes.uint32(at: box.contentStart + 8, bigEndian: true) else { return .needsMoreBytes }
                if Int(width) * Int(height) > (largest.map { $0.width * $0.height } ?? -1) {
                    largest = (Int(width), Int(height))
                }
            }
            offset = box.end
        }
        guard let largest else { return .malformed }
        return .size(width: largest.width, height: largest.height)
    }
}

/// One ISO base media box (the structure of HEIF and MP4 files): its type and where its
/// content starts and ends. `end` may lie past the bytes at hand.
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
        guard length >= header, offset + length <= parentEnd else { return .malformed }
        return .found(ISOBox(type: type, contentStart: offset + header, end: offset + length))
    }
}
