import Foundation
import TranslateModel
import TextRecognition
import LanguageDetection
import TranslationEngines
import TranslateOutput
import TranslatePipeline
/// The text of `--help`, `--version` and the usage line.
public enum HelpText {
    public static let usage = usage(in: .english)

    /// The usage line, its first word in `language`.
    public static func usage(in language: MessageLanguage) -> String {
        MessageCatalogue.text(.usageWord, language) + " translate [OPTIONS] IMAGE... (--to LANG | --ocr-only)"
    }

    /// The examples of `--help`: the command, and what it does in English and in Korean (none
    /// where the command says it all).
    static let examples: [(command: String, english: String, korean: String)] = [
        ("translate photo.png --to en", "translate every box into English", "상자마다 영어로 번역"),
        ("translate menu.png --ocr-only", "read the text of an image", "이미지의 글자만 읽기"),
        ("translate sign.jpg --ocr-only -v", "a photo: says how its lines were found", "사진: 글줄을 어떻게 찾았는지 알려 줌"),
        ("translate shot.png --ocr-only --format plain", "just the text, one box per line", "글자만, 한 줄에 상자 하나"),
        ("translate a.png b.tif --to ko --format jsonl > boxes.jsonl", "", ""),
        ("cat scan.png | translate - --to en -l spa", "Spanish scan from standard input", "표준 입력으로 받은 스페인어 스캔"),
        ("translate ~/Screenshots -r --to en --format jsonl > shots.jsonl", "", ""),
        ("find . -name '*.png' -print0 | translate --files-from - -0 --ocr-only --format tsv", "", ""),
        ("translate shots --to en -o out --skip-existing", "one file per image; rerun to resume", "이미지마다 파일 하나; 다시 실행하면 이어서"),
        ("translate photo.jpg --to en --format png > photo.en.png", "the translations drawn on it", "번역을 사진 위에 그림"),
        ("translate shots --to en --format png -o out", "one picture per image (and TIFF page)", "이미지(와 TIFF 페이지)마다 그림 하나"),
        ("translate a.png b.jpg --to en --format html > view.html", "one page, hover for the original", "웹 페이지 하나, 마우스를 올리면 원문"),
    ]

    /// The examples in `language`, each description from the same column where the command leaves room.
    static func exampleLines(in language: MessageLanguage) -> [String] {
        examples.map { example in
            let description = language == .korean ? example.korean : example.english
            guard !description.isEmpty else { return "  " + example.command }
            let command = example.command.count <= 44 ? example.command.padding(toLength: 46, withPad: " ", startingAt: 0)
                : example.command + "   "
            return "  " + command + description
        }
    }

    public static var hint: String { hint(in: .english) }

    public static func hint(in language: MessageLanguage) -> String { MessageCatalogue.text(.hint, language) }

    public static var version: String { "translate \(ToolVersion.current)" }

    public static var full: String { full(in: .english) }

    /// `--help`, in `language`; option and exit-status texts come from the same tables in either.
    public static func full(in language: MessageLanguage) -> String {
        let options = CommandOptions.parser.options
        let spellings = options.map { option -> String in
            var spelling = option.short.map { "-\($0), " } ?? "    "
            spelling += "--" + option.long
            if let value = option.valueName { spelling += " " + value }
            return spelling
        }
        let width = (spellings.map(\.count).max() ?? 0) + 2
        let optionLines = zip(spellings, options).map { spelling, option in
            let help = language == .korean ? KoreanHelp.options[option.name] ?? option.help : option.help
            return "  " + spelling.padding(toLength: width, withPad: " ", startingAt: 0) + help
        }
        let exitLines = ExitCode.documentation.map { code, meaning in
            let text = language == .korean ? KoreanHelp.exitCodes[code] ?? meaning : meaning
            return "  " + String(code.rawValue).padding(toLength: 5, withPad: " ", startingAt: 0) + text
        }
        func text(_ key: MessageKey) -> String { MessageCatalogue.text(key, language) }
        return """
        \(text(.helpTitle))

        \(usage(in: language))
        \(String(repeating: " ", count: DisplayWidth.of(text(.usageWord)) + 1))translate config    \(text(.helpConfigLine))

        \(text(.helpImages))

        \(text(.helpOptions))
        \(optionLines.joined(separator: "\n"))

        \(text(.helpExamples))
        \(exampleLines(in: language).joined(separator: "\n"))

        \(text(.helpEngines))

        \(text(.helpPhotos))

        \(text(.helpExitStatus))
        \(exitLines.joined(separator: "\n"))

        """
    }
}
