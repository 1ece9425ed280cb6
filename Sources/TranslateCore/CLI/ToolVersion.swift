/// The version `--version` prints and the HTTP User-Agent carries.
public enum ToolVersion {
    public static let current = "0.1.0"
}
