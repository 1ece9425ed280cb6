import TranslateModel
/// Why an input could not be turned into pages to read.
public enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound
    case isDirectory
    case permissionDenied
    case unreadable(String)
    case empty
    case notAnImage
    case unsupportedFormat(String)
    case tooLarge(width: Int, height: Int, limit: Int)
    case truncated
    case decodeFailed

    public var description: String {
        switch self {
        case .notFound: "no such file"
        case .isDirectory: "is a directory"
        case .permissionDenied: "permission denied"
        case .unreadable(let reason): "cannot read file: \(reason)"
        case .empty: "file is empty"
        case .notAnImage: "not an image (unrecognised file format)"
        case .unsupportedFormat(let format): "\(format) images are not supported"
        case .tooLarge(let width, let height, let limit):
            "image is \(width)×\(height) pixels, more than the limit of \(limit) pixels (see --max-pixels)"
        case .truncated: "image data is truncated"
        case .decodeFailed: "image data is corrupt and could not be decoded"
        }
    }

    /// A stable machine-readable code for the `error.code` field of results.
    public var code: String {
        switch self {
        case .notFound: "not_found"
        case .isDirectory: "is_directory"
        case .permissionDenied: "permission_denied"
        case .unreadable: "unreadable"
        case .empty: "empty_file"
        case .notAnImage: "not_an_image"
        case .unsupportedFormat: "unsupported_format"
        case .tooLarge: "image_too_large"
        case .truncated: "truncated_image"
        case .decodeFailed: "corrupt_image"
        }
    }
}

extension ImageError: ReportableError {}
