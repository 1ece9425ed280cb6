/// The tool's version, as reported by `--version` and sent in the User-Agent header.
public enum ToolVersion {
    /// The current release, in semantic-version form.
    public static let current = "0.1.0"

    /// The User-Agent every HTTP request carries: `translate/<version>`.
    public static var userAgent: String { "translate/\(current)" }
}
