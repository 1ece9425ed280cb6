import TextDetection
import TextRecognition
import TranslateModel

extension MessageCatalogue {
    /// What reading says once, in `language`: from its own key, not from its English sentence;
    /// safe for a terminal, whatever the model path or library message in it holds.
    static func text(of notice: RecognitionNotice, in language: MessageLanguage) -> String {
        TerminalSafeText.shown(words(of: notice, in: language))
    }

    private static func words(of notice: RecognitionNotice, in language: MessageLanguage) -> String {
        switch notice {
        case .detectorModelMissing: text(.photoWithoutDetector, language, TextDetectorModel.environmentVariable)
        case .detectorUnusable(let model, let reason): text(.detectorUnusable, language, model, reason)
        case .recognizerUnusable: text(.recognizerUnusable, language)
        case .onnxRuntimeUnusable(let reason): text(.onnxRuntimeUnusable, language, reason)
        case .orientationModelUnusable(let model, let reason): text(.orientationModelUnusable, language, model, reason)
        }
    }
}
