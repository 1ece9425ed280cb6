import PagePreparation
import TranslateModel

/// Tells camera photos from screenshots and scans by their pixels.
///
/// A screenshot or a scan is drawn: most pixels have exactly the value of their neighbour
/// (flat backgrounds, solid text). A camera photo has sensor noise, light gradients and JPEG
/// artefacts everywhere, so few neighbours match exactly. Measured on the benchmark sets
/// (docs/experiments/photos.md, "Camera photos: translate --ocr-only"): screenshots, fixtures and
/// scanned pages 0.88–0.98, camera photos and photographed documents 0.10–0.61.
enum PhotoClassifier {
    /// The share of horizontally neighbouring pixel pairs with exactly the same value.
    static func flatness(of image: GrayImage) -> Double {
        image.flatness
    }

    static func isPhoto(flatness: Double) -> Bool {
        flatness < PhotoFlatness.threshold
    }
}
