import TranslateModel
import TranslatePipeline

/// What the delivered pages of the input at hand came to so far: what its end reports.
struct InputSoFar {
    var delivered = 0
    /// A page failed.
    var failed = false
    /// A page was decoded (as opposed to none: the input could not be read at all).
    var read = false
    var boxes = 0
    /// Reading and translating its pages.
    var duration: Duration = .zero
    /// Its first page delivered was read well: `--verbose` then says what was done to each.
    var firstPageRead = false
    /// `--verbose`'s lines for each page: what was done to it before it was read, and the boxes
    /// read and left out as not text.
    var preparations = ""

    /// `language`: the one the boxes left out are listed in.
    mutating func add(_ page: FinishedPage, verbose: Bool, language: MessageLanguage = .english) {
        let result = page.result
        if delivered == 0 { firstPageRead = result.error == nil }
        delivered += 1
        failed = failed || result.error != nil
        read = read || result.width != nil
        boxes += result.boxes.count
        duration += page.duration
        guard verbose, result.error == nil else { return }
        let prefix = "translate: \(ShownName.of(result.file))\(page.pageCount > 1 ? " (page \(result.page))" : ""): "
        if let preparation = result.preparation {
            preparations += prefix + "\(preparation)\n"
        }
        for dropped in result.droppedBoxes {
            preparations += prefix + MessageCatalogue.text(of: dropped, in: language) + "\n"
        }
    }
}
