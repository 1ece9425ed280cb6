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
        var plan: TranslationPlan?
        if let target = options.target {
            do {
                let choice = try EngineSelection(environment: context.environment).choose(options)
                for warning in choice.warnings { context.standardError.write("translate: warning: \(warning)\n") }
                if let notice = choice.notice, !options.quiet { context.standardError.write(notice + "\n") }
                plan = TranslationPlan(translator: choice.translator, target: target, source: options.source)
            } catch {
                context.standardError.write("translate: \(error)\n")
                return ExitCode.setup.rawValue
            }
        }
        return BatchRun(options: options, context: context, plan: plan).run().rawValue
    }
}
