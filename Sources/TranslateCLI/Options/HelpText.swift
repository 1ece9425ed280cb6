import TranslateModel
import TextRecognition
import LanguageDetection
import TranslationEngines
import TranslateOutput
import TranslatePipeline
/// The text of `--help`, `--version` and the usage line.
public enum HelpText {
    public static let usage = "Usage: translate [OPTIONS] IMAGE... (--to LANG | --ocr-only)"

    public static let hint = "Try 'translate --help' for more information."

    public static var version: String { "translate \(ToolVersion.current)" }

    public static var full: String {
        let options = CommandOptions.parser.options
        let spellings = options.map { option -> String in
            var spelling = option.short.map { "-\($0), " } ?? "    "
            spelling += "--" + option.long
            if let value = option.valueName { spelling += " " + value }
            return spelling
        }
        let width = (spellings.map(\.count).max() ?? 0) + 2
        let optionLines = zip(spellings, options).map { spelling, option in
            "  " + spelling.padding(toLength: width, withPad: " ", startingAt: 0) + option.help
        }
        let exitLines = ExitCode.documentation.map { code, meaning in
            "  " + String(code.rawValue).padding(toLength: 5, withPad: " ", startingAt: 0) + meaning
        }
        return """
        translate: find the text in images and translate every box.

        \(usage)
               translate config    (save Papago credentials and default options; see translate config --help)

        IMAGE is a PNG, JPEG, TIFF (every page), BMP, GIF, PNM or WebP file, a directory (the images
        in it; --recursive for its subdirectories too), or - for image data on standard input (a FIFO
        or <(…) is read the same way).

        Options:
        \(optionLines.joined(separator: "\n"))

        Examples:
          translate photo.png --to en                   translate every box into English
          translate menu.png --ocr-only                 read the text of an image
          translate sign.jpg --ocr-only -v              a photo: says how its lines were found
          translate shot.png --ocr-only --format plain  just the text, one box per line
          translate a.png b.tif --to ko --format jsonl > boxes.jsonl
          cat scan.png | translate - --to en -l spa     Spanish scan from standard input
          translate ~/Screenshots -r --to en --format jsonl > shots.jsonl
          find . -name '*.png' -print0 | translate --files-from - -0 --ocr-only --format tsv
          translate shots --to en -o out --skip-existing  one file per image; rerun to resume

        Translation uses Papago when credentials are found (PAPAGO_CLIENT_ID and
        PAPAGO_CLIENT_SECRET, --secrets, $TRANSLATE_SECRETS, or ~/.config/translate/secrets.json),
        otherwise Apertium, offline. See --list-languages for what is installed. Translations
        are kept in a cache ($XDG_CACHE_HOME/translate, by default ~/.cache/translate), so a text
        already translated is not sent again.

        Camera photos are read line by line through a text-line detector whose model
        scripts/fetch-text-detector.py installs (or set $TRANSLATE_TEXT_DETECTOR to it).

        Exit status:
        \(exitLines.joined(separator: "\n"))

        """
    }
}
