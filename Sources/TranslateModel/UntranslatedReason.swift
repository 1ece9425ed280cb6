/// Why a box that needed translating has no translation: a stable code for scripts (the box's
/// `untranslated` field in JSON), so that they can tell what more set-up would fix from what
/// trying again might.
public enum UntranslatedReason: String, Sendable, Equatable, CaseIterable {
    /// No engine here translates the box's language into the target: no Apertium pair for it
    /// and no Papago credentials, or a language neither engine has.
    case noEngineForPair = "no_engine_for_pair"
    /// The translation service stopped taking requests (refused credentials, an exhausted
    /// quota, a service that does not answer) before the box was translated.
    case serviceStopped = "service_stopped"
    /// The engine needs the box's language and none could be told (Apertium has no detection).
    case sourceLanguageUnknown = "source_language_unknown"
    /// The page's languages could not be decided (`--detect papago` failed): nothing was sent.
    case languageDetectionFailed = "language_detection_failed"
    /// Its request failed (a network or server error, a reply that could not be read, the
    /// engine failing); another run may translate it.
    case translationFailed = "translation_failed"
}
