import TranslateModel
import TextRecognition
import LanguageDetection
import TranslationEngines
import TranslateOutput
/// What a run translates with, and into what.
public struct TranslationPlan: Sendable {
    public var translator: Translator
    public var target: Language
    public var languages: LanguagePlan

    public init(translator: Translator, target: Language, languages: LanguagePlan) {
        self.translator = translator
        self.target = target
        self.languages = languages
    }

    /// Boxes detected offline among every language the detector knows.
    public init(translator: Translator, target: Language, source: Language? = nil) {
        self.init(translator: translator, target: target, languages: LanguagePlan(forced: source))
    }
}

/// Gives every box of a page its language and translation.
///
/// Boxes are grouped by language so that each group is one call to the translator (which
/// sends as few requests as it can); boxes already in the target language, and boxes with no
/// letters at all (prices, times, percentages), are not sent anywhere.
public enum PageTranslator {
    /// Translates `result` in place. A failed group leaves its boxes untranslated (those the
    /// translator had translated before it failed keep their translations), each with why
    /// (`BoxResult.untranslated`), and sets the page's `error`; the error is returned so that
    /// the run can stop when it must.
    /// `languagesAssigned`: recognition already gave every box its language the way the plan
    /// would, so it is not detected again.
    @discardableResult
    public static func translate(_ result: inout ImageResult, plan: TranslationPlan, languagesAssigned: Bool = false) -> Error? {
        result.target = plan.target
        result.engine = plan.translator.engine
        if !languagesAssigned, let failure = plan.languages.assign(&result) {
            result.error = ResultError(any: failure)
            for index in result.boxes.indices where result.boxes[index].text.contains(where: \.isLetter) {
                result.boxes[index].untranslated = .languageDetectionFailed
            }
            return failure
        }
        let grouped = groups(of: result, target: plan.target, sources: plan.translator.sourceLanguages)
        // What needs no translation (already in the target language, no letters) stays as it is.
        let sent = Set(grouped.flatMap(\.1))
        for index in result.boxes.indices where !sent.contains(index) {
            result.boxes[index].translation = result.boxes[index].text
            result.boxes[index].cached = false
        }
        var failure: Error?
        // The engines that served the page's groups, in order: `papago+apertium` when a
        // Catalan box went to Apertium beside Korean ones to Papago.
        var engines: [String] = []
        // The error that stops the run, once one came.
        var stopping: ReportableError?
        for (language, indices) in grouped {
            // Once the run must stop, no other group is sent either: its boxes say why.
            if let stopping {
                for index in indices { result.boxes[index].untranslated = stopping.untranslatedReason }
                continue
            }
            let engine = plan.translator.engine(for: language, to: plan.target)
            if !engines.contains(engine) { engines.append(engine) }
            let outcome = plan.translator.translations(of: indices.map { result.boxes[$0].text }, from: language, to: plan.target)
            let reason = Self.untranslatedReason(outcome.failure)
            // What arrived before a failure is kept.
            for (position, index) in indices.enumerated() {
                guard position < outcome.translations.count, let translation = outcome.translations[position] else {
                    result.boxes[index].untranslated = reason
                    continue
                }
                result.boxes[index].translation = translation.text
                result.boxes[index].pivot = translation.pivot
                result.boxes[index].cached = translation.cached
                if result.boxes[index].language == nil, let source = translation.source {
                    result.boxes[index].language = source
                }
            }
            if let error = outcome.failure {
                failure = failure ?? error
                if let reportable = error as? ReportableError, reportable.stopsRun != nil { stopping = reportable }
            }
        }
        if !engines.isEmpty { result.engine = engines.joined(separator: "+") }
        if let failure { result.error = ResultError(any: failure) }
        return failure
    }

    /// Why the boxes a call left untranslated have no translation: what its error says, or
    /// a failed translation when it gave none.
    static func untranslatedReason(_ failure: Error?) -> UntranslatedReason {
        (failure as? ReportableError)?.untranslatedReason ?? .translationFailed
    }

    /// Indices of the boxes to translate, by source language, in first-seen order. Boxes with
    /// letters but no detected language go with the page's dominant language; those with no
    /// language, or one the translator does not translate from (Catalan with Papago), to the
    /// engine's own detection. A box keeps the language it was detected in.
    static func groups(of result: ImageResult, target: Language, sources: Set<Language>? = nil) -> [(Language?, [Int])] {
        var order: [Language?] = []
        var members: [Language?: [Int]] = [:]
        for (index, box) in result.boxes.enumerated() {
            var language = box.language ?? result.source
            if let detected = language, let sources, !sources.contains(detected) { language = nil }
            if language == target || !box.text.contains(where: \.isLetter) { continue }
            if members[language] == nil { order.append(language) }
            members[language, default: []].append(index)
        }
        return order.map { ($0, members[$0]!) }
    }
}
