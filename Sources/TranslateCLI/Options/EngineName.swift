/// The translation engines `--engine` can name.
public enum EngineName: String, Sendable, CaseIterable {
    case papago
    case apertium
}
