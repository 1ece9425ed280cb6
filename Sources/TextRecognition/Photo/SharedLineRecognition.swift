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

        /// The core for a helper thread to start on now, nil when there is none: the run's own
        /// second core, or a spare one taken.
        func lease() -> Lease? {
            switch self {
            case .none: nil
            case .own: Lease(spare: nil)
            case .spare(let cores): cores.take() ? Lease(spare: cores) : nil
            }
        }

        /// A core a helper thread runs on, ended when the helper is done: a spare core is
        /// given back then.
        struct Lease: Sendable {
            let spare: SpareCores?

            func end() {
                spare?.give()
            }
        }
    }

    /// The recognizer's reading of every line of `lines` at `indices`, keyed by index; a line it
    /// cannot read has no entry. A line with a cut in `shortLineCuts` (each line's
    /// `LineImage.shortLineCut`) is read from it too (`ShortLineRereading`). `meanwhile` runs on
    /// the calling thread while the helper (when `helperCore` has a core) reads.
    static func read(_ lines: [GrayImage], shortLineCuts: [GrayImage?] = [], at indices: [Int], with recognizer: TextLineRecognizer,
                     helperCore: HelperCore,
                     meanwhile: () throws(OCRError) -> Void) throws(OCRError) -> [Int: RecognizedLine] {
        let work = Work(lines: lines, shortLineCuts: shortLineCuts, indices: indices)
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
    static func read(_ lines: [GrayImage], shortLineCuts: [GrayImage?] = [], known: [Int: RecognizedLine],
                     with recognizer: TextLineRecognizer, helperCore: HelperCore, followUp: (Int, RecognizedLine?) throws(OCRError) -> Void) throws(OCRError) -> [Int: RecognizedLine] {
        let work = Work(lines: lines, shortLineCuts: shortLineCuts, indices: lines.indices.filter { known[$0] == nil }, known: known)
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

    /// The recognizer's reading of the lines at `indices` that other work leaves to it, keyed by
    /// index. `first` runs on the calling thread for every line of `lines` in order (Tesseract's
    /// reading) and says whether the recognizer must still read the line; one it need not is
    /// not read, unless the helper has read it already. The helper, meanwhile, reads from the
    /// last line back, where `first` comes last; the lines left are read once `first` has run
    /// for all.
    static func read(_ lines: [GrayImage], shortLineCuts: [GrayImage?] = [], at indices: [Int], with recognizer: TextLineRecognizer,
                     helperCore: HelperCore,
                     after first: (Int) throws(OCRError) -> Bool) throws(OCRError) -> [Int: RecognizedLine] {
        let work = Work(lines: lines, shortLineCuts: shortLineCuts, indices: indices)
        let helper = Helper(core: helperCore, work: work, recognizer: recognizer, fromBack: true)
        try helper.whileRunning { () throws(OCRError) in
            for index in lines.indices {
                // A core may have come spare since the last line.
                helper.startIfItHasACore()
                if try !first(index) { work.drop(index) }
            }
            work.readUntilDone(with: recognizer)
        }
        return work.results
    }

    /// The helper thread of one `Work`, started once its core is there. Used by the calling
    /// thread alone.
    private final class Helper {
        private let core: HelperCore
        private let work: Work
        private let recognizer: TextLineRecognizer
        /// Whether the helper takes lines from the last one back.
        private let fromBack: Bool
        private var thread: JoinableThread?

        init(core: HelperCore, work: Work, recognizer: TextLineRecognizer, fromBack: Bool = false) {
            self.core = core
            self.work = work
            self.recognizer = recognizer
            self.fromBack = fromBack
        }

        /// Starts the helper when it has not started, lines are left unread, and it has a core.
        func startIfItHasACore() {
            // With no core to have, the lines left are not even looked at.
            if case .none = core { return }
            guard thread == nil, work.hasUnread, let lease = core.lease() else { return }
            let work = self.work, recognizer = self.recognizer, fromBack = self.fromBack
            // OpenCV's layers take more stack than a secondary thread's default on some systems.
            thread = JoinableThread(stackSize: 8 << 20) {
                work.readUntilDone(with: recognizer, fromBack: fromBack)
                lease.end()
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
        /// Each line's `LineImage.shortLineCut`, where it has one.
        private let shortLineCuts: [GrayImage?]
        private let state: Locked<State>

        private struct State {
            var queue: SharedLineQueue
            /// Lines no longer to be read, unless taken already.
            var dropped: Set<Int> = []
            /// The readings by index, and the indices read (a reading or none), the known ones
            /// among them.
            var results: [Int: RecognizedLine]
            var read: Set<Int>

            /// The next line not dropped from the front or the back, taken; nil when none is left.
            mutating func take(fromBack: Bool) -> Int? {
                let dropped = self.dropped
                return queue.take(fromBack: fromBack, passingOver: dropped.contains)
            }
        }

        init(lines: [GrayImage], shortLineCuts: [GrayImage?], indices: [Int], known: [Int: RecognizedLine] = [:]) {
            self.lines = lines
            self.shortLineCuts = shortLineCuts
            state = Locked(State(queue: SharedLineQueue(indices), results: known, read: Set(known.keys)))
        }

        var results: [Int: RecognizedLine] { state.withLock { $0.results } }
        var hasUnread: Bool {
            state.withLock { state in state.queue.untaken.contains { !state.dropped.contains($0) } }
        }
        func isRead(_ index: Int) -> Bool { state.withLock { $0.read.contains(index) } }
        func result(_ index: Int) -> RecognizedLine? { state.withLock { $0.results[index] } }

        /// Takes the next unread line, from the front or the back, and reads it; false when none
        /// was left.
        func readOne(with recognizer: TextLineRecognizer, fromBack: Bool = false) -> Bool {
            guard let index = state.withLock({ $0.take(fromBack: fromBack) }) else { return false }
            let line = lines[index]
            let shortLineCut = index < shortLineCuts.count ? shortLineCuts[index] : nil
            let read = ShortLineRereading.read(line, shortLineCut: shortLineCut, with: recognizer)
            state.withLock { state in
                if let read { state.results[index] = read }
                state.read.insert(index)
            }
            return true
        }

        /// Reads lines until none is left.
        func readUntilDone(with recognizer: TextLineRecognizer, fromBack: Bool = false) {
            while readOne(with: recognizer, fromBack: fromBack) {}
        }

        /// Leaves line `index` unread unless it has been taken.
        func drop(_ index: Int) {
            state.withLock { _ = $0.dropped.insert(index) }
        }

        /// Leaves the lines not yet taken unread.
        func stop() {
            state.withLock { $0.queue.stop() }
        }
    }
}
