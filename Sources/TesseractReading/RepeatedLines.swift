import Locking
import TranslateModel

/// Lines already read in this run, by their pixels: screenshots of one app repeat the same
/// labels, buttons and messages (and a settings list the same chevron on every row), and a line
/// whose pixels were read once is not read again.
///
/// A line's reading depends only on its pixels and the data that reads it
/// (`TesseractEngine.recognize(_:pageSegmentationMode:repeated:)`), so taking it from here
/// gives the same text as reading it. Shared by the workers of a run, and bounded: when
/// `capacity` lines are held, the ones never met again are forgotten.
public final class RepeatedLines: Sendable {
    /// What identifies a line's reading: the data it is read with, its pixels, and how it is read.
    package struct Key: Hashable, Sendable {
        var languages: String
        var pixels: LinePixels
        var way: Way

        package init(languages: String, pixels: LinePixels, way: Way) {
            self.languages = languages
            self.pixels = pixels
            self.way = way
        }
    }

    /// How a line is read, which its reading depends on as much as on its pixels.
    package enum Way: Hashable, Sendable {
        /// A line of the layout, read with `TesseractEngine.linePadding` around it.
        case layoutLine
        /// A line outside the layout, read as its box and, when unsure, enlarged for text this
        /// many pixels tall, or shrunk when it `shrinks` (TextRecognition's
        /// `PageRecognizer.readAtReadingHeight`).
        case missedLine(textHeight: Int, shrinks: Bool)
    }

    /// A line as it was read: the lines Tesseract made of it (none, one, or the pieces of a
    /// row with a wide gap), placed relative to the top-left corner of the line's box.
    struct Reading: Sendable {
        var lines: [RecognizedBox]
    }

    private struct Entry {
        var reading: Reading
        var reused: Bool
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var reusedLines = 0
        var readLines = 0
    }

    private let state = Locked(State())
    let capacity: Int

    /// About 500 bytes a line with its words: 4,096 lines hold about 2 MB.
    public init(capacity: Int = 4_096) {
        self.capacity = capacity
    }

    /// The earlier reading of the line with `key`, if there is one.
    func reading(for key: Key) -> Reading? {
        state.withLock { state in
            guard let found = state.entries[key] else { return nil }
            state.entries[key]?.reused = true
            state.reusedLines += 1
            return found.reading
        }
    }

    /// The lines read for the line with `key` whose box starts at `origin`: an earlier reading's,
    /// moved there, or else `read()`'s, remembered relative to `origin`.
    package func lines(for key: Key, at origin: PixelPoint,
                       read: () throws(OCRError) -> [RecognizedBox]) throws(OCRError) -> [RecognizedBox] {
        if let known = reading(for: key) { return known.lines.map { $0.moved(by: origin.x, origin.y) } }
        let lines = try read()
        remember(.init(lines: lines.map { $0.moved(by: -origin.x, -origin.y) }), for: key)
        return lines
    }

    func remember(_ reading: Reading, for key: Key) {
        state.withLock { state in
            state.readLines += 1
            if state.entries.count >= capacity {
                // Lines met once are most of what a run of unrelated pages holds; lines met
                // again are the repeated ones worth keeping, unless they fill it all.
                state.entries = state.entries.filter(\.value.reused)
                if state.entries.count >= capacity * 3 / 4 { state.entries = [:] }
            }
            state.entries[key] = Entry(reading: reading, reused: false)
        }
    }

    /// Lines taken from earlier readings, and lines read, so far in the run.
    public var counts: (reused: Int, read: Int) {
        state.withLock { ($0.reusedLines, $0.readLines) }
    }
}
