import Locking
import TesseractReading

/// The Tesseract languages a run's pages were read with, most recent last: when the last pages
/// needed the same other data (a folder of Japanese screenshots), the next page is read with
/// that data first. A batch with automatic languages gives each worker its own, since each
/// reads runs of neighbouring images (`BatchRun.readsRunsOfNeighbours`); workers taking turns
/// share one.
///
/// The guess is only a first try: `PageRecognizer` keeps its reading only when the reading
/// shows it is what the usual steps would have chosen, and otherwise reads the page the usual
/// way, the guess having cost one reading. While the run's guesses have been kept at least as
/// often as refuted, the latest page's data is guessed; otherwise only after `agreement` pages
/// in a row agreed (Han data counting as one), and one more for each further guess refuted
/// more than kept, up to `mostExtraAgreement` more. So a folder sorted by language is guessed
/// from the second page of each language on, and one whose languages change every page or two
/// soon stops guessing from pairs of pages.
public final class LanguageHistory: Sendable {

    private struct State {
        /// The last pages' data (as many as a guess can need to agree), a refuted guess holding
        /// the place of its page.
        var recent: [TesseractData] = []
        /// The data of the page recorded last, nil after a refutation until the next record.
        var latest: TesseractData?
        /// Guesses kept less guesses refuted, at most `maximumCredit`.
        var credit = 0
    }

    private let state = Locked(State())

    public init() {}

    /// Notes that a page was read with `data`. A page that refuted the guess takes the
    /// place its refutation held (the oldest still held), so a guess refuted by a page that
    /// ended on the guessed data after all (a Thai page orientation detection did not see as
    /// Thai) stands again.
    public func record(_ data: TesseractData) {
        state.withLock { state in
            if let refuted = state.recent.firstIndex(of: Self.refuted) {
                state.recent[refuted] = data
            } else {
                state.recent.append(data)
            }
            state.recent = state.recent.suffix(Self.remembered)
            state.latest = data
        }
    }

    /// Notes that the page being read proved the guess wrong, before it is read the usual
    /// way and `record`ed: until then there is no guess.
    public func refute() {
        state.withLock { state in
            state.recent.append(Self.refuted)
            state.recent = state.recent.suffix(Self.remembered)
            state.latest = nil
            state.credit -= 1
        }
    }

    /// Notes that a page's reading with the guessed data was kept.
    public func confirm() {
        state.withLock { state in state.credit = min(state.credit + 1, tuning.historyMaximumCredit) }
    }

    /// How many pages' data are kept: the most a guess can need to agree.
    private static var remembered: Int { tuning.historyAgreement + tuning.historyMostExtraAgreement }

    /// How many pages in a row must agree for a guess once guesses have been refuted more often
    /// than kept (`credit` below zero): `agreement`, and one more for each refutation beyond the first.
    private static func agreementNeeded(credit: Int) -> Int {
        tuning.historyAgreement + min(tuning.historyMostExtraAgreement, max(0, -credit - 1))
    }

    /// What a refuted guess holds the place with: no data, which is never guessed.
    private static let refuted = TesseractData([])

    /// The data to read the next page with first, when it reads a language that `usual` (the
    /// data every page is first read with) does not; nil otherwise. While guesses have not
    /// been refuted more often than kept, that is the latest page's data; otherwise the data
    /// the last `agreementNeeded` pages were all read with. Pages read with different Han data
    /// (`jpn`, `chi_sim`, `chi_tra`) agree too, and the latest is guessed: a guessed Han data's
    /// reading is always followed by the choice among the three, so a folder of Simplified and
    /// Traditional pages in turns is guessed as well.
    public func guess(besides usual: TesseractData) -> TesseractData? {
        state.withLock { state in
            let candidate: TesseractData?
            if state.credit >= 0 {
                candidate = state.latest
            } else if let last = state.recent.last, case let needed = Self.agreementNeeded(credit: state.credit),
                      state.recent.count >= needed, state.recent.suffix(needed).allSatisfy({ Self.agree($0, last) }) {
                candidate = last
            } else {
                candidate = nil
            }
            guard let candidate, candidate.hasLanguages(besides: usual) else { return nil }
            return candidate
        }
    }

    /// The data the last `agreement` pages were all read with (the same data, Han data not
    /// counting as one here); nil when they differ or a guess was refuted among them. What a
    /// worker keeps its own handle for (`PageReader`).
    public var steady: TesseractData? {
        dataOfEach(ofTheLast: tuning.historyAgreement)
    }

    /// Whether the last `pages` pages (at most `remembered`) were all read with the same data,
    /// none of them refuting a guess.
    public func isSteady(over pages: Int) -> Bool {
        dataOfEach(ofTheLast: pages) != nil
    }

    /// The data each of the last `pages` pages was read with, when it is the same for all and
    /// none of them refuted a guess; nil otherwise.
    private func dataOfEach(ofTheLast pages: Int) -> TesseractData? {
        state.withLock { state in
            let lastPages = state.recent.suffix(pages)
            guard lastPages.count == pages, let last = lastPages.last, last != Self.refuted,
                  lastPages.allSatisfy({ $0 == last }) else { return nil }
            return last
        }
    }

    /// Whether pages read with `one` and `other` call for the same guess.
    static func agree(_ one: TesseractData, _ other: TesseractData) -> Bool {
        one == other || (HanDataChoice.family.contains(one) && HanDataChoice.family.contains(other))
    }
}
