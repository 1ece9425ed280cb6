/// What was done to a page before Tesseract read it, and why: for `--verbose`.
public struct PreparationReport: Sendable, Equatable, CustomStringConvertible {
    /// Each applied step or decision, in the order taken.
    public var steps: [PreparationStep] = []

    public init(steps: [PreparationStep] = []) {
        self.steps = steps
    }

    public mutating func add(_ step: PreparationStep) {
        steps.append(step)
    }

    public var description: String {
        steps.isEmpty ? "read as it is" : steps.map(\.description).joined(separator: "; ")
    }
}

extension PreparationReport {
    /// Why the page's data were chosen, when another script's or language's data read it.
    public var languageChoice: PreparationStep.LanguageChoice? {
        steps.lazy.compactMap { step -> PreparationStep.LanguageChoice? in
            if case .languages(let choice, _) = step { return choice }
            return nil
        }.last
    }

    /// How many text lines the detector found on a photo read line by line; nil for a page read
    /// otherwise.
    public var detectedLineCount: Int? {
        for case .detectedLines(let count) in steps { return count }
        return nil
    }

    /// The data of earlier pages this page was read with first and kept, and why; nil when it
    /// was not read that way or the guess was not kept.
    public var keptGuess: (data: String, reason: PreparationStep.GuessReason)? {
        for step in steps {
            switch step {
            case .guessKept(let data, let reason, _, _), .guessChangedByHanChoice(let data, let reason, _): return (data, reason)
            default: continue
            }
        }
        return nil
    }

    /// The data of earlier pages this page was read with first and not kept, and the script
    /// orientation detection saw meanwhile.
    public var refutedGuess: (data: String, scriptSeen: String?)? {
        for case .guessRefuted(let data, let script) in steps { return (data, script) }
        return nil
    }

    /// How far the page was turned clockwise by orientation detection, in degrees; nil when not.
    public var turnedDegrees: Int? {
        for case .turned(let degrees, _) in steps { return degrees }
        return nil
    }
}
