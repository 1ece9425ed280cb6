import Foundation
import Locking
import TextDetection

/// What the text-line recognizer read on one line: its text and the mean probability of its
/// characters, 0 to 1.
struct RecognizedLine: Sendable {
    var text: String
    var confidence: Double
}

/// Reads a photo's lines with the text-line recognizer on two threads at once.
///
/// A helper thread starts on the lines at once with its own recognizer, while the calling
/// thread first does its other work (Tesseract's part: its handles belong to the calling
/// worker) and then takes lines too, with the main recognizer. A photo is one job for one
/// worker, so without this the second core waits while the lines are read. A recognizer is not
/// thread-safe: each thread has its own, and the lines are handed out under a lock.
enum SharedLineRecognition {
    /// The recognizer's reading of every line of `lines` at `indices`, keyed by index; a line it
    /// cannot read has no entry. `meanwhile` runs on the calling thread while the helper reads.
    static func read(_ lines: [GrayImage], at indices: [Int], main: TextLineRecognizer, helper: TextLineRecognizer?,
                     meanwhile: () throws(OCRError) -> Void) throws(OCRError) -> [Int: RecognizedLine] {
        let work = Work(lines: lines, indices: indices)
        var finished: DispatchSemaphore?
        if let helper, !indices.isEmpty {
            let done = DispatchSemaphore(value: 0)
            let lent = LentRecognizer(helper)
            let thread = Thread {
                work.readUntilDone(with: lent.recognizer)
                done.signal()
            }
            // OpenCV's layers take more stack than a secondary thread's default on some systems.
            thread.stackSize = 8 << 20
            thread.start()
            finished = done
        }
        var failure: OCRError?
        do {
            try meanwhile()
        } catch {
            failure = error
        }
        if failure == nil { work.readUntilDone(with: main) } else { work.stop() }
        finished?.wait()
        if let failure { throw failure }
        return work.results
    }

    /// The lines still to read and what has been read, shared by the two threads.
    private final class Work: Sendable {
        private let lines: [GrayImage]
        private let indices: [Int]
        private let state = Locked((next: 0, results: [Int: RecognizedLine]()))

        init(lines: [GrayImage], indices: [Int]) {
            self.lines = lines
            self.indices = indices
        }

        var results: [Int: RecognizedLine] { state.withLock { $0.results } }

        /// Takes the next unread line and reads it, until none is left.
        func readUntilDone(with recognizer: TextLineRecognizer) {
            while let index = state.withLock({ state -> Int? in
                guard state.next < indices.count else { return nil }
                defer { state.next += 1 }
                return indices[state.next]
            }) {
                let line = lines[index]
                guard let read = try? recognizer.recognize(pixels: line.pixels, width: line.width, height: line.height,
                                                           bytesPerRow: line.width, channels: 1) else { continue }
                state.withLock { $0.results[index] = RecognizedLine(text: read.text, confidence: read.confidence) }
            }
        }

        /// Leaves the lines not yet taken unread.
        func stop() {
            state.withLock { $0.next = indices.count }
        }
    }

    /// The helper's recognizer, handed to its thread.
    private final class LentRecognizer: @unchecked Sendable {
        // @unchecked Sendable: the recognizer is used by the helper thread alone, from its start
        // until it signals that it is done, which the lending thread waits for before it returns.
        let recognizer: TextLineRecognizer
        init(_ recognizer: TextLineRecognizer) { self.recognizer = recognizer }
    }
}
