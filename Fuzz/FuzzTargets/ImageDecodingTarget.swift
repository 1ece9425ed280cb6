internal import CLibFuzzer
import Foundation
import ImageDecoding

/// The way in of every image: the format told from the first bytes, the declared size checked
/// against the pixel limit, then each page decoded by Leptonica (and libtiff), as `translate`
/// reads an input.
public enum ImageDecodingTarget {
    /// Lower than the command's default, so that one run stays cheap: the checks are the same
    /// whatever the limit, and a fuzzer that grows a header's size meets the limit sooner.
    public static let pixelLimit = 1 << 20

    private static let decoder = ImageDecoder(pixelLimit: pixelLimit)

    /// What became of one input.
    public enum Outcome: Equatable, CustomStringConvertible {
        /// Every page, by size, or by the code of its error.
        case pages([String])
        /// The whole input was refused.
        case refused(ImageError)

        public var description: String {
            switch self {
            case .pages(let pages): "pages: " + pages.joined(separator: ", ")
            case .refused(let error): "refused: \(error.code): \(error)"
            }
        }
    }

    /// Decodes `bytes` as one input, checks what came out, and counts it as a feature.
    @discardableResult
    public static func run(_ bytes: UnsafeRawBufferPointer) -> Outcome {
        let outcome = decode(bytes)
        let format = ImageFormat(sniffing: bytes.bindMemory(to: UInt8.self))
        CLibFuzzer_countFeature(feature(of: "\(format) \(outcome)"))
        return outcome
    }

    private static func decode(_ bytes: UnsafeRawBufferPointer) -> Outcome {
        let pages: [DecodedPage]
        do {
            pages = try decoder.decodePages(Data(bytes))
        } catch {
            Invariant.isOneLine(error.description, "the input's error")
            return .refused(error)
        }
        Invariant.check(!pages.isEmpty, "an input was accepted with no page")
        var shown: [String] = []
        for (index, listed) in pages.enumerated() {
            // A PDF page is drawn only when it is read, as the command does page by page.
            let page = listed.rendered()
            Invariant.check(page.page == index + 1, "page \(index + 1) is numbered \(page.page)")
            switch page {
            case .decoded(let image):
                // A decompression bomb must be refused, whatever its header said.
                Invariant.check(image.width > 0 && image.height > 0 && image.width * image.height <= pixelLimit,
                                "page \(page.page) decoded at \(image.width)×\(image.height), past the limit of \(pixelLimit) pixels")
                shown.append("\(image.width)x\(image.height)")
            case .failed(_, let error):
                Invariant.isOneLine(error.description, "page \(page.page)'s error")
                shown.append(error.code)
            case .pending:
                Invariant.check(false, "page \(page.page) is still pending after rendering")
            }
        }
        return .pages(shown)
    }

    /// An input's format and what became of it, as a feature for libFuzzer: Leptonica, libtiff
    /// and the codecs under them are not instrumented, so their coverage is unseen; an outcome
    /// not seen before for a format (a new message from them, a new kind of page) stands in
    /// for it. Numbers are left out, so that "amount too big: 1234" and "…: 5678" are one.
    static func feature(of outcome: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
        for byte in outcome.utf8 where !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }
}
