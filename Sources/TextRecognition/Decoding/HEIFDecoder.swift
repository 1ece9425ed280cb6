internal import CHEIF
import TranslateModel

/// Decodes HEIC/HEIF photos (what phones save) with libheif.
///
/// The primary image is decoded, turned and mirrored as the file says (libheif applies `irot`
/// and `imir`), into 8-bit RGB. Its size is checked before decoding, as libheif reads it from
/// the container.
enum HEIFDecoder {
    /// libheif's plugins (the HEVC decoder among them) are loaded once per process.
    private static let initialised: Bool = heif_init(nil).code == heif_error_Ok

    /// The image in `buffer`; `checkSize` refuses a size before any pixel is decoded.
    static func decode(_ buffer: UnsafeBufferPointer<UInt8>,
                       checkSize: (_ width: Int, _ height: Int) throws(ImageError) -> Void) throws(ImageError) -> PageImage {
        guard initialised, let context = heif_context_alloc() else { throw .decodeFailed }
        defer { heif_context_free(context) }
        try check(heif_context_read_from_memory_without_copy(context, buffer.baseAddress, buffer.count, nil))
        var handle: OpaquePointer?
        try check(heif_context_get_primary_image_handle(context, &handle))
        defer { heif_image_handle_release(handle) }
        try checkSize(Int(heif_image_handle_get_width(handle)), Int(heif_image_handle_get_height(handle)))

        var image: OpaquePointer?
        let (decoded, messages) = LibraryMessages.capturing {
            heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, nil)
        }
        defer { heif_image_release(image) }
        try check(decoded, messages: messages)
        var stride: Int32 = 0
        let width = Int(heif_image_get_width(image, heif_channel_interleaved))
        let height = Int(heif_image_get_height(image, heif_channel_interleaved))
        guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride), width > 0, height > 0 else {
            throw .decodeFailed
        }
        try checkSize(width, height)
        guard let page = PageImage(page: 1, width: width, height: height, copyingRGB: plane, bytesPerRow: Int(stride)) else {
            throw .decodeFailed
        }
        return page
    }

    /// Turns a libheif error into an `ImageError`: data that ends early is a truncated file.
    private static func check(_ error: heif_error, messages: [String] = []) throws(ImageError) {
        guard error.code != heif_error_Ok else { return }
        if error.subcode == heif_suberror_End_of_data { throw .truncated }
        let detail = error.message.map { "libheif: " + String(cString: $0) } ?? messages.first
        throw .pageCorrupt(.init(1), detail: detail)
    }
}
