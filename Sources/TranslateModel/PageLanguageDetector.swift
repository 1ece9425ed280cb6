/// Tells the language of a whole page at once (as opposed to a `LanguageDetector`, which
/// looks at one box): used by `--detect papago`, one service request per page.
public protocol PageLanguageDetector: Sendable {
    /// The language of `text`, or nil when the detector cannot tell.
    func detectPage(_ text: String) throws -> Language?
}
