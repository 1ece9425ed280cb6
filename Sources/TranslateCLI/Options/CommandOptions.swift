import ImageDecoding
import TranslateModel
import TesseractReading
import TextRecognition
import LanguageDetection
import TranslationEngines
import TranslateOutput
import TranslatePipeline
/// The options of one `translate` run, validated.
public struct CommandOptions: Sendable, Equatable {
    public var inputs: [InputSource] = []
    public var target: Language?
    public var source: Language?
    public var ocrOnly = false
    /// `--engine`: nil chooses Papago when credentials are found, else Apertium.
    public var engine: EngineName?
    public var papago = PapagoCredentialOptions()
    public var papagoOptions = PapagoOptions()
    public var listLanguages = false
    /// `--detect papago`: ask the service for each page's language instead of detecting offline.
    public var detectWithPapago = false
    public var format: OutputFormat = .text
    /// The saved defaults (`config.json`) this run took a value from, by key: "to", "format",
    /// "engine". A refusal of such a value says where it came from.
    public var fromSavedDefaults: Set<String> = []
    public var ocr = OCRSettings(rereadByLanguage: true)
    public var jobs: Int?
    /// `--recursive`: directories given are read with their subdirectories.
    public var recursive = false
    /// `--files-from`: a file (`-`: standard input) listing more inputs.
    public var filesFrom: String?
    /// `--null`: the `--files-from` list is NUL-separated.
    public var nulSeparated = false
    /// `--shard K/N`: read only this process's share of the inputs; nil reads them all (unless
    /// the environment names a Kubernetes Indexed Job's index, see `ShardSelection`).
    public var shard: Shard?
    /// `--max-requests`: translation requests in flight at once.
    public var maxRequests = 4
    /// `--timeout`: the longest one translation request may take, in seconds.
    public var requestTimeout = PapagoClient.defaultRequestTimeout
    /// False with `--no-cache`.
    public var cacheEnabled = true
    public var cacheDirectory: String?
    /// `--cache-url`: a Redis server shared by several machines, consulted after the local cache.
    public var sharedCache: RedisAddress?
    /// `--output-dir`: one result file per input there, instead of standard output.
    public var outputDirectory: String?
    /// `--skip-existing`: inputs whose result file exists are not read again.
    public var skipExisting = false
    /// `--color`: colour on a terminal (auto), always, or never.
    public var color = ColorChoice.auto
    public var quiet = false
    public var verbose = false
    public var showHelp = false
    public var showVersion = false
    /// `--completion SHELL`: print that shell's completion script.
    public var completionShell: Shell?
    /// `--man`: print the manual page.
    public var showManPage = false

