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
        if options.target != nil {
            context.standardError.write("translate: no translation engine is available in this build; use --ocr-only\n")
            return ExitCode.setup.rawValue
        }
        return BatchRun(options: options, context: context).run().rawValue
    }
}
