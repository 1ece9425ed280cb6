import Testing
import TranslateModel

/// How the steps of a page's reading are said under `--verbose`: the steps are values, and this
/// is the one place their words are made.
@Suite struct PreparationStepTests {
    @Test func anEmptyReportSaysThePageWasReadAsItIs() {
        #expect(PreparationReport().description == "read as it is")
    }

    @Test func stepsAreSaidInTheOrderTaken() {
        let report = PreparationReport(steps: [.greyAsItIs(darkTextOnLight: true), .enlarged(factor: 2.5, textHeight: 9),
                                               .segmentation(mode: 4, chosen: true)])
        #expect(report.description
                == "grey as it is (dark text on a light background); enlarged 2.5× (text 9 px tall); page segmentation mode 4 (single column; columns reordered)")
    }

    @Test func shareAndDegreesAreRoundedAsRead() {
        #expect(PreparationStep.madeDarkOnWhite(lightTextShare: 0.634, regions: 3, darkBackgroundShare: 0.5).description
                == "made text dark on white region by region (63% of the text was light on dark; 3 background regions, 50% of their area dark)")
        #expect(PreparationStep.turned(degrees: 270, confidence: 4.26).description
                == "turned 270° clockwise (orientation detection, confidence 4.3)")
        #expect(PreparationStep.keptSize(textHeight: 8, largestSide: 32767).description
                == "kept the size (text 8 px tall; enlarged, the page would pass 32767 pixels a side)")
    }

    @Test func aLanguageChoiceSaysHowTheFreshReadingCameOut() {
        let script = PreparationStep.LanguageChoice.script(data: "tha", script: "Thai", confidence: 81.4, against: 40)
        #expect(PreparationStep.languages(script, readAgain: nil).description
                == "read with tha for its Thai script (confidence 81 against 40)")
        #expect(PreparationStep.languages(script, readAgain: .kept(confidence: 88)).description
                == "read with tha for its Thai script (confidence 81 against 40); read afresh with them (confidence 88)")
        #expect(PreparationStep.languages(.data("tha"), readAgain: .readLess).description
                == "read with tha; a fresh reading with them read less text confidently")
    }

    @Test func theHanChoiceSaysWhatItComparedAndWhatItDidNotRead() {
        let choice = PreparationStep.HanChoice(data: "chi_tra", compared: [.init(data: "chi_tra", confidence: 91), .init(data: "jpn", confidence: 70)],
                                               kanaShare: 0, simplifiedForms: nil,
                                               traditionalSample: .init(lines: 3, traditional: 90, simplified: 71))
        #expect(choice.description
                == "read with chi_tra for its Han text (confidence in its characters chi_tra 91, jpn 70; kana 0% of the jpn reading; on its 3 lines with the most Han characters chi_tra 90, chi_sim 71 line by line, so Traditional, and not read with chi_sim)")
        let notJapanese = PreparationStep.HanChoice(data: "chi_sim", compared: [.init(data: "chi_sim", confidence: 93)],
                                                    kanaShare: nil, simplifiedForms: 92, traditionalSample: nil)
        #expect(PreparationStep.guessKept(data: "chi_sim", reason: .pagesBefore, confidence: 93, hanChoice: .hanText(notJapanese)).description
                == "read with chi_sim first, as the pages before it were (confidence 93); kept after the Han choice: read with chi_sim for its Han text (confidence in its characters chi_sim 93; not Japanese, so not read with jpn; confidence 92 in its Simplified forms, so not Traditional, and not read with chi_tra)")
    }

    @Test func aGuessSaysWhyItWasMadeAndWhetherItHeld() {
        #expect(PreparationStep.guessChangedByHanChoice(data: "chi_sim", reason: .pagesBefore, then: .data("chi_tra")).description
                == "read with chi_sim first, as the pages before it were; then read with chi_tra")
        #expect(PreparationStep.guessKept(data: "spa+eng", reason: .textLanguage("Spanish", refuted: "deu+eng"), confidence: 90, hanChoice: nil).description
                == "read with spa+eng first, for the Spanish text it read with them, not deu+eng as the pages before it (confidence 90)")
        #expect(PreparationStep.guessRefuted(data: "jpn", scriptSeen: "Hangul").description
                == "jpn tried first, as on the pages before it, and not kept (orientation detection saw Hangul)")
        #expect(PreparationStep.guessRefuted(data: "jpn", scriptSeen: nil).description == "jpn tried first, as on the pages before it, and not kept")
    }

    @Test func linesReadOutsideTheLayoutAreCountedByWhatBecameOfThem() {
        #expect(PreparationStep.missedLines(.init(found: 2, completed: 1, pieces: 1)).description
                == "read outside the page's layout: 2 lines found, 1 line completed, 1 line dropped as pieces of a line read whole")
        #expect(PreparationStep.MissedLineCounts().isEmpty)
    }

    @Test func aPhotoReadLineByLineSaysOnlyWhatHappened() {
        #expect(PreparationStep.readLineByLine(data: "kor+eng", bestOfSample: false, leftToRecognizer: 0, betterWithFirst: 0,
                                               firstData: "kor+eng", vertical: 0).description == "read line by line with kor+eng")
        #expect(PreparationStep.readLineByLine(data: "tha", bestOfSample: true, leftToRecognizer: 4, betterWithFirst: 2,
                                               firstData: "kor+eng", vertical: 1).description
                == "read line by line with tha (it read a sample of the lines best), 4 left to the text-line recognizer (read whole and surely), 2 better with kor+eng, 1 as vertical text")
    }
}