    /// Every option `translate` accepts, in the order `--help` lists them.
    public static let parser = CommandLineParser<OptionName>(options: [
        .init(.to, short: "t", value: "LANG", help: "translate into LANG (ko, en, ja, zh-CN, …)"),
        .init(.from, short: "f", value: "LANG", help: "source language (default: auto)"),
        .init(.ocrOnly, help: "print the text as read, without translating"),
        .init(.engine, short: "e", value: "ENGINE", help: "papago, apertium or auto (default, auto: papago with credentials, else apertium)"),
        .init(.honorific, help: "polite forms when translating into Korean (papago)"),
        .init(.glossary, value: "KEY", help: "apply this NAVER Cloud glossary (papago)"),
        .init(.endpoint, value: "URL", help: "the Papago-compatible service to use (default: from the environment or secrets)"),
        .init(.secrets, value: "PATH", help: "read Papago credentials from this JSON file"),
        .init(.detect, value: "DETECTOR", help: "box languages from: offline (default) or papago (one request per image)"),
        .init(.listLanguages, help: "list every language with its OCR data and translation pairs"),
        .init(.format, value: "FORMAT", help: "output format: text, plain, tsv, json, jsonl, png, html (default: text)"),
        .init(.ocrLang, short: "l", value: "LANGS", help: "Tesseract languages to read with (default: kor+eng, then each box again in its own language)"),
        .init(.level, value: "LEVEL", help: "box level: line or paragraph (default: line)"),
        .init(.layout, value: "LAYOUT", help: "how text is found: photo (text-line detector), page (Tesseract's layout analysis) or auto (default: photos by detector)"),
        .init(.psm, value: "N", help: "Tesseract page segmentation mode 0–13 (default: chosen per page)"),
        .init(.noPrepare, help: "read images as they are, without preparing them (polarity, skew, size, orientation)"),
        .init(.reuseLines, help: "read text line by line, and a line met before in the run once (folders of one app's screenshots)"),
        .init(.maxPixels, value: "N", help: "refuse images larger than N pixels (default: 64000000; 0: no limit)"),
        .init(.maxInputSize, value: "SIZE", help: "refuse inputs larger than SIZE bytes; K, M, G: KiB, MiB, GiB (default: 4 bytes per pixel of --max-pixels; 0: no limit)"),
        .init(.maxOCRMemory, value: "SIZE", help: "keep at most SIZE of other languages' OCR data loaded; K, M, G (default: 1/256 of memory, 64M to 1G)"),
        .init(.jobs, short: "j", value: "N", help: "read N images at once (default: number of cores)"),
        .init(.recursive, short: "r", help: "read the images in the subdirectories of directories given too"),
        .init(.filesFrom, value: "FILE", help: "read more input paths from FILE (- for stdin), one per line"),
        .init(.null, short: "0", help: "--files-from paths are separated by NUL, as find -print0 writes them"),
        .init(.shard, value: "K/N", help: "read only share K of N of the inputs, chosen by a hash of each path (default: JOB_COMPLETION_INDEX+1 of JOB_COMPLETIONS)"),
        .init(.maxRequests, value: "N", help: "translation requests in flight at once (default: 4)"),
        .init(.timeout, value: "SECONDS", help: "the longest one translation request may take (default: 30)"),
        .init(.noCache, help: "neither read nor write the translation cache"),
        .init(.cacheDir, value: "DIR", help: "keep the translation cache in DIR (default: ~/.cache/translate)"),
        .init(.cacheURL, value: "URL", help: "also share translations through Redis at URL (redis://host:port/db), after the local cache"),
        .init(.outputDir, short: "o", value: "DIR", help: "write one result file per image into DIR, mirroring the inputs"),
        .init(.skipExisting, help: "with --output-dir, leave out images whose result file exists"),
        .init(.color, value: "WHEN", help: "colour languages, doubtful confidences, errors and warnings: auto (on a terminal, unless NO_COLOR is set), always, never"),
        .init(.quiet, short: "q", help: "print nothing on stderr but errors"),
        .init(.verbose, short: "v", help: "say what is done to each image, on stderr"),
        .init(.help, short: "h", help: "show this help"),
        .init(.version, help: "show the version"),
        .init(.completion, value: "SHELL", help: "print the completion script for bash, zsh or fish"),
        .init(.man, help: "print the manual page (roff): man -l <(translate --man)"),
    ])

    public init() {}

