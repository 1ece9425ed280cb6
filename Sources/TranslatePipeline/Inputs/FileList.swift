import Foundation
import TextRecognition
import LanguageDetection
import TranslationEngines

/// Parses a `--files-from` list: one path per line, or NUL-separated (`-0`, as `find -print0`
/// writes them, for names that hold line breaks).
enum FileList {
    /// The paths in `data`, in order; empty entries are left out. In line mode a carriage
    /// return ending a line is dropped too, so that lists written on Windows work.
    static func paths(in data: Data, nulSeparated: Bool) -> [String] {
        let separator = nulSeparated ? UInt8(0) : UInt8(ascii: "\n")
        return data.split(separator: separator, omittingEmptySubsequences: true).compactMap { bytes in
            var path = String(decoding: bytes, as: UTF8.self)
            if !nulSeparated, path.hasSuffix("\r") { path.removeLast() }
            return path.isEmpty ? nil : path
        }
    }
}
