import TranslateModel

/// Taking boxes out of a page's lines once they are numbered: the ones kept are numbered again
/// from 0, and the ones taken out are given back as dropped, with why.
enum BoxDropping {
    /// `boxes` split by `reasons` (one per box; nil keeps it): those kept, numbered again from 0
    /// in their order, and those dropped, in theirs.
    static func split(_ boxes: [BoxResult], reasons: [DroppedBox.Reason?]) -> (kept: [BoxResult], dropped: [DroppedBox]) {
        precondition(boxes.count == reasons.count, "one reason or nil per box")
        var kept: [BoxResult] = [], dropped: [DroppedBox] = []
        for (box, reason) in zip(boxes, reasons) {
            if let reason {
                dropped.append(DroppedBox(rect: box.rect, text: box.text, confidence: box.confidence,
                                          height: PageJunkRule.thickness(of: box.rect), reason: reason))
            } else {
                var box = box
                box.id = kept.count
                kept.append(box)
            }
        }
        return (kept, dropped)
    }
}
