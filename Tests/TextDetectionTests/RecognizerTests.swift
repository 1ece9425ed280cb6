import Foundation
import Testing
import Locking
import TextDetection

/// The installed recognizer, or a test failure that says how to install it.
func makeRecognizer() throws -> TextLineRecognizer {
    let model = try #require(
        TextRecognizerModel.locate(),
        "no text recognizer model found (set TRANSLATE_TEXT_RECOGNIZER or run scripts/fetch-text-recognizer.py, which scripts/setup.sh runs)"
    )
    return try TextLineRecognizer(modelPath: model, dictionaryPath: TextRecognizerModel.charactersPath(forModel: model))
}

/// The installed recognizer on ONNX Runtime, or a test failure that says how to install it.
func makeOnnxRuntimeRecognizer() throws -> TextLineRecognizer {
    let model = try #require(TextRecognizerModel.locate(), "no text recognizer model (run scripts/fetch-text-recognizer.py)")
    let runtime = try #require(
        TextRecognizerModel.onnxRuntime(forModel: model),
        "ONNX Runtime or PP-OCRv6 small is not installed beside \(model) (run scripts/fetch-onnxruntime.py and scripts/fetch-photo-models.py, which scripts/setup.sh runs)"
    )
    return try TextLineRecognizer(modelPath: runtime.model, dictionaryPath: runtime.characters, onnxRuntime: runtime.library)
}

extension TextLineRecognizer {
    func recognize(_ image: RGBImage, options: Options = .standard) throws -> (text: String, confidence: Double) {
        try recognize(pixels: image.pixels, width: image.width, height: image.height, bytesPerRow: image.bytesPerRow,
                      channels: 3, options: options)
    }

    func read(_ image: RGBImage) throws -> TextLineReading {
        try read(pixels: image.pixels, width: image.width, height: image.height, bytesPerRow: image.bytesPerRow, channels: 3)
    }
}

/// One line of text drawn by ImageMagick, dark on a light background with a margin of a fifth of
/// its height around the ink (as the photo path pads a detected line).
func renderLine(_ text: String, pointSize: Int = 32, font: String = "Noto Sans CJK SC",
                colour: String = "#202020", background: String = "#f4f1ea") throws -> RGBImage {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = String(decoding: try runTool(["fc-match", "-f", "%{file}", font]), as: UTF8.self)
    let path = directory.appendingPathComponent("line.png").path
    let margin = max(2, pointSize / 5)
    _ = try runTool(["convert", "-background", background, "-fill", colour, "-font", file, "-pointsize", "\(pointSize)",
                     "label:\(text)", "-trim", "+repage", "-bordercolor", background, "-border", "\(margin)", path])
    return try loadRGB(path)
}

/// `text` without the spaces beside Han characters: the model reads Chinese without spaces (and
/// the photo benchmark drops them too), so "欢迎光临 Welcome" comes out as "欢迎光临Welcome".
func withoutSpacesBesideHan(_ text: String) -> String {
    let characters = Array(text)
    func isHan(_ index: Int) -> Bool {
        guard characters.indices.contains(index) else { return false }
        return characters[index].unicodeScalars.contains { $0.properties.isIdeographic }
    }
    return String(characters.indices.filter { characters[$0] != " " || !(isHan($0 - 1) || isHan($0 + 1)) }.map { characters[$0] })
}

