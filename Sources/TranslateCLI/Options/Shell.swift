/// The shells `--completion` writes a script for.
public enum Shell: String, Sendable, CaseIterable {
    case bash, zsh, fish
}
