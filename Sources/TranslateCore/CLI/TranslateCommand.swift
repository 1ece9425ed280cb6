import Foundation

/// The `translate` command: parses the arguments, reads every input, prints the results.
public enum TranslateCommand {
    /// Runs the command and returns its exit status.
    public static func run(_ arguments: [String], context: CommandContext) -> Int32 {
        let options: CommandOptions
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
        let plans: (TranslationPlan?, LanguagePlan)
        do {
            plans = try Self.plans(for: options, context: context)
        } catch {
            context.standardError.write("translate: \(error)\n")
            return ExitCode.setup.rawValue
        }
        return BatchRun(options: options, context: context, plan: plans.0, languages: plans.1).run().rawValue
    }

    /// Sets up the translator (when translating) and how box languages are decided.
    private static func plans(for options: CommandOptions, context: CommandContext) throws(EngineSetupError) -> (TranslationPlan?, LanguagePlan) {
        let selection = EngineSelection(environment: context.environment)
        var translator: Translator?
        if options.target != nil {
            let choice = try selection.choose(options)
            for warning in choice.warnings { context.standardError.write("translate: warning: \(warning)\n") }
            if let notice = choice.notice, !options.quiet { context.standardError.write(notice + "\n") }
            translator = choice.translator
        }
        var pageDetector: PageLanguageDetector?
        if options.detectWithPapago {
            let client: PapagoClient
            if let papago = translator as? PapagoTranslator {
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
}
