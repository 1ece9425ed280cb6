import Foundation
import TranslateModel
import TextRecognition
import LanguageDetection
import TranslationEngines
import TranslateOutput
import TranslatePipeline

/// The one line a batch run ends with on stderr: what was done, what it cost, how long it took.
///
/// `translate: 40 images in 6.2 s: 812 boxes, 38 requests, 402 cache hits, 0 failed`; a run
/// with documents counts their pages: `translate: interrupted: 14 of 30 pages of 1 image in …`.
struct RunSummary: Equatable {
    /// The pages of a run's inputs, which its line counts when one of them had several.
    struct Pages: Equatable {
        /// Pages delivered in this run.
        var delivered = 0
        /// An input had several pages.
        var documents = false
        /// Inputs the interruption cut short: how many, their pages finished (in this run and
        /// before) and their pages.
        var cutShort = 0
        var cutShortDone = 0
        var cutShortTotal = 0
        /// Pages an earlier run finished, of the inputs this run resumed (`--skip-existing`).
        var alreadyDone = 0

        mutating func add(_ input: InputEnd) {
            delivered += input.delivered
            documents = documents || input.pageCount > 1
            alreadyDone += input.firstPage - 1
            if !input.isComplete {
                cutShort += 1
                cutShortDone += input.pagesDone
                cutShortTotal += input.pageCount
            }
        }
    }

    /// Inputs reported (read, or failed).
    var images: Int
    /// Inputs there were to read.
    var total: Int
    var boxes: Int
    var failed: Int
    /// Inputs left out by `--skip-existing`.
    var alreadyDone: Int
    /// Non-image files inside the directories given.
    var skippedFiles: Int
    /// Requests sent to the translation engine; nil when not translating.
    var requests: Int?
    /// Translations that came from the cache; nil when not translating.
    var cacheHits: Int?
    var duration: Duration
    var interrupted: Bool
    /// Time spent drawing pictures (`--format png` or `html`), part of `duration`; nil otherwise.
    var rendering: Duration? = nil
    var pages = Pages()

    var line: String { line(in: .english) }

    /// The line in `language`, from the catalogue.
    func line(in language: MessageLanguage) -> String {
        func counted(_ key: MessageKey, _ number: Int, _ arguments: String...) -> String {
            MessageCatalogue.filled(MessageCatalogue.counted(key, language, count: number), with: arguments)
        }
        let count: String
        if interrupted, pages.cutShort > 0 {
            let done = counted(.summaryPagesOf, pages.cutShortTotal, String(pages.cutShortDone), String(pages.cutShortTotal))
            count = images == 0 && pages.cutShort == total
                ? counted(.summaryInterruptedPages, total, done, String(total))
                : counted(.summaryInterrupted, total, String(images), String(total)) + ", "
                    + counted(.summaryPagesOfMore, pages.cutShort, done, String(pages.cutShort))
        } else if interrupted {
            count = counted(.summaryInterrupted, total, String(images), String(total))
        } else if pages.documents {
            count = counted(.summaryPagesOfImages, images, counted(.summaryPages, pages.delivered, String(pages.delivered)), String(images))
        } else {
            count = counted(.summaryImages, images, String(images))
        }
        var parts = [counted(.summaryBoxes, boxes, String(boxes))]
        if let requests { parts.append(counted(.summaryRequests, requests, String(requests))) }
        if let cacheHits { parts.append(counted(.summaryCacheHits, cacheHits, String(cacheHits))) }
        parts.append(counted(.summaryFailed, failed, String(failed)))
        if let rendering {
            let seconds = Double(rendering.components.seconds) + Double(rendering.components.attoseconds) / 1e18
            parts.append(MessageCatalogue.text(.summaryDrawing, language)
                .replacingOccurrences(of: "%1", with: String(format: "%.2f", seconds)))
        }
        var extras: [String] = []
        if alreadyDone > 0 { extras.append(counted(.summaryAlreadyDone, alreadyDone, String(alreadyDone))) }
        if pages.alreadyDone > 0 { extras.append(counted(.summaryPagesAlreadyDone, pages.alreadyDone, String(pages.alreadyDone))) }
        if skippedFiles > 0 { extras.append(counted(.summaryOtherFiles, skippedFiles, String(skippedFiles))) }
        let time = language == .korean ? "(\(Self.time(duration, in: language)))" : "in \(Self.time(duration))"
        return "translate: \(count) \(time): " + parts.joined(separator: ", ")
            + (extras.isEmpty ? "" : "; " + extras.joined(separator: ", "))
    }

    static func counted(_ number: Int, _ noun: String, plural: String? = nil) -> String {
        "\(number) " + (number == 1 ? noun : plural ?? noun + "s")
    }

    /// `0.8 s`, `42.3 s`, `2:05`, `1:02:03`; in Korean `0.8초`, as the drawing time is said.
    static func time(_ duration: Duration, in language: MessageLanguage = .english) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        guard seconds < 60 else { return ProgressBar.duration(seconds) }
        return String(format: language == .korean ? "%.1f초" : "%.1f s", seconds)
    }
}
