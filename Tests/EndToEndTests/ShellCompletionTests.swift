import Foundation
import Testing
@testable import TranslateCLI
import TestSupport

/// The bash completion script, loaded into bash and asked what completes a word.
@Suite struct ShellCompletionTests {
    /// What bash offers for the last of `words` (the command line typed so far).
    private func completions(_ words: [String]) throws -> [String] {
        let script = CompletionScript.script(for: .bash)
        let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
        let program = script + "\nCOMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _translate; printf '%s\\n' \"${COMPREPLY[@]}\"\n"
        let run = try ProcessRun(["--norc", "--noprofile", "-c", program], executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(run.exitCode == 0, "\(run.standardError)")
        return run.standardOutput.split(separator: "\n").map(String.init)
    }

    @Test func completesOptionsLanguagesAndFormats() throws {
        #expect(try completions(["translate", "--fo"]) == ["--format"])
        #expect(try completions(["translate", "a.png", "--to", "zh"]) == ["zh-CN", "zh-TW"])
        #expect(try completions(["translate", "-t", "k"]) == ["ko"])
        #expect(try completions(["translate", "--format", "js"]) == ["json", "jsonl"])
        #expect(try completions(["translate", "--format=t"]) == ["--format=text", "--format=tsv"])
        #expect(try completions(["translate", "--color", ""]) == ["auto", "always", "never"])
        #expect(try completions(["translate", "--completion", "z"]) == ["zsh"])
        #expect(try completions(["translate", "con"]).contains("config"))
    }
}
