/// Decides the language of every box of a page, and the page's dominant source language.
public enum BoxLanguages {
    /// Below this confidence a guess is not trusted on its own: short OCR boxes such as "Wi-Fi"
    /// or "Menu" fit several languages about equally.
    static let minimumConfidence = 0.5
    /// A doubtful box that could be in the target language is taken to be: leaving it as it is
    /// costs nothing, while translating it from a wrong guess garbles it.
    static let plausibleTarget = 0.1

    /// `forced` (`--from`) wins for every box; otherwise the detector decides, and a doubtful
    /// box is either taken to be in `target` or left unknown.
    public static func assign(_ result: inout ImageResult, detector: LanguageDetector, forced: Language?, target: Language?) {
        var letters: [Language: Int] = [:]
        for index in result.boxes.indices {
            let text = result.boxes[index].text
            let language = forced ?? language(of: text, detector: detector, target: target)
            result.boxes[index].language = language
            if let language { letters[language, default: 0] += text.filter(\.isLetter).count }
        }
        result.source = forced ?? letters.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key
    }

    static func language(of text: String, detector: LanguageDetector, target: Language?) -> Language? {
        let guess = detector.detect(text)
        guard let language = guess.language else { return nil }
        if guess.confidence >= minimumConfidence { return language }
        if let target, guess.ranking.contains(where: { $0.language == target && $0.confidence >= plausibleTarget }) {
            return target
        }
        return nil
    }
}
