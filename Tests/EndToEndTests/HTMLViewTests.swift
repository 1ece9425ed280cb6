import Foundation
import Testing
@testable import ImageRendering
import TranslateModel
import TestSupport

/// Headless Chromium, which shows the HTML view as a browser does.
enum Chromium {
    static let path = "/usr/bin/chromium"
    static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// The page at `file` after loading, as Chromium's DOM, in a window `width` pixels wide.
    static func dumpDOM(of file: URL, width: Int) throws -> String {
        let profile = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: profile) }
        let run = try ProcessRun(["120", path, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                  "--user-data-dir=\(profile.path)", "--window-size=\(width),900", "--virtual-time-budget=10000",
                                  "--dump-dom", file.absoluteString],
                                 executable: URL(fileURLWithPath: "/usr/bin/timeout"))
        guard run.exitCode == 0 else { throw TestFailure("chromium exited with \(run.exitCode): \(run.standardError.suffix(500))") }
        return run.standardOutput
    }
}

/// Where the browser put each box, measured by a script the test adds to a copy of the page.
private struct Measured: Decodable {
    struct Box: Decodable {
        var id: String
        var rect: String
        var text: String
        /// The translation's and the box's rectangles in the picture's own pixels.
        var span: [Double]
        var box: [Double]
    }

    var boxes: [Box]
    var scrollWidth: Double
    var innerWidth: Double
    var imageWidths: [Double]
}

/// The script that writes every box's place into the page, for `--dump-dom` to carry out.
private let measuringScript = """
    <script>
    window.addEventListener('load', () => {
      const boxes = [];
      for (const section of document.querySelectorAll('section.page')) {
        const image = section.querySelector('img');
        const frame = image.getBoundingClientRect();
        const scale = image.naturalWidth / frame.width;
        const inPicture = r => [(r.left - frame.left) * scale, (r.top - frame.top) * scale, r.width * scale, r.height * scale];
        for (const box of section.querySelectorAll('.box')) {
          const span = box.querySelector('.translation');
          boxes.push({ id: box.dataset.id, rect: box.dataset.rect, text: span.textContent,
                       span: inPicture(span.getBoundingClientRect()), box: inPicture(box.getBoundingClientRect()) });
        }
      }
      const result = document.createElement('pre');
      result.id = 'measured';
      result.textContent = JSON.stringify({ boxes, scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth,
                                            imageWidths: [...document.querySelectorAll('img')].map(i => i.getBoundingClientRect().width) });
      document.body.appendChild(result);
    });
    </script>
    """

@Suite(.enabled(if: Chromium.isInstalled, "Chromium is not installed (apt-get install chromium; scripts/install-dependencies.sh installs it)"))
struct HTMLViewTests {
    let menu = TestPaths.fixtures.appendingPathComponent("korean-menu.png").path

