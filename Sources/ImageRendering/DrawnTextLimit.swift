/// The most of a translation a box can show: what lies past it would be drawn at the smallest
/// size and clipped away, unseen, yet laying it out would still cost time in proportion to its
/// length (a 280,000-character reply took 20 s to draw). Only that invisible tail is cut.
enum DrawnTextLimit {
    /// Square pixels a character covers at the smallest size, at the least: a narrow Latin
    /// letter about half an em wide on a line 1.2 em high is 0.6 em² (Han and Hangul cover twice
    /// that), so this allows more characters than can ever be seen.
    static let areaPerCharacter = 0.5 * TextFitter<PangoMeasurer>.smallestSize * TextFitter<PangoMeasurer>.smallestSize

    /// `text`, cut to what a box `width` × `height` pixels can show.
    static func shown(_ text: String, width: Double, height: Double) -> String {
        let capacity = max(1, Int((width * height / areaPerCharacter).rounded(.up)))
        // The UTF-8 length bounds the number of characters: most texts need no count at all.
        guard text.utf8.count > capacity else { return text }
        return String(text.prefix(capacity))
    }
}
