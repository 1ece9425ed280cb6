import TranslateModel

extension MessageCatalogue {
    /// `--verbose`'s line for a box reading left out, in `language`: where it was, what it read
    /// (escaped: OCR text is untrusted) and why it was dropped.
    static func text(of dropped: DroppedBox, in language: MessageLanguage) -> String {
        let confidence = String(Int(dropped.confidence.rounded()))
        let reason = switch dropped.reason {
        case .iconSymbols: text(.droppedIconSymbols, language, confidence)
        case .smallAndUnsure: text(.droppedSmallAndUnsure, language, String(Int(dropped.height.rounded())), confidence)
        case .iconLike: text(.droppedIconLike, language, confidence)
        case .filledShape: text(.droppedFilledShape, language, confidence)
        case .iconAboveLabel: text(.droppedIconAboveLabel, language, confidence)
        case .pieceOfLine: text(.droppedPieceOfLine, language, confidence)
        case .photoJunk: text(.droppedPhotoJunk, language, confidence)
        }
        let rect = dropped.rect
        return text(.droppedBox, language, String(rect.x), String(rect.y), String(rect.width), String(rect.height),
                    TerminalSafeText.oneLine(dropped.text), reason)
    }
}
