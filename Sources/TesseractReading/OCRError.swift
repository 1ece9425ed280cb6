import TranslateModel
/// Failures of the OCR engine itself (as opposed to a bad input image).
public enum OCRError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Requested Tesseract languages whose traineddata is not installed.
    case languagesNotInstalled([String])
    case invalidLanguageList(String)
    case initializationFailed(String)
    case recognitionFailed

    public var description: String {
        switch self {
        case .languagesNotInstalled(let names):
            let packages = names.map(OCRLanguages.debianPackage(for:)).joined(separator: " ")
            let plural = names.count == 1 ? "language" : "languages"
            return "tesseract \(plural) not installed: \(names.joined(separator: ", ")) (install with: apt-get install \(packages))"
        case .invalidLanguageList(let value):
            return "invalid tesseract language list '\(value)' (expected names like kor+eng)"
        case .initializationFailed(let languages):
            return "tesseract could not start with languages '\(languages)'"
        case .recognitionFailed:
            return "tesseract failed to recognise the image"
        }
    }

    public var code: String {
        switch self {
        case .languagesNotInstalled: "ocr_language_missing"
        case .invalidLanguageList: "ocr_language_invalid"
        case .initializationFailed: "ocr_init_failed"
        case .recognitionFailed: "ocr_failed"
        }
    }
}

extension OCRError: ReportableError {}
