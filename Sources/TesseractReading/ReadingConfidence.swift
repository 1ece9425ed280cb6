import TranslateModel

/// How sure a reading is as a whole, and how much of it was read surely (TextRecognition's
/// `ReadingConfidence+ConfidentCharacters`): what the choices between readings compare.
package enum ReadingConfidence {
    /// The mean of the confidences of `items`, each counted `weight` times (its characters, or
    /// once for a plain mean); 0 when the weights add up to 0. Summed in order, the same way
    /// everywhere, so that two readings of the same words come out exactly equal.
    package static func mean<Items: Sequence>(of items: Items, confidence: (Items.Element) -> Double,
                                              weight: (Items.Element) -> Int) -> Double {
        var total = 0.0, weights = 0
        for item in items {
            let count = weight(item)
            total += confidence(item) * Double(count)
            weights += count
        }
        return weights == 0 ? 0 : total / Double(weights)
    }

    /// Mean confidence of `words`, weighted by each word's length; 0 when there are none.
    package static func mean(of words: some Sequence<RecognizedWord>) -> Double {
        mean(of: words, confidence: \.confidence, weight: \.text.count)
    }

    /// Mean confidence of the words of `page`'s lines, weighted by each word's length.
    package static func mean(of page: RecognizedPage) -> Double {
        mean(of: page.lines.lazy.flatMap(\.words))
    }

    /// Mean confidence of `boxes`, weighted by the length of each box's text.
    package static func mean(of boxes: [BoxResult]) -> Double {
        mean(of: boxes, confidence: \.confidence, weight: \.text.count)
    }
}
