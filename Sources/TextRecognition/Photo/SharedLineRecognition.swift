import Foundation
import Locking
import PagePreparation
import TesseractReading
import TextDetection

/// What the text-line recognizer read on one line.
typealias RecognizedLine = TextLineReading

extension TextLineReading {
    /// A reading with nothing of the line left unread.
    init(text: String, confidence: Double) {
        self.init(text: text, confidence: confidence, unreadShare: 0)
    }
}

/// Reads a photo's lines with the text-line recognizer on two threads at once.
///
/// A helper thread reads lines while the calling thread does its other work (Tesseract's part:
/// its handles belong to the calling worker) and takes lines too. A photo is one job for one
/// worker, so without this the second core waits while the lines are read. Both threads share
/// the recognizer (it is thread-safe); the lines are handed out under a lock.
enum SharedLineRecognition {
    /// Where the helper thread's core comes from.
    enum HelperCore {
        /// Nowhere: the calling thread reads every line.
        case none
        /// The run's second core, there from the start (a run of one image).
        case own
        /// A core the run's other workers have left (`SpareCores`), taken as soon as one is
        /// spare, part-way through the lines too, and given back when the helper ends.
        case spare(SpareCores)
    }

    /// The recognizer's reading of every line of `lines` at `indices`, keyed by index; a line it
    /// cannot read has no entry. `meanwhile` runs on the calling thread while the helper (when
    /// `helperCore` has a core) reads.
    static func read(_ lines: [GrayImage], at indices: [Int], with recognizer: TextLineRecognizer, helperCore: HelperCore,
                     meanwhile: () throws(OCRError) -> Void) throws(OCRError) -> [Int: RecognizedLine] {
        let work = Work(lines: lines, indices: indices)
        let helper = Helper(core: helperCore, work: work, recognizer: recognizer)
        try helper.whileRunning { () throws(OCRError) in
            helper.startIfItHasACore()
            try meanwhile()
            work.readUntilDone(with: recognizer)
        }
        return work.results
    }

    /// The recognizer's reading of every line of `lines` but those of `known` (read already),
    /// with `known`'s. `followUp` runs on the calling thread for each line once it has been read
    /// (its reading, nil when the recognizer could not read it), in the order of the lines,
    /// between the lines the calling thread reads itself: work that needs the reading first
    /// (whether Tesseract reads the line too) keeps the calling thread busy while the helper
    /// reads on.
    static func read(_ lines: [GrayImage], known: [Int: RecognizedLine], with recognizer: TextLineRecognizer,
                     helperCore: HelperCore, followUp: (Int, RecognizedLine?) throws(OCRError) -> Void) throws(OCRError) -> [Int: RecognizedLine] {
        let work = Work(lines: lines, indices: lines.indices.filter { known[$0] == nil }, known: known)
        var followed = 0
        // The next line in order once it has been read, or nil.
        func nextRead() -> Int? {
            guard followed < lines.count, work.isRead(followed) else { return nil }
            defer { followed += 1 }
            return followed
        }
        let helper = Helper(core: helperCore, work: work, recognizer: recognizer)
        try helper.whileRunning { () throws(OCRError) in
            while true {
                // A core may have come spare since the last line.
                helper.startIfItHasACore()
                if let index = nextRead() {
                    try followUp(index, work.result(index))
                } else if !work.readOne(with: recognizer) {
                    break
                }
            }
        }
        while let index = nextRead() { try followUp(index, work.result(index)) }
        return work.results
    }

    /// The helper thread of one `Work`, started once its core is there. Used by the calling
    /// thread alone.
    private final class Helper {
        private let core: HelperCore
        private let work: Work
        private let recognizer: TextLineRecognizer
        private var thread: JoinableThread?

        init(core: HelperCore, work: Work, recognizer: TextLineRecognizer) {
            self.core = core
            self.work = work
            self.recognizer = recognizer
        }

        /// Starts the helper when it has not started, lines are left unread, and it has a core.
        func startIfItHasACore() {
            guard thread == nil, work.hasUnread else { return }
            let spare: SpareCores?
            switch core {
            case .none: return
            case .own: spare = nil
            case .spare(let cores):
                guard cores.take() else { return }
                spare = cores
            }
            let work = self.work, recognizer = self.recognizer
            // OpenCV's layers take more stack than a secondary thread's default on some systems.
            thread = JoinableThread(stackSize: 8 << 20) {
                work.readUntilDone(with: recognizer)
                spare?.give()
            }
        }

        /// Runs `body` on the calling thread, then waits for the helper if it started. When
        /// `body` fails, the lines not yet taken are left unread.
        func whileRunning(_ body: () throws(OCRError) -> Void) throws(OCRError) {
            var failure: OCRError?
            do throws(OCRError) {
                try body()
            } catch {
                failure = error
                work.stop()
            }
            thread?.join()
            if let failure { throw failure }
        }
    }

    /// The lines still to read and what has been read, shared by the two threads.
    private final class Work: Sendable {
        private let lines: [GrayImage]
        private let indices: [Int]
        /// The next of `indices` to take; the readings by index; the indices read (a reading
        /// or none), `known`'s among them.
        private let state: Locked<(next: Int, results: [Int: RecognizedLine], read: Set<Int>)>

        init(lines: [GrayImage], indices: [Int], known: [Int: RecognizedLine] = [:]) {
            self.lines = lines
            self.indices = indices
            state = Locked((next: 0, results: known, read: Set(known.keys)))
        }

        var results: [Int: RecognizedLine] { state.withLock { $0.results } }
        var hasUnread: Bool { state.withLock { $0.next < indices.count } }
        func isRead(_ index: Int) -> Bool { state.withLock { $0.read.contains(index) } }
        func result(_ index: Int) -> RecognizedLine? { state.withLock { $0.results[index] } }

        /// Takes the next unread line and reads it; false when none was left.
        func readOne(with recognizer: TextLineRecognizer) -> Bool {
            guard let index = state.withLock({ state -> Int? in
                guard state.next < indices.count else { return nil }
                defer { state.next += 1 }
                return indices[state.next]
            }) else { return false }
            let line = lines[index]
            let read = try? recognizer.read(pixels: line.pixels, width: line.width, height: line.height,
                                            bytesPerRow: line.width, channels: 1)
            state.withLock { state in
                if let read { state.results[index] = read }
                state.read.insert(index)
            }
            return true
        }

        /// Reads lines until none is left.
        func readUntilDone(with recognizer: TextLineRecognizer) {
            while readOne(with: recognizer) {}
        }

        /// Leaves the lines not yet taken unread.
        func stop() {
            state.withLock { $0.next = indices.count }
        }
    }
}
