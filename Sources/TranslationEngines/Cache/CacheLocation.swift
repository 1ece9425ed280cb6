import Foundation
/// Where the translation cache lives: `--cache-dir`, else `$XDG_CACHE_HOME/translate`, else
/// `~/.cache/translate`.
public enum CacheLocation {
    /// The directory, or nil when none can be named (no usable `XDG_CACHE_HOME` or `HOME`).
    public static func directory(override: String?, environment: [String: String]) -> String? {
        if let override, !override.isEmpty { return override }
        // The XDG Base Directory spec: a relative path is invalid and must be ignored.
        if let cacheHome = environment["XDG_CACHE_HOME"], cacheHome.hasPrefix("/") {
            return (cacheHome as NSString).appendingPathComponent("translate")
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return (home as NSString).appendingPathComponent(".cache/translate")
        }
        return nil
    }
}
