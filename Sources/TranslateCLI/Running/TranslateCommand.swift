import Foundation
import ImageDecoding
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
        // `translate config` is the one subcommand; an image named `config` is `./config`.
        if arguments.first == "config" {
            return ConfigCommand(context: context).run(Array(arguments.dropFirst())).rawValue
        }
        let language = MessageLanguage(environment: context.environment)
        let defaults: SavedDefaults
        do {
            defaults = try SavedDefaults.load(environment: context.environment)
        } catch {
            context.standardError.write("translate: \(ErrorWording.text(of: error, in: language))\n")
            return ExitCode.setup.rawValue
        }
        var options: CommandOptions
        do {
            options = try CommandOptions(parsing: arguments, defaults: defaults)
        } catch {
            context.standardError.write("translate: \(error.description(in: language))\n\(HelpText.usage(in: language))\n\(HelpText.hint(in: language))\n")
            return ExitCode.usage.rawValue
        }
        if options.showHelp {
            context.standardOutput.write(HelpText.full(in: language))
            return ExitCode.success.rawValue
        }
        if let shell = options.completionShell {
            context.standardOutput.write(CompletionScript.script(for: shell))
            return ExitCode.success.rawValue
        }
        if options.showManPage {
            context.standardOutput.write(ManPage.text)
            return ExitCode.success.rawValue
        }
        if options.showVersion {
            context.standardOutput.write(HelpText.version + "\n")
            return ExitCode.success.rawValue
        }
        if options.listLanguages {
            context.standardOutput.write(LanguageListing(environment: context.environment).render(as: options.format, in: language))
            return ExitCode.success.rawValue
        }
        let shard: Shard?
        do {
            shard = try ShardSelection.choose(option: options.shard, environment: context.environment)
        } catch {
            context.standardError.write("translate: \(error.description(in: language))\n\(HelpText.usage(in: language))\n\(HelpText.hint(in: language))\n")
            return ExitCode.usage.rawValue
        }
        if options.ocr.layout != .page {
            options.ocr.textDetectorModel = TextDetectorModel.locate(environment: context.environment,
                                                                      executablePath: context.executablePath)
            options.ocr.textRecognizerModel = TextRecognizerModel.locate(environment: context.environment,
                                                                          executablePath: context.executablePath)
            options.ocr.modelEnvironment = context.environment.filter {
                $0.key == OnnxRuntimeLibrary.environmentVariable || $0.key == PageOrientationClassifier.environmentVariable
            }
        }
        // No progress bar when quiet, or when standard output goes through a pipe to something
        // that may print on the same terminal.
        let barWidth = options.quiet || context.standardOutputIsPipe ? nil : context.standardErrorWidth
        let errorColors = TerminalColors.choose(options.color, isTerminal: context.standardErrorWidth != nil,
                                                environment: context.environment)
        let status = StatusLine(sink: context.standardError, terminalWidth: barWidth, language: language)
        let say = StatusMessages(language: language, colors: errorColors, status: status)
        var collected = InputCollector(recursive: options.recursive, standardInput: context.inputReader.standardInput)
            .collect(operands: options.inputs.map(\.displayName), listPath: options.filesFrom, nulSeparated: options.nulSeparated)
        if let shard {
            let total = collected.inputs.count
            collected.inputs = shard.share(of: collected.inputs)
            if options.verbose { status.write("translate: shard \(shard): \(collected.inputs.count) of \(total) inputs\n") }
            // Few inputs across many shards leave some shards nothing: that is not a failure.
            if collected.inputs.isEmpty && total > 0 {
                if !options.quiet { say.line(.shardEmpty, "\(shard)", "\(total)") }
                return ExitCode.success.rawValue
            }
        }
        if collected.inputs.isEmpty {
            let notes = options.quiet ? [] : collected.notes.map { MessageCatalogue.text(of: $0, in: language) }
            status.write((notes + [ErrorWording.text(of: InputListError.noImages, in: language)]).map { "translate: \($0)\n" }.joined())
            return ExitCode.noInputReadable.rawValue
        }
        if let problem = pictureOutputProblem(options, collected: collected, toTerminal: context.terminalWidth != nil, language: language) {
            say.usageError(problem + savedDefaultNote("format", option: .format, options: options, context: context, language: language))
            return ExitCode.usage.rawValue
        }
        let plans: RunPlans
        do {
            plans = try Self.plans(for: options, context: context, say: say)
        } catch {
            say.error(ErrorWording.text(of: error, in: language))
            return ExitCode.setup.rawValue
        }
        if let plan = plans.translation, let targets = plan.translator.targetLanguages, !targets.contains(plan.target) {
            let saved = savedDefaultNote("to", option: .to, options: options, context: context, language: language)
            return refuse(plan, targets: targets, hint: plans.hints[ApertiumError.pairNotInstalledCode], savedNote: saved, say: say).rawValue
        }
        // Without credentials, a pair Apertium lacks is fixed by credentials: say how.
        if plans.offlineFallback, let plan = plans.translation, let source = options.source,
           let apertium = (plan.translator as? CachingTranslator)?.inner as? ApertiumTranslator,
           source != plan.target, !apertium.pairs.contains(where: { $0.source == source && $0.target == plan.target }) {
            say.error(NoCredentials.message(source: source, target: plan.target, in: language))
            return ExitCode.setup.rawValue
        }
        if let plan = plans.translation, let source = options.source, let sources = plan.translator.sourceLanguages,
           !sources.contains(source) {
            // `--from ca` with Papago: every box would fail alike.
            let from = sources.sorted().map(\.code).joined(separator: ", ")
            say.usageError(MessageCatalogue.text(.refuseSource, language, OptionName.from.spelling, source.code, plan.translator.engine,
                                                 LanguageNames.name(of: source, in: language), from))
            return ExitCode.usage.rawValue
        }
        return BatchCommand(options: options, context: context, plan: plans.translation, languages: plans.languages,
                            hints: plans.hints, offlineFallback: plans.offlineFallback, notice: plans.notice,
                            collected: collected, status: status, say: say).run().rawValue
    }

    /// Why `--format png` or `html` cannot go to standard output: a PNG file holds one picture
    /// (several go to a folder, one file each), and either would fill a terminal with bytes or
    /// a page of base64 that nobody reads there.
    private static func pictureOutputProblem(_ options: CommandOptions, collected: CollectedInputs, toTerminal: Bool,
                                             language: MessageLanguage) -> String? {
        guard options.outputDirectory == nil else { return nil }
        if options.format == .html, toTerminal {
            return MessageCatalogue.text(.htmlToTerminal, language, OptionName.format.spelling, OptionName.outputDir.spelling)
        }
        guard options.format == .png else { return nil }
        if collected.expanded || collected.inputs.count > 1 {
            return UsageError.needsOption(MessageCatalogue.text(.pngSeveralImages, language, OptionName.format.spelling),
                                          OptionName.outputDir.spelling).description(in: language)
        }
        if toTerminal { return MessageCatalogue.text(.pngToTerminal, language, OptionName.format.spelling, OptionName.outputDir.spelling) }
        return nil
    }

    /// Where a refused value came from when the run took it from the saved defaults: the file,
    /// its key, and how to override or change it; empty when the command line gave it.
    private static func savedDefaultNote(_ key: String, option: OptionName, options: CommandOptions, context: CommandContext,
                                         language: MessageLanguage) -> String {
        guard options.fromSavedDefaults.contains(key), let path = SavedDefaults.path(environment: context.environment) else { return "" }
        return MessageCatalogue.text(.savedDefaultRefused, language, path, key, option.spelling)
    }

    /// Refuses a target the engine cannot translate into, before any image is read: a usage
    /// error for Papago, which never will (Portuguese, Hindi), a set-up error for Apertium,
    /// whose pair can be installed.
    private static func refuse(_ plan: TranslationPlan, targets: Set<Language>, hint: String?, savedNote: String,
                               say: StatusMessages) -> ExitCode {
        let into = targets.sorted().map(\.code).joined(separator: ", ")
        let message = MessageCatalogue.text(.refuseTarget, say.language, OptionName.to.spelling, plan.target.code, plan.translator.engine,
                                            LanguageNames.name(of: plan.target, in: say.language),
                                            into.isEmpty ? MessageCatalogue.text(.nothingInstalled, say.language) : into) + savedNote
        if plan.translator.engine == EngineName.apertium.rawValue {
            // Papago as the way out only where it translates into the target.
            let papago = PapagoLanguagePairs.translatable.contains(plan.target) ? hint.map { "; \($0)" } ?? "" : ""
            say.status.write("translate: \(message)\(papago)\n")
            return .setup
        }
        say.usageError(message)
        return .usage
    }

    /// How a run translates and decides box languages, and how to fix what may fail all inputs.
    struct RunPlans {
        var translation: TranslationPlan?
        var languages: LanguagePlan
        /// By error code: what to add to a run-wide error.
        var hints: [String: String] = [:]
        /// Apertium translates only because no Papago credentials were found: a language it
        /// cannot translate then ends the run with what to set up.
        var offlineFallback = false
        /// The line that says so, written once the first input shows it is not in vain.
        var notice: String?
    }


    /// Sets up the translator (when translating, behind the translation cache) and how box
    /// languages are decided.
    private static func plans(for options: CommandOptions, context: CommandContext, say: StatusMessages) throws(EngineSetupError)
        -> RunPlans
    {
        let selection = EngineSelection(environment: context.environment)
        var translator: Translator?
        var hints: [String: String] = [:]
        var notice: String?
        if options.target != nil {
            let choice = try selection.choose(options)
            for warning in choice.warnings { say.warning(MessageCatalogue.text(of: warning, in: say.language)) }
            if choice.translator.engine == EngineName.apertium.rawValue {
                for (option, given) in [(OptionName.honorific, options.papagoOptions.honorific != nil),
                                        (.glossary, options.papagoOptions.glossaryKey != nil)] where given {
                    say.warning(MessageCatalogue.text(.papagoOnlyOption, say.language, option.spelling))
                }
            }
            if let choice = choice.notice {
                notice = options.quiet ? nil : "translate: " + choice
                // Papago translates the pairs Debian's Apertium lacks.
                hints[ApertiumError.pairNotInstalledCode] = MessageCatalogue.text(.papagoWayOut, say.language)
            }
            let store = translationStore(options, context: context, say: say)
            translator = CachingTranslator(choice.translator, store: store)
            // Papago chosen by default: the pairs it lacks and Apertium has go to Apertium.
            if options.engine == nil, choice.translator is PapagoTranslator,
               let apertium = try? ApertiumTranslator(environment: context.environment), !apertium.pairs.isEmpty {
                translator = EngineRouter(primary: CachingTranslator(choice.translator, store: store),
                                          offline: CachingTranslator(apertium, store: store), offlinePairs: apertium.pairs)
            }
        }
        var pageDetector: PageLanguageDetector?
        if options.detectWithPapago {
            let client: PapagoClient
            if let papago = Self.papago(in: translator) {
                client = papago.client
            } else {
                var papagoOnly = options
                papagoOnly.engine = .papago
                guard let papago = try selection.choose(papagoOnly).translator as? PapagoTranslator else {
                    throw .detectNeedsPapago
                }
                client = papago.client
            }
            pageDetector = PapagoPageDetector(client: client)
        }
        // Every language the detector knows, whatever the engine translates: a box is labelled
        // with the language it is in (Catalan stays Catalan with Papago).
        let languages = LanguagePlan(forced: options.source, pageDetector: pageDetector)
        guard let translator, let target = options.target else { return RunPlans(languages: languages) }
        return RunPlans(translation: TranslationPlan(translator: translator, target: target, languages: languages),
                        languages: languages, hints: hints, offlineFallback: !hints.isEmpty, notice: notice)
    }

    /// The Papago translator a run's translator holds, behind its cache or the engine router.
    static func papago(in translator: Translator?) -> PapagoTranslator? {
        let cached = (translator as? EngineRouter)?.primary ?? translator as? CachingTranslator
        return cached?.inner as? PapagoTranslator
    }

    /// The local cache, with the shared one (`--cache-url`) behind it when one is given.
    static func translationStore(_ options: CommandOptions, context: CommandContext, say: StatusMessages) -> TranslationStore {
        let local = localTranslationStore(options, context: context, say: say)
        guard var address = options.sharedCache else { return local }
        do {
            address = try SharedCachePassword(environment: context.environment, secretsPath: options.papago.secretsPath).filling(address)
        } catch {
            say.warning(ErrorWording.text(of: error, in: say.language))
        }
        let shared = RedisTranslationStore(address: address, warn: { say.warning(MessageCatalogue.text(of: $0, in: say.language)) })
        return TieredTranslationStore(local: local, shared: shared)
    }

    /// The persistent cache, or a store in memory with `--no-cache` or when the cache cannot be
    /// opened (with a warning: the run goes on either way).
    static func localTranslationStore(_ options: CommandOptions, context: CommandContext, say: StatusMessages) -> TranslationStore {
        guard options.cacheEnabled else { return MemoryTranslationStore() }
        guard let directory = CacheLocation.directory(override: options.cacheDirectory, environment: context.environment) else {
            say.warning(MessageCatalogue.text(.noCacheDirectory, say.language))
            return MemoryTranslationStore()
        }
        do {
            return try SQLiteTranslationCache(directory: directory, warn: { say.warning(MessageCatalogue.text(of: $0, in: say.language)) })
        } catch {
            say.warning(MessageCatalogue.text(.withoutCache, say.language, ErrorWording.text(of: error, in: say.language)))
            return MemoryTranslationStore()
        }
    }
}
