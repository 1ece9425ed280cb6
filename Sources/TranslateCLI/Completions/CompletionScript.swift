import Foundation
import TranslateModel

/// `translate --completion bash|zsh|fish`: a completion script made from the option table that
/// `--help` prints, so that the two cannot drift apart.
public enum CompletionScript {
    public static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    private static var options: [CommandLineParser<OptionName>.Option] { CommandOptions.parser.options }

    /// Every spelling of an option: `--to`, `-t`.
    private static func spellings(_ option: CommandLineParser<OptionName>.Option) -> [String] {
        ["--" + option.long] + (option.short.map { ["-\($0)"] } ?? [])
    }

    private static var bash: String {
        let all = options.flatMap(spellings).joined(separator: " ")
        var cases = ""
        for option in options where option.valueName != nil {
            let pattern = spellings(option).joined(separator: "|")
            switch OptionValues.kind(of: option.name) {
            case .words(let words):
                cases += "        \(pattern)) COMPREPLY=($(compgen -W '\(words.joined(separator: " "))' -- \"$current\")); return ;;\n"
            case .file:
                cases += "        \(pattern)) COMPREPLY=($(compgen -f -- \"$current\")); return ;;\n"
            case .directory:
                cases += "        \(pattern)) COMPREPLY=($(compgen -d -- \"$current\")); return ;;\n"
            case .free:
                cases += "        \(pattern)) return ;;\n"
            }
        }
        return """
            # bash completion for translate (translate --completion bash)
            _translate() {
                local current=${COMP_WORDS[COMP_CWORD]} previous=${COMP_WORDS[COMP_CWORD-1]}
                COMPREPLY=()
                case $previous in
            \(cases)    esac
                if [[ $current == --*=* ]]; then
                    local name=${current%%=*} value=${current#*=}
                    COMP_WORDS[COMP_CWORD-1]=$name; COMP_WORDS[COMP_CWORD]=$value
                    _translate
                    COMPREPLY=("${COMPREPLY[@]/#/$name=}")
                    return
                fi
                if [[ $current == -* ]]; then
                    COMPREPLY=($(compgen -W '\(all)' -- "$current"))
                elif ((COMP_CWORD == 1)) && [[ config == "$current"* ]]; then
                    COMPREPLY=(config $(compgen -f -- "$current"))
                else
                    COMPREPLY=($(compgen -f -- "$current"))
                fi
            }
            complete -o filenames -F _translate translate

            """
    }

    /// zsh's `_arguments` specification of one option.
    private static func zshSpec(_ option: CommandLineParser<OptionName>.Option) -> [String] {
        let help = option.help.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: "[", with: "\\[")
            .replacingOccurrences(of: "]", with: "\\]").replacingOccurrences(of: ":", with: "\\:")
        var action = ""
        if let value = option.valueName {
            switch OptionValues.kind(of: option.name) {
            case .words(let words): action = ":\(value):(\(words.joined(separator: " ")))"
            case .file: action = ":\(value):_files"
            case .directory: action = ":\(value):_directories"
            case .free: action = ":\(value): "
            }
        }
        let long = option.valueName == nil ? "--\(option.long)" : "--\(option.long)="
        var specs = ["'\(long)[\(help)]\(action)'"]
        if let short = option.short { specs.append("'-\(short)[\(help)]\(action)'") }
        return specs
    }

    private static var zsh: String {
        let specs = options.flatMap(zshSpec).map { "    " + $0 + " \\" }.joined(separator: "\n")
        return """
            #compdef translate
            # zsh completion for translate (translate --completion zsh)
            _arguments -s -S \\
            \(specs)
                '*:image or config:_files'

            """
    }

    private static var fish: String {
        var lines = ["# fish completion for translate (translate --completion fish)",
                     "complete -c translate -n '__fish_use_subcommand' -a config -d 'save Papago credentials and defaults'"]
        for option in options {
            var line = "complete -c translate -l \(option.long)"
            if let short = option.short { line += " -s \(short)" }
            if option.valueName != nil {
                switch OptionValues.kind(of: option.name) {
                case .words(let words): line += " -x -a '\(words.joined(separator: " "))'"
                case .file: line += " -r -F"
                case .directory: line += " -x -a '(__fish_complete_directories)'"
                case .free: line += " -x"
                }
            }
            line += " -d '\(option.help.replacingOccurrences(of: "'", with: "\\'"))'"
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
