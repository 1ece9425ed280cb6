import Foundation
import TranslateModel
/// Why an input, or one page of it, could not be turned into a page to read.
public enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound
    case isDirectory
    /// A character or block device (`/dev/zero`, a disk), which holds no image file.
    case isDevice(DeviceKind)
    /// A Unix socket, which cannot be read as a file.
    case isSocket
    /// Too many levels of symbolic links: a link that leads back to itself.
    case symlinkLoop
    case permissionDenied
    case unreadable(String)
    case empty
    case notAnImage
    case unsupportedFormat(String)
    /// A format whose decoder is a library loaded when needed (libheif, Poppler) that is not
    /// installed.
    case decoderMissing(format: String, package: String)
    case tooLarge(width: Int, height: Int, limit: Int)
    /// A document page whose longest side, in `points`, passes the renderer's `largestSide` in
    /// pixels even at its least resolution.
    case pageTooLong(points: Int, largestSide: Int, leastResolution: Int)
    /// More bytes than the input size limit (`--max-input-size`); reading stopped there.
    case inputTooLarge(limit: Int)
    /// A stream (standard input, a FIFO) that goes on past what the `width`×`height` image its
    /// header declares can need (`StreamLimit`); reading stopped there.
    case streamTooLarge(limit: Int, width: Int, height: Int)
    case truncated
    case decodeFailed
    /// One page of a multi-page file is cut off: its pixels, or the page itself, lie past the
    /// end of the data. The pages before it are read.
    case pageTruncated(PageCount)
    /// One page of a multi-page file could not be decoded, with what the decoder said.
    case pageCorrupt(PageCount, detail: String?)

    /// Which kind of device an input is.
    public enum DeviceKind: String, Sendable {
        case character
        case block
    }

    /// How many pages a file declares: exactly, or at least (when the file ends before its list
    /// of pages does).
    public struct PageCount: Equatable, Sendable, CustomStringConvertible {
        public var count: Int
        public var isLowerBound: Bool

        public init(_ count: Int, isLowerBound: Bool = false) {
            self.count = count
            self.isLowerBound = isLowerBound
        }

        /// "2 pages", "at least 2 pages".
        public var description: String {
            (isLowerBound ? "at least " : "") + "\(count) page" + (count == 1 && !isLowerBound ? "" : "s")
        }
    }

    public var description: String {
        switch self {
        case .notFound: "no such file"
        case .isDirectory: "is a directory"
        case .isDevice(let kind): "is a \(kind.rawValue) device, not an image file"
        case .isSocket: "is a socket, not an image file"
        case .symlinkLoop: "too many levels of symbolic links (a link that leads back to itself)"
        case .permissionDenied: "permission denied"
        case .unreadable(let reason): "cannot read file: \(reason)"
        case .empty: "file is empty"
        case .notAnImage: "not an image (unrecognised file format)"
        case .unsupportedFormat(let format): "\(format) images are not supported"
        case .decoderMissing(let format, let package): "reading \(format) needs \(package) (apt-get install \(package))"
        case .tooLarge(let width, let height, let limit):
            "image is \(width)×\(height) pixels, more than the limit of \(limit) pixels (see --max-pixels)"
        case .pageTooLong(let points, let largestSide, let leastResolution):
            "page is \(points) points long, more than the renderer's largest side of \(largestSide) pixels even at \(leastResolution) dpi"
        case .inputTooLarge(let limit):
            "input is larger than the limit of \(limit) bytes (see --max-input-size)"
        case .streamTooLarge(let limit, let width, let height):
            "stream is larger than the limit of \(limit) bytes for an image of \(width)×\(height) pixels (see --max-input-size)"
        case .truncated: "image data is truncated"
        case .decodeFailed: "image data is corrupt and could not be decoded"
        case .pageTruncated(let pages):
            "image data is truncated" + Self.declaring(pages)
        case .pageCorrupt(let pages, let detail):
            "image data is corrupt" + (detail.map { ": \($0)" } ?? "") + Self.declaring(pages)
        }
    }

    /// " (the file declares 2 pages)", said of a file of more than one page.
    private static func declaring(_ pages: PageCount) -> String {
        pages.count > 1 || pages.isLowerBound ? " (the file declares \(pages))" : ""
    }

    /// A stable machine-readable code for the `error.code` field of results.
    public var code: String {
        switch self {
        case .notFound: "not_found"
        case .isDirectory: "is_directory"
        case .isDevice: "is_device"
        case .isSocket: "is_socket"
        case .symlinkLoop: "symlink_loop"
        case .permissionDenied: "permission_denied"
        case .unreadable: "unreadable"
        case .empty: "empty_file"
        case .notAnImage: "not_an_image"
        case .unsupportedFormat, .decoderMissing: "unsupported_format"
        case .tooLarge, .pageTooLong: "image_too_large"
        case .inputTooLarge, .streamTooLarge: "input_too_large"
        case .truncated, .pageTruncated: "truncated_image"
        case .decodeFailed, .pageCorrupt: "corrupt_image"
        }
    }
}

extension ImageError: ReportableError {}

/// Sizes in bytes as people write them on the command line.
public enum ByteCount {
    /// Parses `256M`, `4k`, `1G`, `1048576` (powers of 1024); nil when it is not such a size.
    public static func parse(_ text: String) -> Int? {
        var digits = Substring(text)
        var factor = 1
        if let last = digits.last, !last.isNumber {
            switch last.lowercased() {
            case "k": factor = 1 << 10
            case "m": factor = 1 << 20
            case "g": factor = 1 << 30
            default: return nil
            }
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int(digits), number >= 0 else { return nil }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: factor)
        return overflow ? nil : bytes
    }
}
