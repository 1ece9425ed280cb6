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
        var largest: (width: Int, height: Int, area: DeclaredArea)?
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
                // Two 32-bit sides multiply past Int.max: compared as saturated areas.
                let area = DeclaredArea(width: Int(width), height: Int(height))
                if largest.map({ area > $0.area }) ?? true {
                    largest = (Int(width), Int(height), area)
                }
            }
            offset = box.end
        }
        guard let largest else { return .malformed }
        return .size(width: largest.width, height: largest.height)
    }
}
