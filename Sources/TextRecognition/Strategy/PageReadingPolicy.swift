import TesseractReading
import TranslateModel

/// What the reading policy asks for next on a page, or what it keeps.
enum ReadingStep: Sendable {
    case read(ReadingRequest)
    case findOrientation(OrientationRequest)
    /// The sample of this `chi_tra` reading read again with `chi_sim` (`HanSample`).
    case readHanSample(ReadingRequest)
    /// The data guessed for the page was wrong: the run's history is told before the page reads
    /// on, so that the other workers' next pages are not read with it first either.
    case refuteGuess
    case accept(PageAcceptance)
    /// The page cannot be read: its first data is not installed.
    case fail(OCRError)
}

/// The reading a page keeps, with the notes its report still lacks.
struct PageAcceptance: Sendable {
    var reading: PageReading
    /// Steps tried and not kept, for the report.
    var notes: [PreparationStep]
    /// The data guessed from the run's earlier pages read the page.
    var confirmsGuess: Bool
}

/// How a page is read, as one pure function of what has been found out about it so far
/// (`PageEvidence`): `next` says what to read or detect next, or which reading to keep. The
/// recognizer (`PageRecognizer.read`) runs it in a loop, making what it asks for.
///
/// The steps, in the order they are asked for: the data guessed from earlier pages first, kept
/// when its reading is what the usual steps would settle on (`+Guess`); else the page's first
/// data; on a poor reading another script's data, the page turned upright and prepared the other
/// way, then every script's data (`+Scripts`); and the chosen data's reading made afresh. Each
/// choice between readings is one of `ReadingPolicy`'s rules.
///
/// `next` runs the steps from the start each time, looking each reading up in the evidence and
/// stopping at the first that is missing. Deciding is cheap next to reading; the readings are
/// made once.
struct PageReadingPolicy {
    /// The data this page is first read with.
    var data: TesseractData
    /// The data every page of the worker is first read with (`kor+eng` by default): what the
    /// usual steps start from when a guess is refuted.
    var firstData: TesseractData
    /// Data guessed from the run's earlier pages, read before anything else.
    var guess: TesseractData?
    /// Other scripts' data may be tried (no `--ocr-lang`).
    var triesOtherScripts: Bool
    /// The page is a sheet flattened out of a photo (`ReadingPolicy.retriesPoorFirstReading`).
    var sheetOfPhoto: Bool
    /// The language detector, on a reading's text.
    var detect: (String) -> LanguageGuess

    func next(_ evidence: PageEvidence) -> ReadingStep {
        let pass = Pass(policy: self, evidence: evidence)
        do throws(Pass.Stop) {
            return .accept(try pass.decide())
        } catch {
            return error.step
        }
    }

    /// One run of the steps over the evidence, which ends in an acceptance or at the first thing
    /// missing (`Stop`).
    final class Pass {
        struct Stop: Error {
            let step: ReadingStep
        }

        let policy: PageReadingPolicy
        let evidence: PageEvidence
        /// The findings this pass has asked for: a step that only looks at a finding already
        /// made sees these alone, as it would have at that point of the steps.
        private var asked = Set<OrientationRequest>()
        /// What the page was first read with when that guess was not kept, for its report.
        var refutedGuess: PreparationStep?

        init(policy: PageReadingPolicy, evidence: PageEvidence) {
            self.policy = policy
            self.evidence = evidence
        }

        /// `variant` read with `data`; nil when the data is not installed or the image could not be made.
        func reading(_ variant: PageVariant, _ data: TesseractData) throws(Stop) -> PageReading? {
            let request = ReadingRequest(variant: variant, data: data)
            guard let found = evidence.readings[request] else { throw Stop(step: .read(request)) }
            return found
        }

        /// What orientation detection finds on `variant` (its normalised image when `normalized`);
        /// nil when it finds too little text.
        func finding(_ variant: PageVariant, normalized: Bool = false) throws(Stop) -> OrientationDetector.Finding? {
            let request = OrientationRequest(variant: variant, normalized: normalized)
            asked.insert(request)
            guard let found = evidence.findings[request] else { throw Stop(step: .findOrientation(request)) }
            return found
        }

        /// What orientation detection found on the usual page if a step has asked for it already.
        func knownFinding() -> OrientationDetector.Finding? {
            let request = OrientationRequest(variant: .usual, normalized: false)
            return asked.contains(request) ? evidence.findings[request] ?? nil : nil
        }

        /// `data`'s reading of the page turned upright as `finding` (found by `request`) says;
        /// nil when the finding does not turn the page.
        func uprightReading(by request: OrientationRequest, finding: OrientationDetector.Finding,
                            data: TesseractData) throws(Stop) -> PageReading? {
            guard ReadingPolicy.turns(by: finding) else { return nil }
            return try reading(.upright(by: request), data)
        }

        func detect(_ reading: PageReading) -> LanguageGuess {
            policy.detect(reading.text)
        }

