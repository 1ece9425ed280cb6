import Foundation
import TranslateModel
import TextRecognition
import LanguageDetection
import TranslationEngines
import TranslateOutput
import TranslatePipeline

/// The one-line progress display: images done of total, a bar, the rate and the time left.
///
/// `  37/200 images [=======>              ]  4.2/s  0:39 left`
enum ProgressBar {
    /// The line for `done` of `total` images after `elapsed` seconds, at most `width - 1` cells
    /// wide (the last column is left free so that no terminal wraps it).
    static func line(done: Int, total: Int, elapsed: Double, width: Int, language: MessageLanguage = .english) -> String {
        let count = MessageCatalogue.text(.progressImages, language, "\(done)/\(total)")
        var speed = ""
        if done > 0, elapsed > 0 {
            let rate = Double(done) / elapsed
            speed = String(format: "%.1f/s", rate)
            if done < total { speed += "  " + MessageCatalogue.text(.progressLeft, language, duration(Double(total - done) / rate)) }
        }
        let available = width - 1
        // Hangul takes two cells: widths are counted in cells.
        let fixed = 2 + DisplayWidth.of(count) + 1 + (speed.isEmpty ? 0 : 2 + DisplayWidth.of(speed))
        let barWidth = min(40, available - fixed - 2)
        var line = "  " + count
        if barWidth >= 10 {
            let filled = total > 0 ? Int(Double(barWidth) * Double(done) / Double(total)) : 0
            let arrow = filled < barWidth && filled > 0 ? ">" : ""
            let body = String(repeating: "=", count: max(0, filled - arrow.count)) + arrow
            line += " [" + body + String(repeating: " ", count: barWidth - body.count) + "]"
        }
        if !speed.isEmpty { line += "  " + speed }
        return prefix(line, cells: max(0, available))
    }

    /// The start of `text` that fits in `cells` terminal cells.
    private static func prefix(_ text: String, cells: Int) -> String {
        var used = 0
        var kept = ""
        for character in text {
            used += DisplayWidth.of(character)
            if used > cells { break }
            kept.append(character)
        }
        return kept
    }

    /// `0:39`, `12:05`, `1:02:03`.
    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.up))
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }
}
