import Foundation
import TranslateModel

/// The Tesseract data one handle is loaded with, such as `kor+eng`: what a page is read with.
/// Also which languages are installed, found without loading any of them.
public struct TesseractData: Hashable, Sendable, CustomStringConvertible, ExpressibleByArrayLiteral {
    /// Tesseract's names of the languages (`kor`, `eng`, `chi_sim`), in the order loaded: the
    /// first one's settings and word list lead.
    public let languages: [String]

    public init(_ languages: [String]) {
        self.languages = languages
    }

    public init(arrayLiteral languages: String...) {
        self.init(languages)
    }

    public static let japanese = TesseractData(["jpn"])
    public static let simplifiedChinese = TesseractData(["chi_sim"])
    public static let traditionalChinese = TesseractData(["chi_tra"])
    public static let english = TesseractData(["eng"])

    /// As Tesseract is given it, and as reports and logs name it: `kor+eng`.
    public var description: String { languages.joined(separator: "+") }

    /// The language whose settings and word list lead.
    public var leading: String? { languages.first }

    /// Whether any of the languages is not among `other`'s.
    public func hasLanguages(besides other: TesseractData) -> Bool {
        languages.contains { !other.languages.contains($0) }
    }

    /// The same languages' data for horizontal text (`jpn_vert` → `jpn`).
    public var horizontal: TesseractData {
        TesseractData(languages.map { $0.hasSuffix(Self.verticalSuffix) ? String($0.dropLast(Self.verticalSuffix.count)) : $0 })
    }

    /// The same languages' data for text written in columns (`jpn` → `jpn_vert`).
    public var vertical: TesseractData {
        TesseractData(languages.map { $0.hasSuffix(Self.verticalSuffix) ? $0 : $0 + Self.verticalSuffix })
    }

    private static let verticalSuffix = "_vert"

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
