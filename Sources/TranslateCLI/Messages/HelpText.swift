import Foundation
import TranslateModel
import TextRecognition
import LanguageDetection
import TranslationEngines
import TranslateOutput
import TranslatePipeline
/// The text of `--help`, `--version` and the usage line.
public enum HelpText {
    public static let usage = "Usage: translate [OPTIONS] IMAGE... (--to LANG | --ocr-only)"

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

        \(usage)
               translate config    \(text(.helpConfigLine))

        \(text(.helpImages))

        \(text(.helpOptions))
        \(optionLines.joined(separator: "\n"))

        \(text(.helpExamples))
          translate photo.png --to en                   translate every box into English
          translate menu.png --ocr-only                 read the text of an image
          translate sign.jpg --ocr-only -v              a photo: says how its lines were found
          translate shot.png --ocr-only --format plain  just the text, one box per line
          translate a.png b.tif --to ko --format jsonl > boxes.jsonl
          cat scan.png | translate - --to en -l spa     Spanish scan from standard input
          translate ~/Screenshots -r --to en --format jsonl > shots.jsonl
          find . -name '*.png' -print0 | translate --files-from - -0 --ocr-only --format tsv
          translate shots --to en -o out --skip-existing  one file per image; rerun to resume
          translate photo.jpg --to en --format png > photo.en.png   the translations drawn on it
          translate shots --to en --format png -o out   one picture per image (and TIFF page)
          translate a.png b.jpg --to en --format html > view.html   one page, hover for the original

        \(text(.helpEngines))

        \(text(.helpPhotos))

        \(text(.helpExitStatus))
        \(exitLines.joined(separator: "\n"))

        """
    }
}
