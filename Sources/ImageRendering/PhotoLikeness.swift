import TranslateModel

/// Tells photographs from drawn pages (screenshots, scans) by their pixels: in a drawn page
/// most pixels have exactly the colour of their neighbour; sensor noise and JPEG artefacts
/// leave few such pairs in a photo. The same measure and threshold (`PhotoFlatness`) the reader
/// uses on grey pages to choose its photo path, here on colour.
public enum PhotoLikeness {
    /// The share of horizontally neighbouring pixels of the same colour, over every fourth row.
    public static func flatness(of pixels: PagePixels) -> Double {
        guard pixels.width > 1 else { return 1 }
        var equal = 0, pairs = 0
        pixels.bytes.withUnsafeBufferPointer { bytes in
            for y in stride(from: 0, to: pixels.height, by: 4) {
                let row = y * pixels.bytesPerRow
                for x in 1..<pixels.width {
                    let here = row + x * 4, left = here - 4
                    if bytes[here] == bytes[left] && bytes[here + 1] == bytes[left + 1] && bytes[here + 2] == bytes[left + 2] { equal += 1 }
                }
                pairs += pixels.width - 1
            }
        }
        return pairs == 0 ? 1 : Double(equal) / Double(pairs)
    }

    public static func isPhotograph(_ pixels: PagePixels) -> Bool {
        flatness(of: pixels) < PhotoFlatness.threshold
    }
}
