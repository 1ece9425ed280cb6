import Foundation
import Testing
import TextDetection

/// A picture of text lines at known places, drawn by ImageMagick with Noto Sans CJK.
struct SyntheticSign {
    struct Line {
        var text: String
        var pointSize: Int
        var x: Int
        var y: Int
        /// Clockwise, in degrees.
        var rotation: Double = 0
        var colour = "#1a1a1a"
    }

    enum Background: String, CaseIterable, CustomTestStringConvertible {
        /// Plain off-white paper.
        case light
        /// A mottled, noisy grey wall with thin lines crossing the text.
        case textured

        var testDescription: String { rawValue }
    }

    var width = 900
    var height = 600
    var background: Background
    var lines: [Line]

    /// Three lines: Latin, Korean with Latin, and a Latin line turned 15 degrees.
    static func threeLines(on background: Background) -> SyntheticSign {
        SyntheticSign(background: background, lines: [
            Line(text: "Platform 2 · Central Station", pointSize: 40, x: 60, y: 70),
            Line(text: "출구 EXIT 3번", pointSize: 48, x: 420, y: 230),
            Line(text: "Opening hours 9:00-18:00", pointSize: 36, x: 80, y: 330, rotation: 15, colour: "#203060"),
        ])
    }

    /// Draws the sign; returns its pixels and, per line, the box its ink occupies.
    func render() throws -> (image: RGBImage, boxes: [BoundingBox]) {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let font = String(decoding: try runTool(["fc-match", "-f", "%{file}", "Noto Sans CJK KR"]), as: UTF8.self)

        var composite = backgroundArguments()
        var boxes: [BoundingBox] = []
        for (index, line) in lines.enumerated() {
            let path = directory.appendingPathComponent("line\(index).png").path
            // -trim leaves just the ink; after -rotate the canvas is the turned box's bounds.
            var arguments = ["convert", "-background", "none", "-fill", line.colour, "-font", font,
                             "-pointsize", "\(line.pointSize)", "label:\(line.text)", "-trim", "+repage"]
            if line.rotation != 0 { arguments += ["-rotate", "\(line.rotation)", "+repage"] }
            _ = try runTool(arguments + [path])
            let size = try imageSize(path)
            boxes.append(BoundingBox(x: Double(line.x), y: Double(line.y), width: Double(size.width), height: Double(size.height)))
            composite += [path, "-geometry", "+\(line.x)+\(line.y)", "-composite"]
        }
        let output = directory.appendingPathComponent("sign.png").path
        _ = try runTool(composite + [output])
        return (try loadRGB(output), boxes)
    }

    private func backgroundArguments() -> [String] {
        let size = "\(width)x\(height)"
        switch background {
        case .light:
            return ["convert", "-size", size, "xc:#f6f4ef"]
        case .textured:
            return ["convert", "-size", size, "-seed", "7", "plasma:fractal", "-colorspace", "gray", "-blur", "0x1",
                    "-auto-level", "+level", "55%,90%", "-attenuate", "0.4", "+noise", "Gaussian",
                    "-colorspace", "sRGB", "-stroke", "#8a7a68", "-strokewidth", "2",
                    "-draw", "line 0,300 \(width),280", "-draw", "line 0,150 \(width),170",
                    "-draw", "line \(width / 2),0 \(width / 2),\(height)"]
        }
    }
}
