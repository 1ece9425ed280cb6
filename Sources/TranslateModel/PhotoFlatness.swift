/// Where photographs end and drawn pages begin, by flatness: the share of horizontally
/// neighbouring pixels with exactly the same value. Drawn pages (screenshots, scans) measured
/// 0.88–0.98 on the benchmark sets, camera photos and photographed documents 0.10–0.61
/// (docs/experiments/photos.md, "Camera photos: translate --ocr-only"); the threshold lies in
/// the middle of the gap. The reader uses it on grey to choose its photo
/// path, the drawing on colour to choose how to store the picture.
public enum PhotoFlatness {
    /// Pages less flat than this are photographs.
    public static let threshold = 0.75
    /// Pages at least this flat are drawn for certain: screenshots stay over 0.95 even saved as
    /// JPEG at quality 35, while a Thai sign photographed and squeezed by JPEG compression
    /// (0.78), which is read as a page, and every photo shot again (0.16–0.82) are under it.
    public static let drawn = 0.85
}
