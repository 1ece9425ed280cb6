/// The language of the command's own messages: Korean when the locale says so, else English.
public enum MessageLanguage: String, Sendable, CaseIterable {
    case english = "en"
    case korean = "ko"

    /// From `LC_ALL`, else `LC_MESSAGES`, else `LANG`, as C programs decide: the first that is
    /// set (and not empty) wins, and only `ko…` (`ko_KR.UTF-8`, `ko`) means Korean.
    public init(environment: [String: String]) {
        let setting = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        self = setting.lowercased().hasPrefix("ko") ? .korean : .english
    }
}
