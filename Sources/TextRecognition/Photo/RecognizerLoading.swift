import Foundation
import TextDetection

/// A photo reader's text-line recognizer, loaded on a thread of its own from the moment the
/// first photo comes, so that loading it (about 0.1 s, most of it OpenCV importing the network)
/// overlaps the detection of that photo's lines instead of coming before it.
///
/// Owned by the worker that reads photos; `loaded` waits for the loading thread once.
final class RecognizerLoading {
    private let done = DispatchSemaphore(value: 0)
    private let box = LoadedBox()
    private var taken: TextLineRecognizer??
    private let failureNotice: () -> Void

    /// Starts loading the model at `model` (nil: there is no recognizer). `failed` is called
    /// once, on the thread that first asks for the recognizer, when the model is there but
    /// cannot be loaded.
    init(model: String?, failed: @escaping () -> Void) {
        failureNotice = failed
        guard let model else {
            taken = .some(nil)
            return
        }
        let box = self.box, done = self.done
        let thread = Thread {
            let dictionary = TextRecognizerModel.charactersPath(forModel: model)
            box.recognizer = try? TextLineRecognizer(modelPath: model, dictionaryPath: dictionary)
            done.signal()
        }
        // OpenCV's importer takes more stack than a secondary thread's default on some systems.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The recognizer once loaded; nil when there is none or it cannot be loaded.
    var loaded: TextLineRecognizer? {
        if let taken { return taken }
        done.wait()
        let recognizer = box.recognizer
        taken = .some(recognizer)
        if recognizer == nil { failureNotice() }
        return recognizer
    }

    /// Where the loading thread leaves the recognizer.
    private final class LoadedBox: @unchecked Sendable {
        // @unchecked Sendable: written once by the loading thread before it signals `done`, and
        // read only after `done` has been waited for.
        var recognizer: TextLineRecognizer?
    }
}
