import Foundation
import Testing
@testable import TranslateModel
@testable import TranslateOutput
@testable import TranslateCLI
import TestSupport

/// Completions and the man page come from the option table `--help` prints: every option is in
/// each, with the values it takes.
@Suite struct CompletionTests {
    let options = CommandOptions.parser.options

    @Test(arguments: Shell.allCases) func everyOptionIsCompleted(_ shell: Shell) {
        let script = CompletionScript.script(for: shell)
        for option in options {
            let long = shell == .fish ? "-l \(option.long)" : "--\(option.long)"
            #expect(script.contains(long), "\(shell): --\(option.long) is missing")
            if let short = option.short {
                #expect(script.contains(shell == .fish ? "-s \(short)" : "-\(short)"), "\(shell): -\(short) is missing")
            }
        }
        // Languages and formats as values.
        for word in Language.allCases.map(\.code) + OutputFormat.allCases.map(\.rawValue) {
            #expect(script.contains(word), "\(shell): \(word) is missing")
        }
        #expect(script.contains("config"))
    }

    @Test func theManPageHasEveryOptionAndExitStatus() {
        let page = ManPage.text
        for option in options {
            #expect(page.contains("\\fB" + ManPage.escape("--" + option.long) + "\\fR"), "--\(option.long) is missing")
        }
        for (code, _) in ExitCode.documentation {
            #expect(page.contains(".B \(code.rawValue)\n"), "exit status \(code.rawValue) is missing")
        }
        #expect(page.hasPrefix(".TH TRANSLATE 1 "))
    }

    @Test func theCommandPrintsThem() {
        let bash = InProcessRun(["--completion", "bash"])
        #expect(bash.exitCode == 0 && bash.standardOutput == CompletionScript.script(for: .bash))
        #expect(InProcessRun(["--man"]).standardOutput == ManPage.text)
        let wrong = InProcessRun(["--completion", "tcsh"])
        #expect(wrong.exitCode == ExitCode.usage.rawValue)
        #expect(wrong.standardError.hasPrefix("translate: invalid value 'tcsh' for --completion: expected bash, zsh or fish\n"))
    }
}
