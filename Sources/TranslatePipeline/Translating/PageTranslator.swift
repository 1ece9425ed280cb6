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
/// Lines are translated in units (`TranslationUnits`): a sentence wrapped over three lines is
/// sent as one text and its translation split back onto the three. Units are grouped by
/// language so that each group is one call to the translator (which sends as few requests as
/// it can); units already in the target language, and those with no letters at all (prices,
/// times, percentages), are not sent anywhere.
public enum PageTranslator {
    /// Translates `result` in place. A failed group leaves its boxes untranslated (those the
    /// translator had translated before it failed keep their translations), each with why
    /// (`BoxResult.untranslated`), and sets the page's `error`; the error is returned so that
    /// the run can stop when it must.
    /// `languagesAssigned`: recognition already gave every box its language the way the plan
    /// would, so it is not detected again. `formsUnits`: the boxes are lines, to be joined into
    /// units (paragraph boxes are units already).
    @discardableResult
    public static func translate(_ result: inout ImageResult, plan: TranslationPlan, languagesAssigned: Bool = false,
                                 formsUnits: Bool = true) -> Error? {
        result.target = plan.target
        result.engine = plan.translator.engine
        if !languagesAssigned, let failure = plan.languages.assign(&result) {
            result.error = ResultError(any: failure)
            for index in result.boxes.indices where result.boxes[index].text.contains(where: \.isLetter) {
                result.boxes[index].untranslated = .languageDetectionFailed
            }
            return failure
        }
        if formsUnits { TranslationUnits.assign(&result) }
        let units = TranslationUnits.members(of: result)
        let grouped = groups(of: result, units: units, target: plan.target, sources: plan.translator.sourceLanguages)
        // What needs no translation (already in the target language, no letters) stays as it is.
        let sent = Set(grouped.flatMap(\.1))
        for (number, members) in units.enumerated() where !sent.contains(number) {
            let text = TranslatedText(text: UnitText.joined(members.map { result.boxes[$0].text }), source: nil)
            place(text, on: members, in: &result, asItIs: true)
        }
        var failure: Error?
        // The engines that served the page's groups, in order: `papago+apertium` when a
        // Catalan box went to Apertium beside Korean ones to Papago.
        var engines: [String] = []
        // The error that stops the run, once one came.
        var stopping: ReportableError?
        for (language, numbers) in grouped {
            // Once the run must stop, no other group is sent either: its boxes say why.
            if let stopping {
                for number in numbers { mark(units[number], stopping.untranslatedReason, in: &result) }
                continue
            }
            let engine = plan.translator.engine(for: language, to: plan.target)
            if !engines.contains(engine) { engines.append(engine) }
            let texts = numbers.map { UnitText.joined(units[$0].map { result.boxes[$0].text }) }
            let outcome = plan.translator.translations(of: texts, from: language, to: plan.target)
            let reason = Self.untranslatedReason(outcome.failure)
            // What arrived before a failure is kept.
            for (position, number) in numbers.enumerated() {
                guard position < outcome.translations.count, let translation = outcome.translations[position] else {
                    mark(units[number], reason, in: &result)
                    continue
                }
                place(translation, on: units[number], in: &result, asItIs: false)
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

    /// Gives a unit's boxes their pieces of its translation; `asItIs`: the unit needed none,
    /// so each line keeps its own text.
    private static func place(_ translation: TranslatedText, on members: [Int], in result: inout ImageResult, asItIs: Bool) {
        let pieces = asItIs ? members.map { result.boxes[$0].text }
            : UnitPieces.split(translation.text, across: members.map { UnitLine(result.boxes[$0], language: nil).length })
        for (index, piece) in zip(members, pieces) {
            result.boxes[index].translation = piece
            result.boxes[index].cached = asItIs ? false : translation.cached
            if asItIs { continue }
            result.boxes[index].pivot = translation.pivot
            if result.boxes[index].language == nil, let source = translation.source {
                result.boxes[index].language = source
            }
            if result.boxes[index].unit != nil { result.boxes[index].unitTranslation = translation.text }
        }
        if asItIs {
            for index in members where result.boxes[index].unit != nil { result.boxes[index].unitTranslation = translation.text }
        }
    }

    /// Marks a unit's boxes as left untranslated, and why.
    private static func mark(_ members: [Int], _ reason: UntranslatedReason, in result: inout ImageResult) {
        for index in members { result.boxes[index].untranslated = reason }
    }

    /// Why the boxes a call left untranslated have no translation: what its error says, or
    /// a failed translation when it gave none.
    static func untranslatedReason(_ failure: Error?) -> UntranslatedReason {
        (failure as? ReportableError)?.untranslatedReason ?? .translationFailed
    }

    /// The units to translate (as indices into `units`), by source language, in first-seen
    /// order. Units with letters but no detected language go with the page's dominant
    /// language; those with no language, or one the translator does not translate from
    /// (Catalan with Papago), to the engine's own detection. A box keeps the language it was
    /// detected in.
    static func groups(of result: ImageResult, units: [[Int]], target: Language, sources: Set<Language>? = nil) -> [(Language?, [Int])] {
        var order: [Language?] = []
        var members: [Language?: [Int]] = [:]
        for (number, unit) in units.enumerated() {
            var language = TranslationUnits.language(of: result.boxes[unit[0]], in: result)
            if let detected = language, let sources, !sources.contains(detected) { language = nil }
            if language == target || !unit.contains(where: { result.boxes[$0].text.contains(where: \.isLetter) }) { continue }
            if members[language] == nil { order.append(language) }
            members[language, default: []].append(number)
        }
        return order.map { ($0, members[$0]!) }
    }
}
