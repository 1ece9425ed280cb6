import Locking
import TextDetection

/// A photo reader's text-line recognizer, loaded on a thread of its own from the moment the
/// first photo comes, so that loading it (0.1-0.2 s) overlaps the detection of that photo's
/// lines instead of coming before it. It runs on ONNX Runtime when that is installed beside the
/// model, else on OpenCV.
///
/// Owned by the worker that reads photos; `loaded` waits for the loading thread once.
final class RecognizerLoading {
    /// The loading thread; nil when there is no model to load.
    private let loading: JoinableThread?
    private let box = LoadedBox()
    private var taken: TextLineRecognizer??
    private let notice: (RecognitionNotice) -> Void

    /// Starts loading the model at `model` (nil: there is no recognizer), on ONNX Runtime when
    /// it is installed beside it (`environment` may name it). `notice` says once, on the thread
    /// that first asks for the recognizer, when the model is there but cannot be loaded, or
    /// cannot be run on the ONNX Runtime installed.
    init(model: String?, environment: [String: String], notice: @escaping (RecognitionNotice) -> Void) {
        self.notice = notice
        guard let model else {
            taken = .some(nil)
            loading = nil
            return
        }
        let box = self.box
        // OpenCV's importer takes more stack than a secondary thread's default on some systems.
        loading = JoinableThread(stackSize: 8 << 20) {
            let dictionary = TextRecognizerModel.charactersPath(forModel: model)
            if let loaded = try? TextLineRecognizer.loaded(modelPath: model, dictionaryPath: dictionary, environment: environment) {
                box.recognizer = loaded.recognizer
                box.onnxRuntimeFailure = loaded.onnxRuntimeFailure
            }
        }
    }

    /// The recognizer once loaded; nil when there is none or it cannot be loaded.
    var loaded: TextLineRecognizer? {
        if let taken { return taken }
        loading?.join()
        let recognizer = box.recognizer
        taken = .some(recognizer)
        if recognizer == nil {
            notice(.recognizerUnusable)
        } else if let failure = box.onnxRuntimeFailure {
            notice(.onnxRuntimeUnusable(reason: failure))
        }
        return recognizer
    }

    /// Where the loading thread leaves the recognizer.
    private final class LoadedBox: @unchecked Sendable {
        // @unchecked Sendable: written once by the loading thread before it ends, and read only
        // after that thread has been joined.
        var recognizer: TextLineRecognizer?
        var onnxRuntimeFailure: String?
    }
}
