@testable import PagePreparation
import Testing
import TextDetection
@testable import TesseractReading
@testable import TextRecognition

/// The photo lines read by the recognizer on two threads, with Tesseract's part following each
/// line on the calling thread.
@Suite struct SharedLineRecognitionTests {
    static func recognizer() throws -> TextLineRecognizer {
        let model = try #require(TextRecognizerModel.locate(), "no text recognizer model (scripts/fetch-text-recognizer.py)")
        return try TextLineRecognizer(modelPath: model, dictionaryPath: TextRecognizerModel.charactersPath(forModel: model))
    }

    /// Blank lines: each reads as nothing, which is still a reading.
    static let lines = (0..<7).map { _ in GrayImage(width: 160, height: 32, pixels: [UInt8](repeating: 255, count: 160 * 32)) }

    /// The helper's core: none, the run's own second core, or a core another worker left.
    static let helperCores: [SharedLineRecognition.HelperCore] = [.none, .own, .spare(SpareCores()), .spare(spareCore())]

    static func spareCore() -> SpareCores {
        let cores = SpareCores()
        cores.give()
        return cores
    }

    @Test(arguments: helperCores)
    func everyLineIsFollowedUpOnceInOrderAndKnownLinesAreNotReadAgain(helperCore: SharedLineRecognition.HelperCore) throws {
        let recognizer = try Self.recognizer()
        let known = [2: RecognizedLine(text: "known", confidence: 0.99), 5: RecognizedLine(text: "also", confidence: 0.9)]
        var followed: [Int] = []
        var seen: [Int: String] = [:]
        let results = try SharedLineRecognition.read(Self.lines, known: known, with: recognizer, helperCore: helperCore) {
            index, read throws(OCRError) in
            followed.append(index)
            seen[index] = read?.text
        }
        #expect(followed == Array(0..<7))
        #expect(results.count == 7)
        #expect(results[2]?.text == "known" && results[5]?.text == "also")
        #expect(seen[2] == "known" && seen[5] == "also")
        #expect(seen[0] == "" && results[0]?.confidence == 0)
    }

    @Test(arguments: helperCores)
    func aFailedFollowUpEndsTheReadingWithItsError(helperCore: SharedLineRecognition.HelperCore) throws {
        let recognizer = try Self.recognizer()
        var followed: [Int] = []
        #expect(throws: OCRError.recognitionFailed) {
            _ = try SharedLineRecognition.read(Self.lines, known: [:], with: recognizer, helperCore: helperCore) { index, _ throws(OCRError) in
                followed.append(index)
                if index == 1 { throw OCRError.recognitionFailed }
            }
        }
        #expect(followed == [0, 1])
    }

    /// A core another worker leaves part-way through is taken for the lines still unread, and
    /// given back once the helper is done; one spare from the start likewise.
    @Test func aCoreLeftSpareIsTakenForTheLinesLeftAndGivenBack() throws {
        let recognizer = try Self.recognizer()
        let cores = SpareCores()
        var followed: [Int] = []
        _ = try SharedLineRecognition.read(Self.lines, known: [:], with: recognizer, helperCore: .spare(cores)) {
            index, _ throws(OCRError) in
            followed.append(index)
            // Another worker has finished its last input.
            if index == 2 { cores.give() }
        }
        #expect(followed == Array(0..<7))
        #expect(cores.timesTaken == 1)
        #expect(cores.available == 1)

        let sample = try SharedLineRecognition.read(Self.lines, at: [1, 3, 4], with: recognizer, helperCore: .spare(cores)) {}
        #expect(Set(sample.keys) == [1, 3, 4])
        #expect(cores.timesTaken == 2)
        #expect(cores.available == 1)
    }

    /// With no core spare, nothing is taken.
    @Test func noSpareCoreNoHelper() throws {
        let recognizer = try Self.recognizer()
        let cores = SpareCores()
        _ = try SharedLineRecognition.read(Self.lines, known: [:], with: recognizer, helperCore: .spare(cores)) { _, _ throws(OCRError) in }
        #expect(cores.timesTaken == 0)
        #expect(cores.available == 0)
    }

    /// Every line goes through `first` once, in order; the recognizer reads the lines it is
    /// still needed for, and, alone, no other.
    @Test(arguments: helperCores)
    func linesTheFirstWorkSettlesAreLeftUnread(helperCore: SharedLineRecognition.HelperCore) throws {
        let recognizer = try Self.recognizer()
        var first: [Int] = []
        let results = try SharedLineRecognition.read(Self.lines, at: [0, 1, 2, 4, 5, 6], with: recognizer, helperCore: helperCore) {
            index throws(OCRError) in
            first.append(index)
            return index % 2 == 0
        }
        #expect(first == Array(0..<7))
        // Line 3 is not among those to read; the odd ones are settled, though a helper reading
        // from the last line back may have read some of them first.
        #expect(Set([0, 2, 4, 6]).isSubset(of: Set(results.keys)))
        #expect(results[3] == nil)
        if case .none = helperCore { #expect(Set(results.keys) == [0, 2, 4, 6]) }
    }

    /// A failure in the first work ends the reading with its error.
    @Test(arguments: helperCores)
    func aFailedFirstWorkEndsTheReadingWithItsError(helperCore: SharedLineRecognition.HelperCore) throws {
        let recognizer = try Self.recognizer()
        var first: [Int] = []
        #expect(throws: OCRError.recognitionFailed) {
            _ = try SharedLineRecognition.read(Self.lines, at: Array(0..<7), with: recognizer, helperCore: helperCore) {
                index throws(OCRError) in
                first.append(index)
                if index == 2 { throw OCRError.recognitionFailed }
                return true
            }
        }
        #expect(first == [0, 1, 2])
    }
}
