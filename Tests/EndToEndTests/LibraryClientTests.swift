import Foundation
import ImageDecoding
import Testing
import LanguageDetection
import TestSupport
import TesseractReading
import TextRecognition
import TranslateModel
import TranslatePipeline

/// Another Swift package can use the core library, OCR → language detection → translation,
/// without any command-line type.
@Suite struct LibraryClientTests {
    /// The process set up as `translate`'s `main` sets it up, before anything is read.
    init() { ProcessConfiguration.apply() }

    /// `Tests/LibraryClient/main.swift` type-checks against the built modules as another package
    /// sees them: without this package's name, so `package` declarations are hidden.
    @Test func theClientProgramSeesEnoughOfThePublicInterface() throws {
        let client = TestPaths.repository.appendingPathComponent("Tests/LibraryClient/main.swift")
        let run = try Self.typeCheck(client)
        #expect(run.exitCode == 0, "\(run.standardError)")
    }

    /// The check above means something: the same command refuses a `package` declaration.
    @Test func packageDeclarationsAreHiddenFromTheClient() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("uses-package.swift")
        try Data("import TranslateOutput\nprint(JSONText.string(\"a\"))\n".utf8).write(to: source)
        let run = try Self.typeCheck(source)
        #expect(run.exitCode != 0)
        #expect(run.standardError.contains("cannot find 'JSONText' in scope"))
    }

    /// What the client program does, run here: every box of a Korean menu is read, detected and
    /// translated, using public declarations only.
    @Test func theClientFlowTranslatesEveryBox() throws {
        let reader = PageReader(settings: OCRSettings(rereadByLanguage: true), inputReader: InputReader(),
                                languages: OfflineBoxLanguages())
        var results = reader.read(.file(TestPaths.fixture("korean-menu.png")))
        let plan = TranslationPlan(translator: FakeTranslator(), target: .english)
        for index in results.indices {
            PageTranslator.translate(&results[index], plan: plan)
        }
        let boxes = results.flatMap(\.boxes)
        #expect(boxes.count > 5)
        #expect(boxes.contains { $0.language == .korean })
        #expect(boxes.allSatisfy { $0.translation != nil })
    }

    private static func typeCheck(_ source: URL) throws -> ProcessRun {
        let build = TestPaths.buildDirectory
        let sources = TestPaths.repository.appendingPathComponent("Sources")
        return try ProcessRun(
            ["swiftc", "-typecheck", "-I", build.appendingPathComponent("Modules").path,
             "-Xcc", "-fmodule-map-file=" + build.appendingPathComponent("CLanguageModel.build/module.modulemap").path,
             "-Xcc", "-fmodule-map-file=" + build.appendingPathComponent("CCurl.build/module.modulemap").path,
             "-Xcc", "-fmodule-map-file=" + build.appendingPathComponent("CStderr.build/module.modulemap").path,
             "-Xcc", "-fmodule-map-file=" + build.appendingPathComponent("CHeap.build/module.modulemap").path,
             "-Xcc", "-fmodule-map-file=" + build.appendingPathComponent("CTesseractMemory.build/module.modulemap").path,
             "-Xcc", "-fmodule-map-file=" + build.appendingPathComponent("CTextDetection.build/module.modulemap").path,
             "-Xcc", "-fmodule-map-file=" + build.appendingPathComponent("CImageRendering.build/module.modulemap").path,
             "-Xcc", "-fmodule-map-file=" + build.appendingPathComponent("CHEIF.build/module.modulemap").path,
             "-Xcc", "-fmodule-map-file=" + build.appendingPathComponent("CPoppler.build/module.modulemap").path,
             "-I", sources.appendingPathComponent("CTesseract").path, "-I", sources.appendingPathComponent("CSQLite").path,
             "-I", sources.appendingPathComponent("CTIFF").path, "-I", sources.appendingPathComponent("CHiredis").path,
             source.path],
            executable: URL(fileURLWithPath: "/usr/bin/env"))
    }
}
