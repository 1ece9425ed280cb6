/// Every option `translate` accepts; the raw value is its long spelling.
public enum OptionName: String, Sendable, CaseIterable {
    case to
    case from
    case ocrOnly = "ocr-only"
    case engine
    case honorific
    case glossary
    case endpoint
    case secrets
    case detect
    case listLanguages = "list-languages"
    case format
    case ocrLang = "ocr-lang"
    case level
    case layout
    case psm
    case noPrepare = "no-prepare"
    case reuseLines = "reuse-lines"
    case maxPixels = "max-pixels"
    case maxInputSize = "max-input-size"
    case maxOCRMemory = "max-ocr-memory"
    case jobs
    case recursive
    case filesFrom = "files-from"
    case null
    case shard
    case maxRequests = "max-requests"
    case timeout
    case noCache = "no-cache"
    case cacheDir = "cache-dir"
    case cacheURL = "cache-url"
    case outputDir = "output-dir"
    case skipExisting = "skip-existing"
    case color
    case quiet
    case verbose
    case help
    case version
    case completion
    case man

    /// How the option is written on the command line: `--ocr-only`.
    public var spelling: String { "--" + rawValue }
}
