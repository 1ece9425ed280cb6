import TranslateModel
import TextRecognition
import LanguageDetection
import TranslationEngines
import TranslateOutput
/// Which files in a directory are taken as images: by their name's extension, any case.
///
/// The formats Leptonica reads, HEIC/HEIF photos and PDF documents (see `ImageDecoder`). Everything else inside a directory is
/// skipped and counted; a file named directly on the command line is always read, whatever
/// its name.
enum ImageFileNames {
    static let extensions: Set<String> = [
        "png", "jpg", "jpeg", "jpe", "jfif", "tif", "tiff", "bmp", "gif", "pnm", "pbm", "pgm", "ppm", "webp", "jp2",
        "heic", "heif", "hif", "pdf",
    ]

    static func isImage(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }
}
