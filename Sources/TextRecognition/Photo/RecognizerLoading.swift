import Foundation
import TextDetection

/// A photo reader's text-line recognizers, loaded on a thread of their own from the moment the
/// first photo comes, so that loading them (about 0.1 s each, most of it OpenCV importing the
/// network) overlaps the detection of that photo's lines instead of coming before it.
///
/// Owned by the worker that reads photos; `loaded` waits for the loading thread once.
final class RecognizerLoading {
    /// The main recognizer (nil when the model is missing or cannot be loaded) and the helper
    /// thread's (nil unless asked for and the main one loaded).
    typealias Recognizers = (main: TextLineRecognizer?, helper: TextLineRecognizer?)

    private let done = DispatchSemaphore(value: 0)
    private let box = LoadedBox()
    private var taken: Recognizers?
    private let failureNotice: () -> Void

    /// Starts loading the model at `model` (nil: there is no recognizer), and a second copy for
    /// a helper thread when `withHelper`. `failed` is called once, on the thread that first asks
    /// for the recognizers, when the model is there but cannot be loaded.
    init(model: String?, withHelper: Bool, failed: @escaping () -> Void) {
        failureNotice = failed
        guard let model else {
            taken = (nil, nil)
            return
        }
        let box = self.box, done = self.done
        let thread = Thread {
            let dictionary = TextRecognizerModel.charactersPath(forModel: model)
            let main = try? TextLineRecognizer(modelPath: model, dictionaryPath: dictionary)
            let helper = main == nil || !withHelper ? nil : try? TextLineRecognizer(modelPath: model, dictionaryPath: dictionary)
            box.recognizers = (main, helper)
            done.signal()
        }
        // OpenCV's importer takes more stack than a secondary thread's default on some systems.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The recognizers, once loaded.
    var loaded: Recognizers {
        if let taken { return taken }
        done.wait()
        let recognizers = box.recognizers ?? (nil, nil)
        taken = recognizers
        if recognizers.main == nil { failureNotice() }
        return recognizers
    }

    /// Where the loading thread leaves the recognizers.
    private final class LoadedBox: @unchecked Sendable {
        // @unchecked Sendable: written once by the loading thread before it signals `done`, and
        // read only after `done` has been waited for.
        var recognizers: Recognizers?
    }
}
