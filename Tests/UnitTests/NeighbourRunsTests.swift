import Testing
import TextRecognition
@testable import TranslatePipeline

/// Which batch runs read runs of neighbouring images, each OCR thread learning from its own pages.
@Suite struct NeighbourRunsTests {
    @Test func automaticLanguagesReadRunsOfNeighbours() {
        var settings = OCRSettings(rereadByLanguage: true)
        #expect(BatchRun.readsRunsOfNeighbours(settings, writesFiles: false))
        // Pictures drawn for the terminal keep their pixels until delivered in order.
        settings.keepsPixels = true
        #expect(!BatchRun.readsRunsOfNeighbours(settings, writesFiles: false))
        // Written to files, they let the pixels go as soon as they are drawn.
        #expect(BatchRun.readsRunsOfNeighbours(settings, writesFiles: true))
        // Languages given: nothing to learn, and the threads take turns as before.
        #expect(!BatchRun.readsRunsOfNeighbours(OCRSettings(rereadByLanguage: false), writesFiles: false))
    }
}