        func decide() throws(Stop) -> PageAcceptance {
            if let guess = policy.guess, let guessed = try guessedReading(guess) {
                return PageAcceptance(reading: guessed, notes: [], confirmsGuess: !evidence.guessRefuted)
            }
            let data = policy.data
            guard let first = try reading(.usual, data) else { throw Stop(step: .fail(.languagesNotInstalled(data.languages))) }
            // Written in the script orientation detection sees, which the first languages do not
            // read? Judged before any retry, so that the retries run with the data that can read
            // the page; a script's data that reads the page no better than poorly may be a wrong
            // guess (Thai taken for Latin), so the retries and the other scripts come first then.
            if policy.triesOtherScripts, !ReadingPolicy.isSettled(first.score) {
                var unused: [PreparationStep] = []
                let chosen = try readInOtherScripts(first, orientation: nil, fallbacks: false, notes: &unused)
                if ReadingPolicy.takesOtherScriptAtOnce(chosen.score, over: first.score) {
                    return accepted(try readAgain(chosen), notes: [])
                }
            }
            guard ReadingPolicy.retriesPoorFirstReading(ofSheetInPhoto: policy.sheetOfPhoto) else {
                return accepted(first, notes: [])
            }
            let attempt = try bestReading(first: first)
            var best = attempt.best
            var notes = attempt.notes
            // Still poor: every other script's data gets a try, on the best reading so far (so a
            // turned page is judged upright) and on the page turned upright.
            if policy.triesOtherScripts, !ReadingPolicy.isSettled(best.score) {
                var chosen = try readInOtherScripts(best, orientation: attempt.orientation, fallbacks: true, notes: &notes)
                if !ReadingPolicy.isSettled(chosen.score), let upright = attempt.uprightReading {
                    let turned = try readInOtherScripts(upright, orientation: nil, fallbacks: true, notes: &notes)
                    if turned.confidence > chosen.confidence { chosen = turned }
                }
                if chosen.data != best.data {
                    best = try readAgain(chosen)
                    notes = []
                }
            }
            return accepted(best, notes: notes)
        }

        private func accepted(_ reading: PageReading, notes: [PreparationStep]) -> PageAcceptance {
            PageAcceptance(reading: reading, notes: [refutedGuess].compactMap { $0 } + notes, confirmsGuess: false)
        }

        /// The page read from the start with the data another script's reading chose: the
        /// polarity and orientation were judged with data that could not read the page, and the
        /// right data often prefers another preparation (a dark chat read with `kor+eng` kept the
        /// grey page and lost its bubbles). The reading with more confidently read text wins.
        private func readAgain(_ chosen: PageReading) throws(Stop) -> PageReading {
            let choice = chosen.languageChoice ?? .data(chosen.data.description)
            guard let fresh = try reading(.usual, chosen.data) else { return chosen }
            let again = try bestReading(first: fresh)
            guard ReadingPolicy.keepsFreshReading(again.best.score, over: chosen.score) else {
                var kept = chosen
                kept.report.add(.languages(choice, readAgain: .readLess))
                return kept
            }
            var best = again.best
            best.report.add(.languages(choice, readAgain: .kept(confidence: again.best.confidence)))
            for note in again.notes { best.report.add(note) }
            return best
        }

        private struct Attempt {
            var best: PageReading
            /// The page turned upright when turning did not read better with these languages.
            var uprightReading: PageReading?
            var orientation: OrientationDetector.Finding?
            var notes: [PreparationStep]
        }

        /// `first`, the usual page read, or when that reading is poor the better of it and the
        /// page turned upright or prepared with the other polarity, read with the same data.
        private func bestReading(first: PageReading) throws(Stop) -> Attempt {
            var best = first
            var notes: [PreparationStep] = []
            var uprightReading: PageReading?
            guard !ReadingPolicy.isSettled(best.score) else { return Attempt(best: best, notes: notes) }
            let request = OrientationRequest(variant: first.variant, normalized: true)
            let finding = try self.finding(first.variant, normalized: true)
            // Upside down or lying on its side? The turned page is kept even when these languages
            // read it no better: in another script's languages it may be the reading that wins.
            if let finding, let candidate = try self.uprightReading(by: request, finding: finding, data: best.data) {
                if ReadingPolicy.keepsTurned(candidate.score, over: best.score) {
                    best = candidate
                } else {
                    uprightReading = candidate
                    notes.append(.turningDidNotHelp)
                }
            }
            // The other preparation: the grey page as it is, or normalised.
            if !ReadingPolicy.isSettled(best.score), let candidate = try reading(.otherPolarity(of: best.variant), best.data) {
                if ReadingPolicy.keepsOtherPolarity(candidate.score, over: best.score) {
                    let first = best.confidence
                    best = candidate
                    best.report.add(.otherPolarityRead(confidence: candidate.confidence, against: first))
                } else {
                    notes.append(.otherPolarityNotKept(confidence: best.confidence))
                }
            }
            return Attempt(best: best, uprightReading: uprightReading, orientation: finding, notes: notes)
        }
    }
}
