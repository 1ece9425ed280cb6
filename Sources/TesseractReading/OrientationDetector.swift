internal import CTesseract
import PagePreparation
import TranslateModel

/// Tesseract's orientation and script detection, on a handle of its own.
///
/// OSD needs a handle loaded with `osd` alone and PSM_OSD_ONLY; loading it takes about 65 ms, so
/// a reader creates it only when a page first looks like it needs turning. Like every handle it
/// is used by one thread only.
package final class OrientationDetector {
    private let handle: OpaquePointer

    /// What OSD found: how far the text is turned, and how sure it is.
    package struct Finding: Sendable, Equatable {
        /// Clockwise rotation, in degrees, that makes the page upright: 0, 90, 180 or 270.
        package var rotation: Int
        package var confidence: Double
        /// The script OSD saw ("Latin", "Hangul", …); weak on short text.
        package var script: String
    }

    init() throws(OCRError) {
        OpenMPLimiter.limitCurrentThread()
        guard let handle = TessBaseAPICreate() else { throw .initializationFailed("osd") }
        self.handle = handle
        guard TessBaseAPIInit3(handle, nil, "osd") == 0 else { throw .languagesNotInstalled(["osd"]) }
        TessBaseAPISetPageSegMode(handle, PSM_OSD_ONLY)
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// The orientation of `image`'s text, or nil when OSD found too little text to tell.
    package func detect(_ image: LeptonicaImage) -> Finding? {
        OpenMPLimiter.limitCurrentThread()
        TessBaseAPISetImage2(handle, image.pix)
        defer { TessBaseAPIClear(handle) }
        var degrees: Int32 = 0
        var confidence: Float = 0, scriptConfidence: Float = 0
        var script: UnsafePointer<CChar>?
        guard TessBaseAPIDetectOrientationScript(handle, &degrees, &confidence, &script, &scriptConfidence) != 0 else { return nil }
        // The script name points into Tesseract's own tables: copy it, never free it.
        let name = script.map { String(cString: $0) } ?? ""
        return Finding(rotation: Int(degrees), confidence: Double(confidence), script: name)
    }
}
