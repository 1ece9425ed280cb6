/// Where photographs end and drawn pages begin, by flatness: the share of horizontally
/// neighbouring pixels with exactly the same value. Drawn pages (screenshots, scans) measured
/// 0.88–0.98 on the benchmark sets, camera photos and photographed documents 0.10–0.61
/// (docs/experiments/photos.md, "Camera photos: translate --ocr-only"); the threshold lies in
/// the middle of the gap. The reader uses it on grey to choose its photo
/// path, the drawing on colour to choose how to store the picture.
public enum PhotoFlatness {
    /// Pages less flat than this are photographs.
    public static let threshold = 0.75
}
