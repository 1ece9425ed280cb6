/// Where photographs end and drawn pages begin, by flatness: the share of horizontally
/// neighbouring pixels with exactly the same value. Drawn pages (screenshots, scans) measured
/// 0.88–0.98 on the benchmark sets, camera photos and photographed documents 0.10–0.61
/// (docs/experiments/photos.md, "Camera photos: translate --ocr-only"); the threshold lies in
/// the middle of the gap. The reader uses it on grey to choose its photo
/// path, the drawing on colour to choose how to store the picture.
public enum PhotoFlatness {
    /// Pages less flat than this are photographs.
    public static let threshold = 0.75
    /// A page flatter than `threshold` but less flat than this may still be a photo, squeezed
    /// by strong JPEG compression into flat 8×8 blocks (a sign's flat blue panel sent through a
    /// chat app measured 0.77). Screenshots saved as JPEG measured 0.84 and more, but scans of
    /// black print so saved 0.75 to 0.79, so the band is not enough to tell them: a page in it
    /// is read as a photo too only when it reads poorly as a page
    /// (docs/experiments/photos.md, "A page that reads poorly, and may be a squeezed photo").
    public static let squeezedPhotoCeiling = 0.84
}
