import Foundation
import TextDetection
import TranslateModel
import TextRecognition
import LanguageDetection
import TranslationEngines
import TranslateOutput
import TranslatePipeline

/// The `translate` command: parses the arguments, reads every input, prints the results.
public enum TranslateCommand {
    /// Runs the command and returns its exit status.
    public static func run(_ arguments: [String], context: CommandContext) -> Int32 {
        var options: CommandOptions
        do {
            options = try CommandOptions(parsing: arguments)
        } catch {
            context.standardError.write("translate: \(error)\n\(HelpText.usage)\n\(HelpText.hint)\n")
            return ExitCode.usage.rawValue
        }
        if options.showHelp {
            context.standardOutput.write(HelpText.full)
            return ExitCode.success.rawValue
        }
        if options.showVersion {
            context.standardOutput.write(HelpText.version + "\n")
            return ExitCode.success.rawValue
        }
        if options.listLanguages {
            context.standardOutput.write(LanguageListing(environment: context.environment).render(as: options.format))
            return ExitCode.success.rawValue
        }
        if options.ocr.layout != .page {
            options.ocr.textDetectorModel = TextDetectorModel.locate(environment: context.environment,
                                                                      executablePath: context.executablePath)
        }
        let status = StatusLine(sink: context.standardError, terminalWidth: options.quiet ? nil : context.standardErrorWidth)
        let collected = InputCollector(recursive: options.recursive, standardInput: context.inputReader.standardInput)
            .collect(operands: options.inputs.map(\.displayName), listPath: options.filesFrom, nulSeparated: options.nulSeparated)
        if collected.inputs.isEmpty {
            let notes = options.quiet ? [] : collected.notes
            status.write((notes + [InputListError.noImages.description]).map { "translate: \($0)\n" }.joined())
            return ExitCode.noInputReadable.rawValue
        }
        let plans: (TranslationPlan?, LanguagePlan)
        do {
            plans = try Self.plans(for: options, context: context, status: status)
        } catch {
            status.write("translate: \(error)\n")
            return ExitCode.setup.rawValue
        }
        return BatchCommand(options: options, context: context, plan: plans.0, languages: plans.1, collected: collected,
                            status: status).run().rawValue
    }

    /// Sets up the translator (when translating, behind the translation cache) and how box
    /// languages are decided.
    private static func plans(for options: CommandOptions, context: CommandContext, status: StatusLine) throws(EngineSetupError)
        -> (TranslationPlan?, LanguagePlan)
    {
        let selection = EngineSelection(environment: context.environment)
        var translator: Translator?
        if options.target != nil {
            let choice = try selection.choose(options)
            for warning in choice.warnings { status.write("translate: warning: \(warning)\n") }
            if let notice = choice.notice, !options.quiet { status.write(notice + "\n") }
            translator = CachingTranslator(choice.translator, store: translationStore(options, context: context, status: status))
        }
        var pageDetector: PageLanguageDetector?
        if options.detectWithPapago {
            let client: PapagoClient
            if let papago = (translator as? CachingTranslator)?.inner as? PapagoTranslator {
                client = papago.client
            } else {
                var papagoOnly = options
                papagoOnly.engine = .papago
                guard let papago = try selection.choose(papagoOnly).translator as? PapagoTranslator else {
                    throw .papago("--detect papago needs the papago engine")
                }
                client = papago.client
            }
            pageDetector = PapagoPageDetector(client: client)
        }
        let candidates = translator?.sourceLanguages ?? Set(Language.allCases)
        let languages = LanguagePlan(forced: options.source, pageDetector: pageDetector,
                                     detector: OfflineLanguageDetector(candidates: candidates))
        guard let translator, let target = options.target else { return (nil, languages) }
        return (TranslationPlan(translator: translator, target: target, languages: languages), languages)
    }

    /// The persistent cache, or a store in memory with `--no-cache` or when the cache cannot be
    /// opened (with a warning: the run goes on either way).
    static func translationStore(_ options: CommandOptions, context: CommandContext, status: StatusLine) -> TranslationStore {
        guard options.cacheEnabled else { return MemoryTranslationStore() }
        let warn: @Sendable (String) -> Void = { status.write("translate: warning: \($0)\n") }
        guard let directory = CacheLocation.directory(override: options.cacheDirectory, environment: context.environment) else {
            warn("no cache directory (HOME is not set); translating without the cache (--cache-dir names one)")
            return MemoryTranslationStore()
        }
        do {
            return try SQLiteTranslationCache(directory: directory, warn: warn)
        } catch {
            warn("\(error); translating without the cache")
            return MemoryTranslationStore()
        }
    }
}
