import Locking

/// The Tesseract languages the latest pages of a batch were read with, by their place in the
/// input, shared by the OCR threads: a thread starting a run of images elsewhere in the folder
/// takes up the languages of the nearest earlier page read, not of its own last page, which may
/// lie far back (a folder sorted by language may have changed language in between).
final class NeighbourLanguages: Sendable {
    /// How many pages are remembered: runs start near the newest claimed jobs, so the nearest
    /// earlier page read is among the latest ones.
    static let remembered = 256

    private let byPlace = Locked<[Int: [String]]>([:])

    init() {}

    /// Notes that the job at `place` was read with `languages`.
    func record(_ languages: [String], at place: Int) {
        byPlace.withLock { byPlace in
            byPlace[place] = languages
            if byPlace.count > Self.remembered, let oldest = byPlace.keys.min() {
                byPlace[oldest] = nil
            }
        }
    }

    /// The languages of the nearest page before `place` that has been read, if any.
    func nearest(before place: Int) -> [String]? {
        byPlace.withLock { byPlace in
            byPlace.filter { $0.key < place }.max { $0.key < $1.key }?.value
        }
    }
}