    /// Interprets parsed arguments, checking every value; `defaults` (from `translate config`)
    /// fill in the target, the engine and the format where the arguments leave them out.
    public init(parsing arguments: [String], defaults: SavedDefaults = SavedDefaults()) throws(UsageError) {
        let parsed = try Self.parser.parse(arguments)
        showHelp = parsed.has(.help)
        showVersion = parsed.has(.version)
        if showHelp || showVersion { return }
        if let value = parsed.value(.completion) {
            guard let shell = Shell(rawValue: value.lowercased()) else {
                throw .invalidValue(option: OptionName.completion.spelling, value: value, expected: "bash, zsh or fish")
            }
            completionShell = shell
            return
        }
        showManPage = parsed.has(.man)
        if showManPage { return }
        listLanguages = parsed.has(.listLanguages)

        inputs = parsed.operands.map(InputSource.init(operand:))
        ocrOnly = parsed.has(.ocrOnly)
        quiet = parsed.has(.quiet)
        verbose = parsed.has(.verbose)
        if quiet && verbose { throw .conflictingOptions(OptionName.quiet.spelling, OptionName.verbose.spelling) }
        if let value = parsed.value(.to) { target = try Self.language(value, option: OptionName.to.spelling) }
        if let value = parsed.value(.from), value.lowercased() != "auto" { source = try Self.language(value, option: OptionName.from.spelling) }
        if let value = parsed.value(.format) {
            guard let format = OutputFormat(rawValue: value.lowercased()) else {
                throw .invalidValue(option: OptionName.format.spelling, value: value, expected: OutputFormat.allCases.map(\.rawValue).joined(separator: ", "))
            }
            self.format = format
        } else if !listLanguages, let format = defaults.format {
            // --list-languages has formats of its own (text and json).
            self.format = format
            fromSavedDefaults.insert("format")
        }
        // Pictures are drawn over the page's own pixels, which are otherwise let go after reading.
        ocr.keepsPixels = format.drawsOnPages
        if let value = parsed.value(.ocrLang) {
            do {
                ocr.languages = try OCRLanguages.parse(value)
                ocr.rereadByLanguage = false
            } catch {
                throw .invalidValue(option: OptionName.ocrLang.spelling, value: value, expected: "Tesseract language names joined by '+', like kor+eng")
            }
        }
        if let value = parsed.value(.engine), value.lowercased() == "auto" {
            // As `translate config` offers it: chosen as without the option.
            engine = nil
        } else if let value = parsed.value(.engine) {
            guard let engine = EngineName(rawValue: value.lowercased()) else {
                throw .invalidValue(option: OptionName.engine.spelling, value: value, expected: (EngineName.allCases.map(\.rawValue) + ["auto"]).joined(separator: ", "))
            }
            self.engine = engine
        } else {
            engine = defaults.engine
            if engine != nil { fromSavedDefaults.insert("engine") }
        }
        if let value = parsed.value(.detect) {
            switch value.lowercased() {
            case "offline": detectWithPapago = false
            case "papago": detectWithPapago = true
            default: throw .invalidValue(option: OptionName.detect.spelling, value: value, expected: "offline or papago")
            }
        }
        papago.endpoint = parsed.value(.endpoint)
        papago.secretsPath = parsed.value(.secrets)
        if parsed.has(.honorific) { papagoOptions.honorific = true }
        papagoOptions.glossaryKey = parsed.value(.glossary)
        if let value = parsed.value(.level) {
            guard let level = BoxLevel(rawValue: value.lowercased()) else {
                throw .invalidValue(option: OptionName.level.spelling, value: value, expected: "line or paragraph")
            }
            ocr.level = level
        }
        if let value = parsed.value(.layout) {
            guard let layout = PageLayout(rawValue: value.lowercased()) else {
                throw .invalidValue(option: OptionName.layout.spelling, value: value,
                                    expected: PageLayout.allCases.map(\.rawValue).joined(separator: ", "))
            }
            ocr.layout = layout
        }
        if let value = parsed.value(.psm) {
            ocr.pageSegmentationMode = try Self.integer(value, option: OptionName.psm.spelling, in: 0...13)
            ocr.choosesSegmentation = false
        }
        if parsed.has(.noPrepare) { ocr.prepares = false }
        if parsed.has(.reuseLines) { ocr.readsLineByLine = true }
        if let value = parsed.value(.maxPixels) { ocr.pixelLimit = try Self.integer(value, option: OptionName.maxPixels.spelling, in: 0...Int(Int32.max)) }
        if let value = parsed.value(.maxInputSize) {
            guard let bytes = ByteCount.parse(value) else {
                throw .invalidValue(option: OptionName.maxInputSize.spelling, value: value, expected: "a size in bytes, like 300M or 1G")
            }
            ocr.byteLimit = bytes
        }
        if let value = parsed.value(.maxOCRMemory) {
            guard let bytes = ByteCount.parse(value) else {
                throw .invalidValue(option: OptionName.maxOCRMemory.spelling, value: value, expected: "a size in bytes, like 200M or 1G")
            }
            ocr.languageDataLimit = bytes
        }
        if let value = parsed.value(.jobs) { jobs = try Self.integer(value, option: OptionName.jobs.spelling, in: 1...256) }
        recursive = parsed.has(.recursive)
        filesFrom = parsed.value(.filesFrom)
        nulSeparated = parsed.has(.null)
        if let value = parsed.value(.shard) {
            guard let shard = Shard(parsing: value) else {
                throw .invalidValue(option: OptionName.shard.spelling, value: value,
                                    expected: "K/N with whole numbers 1 ≤ K ≤ N ≤ \(Shard.maxCount), like 2/8")
            }
            self.shard = shard
        }
        if let value = parsed.value(.maxRequests) { maxRequests = try Self.integer(value, option: OptionName.maxRequests.spelling, in: 1...64) }
        if let value = parsed.value(.timeout) {
            guard let seconds = Double(value), seconds.isFinite, seconds >= 0.1, seconds <= 3600 else {
                throw .invalidValue(option: OptionName.timeout.spelling, value: value, expected: "a number of seconds from 0.1 to 3600")
            }
            requestTimeout = seconds
        }
        if let value = parsed.value(.color) {
            guard let choice = ColorChoice(rawValue: value.lowercased()) else {
                throw .invalidValue(option: OptionName.color.spelling, value: value, expected: "auto, always or never")
            }
            color = choice
        }
        cacheEnabled = !parsed.has(.noCache)
        cacheDirectory = parsed.value(.cacheDir)
        if let value = parsed.value(.cacheURL) {
            do {
                sharedCache = try RedisAddress(parsing: value)
            } catch {
                throw .invalidValue(option: OptionName.cacheURL.spelling, value: RedisAddress.redacted(value), expected: "\(error)")
            }
        }
        outputDirectory = parsed.value(.outputDir)
        skipExisting = parsed.has(.skipExisting)

        if listLanguages {
            if !inputs.isEmpty || filesFrom != nil { throw .conflictingOptions(OptionName.listLanguages.spelling, "images to read") }
            return
        }
        // A saved target stands in for --to, but never turns --ocr-only into a conflict.
        if target == nil && !ocrOnly, let saved = defaults.target {
            target = saved
            fromSavedDefaults.insert("to")
        }
        if papagoOptions.honorific == true && target != .korean {
            throw .needsOption(OptionName.honorific.spelling, OptionName.to.spelling + " ko")
        }
        if inputs.isEmpty && filesFrom == nil { throw .noInputs }
        if nulSeparated && filesFrom == nil { throw .needsOption(OptionName.null.spelling, OptionName.filesFrom.spelling) }
        if skipExisting && outputDirectory == nil { throw .needsOption(OptionName.skipExisting.spelling, OptionName.outputDir.spelling) }
        if filesFrom == "-" && inputs.contains(.standardInput) { throw .conflictingOptions("--files-from -", "- (standard input)") }
        if outputDirectory != nil && inputs.contains(.standardInput) { throw .conflictingOptions(OptionName.outputDir.spelling, "- (standard input)") }
        if !cacheEnabled && cacheDirectory != nil { throw .conflictingOptions(OptionName.noCache.spelling, OptionName.cacheDir.spelling) }
        if !cacheEnabled && sharedCache != nil { throw .conflictingOptions(OptionName.noCache.spelling, OptionName.cacheURL.spelling) }
        if ocrOnly && target != nil { throw .conflictingOptions(OptionName.ocrOnly.spelling, OptionName.to.spelling) }
        if !ocrOnly && target == nil { throw .nothingToDo }
    }

    private static func language(_ value: String, option: String) throws(UsageError) -> Language {
        guard let language = Language(code: value) else {
            if let code = LanguageSuggestion.code(for: value) { throw .languageNotACode(option: option, value: value, code: code) }
            throw .invalidValue(option: option, value: value, expected: "one of " + Language.allCases.map(\.code).joined(separator: ", "))
        }
        return language
    }

    private static func integer(_ value: String, option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let number = Int(value), range.contains(number) else {
            throw .invalidValue(option: option, value: value, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }
}
