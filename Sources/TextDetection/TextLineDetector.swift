import Foundation
internal import CTextDetection

/// Finds text lines in photos with PaddleOCR's PP-OCRv4 detection model, run by ONNX Runtime or
/// OpenCV.
///
/// A detector is not thread-safe: use each one from one thread, task or actor at a time, and
/// make one per worker to detect in parallel. Loading one takes tens of milliseconds.
public final class TextLineDetector {
    private let handle: OpaquePointer

    /// Loads the model at `modelPath` (see `TextDetectorModel.locate`) to run on OpenCV; or,
    /// given `onnxRuntime` (the library's path), the model as PaddleOCR ships it to run on ONNX
    /// Runtime (`TextDetectorModel.onnxRuntime(forModel:environment:)` finds both).
    public init(modelPath: String, onnxRuntime: String? = nil) throws(TextDetectionError) {
        var loaded: OpaquePointer?
        try checkedCall(failure: { .modelUnreadable(path: modelPath, reason: $0) }) { message, capacity in
            if let onnxRuntime {
                CTextDetection_loadDetectorOnOnnxRuntime(onnxRuntime, modelPath, &loaded, message, capacity)
            } else {
                CTextDetection_loadDetector(modelPath, &loaded, message, capacity)
            }
        }
        guard let loaded else { throw .modelUnreadable(path: modelPath, reason: "no detector returned") }
        handle = loaded
    }

    /// The detector for the model at `modelPath` (rewritten for OpenCV): on ONNX Runtime when it
    /// is installed beside the model, else on OpenCV; with why ONNX Runtime could not run it
    /// (the reason alone, as the recognizer's `loaded` gives it), when it could not.
    public static func loaded(modelPath: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(TextDetectionError) -> (detector: TextLineDetector, onnxRuntimeFailure: String?)
    {
        var failure: String?
        if let runtime = TextDetectorModel.onnxRuntime(forModel: modelPath, environment: environment) {
            do {
                return (try TextLineDetector(modelPath: runtime.model, onnxRuntime: runtime.library), nil)
            } catch .modelUnreadable(_, let reason) {
                failure = reason
            } catch {
                failure = "\(error)"
            }
        }
        return (try TextLineDetector(modelPath: modelPath), failure)
    }

    deinit {
        CTextDetection_freeDetector(handle)
    }

    /// The text lines in an 8-bit image, top to bottom, in the image's own pixel coordinates.
    ///
    /// - Parameters:
    ///   - pixels: rows of interleaved grey (1 channel), RGB (3) or RGBA (4) bytes.
    ///   - bytesPerRow: the distance between the starts of two rows, at least `width * channels`.
    ///   - maxSide: the longest side of the reduced copy the network sees; larger finds smaller
    ///     text and costs time roughly in proportion to the area.
    ///   - enlargedSide: an image whose longest side is shorter than this is enlarged to it
    ///     first, so that small text is big enough for the network; 0 never enlarges.
    public func detect(
        pixels: some ContiguousBytes,
        width: Int,
        height: Int,
        bytesPerRow: Int,
        channels: Int,
        maxSide: Int = 960,
        enlargedSide: Int = 0
    ) throws(TextDetectionError) -> [DetectedTextLine] {
        let layout = PixelLayout(width: width, height: height, bytesPerRow: bytesPerRow, channels: channels)
        guard (32...8192).contains(maxSide) else {
            throw .invalidArgument("maximum side \(maxSide) outside 32...8192")
        }
        guard (0...maxSide).contains(enlargedSide) else {
            throw .invalidArgument("enlarged side \(enlargedSide) outside 0...\(maxSide)")
        }
        var options = CTextDetection_defaultOptions()
        options.maxSide = Int32(maxSide)
        options.enlargedSide = Int32(enlargedSide)

        let result: Result<[DetectedTextLine], TextDetectionError> = pixels.withUnsafeBytes { buffer in
            Result { () throws(TextDetectionError) in
                try layout.validate(byteCount: buffer.count)
                return try detect(layout.cImage(buffer.baseAddress!), options: options)
            }
        }
        return try result.get()
    }

    private func detect(
        _ image: CTextDetection_Image,
        options: CTextDetection_Options
    ) throws(TextDetectionError) -> [DetectedTextLine] {
        var options = options
        var lines: UnsafeMutablePointer<CTextDetection_Line>?
        var count = 0
        try checkedCall(failure: { .failed($0) }) { message, capacity in
            CTextDetection_detect(handle, image, &options, &lines, &count, message, capacity)
        }
        defer { CTextDetection_freeLines(lines) }
        guard let lines else { return [] }
        return UnsafeBufferPointer(start: lines, count: count).map(DetectedTextLine.init)
    }
}

extension DetectedTextLine {
    init(_ line: CTextDetection_Line) {
        let corners = line.corners
        self.init(
            quadrilateral: Quadrilateral(
                topLeft: Point(corners.0),
                topRight: Point(corners.1),
                bottomRight: Point(corners.2),
                bottomLeft: Point(corners.3)
            ),
            score: Double(line.score),
            curve: line.curvePoints >= 2 ? TextCurve(
                points: withUnsafeBytes(of: line.curve) { bytes in
                    Array(bytes.bindMemory(to: CTextDetection_Point.self).prefix(Int(line.curvePoints))).map(Point.init)
                },
                thickness: Double(line.curveThickness)
            ) : nil
        )
    }
}

extension Point {
    init(_ point: CTextDetection_Point) {
        self.init(x: Double(point.x), y: Double(point.y))
    }
}