    /// In a wide window, and in a page as narrow as a phone's screen (headless Chromium's
    /// window is at least 500 pixels wide, so the page's body is narrowed instead).
    @Test(arguments: [nil, 390])
    func everyTranslationIsWhereItsBoxIs(phoneWidth: Int?) throws {
        let server = try PapagoTestServer()
        defer { server.stop() }
        let run = InProcessRun([menu, "--to", "en", "--format", "html"], environment: server.environment())
        #expect(run.exitCode == 0)
        let html = run.standardOutput
        #expect(!html.contains("http://") && !html.contains("https://"), "the page refers to the network")
        #expect(html.contains("src=\"data:image/png;base64,"))

        let measured = try Self.measure(html, phoneWidth: phoneWidth)

        #expect(measured.boxes.count >= 12, "only \(measured.boxes.count) boxes laid over the picture")
        #expect(measured.scrollWidth <= measured.innerWidth, "the page is wider than the window")
        let room = Double(phoneWidth ?? 1000)
        #expect(measured.imageWidths.allSatisfy { $0 <= room }, "pictures \(measured.imageWidths) wider than \(room) pixels")
        if phoneWidth == nil { #expect(measured.imageWidths == [720], "the picture is not shown at its own size") }
        for box in measured.boxes {
            let numbers = box.rect.split(separator: ",").compactMap { Double($0) }
            try #require(numbers.count == 4)
            let frame = BoxFrame(BoxResult(id: 0, rect: PixelRect(x: Int(numbers[0]), y: Int(numbers[1]), width: Int(numbers[2]),
                                                                  height: Int(numbers[3])), confidence: 0, text: ""))
            let margin = frame.coverMargin
            // The browser rounds to its own pixels, which on a narrow window are several of the picture's.
            let slack = 2 * Double(measured.imageWidths.first.map { 720 / $0 } ?? 1)
            let (left, top) = (numbers[0] - margin, numbers[1] - margin)
            let (right, bottom) = (numbers[0] + numbers[2] + margin, numbers[1] + numbers[3] + margin)
            #expect(abs(box.box[0] - left) <= slack && abs(box.box[1] - top) <= slack
                    && abs(box.box[0] + box.box[2] - right) <= slack && abs(box.box[1] + box.box[3] - bottom) <= slack,
                    "box \(box.id) is at \(box.box), its text at \([left, top, right - left, bottom - top])")
            let (middleX, middleY) = (box.span[0] + box.span[2] / 2, box.span[1] + box.span[3] / 2)
            #expect(middleX > left && middleX < right && middleY > top && middleY < bottom, "the translation of box \(box.id) is outside it")
            #expect(box.span[0] >= left - slack && box.span[1] >= top - slack && box.span[1] + box.span[3] <= bottom + slack,
                    "the translation of box \(box.id) runs out of its box: \(box.span)")
            #expect(box.text.hasPrefix("[ko→en] "), "box \(box.id) shows '\(box.text)'")
        }
    }

    /// Where Chromium puts every box of `html`, in a page at most `phoneWidth` wide.
    private static func measure(_ html: String, phoneWidth: Int? = nil) throws -> Measured {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("view.html")
        let narrowing = phoneWidth.map { "<style>body { max-width: \($0)px; box-sizing: border-box; }</style>\n" } ?? ""
        try html.replacingOccurrences(of: "</body>", with: narrowing + measuringScript + "\n</body>").write(to: file, atomically: true, encoding: .utf8)
        let dom = try Chromium.dumpDOM(of: file, width: 1000)
        let start = try #require(dom.range(of: "<pre id=\"measured\">")), end = try #require(dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex))
        let json = dom[start.upperBound..<end.lowerBound].replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
        return try JSONDecoder().decode(Measured.self, from: Data(json.utf8))
    }

    /// The turned lines of a photo: each translation lies within the turned box it replaces.
    @Test func translationsOfTurnedPhotoLinesAreOnTheirLines() throws {
        guard let models = PhotoTests.environmentWithModel() else { return }
        let sign = TestPaths.photo("korean-road-sign.png")
        let server = try PapagoTestServer()
        defer { server.stop() }
        let environment = server.environment().merging(models) { papago, _ in papago }
        let json = InProcessRun([sign, "--to", "en", "--format", "json"], environment: environment)
        let pages = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        let reported = try #require(pages.first?["boxes"] as? [[String: Any]])
        let run = InProcessRun([sign, "--to", "en", "--format", "html"], environment: environment)
        #expect(run.exitCode == 0)
        let measured = try Self.measure(run.standardOutput)
        let translated = reported.filter { ($0["translation"] as? String)?.hasPrefix("[ko→en]") == true }
        #expect(measured.boxes.count == translated.count && translated.count >= 2)
        for box in measured.boxes {
            let entry = try #require(reported.first { "\($0["id"] as? Int ?? -1)" == box.id })
            let corners = try #require(entry["polygon"] as? [[Int]], "the photo's line \(box.id) has no polygon")
            let frame = BoxFrame(BoxResult(id: 0, rect: PixelRect(x: 0, y: 0, width: 1, height: 1), confidence: 0, text: "",
                                           polygon: corners.map { PixelPoint(x: $0[0], y: $0[1]) }))
            let area = try #require(frame.coverBounds(pageWidth: 629, pageHeight: 420))
            #expect(abs(box.box[0] - Double(area.x)) <= 1.5 && abs(box.box[1] - Double(area.y)) <= 1.5
                    && abs(box.box[2] - Double(area.width)) <= 1.5 && abs(box.box[3] - Double(area.height)) <= 1.5,
                    "box \(box.id) is at \(box.box), its line covers \(area)")
            // The centre of the text lies on the line: inside the turned box, not just its bounds.
            let middle = (box.span[0] + box.span[2] / 2, box.span[1] + box.span[3] / 2)
            let corner = frame.grownCorners(by: 0)
            let angle = frame.angle * .pi / 180
            let (dx, dy) = (middle.0 - corner.x, middle.1 - corner.y)
            let along = dx * cos(angle) + dy * sin(angle), across = -dx * sin(angle) + dy * cos(angle)
            #expect(along > 0 && along < frame.width && across > 0 && across < frame.height,
                    "the translation of line \(box.id) is off its line (\(along), \(across) in a \(frame.width)×\(frame.height) box)")
        }
    }

    @Test func boxesCarryTheirLanguageAndConfidence() throws {
        let run = InProcessRun([menu, "--ocr-only", "--format", "html"])
        #expect(run.exitCode == 0)
        #expect(run.standardOutput.contains("data-language=\"ko\""))
        #expect(run.standardOutput.contains("confidence"))
        #expect(run.standardOutput.contains("<td>오늘의 메뉴</td>"))
    }
}
