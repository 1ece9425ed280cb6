import Foundation
import TranslateModel

/// Which Tesseract languages are installed, found without loading any of them.
public enum TesseractData {
    /// The folders Tesseract reads traineddata from: `$TESSDATA_PREFIX`, then Debian's.
    static func directories(environment: [String: String]) -> [String] {
        var folders: [String] = []
        if let prefix = environment["TESSDATA_PREFIX"], !prefix.isEmpty {
            folders += [prefix, (prefix as NSString).appendingPathComponent("tessdata")]
        }
        return folders + ["/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata", "/usr/share/tessdata"]
    }

    /// Names such as `kor`, `eng`, `chi_sim` that have a traineddata file.
    public static func installedLanguages(environment: [String: String]) -> Set<String> {
        var names: Set<String> = []
        for folder in directories(environment: environment) {
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for file in files where file.hasSuffix(".traineddata") {
                names.insert(String(file.dropLast(".traineddata".count)))
            }
        }
        return names
    }
}
