import Foundation
import Testing
import TesseractReading
import TextRecognition
import TranslateModel
@testable import TranslationEngines
@testable import TranslatePipeline

/// The real Apertium engine, as installed by scripts/install-dependencies.sh.
@Suite struct ApertiumTranslatorTests {
    @Test func discoversInstalledPairs() throws {
        let translator = try ApertiumTranslator()
        #expect(translator.pairs.contains(ApertiumPair(mode: "spa-eng")!))
        #expect(translator.pairs.contains(ApertiumPair(mode: "eng-spa")!))
        // Regional variants are not separate directions.
        #expect(!translator.pairs.map(\.mode).contains("spa-eng_US"))
    }

    @Test func translatesEveryTextOnItsOwnLine() throws {
        let translator = try ApertiumTranslator()
        let result = try translator.translate(["Hoy tenemos sopa", "Gracias", "", "Buenos días"], from: .spanish, to: .english)
        #expect(result.map(\.text) == ["Today we have soup", "Thank you", "", "Good morning"])
        #expect(result.allSatisfy { $0.source == .spanish && $0.pivot == nil })
    }

    /// A settings row's label and value are two texts: Apertium would read them as one phrase
    /// across a line break and put the adjective first ("Automatic Shine"), swapping them.
    @Test func neighbouringTextsAreNotReorderedIntoEachOther() throws {
        let result = try ApertiumTranslator().translate(["Brillo", "Automático", "Idioma", "Español"], from: .spanish, to: .english)
        #expect(result.map(\.text) == ["Shine", "Automatic", "Language", "Spanish"])
    }

    @Test func textsWithLineBreaksStayOnTheirBox() throws {
        let result = try ApertiumTranslator().translate(["Hoy tenemos\nsopa", "Gracias"], from: .spanish, to: .english)
        #expect(result.map(\.text) == ["Today we have soup", "Thank you"])
    }

    @Test func sameLanguageNeedsNoEngineCall() throws {
        #expect(try ApertiumTranslator().translate(["Hello"], from: .english, to: .english).map(\.text) == ["Hello"])
    }

    @Test func missingPairNamesThePackageAndTheInstalledPairs() throws {
        let translator = try ApertiumTranslator()
        #expect(throws: ApertiumError.pairNotInstalled(source: .portuguese, target: .spanish,
                                                       installed: translator.pairs.map(\.mode).sorted(), package: "apertium-es-pt")) {
            try translator.translate(["Obrigado"], from: .portuguese, to: .spanish)
        }
        let error = ApertiumError.pairNotInstalled(source: .korean, target: .english, installed: ["eng-spa", "spa-eng"], package: nil)
        #expect(error.description == "no Apertium pair for ko → en (Debian packages no Apertium pair for it; installed pairs: eng-spa, spa-eng)")
    }

    @Test func missingEngineIsReported() {
        #expect(throws: ApertiumError.engineNotInstalled) { try ApertiumTranslator(executable: "/nonexistent/apertium") }
        #expect(throws: ApertiumError.engineNotInstalled) { try ApertiumTranslator(environment: ["PATH": "/nonexistent"]) }
        #expect(!ApertiumTranslator.isInstalled(environment: ["PATH": "/nonexistent"]))
    }

    @Test func needsASourceLanguage() throws {
        #expect(throws: ApertiumError.sourceLanguageUnknown) { try ApertiumTranslator().translate(["Hola"], from: nil, to: .english) }
    }
}

/// A child that stops reading its input early.
@Suite struct BrokenPipeTests {
    /// More input than a pipe holds is written to a child that has closed its input: the write
    /// fails with EPIPE (never SIGPIPE, which would end this process), and the child's own
    /// exit status is what comes back.
    @Test func aChildThatClosesItsInputIsAnOrdinaryFailure() throws {
        ProcessConfiguration.apply()
        let input = String(repeating: "Hoy tenemos sopa.\n", count: 60_000)
        let output = try #require(ProcessRunner.run("/bin/sh", ["-c", "exec 0<&-; echo closed >&2; exit 3"], input: input))
        #expect(output.status == 3)
        #expect(output.standardError == "closed\n")
    }
}
