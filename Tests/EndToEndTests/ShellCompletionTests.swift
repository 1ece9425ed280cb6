import Foundation
import Testing
@testable import TranslateCLI
import TestSupport

/// The completion scripts, each loaded into its shell and asked what completes a word: bash
/// through `COMP_WORDS`, fish through `complete -C`, zsh through its completion system in an
/// interactive shell on a pseudo-terminal.
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

    static let zsh = "/usr/bin/zsh", fish = "/usr/bin/fish"

    /// What fish offers for `line` (typed so far): the first column of `complete -C`.
    private func fishCompletions(_ line: String) throws -> [String] {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("translate.fish")
        try CompletionScript.script(for: .fish).write(to: script, atomically: true, encoding: .utf8)
        let run = try ProcessRun(["--no-config", "-c", "source \(script.path); and complete -C '\(line)'"],
                                 executable: URL(fileURLWithPath: Self.fish), environment: ["PATH": "/usr/bin:/bin", "HOME": directory.path])
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardError.isEmpty, "the fish script does not load cleanly: \(run.standardError)")
        return run.standardOutput.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: ShellCompletionTests.fish),
                   "fish is not installed (scripts/install-dependencies.sh installs it)"))
    func fishCompletesOptionsLanguagesAndFormats() throws {
        #expect(try fishCompletions("translate --form") == ["--format"])
        #expect(try fishCompletions("translate a.png --to zh") == ["zh-CN", "zh-TW"])
        #expect(try fishCompletions("translate -t k") == ["ko"])
        let sources = try fishCompletions("translate --from ")
        #expect(sources.contains("auto") && sources.contains("ko") && sources.contains("ca"), "\(sources)")
        #expect(try Set(fishCompletions("translate --format ")) == ["text", "plain", "tsv", "json", "jsonl", "png", "html"])
        #expect(try fishCompletions("translate --color ").sorted() == ["always", "auto", "never"])
        #expect(try fishCompletions("translate con").contains("config"))
    }

    /// Runs zsh's completion for `line` in an interactive zsh on a pseudo-terminal (zsh/zpty),
    /// with `compadd` wrapped to print what it is given, and returns those words.
    private func zshCompletions(_ line: String) throws -> [String] {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try CompletionScript.script(for: .zsh).write(to: directory.appendingPathComponent("_translate"), atomically: true, encoding: .utf8)
        let capture = directory.appendingPathComponent("capture.zsh")
        try Self.zshCapture.write(to: capture, atomically: true, encoding: .utf8)
        let run = try ProcessRun(["-f", capture.path, directory.path, line], executable: URL(fileURLWithPath: Self.zsh),
                                 environment: ["PATH": "/usr/bin:/bin", "HOME": directory.path, "TERM": "dumb"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        return run.standardOutput.split(separator: "\n").map(String.init)
    }

    /// The inner shell loads the script from the directory given first, as `compinit` would
    /// from `$fpath`, and completes the line given second with one Tab. Every word a
    /// completion function adds is printed between `<<` and `>>`; `<<END>>` follows the Tab.
    static let zshCapture = #"""
        zmodload zsh/zpty || exit 3
        zpty z zsh -f -i
        zpty -w z "PS1=''; RPROMPT=''; fpath=($1 \$fpath); autoload -U compinit; compinit -u -D; unsetopt auto_list list_beep"
        # Words given with -O, -A or -D are only being filtered, not offered.
        zpty -w z 'compadd() { if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi; local -a hits; builtin compadd -A hits "$@"; local h; for h in $hits; do print -r -- "<<$h>>"; done; builtin compadd "$@"; }'
        zpty -w z 'capture() { zle complete-word; print -r -- "<<END>>"; }; zle -N capture; bindkey "^I" capture'
        zpty -w z 'print -r -- "<<READY>>"'
        # The echo of the command holds the marker too; the printed line is the marker alone.
        while zpty -r z line; do [[ $line == *'<<READY>>'* && $line != *print* ]] && break; done
        zpty -w -n z "$2"$'\t'
        while zpty -r z line; do
            [[ $line == *'<<END>>'* ]] && break
            [[ $line == *'<<'*'>>'* ]] && { line=${line#*<<}; print -r -- ${line%%>>*} }
        done
        zpty -d z
        """#

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: ShellCompletionTests.zsh),
                   "zsh is not installed (scripts/install-dependencies.sh installs it)"))
    func zshCompletesOptionsLanguagesAndFormats() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("_translate")
        try CompletionScript.script(for: .zsh).write(to: script, atomically: true, encoding: .utf8)
        let syntax = try ProcessRun(["-n", script.path], executable: URL(fileURLWithPath: Self.zsh))
        #expect(syntax.exitCode == 0 && syntax.standardError.isEmpty, "\(syntax.standardError)")

        #expect(try zshCompletions("translate --form") == ["--format"])
        #expect(try zshCompletions("translate a.png --to zh") == ["zh-CN", "zh-TW"])
        #expect(try zshCompletions("translate -t k") == ["ko"])
        let sources = try zshCompletions("translate --from ")
        #expect(sources.contains("auto") && sources.contains("ko") && sources.contains("ca"), "\(sources)")
        #expect(try zshCompletions("translate --format ") == ["text", "plain", "tsv", "json", "jsonl", "png", "html"])
        #expect(try zshCompletions("translate --color ") == ["auto", "always", "never"])
    }

    /// A new user's shell after `scripts/install-completions.sh`: an interactive bash on a
    /// pseudo-terminal, with Debian's default start-up files, completes `translate --fo` to
    /// `--format` on Tab, and `man -w translate` finds the page.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/bash-completion/bash_completion"),
                   "bash-completion is not installed (scripts/install-dependencies.sh installs it)"))
    func theInstalledCompletionAndManPageWorkInANewShell() throws {
        let home = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        for file in [".bashrc", ".profile"] {
            try FileManager.default.copyItem(atPath: "/etc/skel/" + file, toPath: home.appendingPathComponent(file).path)
        }
        let environment = ["HOME": home.path, "PATH": "/usr/bin:/bin"]
        let install = try ProcessRun([TestPaths.executable.path],
                                     executable: TestPaths.repository.appendingPathComponent("scripts/install-completions.sh"),
                                     environment: environment)
        #expect(install.exitCode == 0, "\(install.standardError)")
        // Debian's ~/.profile puts ~/.local/bin on PATH at login, now that it exists.
        let loggedIn = ["HOME": home.path, "PATH": home.path + "/.local/bin:/usr/bin:/bin", "TERM": "dumb"]
        let driver = home.appendingPathComponent("tab.py")
        try Self.bashTab.write(to: driver, atomically: true, encoding: .utf8)
        let bash = try ProcessRun([driver.path, "translate --fo"], executable: URL(fileURLWithPath: "/usr/bin/python3"),
                                  environment: loggedIn)
        #expect(bash.standardOutput.contains("translate --format "), "\(bash.standardOutput)")
        let man = try ProcessRun(["-w", "translate"], executable: URL(fileURLWithPath: "/usr/bin/man"), environment: loggedIn)
        #expect(man.standardOutput == home.path + "/.local/share/man/man1/translate.1\n", "\(man.standardOutput) \(man.standardError)")
    }

    /// Starts `bash -i` on a pseudo-terminal, types the line given and a Tab, and prints what
    /// the terminal shows then.
    static let bashTab = #"""
        import os, pty, select, sys, time
        pid, fd = pty.fork()
        if pid == 0:
            os.execve("/bin/bash", ["bash", "-i"], dict(os.environ))
        def read(seconds):
            out, end = b"", time.time() + seconds
            while time.time() < end:
                ready, _, _ = select.select([fd], [], [], 0.1)
                if ready:
                    try:
                        out += os.read(fd, 4096)
                    except OSError:
                        break
            return out
        read(2)
        os.write(fd, sys.argv[1].encode() + b"\t")
        shown = read(3)
        os.write(fd, b"\x03exit\n")
        read(1)
        sys.stdout.write(shown.decode(errors="replace"))
        """#
}