/// Levenshtein distance between two strings' characters.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    var previous = Array(0...b.count)
    for i in 1...max(1, a.count) where !a.isEmpty {
        var current = [i] + [Int](repeating: 0, count: b.count)
        for j in 1...max(1, b.count) where !b.isEmpty {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return a.isEmpty ? b.count : previous[b.count]
}

@Suite("Text line recognition")
struct RecognizerTests {
    @Test("rendered Chinese, English and digit lines are read exactly", arguments: [
        "营业时间 09:00-21:00",
        "Platform 2 Central Station",
        "北京市朝阳区建国路88号",
        "TOTAL 23.45 USD",
        "欢迎光临 Welcome",
        "2024年3月15日 星期五",
    ])
    func readsRenderedLines(text: String) throws {
        let (read, confidence) = try makeRecognizer().recognize(try renderLine(text))
        #expect(read == withoutSpacesBesideHan(text))
        #expect(confidence > 0.9 && confidence <= 1, "confidence \(confidence)")
    }

    @Test("a small, light-on-dark line is read too")
    func smallInvertedLine() throws {
        let (read, _) = try makeRecognizer().recognize(
            try renderLine("出口 EXIT 3", pointSize: 14, colour: "#f0f0f0", background: "#204080"))
        #expect(editDistance(read, "出口EXIT 3") <= 1, "read \(read)")
    }

    @Test("a long line is read in overlapping windows as well as in one piece")
    func longLine() throws {
        // About 2000 pixels at height 48: three windows of 960.
        let text = "Thank you for shopping with us today, please keep this receipt for returns within 30 days of purchase"
        let image = try renderLine(text, pointSize: 28)
        let recognizer = try makeRecognizer()
        let windowed = try recognizer.recognize(image)
        let whole = try recognizer.recognize(image, options: .init(widthStep: 8, minimumWidth: 320, maxWidth: 8192, overlap: 0))
        #expect(editDistance(windowed.text, text) <= 2, "windowed: \(windowed.text)")
        #expect(editDistance(whole.text, text) <= 2, "whole: \(whole.text)")
    }

    @Test("grey, RGB and RGBA copies of a line read the same; bytes per row are honoured")
    func channelLayouts() throws {
        let image = try renderLine("价格 128.50元")
        let recognizer = try makeRecognizer()
        let padding = 3
        var grey: [UInt8] = [], rgba: [UInt8] = []
        for row in 0..<image.height {
            for column in 0..<image.width {
                let index = (row * image.width + column) * 3
                let r = Int(image.pixels[index]), g = Int(image.pixels[index + 1]), b = Int(image.pixels[index + 2])
                let luma: Int = (r * 299 + g * 587 + b * 114) / 1000
                grey.append(UInt8(luma))
                rgba += [UInt8(r), UInt8(g), UInt8(b), 255]
            }
            grey += [UInt8](repeating: 0, count: padding)
        }
        let rgb = try recognizer.recognize(image)
        let fromGrey = try recognizer.recognize(pixels: grey, width: image.width, height: image.height,
                                                bytesPerRow: image.width + padding, channels: 1)
        let fromRGBA = try recognizer.recognize(pixels: rgba, width: image.width, height: image.height,
                                                bytesPerRow: image.width * 4, channels: 4)
        #expect(rgb.text == "价格128.50元")
        #expect(fromRGBA.text == rgb.text && abs(fromRGBA.confidence - rgb.confidence) < 1e-6)
        #expect(fromGrey.text == rgb.text)
    }

    @Test("a blank line reads as nothing, with confidence 0")
    func blankLine() throws {
        let pixels = [UInt8](repeating: 235, count: 200 * 40)
        let (text, confidence) = try makeRecognizer().recognize(pixels: pixels, width: 200, height: 40, bytesPerRow: 200, channels: 1)
        #expect(text == "")
        #expect(confidence == 0)
    }

    @Test("on ONNX Runtime, PP-OCRv6 small reads lines of every width and in windows, kana and accents too")
    func onnxRuntimeReadsEveryWidth() throws {
        let onnx = try makeOnnxRuntimeRecognizer()
        let texts = ["价格128.50元", "欢迎光临 Welcome", "Opening hours 9:00 to 18:00 daily",
                     "All visitors must register at the front desk before entering the laboratory area, thank you",
                     // What PP-OCRv4 on OpenCV cannot read: kana, and accents beyond its few.
                     "ご注文はこちらです", "Crème brûlée à 3,50 €"]
        for text in texts {
            let read = try onnx.recognize(try renderLine(text, font: "Noto Sans CJK JP"))
            #expect(editDistance(withoutSpacesBesideHan(text), withoutSpacesBesideHan(read.text)) <= 1, "\(text) read as \(read.text)")
            #expect(read.confidence > 0.8, "\(text): \(read.confidence)")
        }
        #expect(onnx.unreadableLetterCount(in: "ご注文 Crème brûlée") == 0)
        // Read from end to end; Hangul, which it has no characters for, mostly left unread.
        #expect(try onnx.read(try renderLine("Opening hours 9:00 to 18:00 daily")).unreadShare == 0)
        let korean = try onnx.read(try renderLine("오늘 회의는 세 시에 시작합니다", font: "Noto Sans CJK KR"))
        #expect(korean.unreadShare > 0.5, "\(korean)")
        #expect(onnx.unreadableLetterCount(in: "안녕 Привет") == 8)
    }

    @Test("threads sharing one recognizer read at once what it reads alone, at every width", arguments: [false, true])
    func threadsShareARecognizer(onOnnxRuntime: Bool) throws {
        let recognizer = try onOnnxRuntime ? makeOnnxRuntimeRecognizer() : makeRecognizer()
        // Widths 320 to 960 and a long line read in windows: more networks than are kept.
        let texts = ["价格128.50元", "Opening hours 9:00 to 18:00 daily", "Entrance on the left side of the main building",
                     "All visitors must register at the front desk before entering the laboratory area"]
        let lines = try texts.map { try renderLine($0) }
        let alone = try lines.map { try recognizer.recognize($0) }
        let images = lines.map { (pixels: $0.pixels, width: $0.width, height: $0.height, bytesPerRow: $0.bytesPerRow) }
        let results = Locked([Int: (text: String, confidence: Double)]())
        DispatchQueue.concurrentPerform(iterations: images.count * 4) { job in
            let image = images[job % images.count]
            if let read = try? recognizer.recognize(pixels: image.pixels, width: image.width, height: image.height,
                                                    bytesPerRow: image.bytesPerRow, channels: 3) {
                results.withLock { $0[job] = read }
            }
        }
        let together = results.withLock { $0 }
        #expect(together.count == lines.count * 4)
        for (job, read) in together {
            #expect(read.text == alone[job % lines.count].text)
            #expect(abs(read.confidence - alone[job % lines.count].confidence) < 1e-6)
        }
    }
}
