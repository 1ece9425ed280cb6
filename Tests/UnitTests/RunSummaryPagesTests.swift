import Testing
@testable import TranslatePipeline
@testable import TranslateCLI

/// The summary of a run with documents counts their pages, in English and Korean; a run of
/// single-page images reads as it always has.
@Suite struct RunSummaryPagesTests {
    private func summary(images: Int, total: Int, interrupted: Bool, _ ends: [InputEnd]) -> RunSummary {
        var pages = RunSummary.Pages()
        for end in ends { pages.add(end) }
        return RunSummary(images: images, total: total, boxes: 140, failed: 0, alreadyDone: 0, skippedFiles: 0, requests: nil,
                          cacheHits: nil, duration: .seconds(20), interrupted: interrupted, pages: pages)
    }

    @Test func anInterruptedDocumentCountsItsFinishedPages() {
        let cut = summary(images: 0, total: 1, interrupted: true, [InputEnd(file: "scan.pdf", pageCount: 30, delivered: 14)])
        #expect(cut.line == "translate: interrupted: 14 of 30 pages of 1 image in 20.0 s: 140 boxes, 0 failed")
        #expect(cut.line(in: .korean) == "translate: 중단됨: 이미지 1개의 30쪽 중 14쪽 (20.0초): 상자 140개, 실패 0개")
        // Among other inputs: those done, then the pages of the one cut short.
        let among = summary(images: 2, total: 5, interrupted: true, [
            InputEnd(file: "a.png", pageCount: 1, delivered: 1), InputEnd(file: "b.png", pageCount: 1, delivered: 1),
            InputEnd(file: "scan.pdf", pageCount: 30, delivered: 14),
        ])
        #expect(among.line == "translate: interrupted: 2 of 5 images, 14 of 30 pages of 1 more in 20.0 s: 140 boxes, 0 failed")
        #expect(among.line(in: .korean)
                == "translate: 중단됨: 이미지 5개 중 2개, 다른 이미지 1개의 30쪽 중 14쪽 (20.0초): 상자 140개, 실패 0개")
    }

    @Test func aResumedDocumentSaysWhatWasDoneBefore() {
        let resumed = summary(images: 1, total: 1, interrupted: false, [InputEnd(file: "scan.pdf", pageCount: 30, firstPage: 15, delivered: 16)])
        #expect(resumed.line == "translate: 16 pages of 1 image in 20.0 s: 140 boxes, 0 failed; 14 pages already done")
        #expect(resumed.line(in: .korean) == "translate: 이미지 1개의 16쪽 (20.0초): 상자 140개, 실패 0개; 이미 끝난 14쪽")
        // Interrupted again: the pages done count those of the earlier run.
        let again = summary(images: 0, total: 1, interrupted: true, [InputEnd(file: "scan.pdf", pageCount: 30, firstPage: 15, delivered: 5)])
        #expect(again.line == "translate: interrupted: 19 of 30 pages of 1 image in 20.0 s: 140 boxes, 0 failed; 14 pages already done")
    }

    @Test func singlePageImagesReadAsBefore() {
        let ends = (0..<3).map { InputEnd(file: "\($0).png", pageCount: 1, delivered: 1) }
        #expect(summary(images: 3, total: 3, interrupted: false, ends).line == "translate: 3 images in 20.0 s: 140 boxes, 0 failed")
        #expect(summary(images: 3, total: 5, interrupted: true, ends).line == "translate: interrupted: 3 of 5 images in 20.0 s: 140 boxes, 0 failed")
        // A document read whole among them: pages.
        let document = summary(images: 4, total: 4, interrupted: false, ends + [InputEnd(file: "scan.tif", pageCount: 2, delivered: 2)])
        #expect(document.line == "translate: 5 pages of 4 images in 20.0 s: 140 boxes, 0 failed")
    }
}
