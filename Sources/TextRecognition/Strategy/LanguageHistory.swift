import Locking

/// The Tesseract languages a run's pages were read with, most recent last, shared by the
/// workers: when the last pages all needed the same other data (a folder of Japanese
/// screenshots), the next page is read with that data first.
///
/// The guess is only a first try: `PageRecognizer` keeps its reading only when the reading
/// shows it is what the usual steps would have chosen, and otherwise reads the page the usual
/// way. In a folder of mixed languages the guess is made only after `agreement` pages in a row
/// agreed (Han data counting as one), so it costs at most one reading whenever the language changes.
public final class LanguageHistory: Sendable {
    /// How many pages in a row must have been read with the same data. Two, not more: with two
    /// workers the pages come in pairs, so a third would leave the first four pages of every
    /// language's run to the usual steps; a wrong guess still costs only one reading, since its
    /// reading is kept only when it is what the usual steps would have chosen.
    public static let agreement = 2
    private let recent = Locked<[[String]]>([])

    public init() {}

    /// Notes that a page was read with `languages`. A page that refuted the guess takes the
    /// place its refutation held (the oldest still held), so a guess refuted by a page that
    /// ended on the guessed data after all (a Thai page orientation detection did not see as
    /// Thai) stands again.
    public func record(_ languages: [String]) {
        recent.withLock { recent in
            if let refuted = recent.firstIndex(of: Self.refuted) {
                recent[refuted] = languages
            } else {
                recent.append(languages)
            }
            if recent.count > Self.agreement { recent.removeFirst(recent.count - Self.agreement) }
        }
    }

    /// Notes that the page being read proved the guess wrong, before it is read the usual
    /// way and `record`ed: until then, or until `agreement` pages agree again, there is no guess.
    public func refute() {
        recent.withLock { recent in
            recent.append(Self.refuted)
            if recent.count > Self.agreement { recent.removeFirst(recent.count - Self.agreement) }
        }
    }

    /// What a refuted guess holds the place with: no data, which is never guessed.
    private static let refuted: [String] = []

    /// The data the last `agreement` pages were all read with, when it reads a language that
    /// `usual` (the languages every page is first read with) does not; nil otherwise. Pages
    /// read with different Han data (`jpn`, `chi_sim`, `chi_tra`) agree too, and the latest
    /// is guessed: a guessed Han data's reading is always followed by the choice among the
    /// three, so a folder of Simplified and Traditional pages in turns is guessed as well.
    public func guess(besides usual: [String]) -> [String]? {
        recent.withLock { recent in
            guard recent.count == Self.agreement, let last = recent.last, recent.allSatisfy({ Self.agree($0, last) }),
                  last.contains(where: { !usual.contains($0) }) else { return nil }
            return last
        }
    }

    /// Whether pages read with `one` and `other` call for the same guess.
    static func agree(_ one: [String], _ other: [String]) -> Bool {
        one == other || (HanDataChoice.family.contains(one) && HanDataChoice.family.contains(other))
    }
}
