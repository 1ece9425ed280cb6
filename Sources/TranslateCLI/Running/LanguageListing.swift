import TranslateModel
import TesseractReading
import LanguageDetection
import TranslationEngines
import TranslateOutput
import TranslatePipeline
/// `--list-languages`: what a user needs to know before a run, for every language.
public struct LanguageListing {
    public struct Row: Sendable, Equatable {
        public var language: Language
        public var tesseractName: String
        public var ocrInstalled: Bool
        /// Targets Papago translates this language into directly.
        public var papagoTargets: [Language]
        /// Targets the installed Apertium pairs translate this language into.
        public var apertiumTargets: [Language]
    }

    public let rows: [Row]

    public init(environment: [String: String]) {
        let installed = TesseractData.installedLanguages(environment: environment)
        let apertiumPairs = (try? ApertiumTranslator(environment: environment))?.pairs ?? []
        // A language only Apertium knows is listed once one of its pairs is installed.
        let listed = Language.allCases.filter { language in
            !language.isOfflineOnly || apertiumPairs.contains { $0.source == language || $0.target == language }
        }
        rows = listed.map { language in
            Row(language: language, tesseractName: language.tesseractName,
                ocrInstalled: installed.contains(language.tesseractName),
                papagoTargets: Language.allCases.filter { PapagoLanguagePairs.isDirect(language, $0) },
                apertiumTargets: apertiumPairs.filter { $0.source == language }.map(\.target).sorted())
        }
    }

    /// The listing in `format`; the table for people (`text`) in `language`, the others as
    /// scripts read them, always in English.
    public func render(as format: OutputFormat, in language: MessageLanguage = .english) -> String {
        switch format {
        case .json, .jsonl:
            let objects = rows.map { row in
                JSONText.object([
                    ("code", JSONText.string(row.language.code)),
                    ("name", JSONText.string(row.language.name)),
                    ("tesseract", JSONText.string(row.tesseractName)),
                    ("ocr_installed", row.ocrInstalled ? "true" : "false"),
                    ("papago", JSONText.array(row.papagoTargets.map { JSONText.string($0.code) })),
                    ("apertium", JSONText.array(row.apertiumTargets.map { JSONText.string($0.code) })),
                ])
            }
            return format == .json ? "[\n" + objects.joined(separator: ",\n") + "\n]\n" : objects.map { $0 + "\n" }.joined()
        case .tsv:
            return table(separator: "\t", in: .english)
        case .plain, .text, .png, .html:
            return table(separator: nil, in: language)
        }
    }

    private func table(separator: String?, in language: MessageLanguage) -> String {
        func text(_ key: MessageKey, _ arguments: String...) -> String {
            MessageCatalogue.filled(MessageCatalogue.text(key, language), with: arguments)
        }
        let header = text(.listingHeader).split(separator: "|").map(String.init)
        let cells = rows.map { row in
            [row.language.code, LanguageNames.name(of: row.language, in: language),
             row.ocrInstalled ? row.tesseractName
                : row.tesseractName + " " + text(.listingMissing, OCRLanguages.debianPackage(for: row.tesseractName)),
             row.papagoTargets.isEmpty ? text(.listingDetectionOnly) : row.papagoTargets.map(\.code).joined(separator: " "),
             row.apertiumTargets.isEmpty ? "-" : row.apertiumTargets.map(\.code).joined(separator: " ")]
        }
        if let separator {
            return ([header] + cells).map { $0.joined(separator: separator) + "\n" }.joined()
        }
        let widths = header.indices.map { column in ([header] + cells).map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        let lines = ([header] + cells).map { row in
            row.indices.map { column in
                column == row.count - 1 ? row[column] : DisplayWidth.pad(row[column], to: widths[column])
            }.joined(separator: "  ")
        }
        return lines.joined(separator: "\n") + "\n\n" + text(.listingPivot) + "\n"
    }
}
