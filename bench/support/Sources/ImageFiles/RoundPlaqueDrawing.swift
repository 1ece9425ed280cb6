import Foundation

/// ImageMagick `convert` arguments (without the output file) that draw a round blue plaque on a
/// brick-coloured wall, photographed: "LONDON BOROUGH OF SOUTHWARK" along the top of its rim,
/// "VOTED BY THE PEOPLE" along the bottom (the letters' tops towards the middle, as such
/// plaques set them) and "Octavia Hill" level across the middle, blurred and noisy as a camera
/// gives it. Each rim letter is set on its own, turned to the circle.
public enum RoundPlaqueDrawing {
    public static let topLine = "LONDON BOROUGH OF SOUTHWARK"
    public static let bottomLine = "VOTED BY THE PEOPLE"
    public static let middleLine = "Octavia Hill"

    /// The drawing with word gaps `spaceWidth` of a letter's advance wide along the rim: 0.4 as a
    /// proportional face sets them, 1 as the mono face does, wide enough for the detector to
    /// break the line at them.
    public static func arguments(spaceWidth: Double) -> [String] {
        ["-size", "760x700", "xc:#b5651d", "-fill", "#1750a0", "-stroke", "white", "-strokewidth", "12",
         "-draw", "circle 380,350 380,30", "-stroke", "none", "-fill", "white", "-font", "DejaVu-Sans-Mono-Bold",
         "-pointsize", "30", "-gravity", "center"]
            + alongTheRim(topLine, overTheTop: true, spaceWidth: spaceWidth)
            + alongTheRim(bottomLine, overTheTop: false, spaceWidth: spaceWidth)
            + ["-font", "DejaVu-Serif-Bold", "-pointsize", "56", "-annotate", "+0+0", middleLine,
               "-blur", "0x1", "-seed", "5", "-attenuate", "0.5", "+noise", "Gaussian", "-quality", "90"]
    }

    /// The drawing with word gaps as a proportional face sets them.
    public static var arguments: [String] { arguments(spaceWidth: 0.4) }

    /// `-annotate` arguments that set `text` letter by letter on the circle of radius 270 about
    /// the middle, centred on its top or its bottom, read left to right.
    static func alongTheRim(_ text: String, overTheTop: Bool, spaceWidth: Double) -> [String] {
        let radius = 270.0, advance = 30 * 0.62  // the mono font's advance at 30 points
        let widths = text.map { $0 == " " ? advance * spaceWidth : advance }
        let span = widths.reduce(0, +) / radius
        var arguments: [String] = [], travelled = 0.0
        for (letter, width) in zip(text, widths) {
            defer { travelled += width }
            guard letter != " " else { continue }
            let offset = (travelled + width / 2) / radius - span / 2
            let angle = overTheTop ? -Double.pi / 2 + offset : Double.pi / 2 - offset
            let turn = angle * 180 / .pi + (overTheTop ? 90 : -90)
            let x = Int((radius * cos(angle)).rounded()), y = Int((radius * sin(angle)).rounded())
            let place = String(format: "%.1fx%.1f%+d%+d", turn, turn, x, y)
            arguments += ["-annotate", place, String(letter)]
        }
        return arguments
    }
}
