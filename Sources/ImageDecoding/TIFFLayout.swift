/// The pages of a TIFF file as its directories declare them, read without libtiff: how many
/// pages there are, each one's size, and whether each one's pixel data lies within the bytes.
///
/// A TIFF file is a chain of directories (IFDs), one per page, each pointing to the next and to
/// its page's strips or tiles. Walking the chain before decoding is what accounts for every
/// page: a file cut short still declares the pages it lost (the chain points past the end, or a
/// page's strips do), and each of them gets its own result. Classic TIFF and BigTIFF, either
/// byte order.
struct TIFFLayout: Equatable {
    struct Page: Equatable {
        var width: Int?
        var height: Int?
        /// Every strip or tile the directory lists lies within the bytes.
        var dataComplete: Bool
        /// Stored in tiles rather than strips (which Leptonica does not read).
        var isTiled = false
    }

    /// How the chain of directories ends.
    enum End: Equatable {
        /// The last directory says there is no next one.
        case complete
        /// A directory lies past the end of the bytes, or runs over it: the file was cut short
        /// and declares at least one more page.
        case cut
        /// A directory that cannot be one (no entries, or the chain leads back to itself).
        case corrupt
    }

    var pages: [Page] = []
    var end: End = .complete

    /// More directories than this are not walked: the rest is reported as corrupt.
    static let maxPages = 10_000

    /// How many pages the file declares: exactly, or at least (when it is cut short).
    var declaredPages: ImageError.PageCount {
        end == .complete ? .init(pages.count) : .init(pages.count + 1, isLowerBound: end == .cut)
    }

    /// Walks the directories of the TIFF file whose bytes (or first bytes) are `bytes`; nil when
    /// they do not start with a TIFF header.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        let reader = ByteReader(bytes)
        guard let order = reader.uint16(at: 0, bigEndian: true), order == 0x4949 || order == 0x4D4D else { return nil }
        let bigEndian = order == 0x4D4D
        guard let version = reader.uint16(at: 2, bigEndian: bigEndian) else { return nil }
        let format: Format
        switch version {
        case 42: format = .classic
        case 43: format = .big
        default: return nil
        }
        let directory = Directory(reader: reader, bigEndian: bigEndian, format: format)
        guard let first = reader.unsigned(at: format == .classic ? 4 : 8, width: format.offsetWidth, bigEndian: bigEndian) else {
            end = .cut
            return
        }
        var next = first
        var seen = Set<UInt64>()
        while next != 0 {
            guard pages.count < Self.maxPages, seen.insert(next).inserted else {
                end = .corrupt
                return
            }
            switch directory.read(at: next) {
            case .page(let page, let following):
                pages.append(page)
                next = following
            case .cut:
                end = .cut
                return
            case .corrupt:
                end = .corrupt
                return
            }
        }
    }

    private enum Format {
        case classic, big

        var offsetWidth: Int { self == .classic ? 4 : 8 }
        var countWidth: Int { self == .classic ? 2 : 8 }
        var entryWidth: Int { self == .classic ? 12 : 20 }
    }

    /// Reads one directory.
    private struct Directory {
        let reader: ByteReader
        let bigEndian: Bool
        let format: Format

        enum Outcome {
            case page(Page, next: UInt64)
            case cut
            case corrupt
        }

        func read(at offset: UInt64) -> Outcome {
            guard offset < UInt64(Int.max / 2) else { return .cut }
            let start = Int(offset)
            guard let entryCount = reader.unsigned(at: start, width: format.countWidth, bigEndian: bigEndian) else { return .cut }
            guard entryCount > 0, entryCount < 65_536 else { return .corrupt }
            let entries = start + format.countWidth
            let nextAt = entries + Int(entryCount) * format.entryWidth
            guard let next = reader.unsigned(at: nextAt, width: format.offsetWidth, bigEndian: bigEndian) else { return .cut }
            var width: Int?, height: Int?
            var offsets: [UInt64]?, counts: [UInt64]?
            var complete = true
            var tiled = false
            for index in 0..<Int(entryCount) {
                let entry = entries + index * format.entryWidth
                guard let tag = reader.uint16(at: entry, bigEndian: bigEndian) else { return .cut }
                let found = values(of: entry)
                if case .pastTheEnd = found { complete = false }
                if tag == 324 || tag == 325 { tiled = true }
                switch (tag, found) {
                case (256, .values(let list)): width = list.first.map { Int(clamping: $0) }
                case (257, .values(let list)): height = list.first.map { Int(clamping: $0) }
                case (273, .values(let list)), (324, .values(let list)): offsets = list  // StripOffsets, TileOffsets
                case (279, .values(let list)), (325, .values(let list)): counts = list  // StripByteCounts, TileByteCounts
                default: break
                }
            }
            if let offsets, let counts {
                let size = UInt64(reader.count)
                for (dataOffset, count) in zip(offsets, counts) {
                    let (end, overflow) = dataOffset.addingReportingOverflow(count)
                    if overflow || end > size { complete = false }
                }
                // Listed offsets without their counts (or the reverse) point at nothing.
                if offsets.count != counts.count { complete = false }
            }
            return .page(Page(width: width, height: height, dataComplete: complete, isTiled: tiled), next: next)
        }

        /// What an entry holds.
        enum Values {
            /// Unsigned integers (BYTE, SHORT, LONG, LONG8), held inline or where the entry points.
            case values([UInt64])
            /// Values that lie (partly) past the end of the bytes.
            case pastTheEnd
            /// Values of another type, or none.
            case other
        }

        private func values(of entry: Int) -> Values {
            guard let type = reader.uint16(at: entry + 2, bigEndian: bigEndian),
                  let count = reader.unsigned(at: entry + 4, width: format == .classic ? 4 : 8, bigEndian: bigEndian) else { return .pastTheEnd }
            let size: Int
            switch type {
            case 1: size = 1
            case 3: size = 2
            case 4, 13: size = 4  // LONG, IFD
            case 16, 18: size = 8  // LONG8, IFD8
            default: return .other
            }
            guard count > 0 else { return .other }
            guard count <= UInt64(reader.count) else { return .pastTheEnd }
            let total = Int(count) * size
            let valueAt = entry + 4 + format.offsetWidth
            var dataAt = valueAt
            if total > format.offsetWidth {
                guard let pointer = reader.unsigned(at: valueAt, width: format.offsetWidth, bigEndian: bigEndian),
                      pointer <= UInt64(reader.count) else { return .pastTheEnd }
                dataAt = Int(pointer)
            }
            var values: [UInt64] = []
            values.reserveCapacity(Int(count))
            for index in 0..<Int(count) {
                guard let value = reader.unsigned(at: dataAt + index * size, width: size, bigEndian: bigEndian) else { return .pastTheEnd }
                values.append(value)
            }
            return .values(values)
        }
    }
}
