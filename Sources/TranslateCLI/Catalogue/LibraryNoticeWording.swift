import TranslateModel
import TranslatePipeline
import TranslationEngines

/// What the engines and the input listing say once, in the language of the messages: each
/// notice from its own key and its arguments, never from its English sentence; safe for a
/// terminal, whatever the paths and addresses in it hold (`TerminalSafeText`).
extension MessageCatalogue {
    static func text(of notice: EngineNotice, in language: MessageLanguage) -> String {
        TerminalSafeText.shown(words(of: notice, in: language))
    }

    static func text(of notice: InputNotice, in language: MessageLanguage) -> String {
        TerminalSafeText.shown(words(of: notice, in: language))
    }

    private static func words(of notice: EngineNotice, in language: MessageLanguage) -> String {
        switch notice {
        case .cacheReplaced(let path, let reason, let aside?): text(.cacheMovedAside, language, path, reason, aside)
        case .cacheReplaced(let path, let reason, nil): text(.cacheRemoved, language, path, reason)
        case .cacheNotSaved(let problem, let path): text(.cacheNotSaved, language, problem, path)
        case .cacheOff(let problem, let path?): text(.cacheAtGoingOn, language, problem, path)
        case .cacheOff(let problem, nil): text(.cacheGoingOn, language, problem)
        case .sharedCacheOff(let address, let problem): text(.sharedCacheOff, language, address, problem)
        case .sharedCacheClaimsOff(let address, let message): text(.sharedCacheClaimsOff, language, address, message)
        case .secretsIgnored(let path): text(.secretsIgnored, language, path)
        case .plainHTTP(let endpoint): text(.plainHTTP, language, endpoint)
        case .secretsReadable(let path, let mode): text(.secretsReadable, language, path, mode)
        }
    }

    private static func words(of notice: InputNotice, in language: MessageLanguage) -> String {
        switch notice {
        case .noImagesInDirectory(let path, true): text(.noImagesInDirectory, language, path)
        case .noImagesInDirectory(let path, false): text(.noImagesInDirectoryFlat, language, path)
        case .linkReplacedByResult(let path): text(.linkReplacedByResult, language, path)
        }
    }
}
