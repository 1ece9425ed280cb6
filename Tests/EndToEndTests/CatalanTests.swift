import Foundation
import Testing
import TestSupport
@testable import TranslateModel
@testable import TranslationEngines
@testable import TranslatePipeline
@testable import TranslateCLI

/// Catalan through the installed Apertium pairs (apertium-eng-cat, apertium-spa-cat): listed,
/// accepted as a source, detected, and translated with its own pair rather than Spanish's.
@Suite struct CatalanTests {
    private func box(_ id: Int, _ text: String) -> BoxResult {
        BoxResult(id: id, rect: PixelRect(x: 10, y: 10 + 40 * id, width: 400, height: 30), confidence: 95, text: text)
    }

    @Test func catalanPairsAreDirections() throws {
        let translator = try ApertiumTranslator()
        let directions = Set(translator.pairs.map { "\($0.source.code)-\($0.target.code)" })
        #expect(directions.isSuperset(of: ["ca-en", "en-ca", "ca-es", "es-ca", "es-en", "en-es"]))
        #expect(!translator.pairs.map(\.mode).contains("spa-cat_valencia"))
    }

    /// Catalan read as Spanish came out half translated: "Avui tenim Soup of peix i pa amb tomàquet."
    @Test func catalanTextIsTranslatedWithTheCatalanPair() throws {
        var page = ImageResult(file: "notice.png", boxes: [
            box(0, "Avui tenim sopa de peix i pa amb tomàquet."),
            box(1, "Si us plau, tanqueu la porta quan sortiu."),
            box(2, "Hoy tenemos sopa de pescado."),
        ])
        let plan = TranslationPlan(translator: try ApertiumTranslator(), target: .english)
        #expect(PageTranslator.translate(&page, plan: plan) == nil)
        #expect(page.boxes.map(\.language) == [.catalan, .catalan, .spanish])
        #expect(page.boxes.map(\.translation) == [
            "Today we have soup of fish and bread with tomato.",
            "Please, you shut the door when exit.",
            "Today we have soup of fish.",
        ])
    }

    /// A Catalan notice, read, detected and translated offline through the command. Taken for
    /// Spanish, it came out as "If us plau, tanqueu carries it quan sortiu."
    @Test func aCatalanNoticeIsReadAndTranslatedAsCatalan() throws {
        let run = InProcessRun([TestPaths.fixture("catalan-notice.png"), "--to", "en", "--engine", "apertium", "--format", "tsv"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let rows = run.standardOutput.split(separator: "\n").dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.count == 7)
        #expect(rows.allSatisfy { $0[8] == "ca" }, "\(rows.map { $0[8] })")
        let truth = try String(contentsOf: TestPaths.fixtures.appendingPathComponent("catalan-notice.gt.txt"), encoding: .utf8)
        #expect(CharacterErrorRate.of(rows.map { $0[9] }.joined(separator: "\n"), truth: truth) < 0.01)
        let translations = rows.map { $0[10] }
        #expect(translations.contains("Please, you shut the door when exit."))
        #expect(translations.contains("Thank you for your patience."))
        #expect(translations.contains("Last update: ten minutes ago"))
    }

    /// With Papago, which has no Catalan, the notice's boxes are still labelled Catalan (they
    /// were labelled Spanish and Italian, detected again among Papago's languages after being
    /// read as Catalan) and go to Papago's own detection, not as Spanish or Italian.
    @Test func aCatalanNoticeKeepsItsLanguageWithPapago() throws {
        let server = try PapagoTestServer()
        let run = InProcessRun([TestPaths.fixture("catalan-notice.png"), "--to", "en", "--engine", "papago", "--no-cache", "--format", "jsonl", "-v"],
                               environment: server.environment())
        #expect(run.exitCode == 0, "\(run.standardError)")
        // -v names the service the run talked to.
        #expect(run.standardError.contains(", papago at \(server.baseURL))"), "\(run.standardError)")
        let page = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let boxes = try #require(page["boxes"] as? [[String: Any]])
        #expect(boxes.count == 7)
        #expect(boxes.allSatisfy { $0["language"] as? String == "ca" }, "\(boxes.map { $0["language"] ?? "none" })")
        // The test service's own detection calls Latin text without marks of another language English.
        #expect(boxes.allSatisfy { ($0["translation"] as? String)?.isEmpty == false })
        #expect(!boxes.contains { ($0["translation"] as? String)?.hasPrefix("[es") == true || ($0["translation"] as? String)?.hasPrefix("[it") == true })
    }

    @Test func fromCatalanIsAccepted() throws {
        let options = try CommandOptions(parsing: ["notice.png", "--to", "en", "--from", "ca"])
        #expect(options.source == .catalan)
        #expect(Language(code: "ca")?.name == "Catalan")
        let notice = TestPaths.fixture("catalan-notice.png")
        let offline = InProcessRun([notice, "--to", "es", "--from", "ca", "--format", "plain"])
        #expect(offline.exitCode == 0)
        #expect(offline.standardOutput.contains("Por favor, cerráis la puerta cuando salís."), "\(offline.standardOutput)")
        // Papago chosen on purpose has no Catalan: said before any image is read, not once per image.
        let credentials = InProcessRun.offlineEnvironment.merging(
            ["PAPAGO_CLIENT_ID": "id", "PAPAGO_CLIENT_SECRET": "secret", "PAPAGO_ENDPOINT": "http://127.0.0.1:9"]) { $1 }
        let papago = InProcessRun([notice, "--to", "en", "--from", "ca", "--engine", "papago"], environment: credentials)
        #expect(papago.exitCode == ExitCode.usage.rawValue)
        #expect(papago.standardOutput == "")
        #expect(papago.standardError.hasPrefix("translate: --from ca: papago does not translate from Catalan (it translates from: "))
        // Chosen by default, Papago leaves Catalan to Apertium's installed pair (nothing is sent
        // to the service, which does not answer here).
        let auto = InProcessRun([notice, "--to", "en", "--from", "ca", "--format", "plain"], environment: credentials)
        #expect(auto.exitCode == 0, "\(auto.standardError)")
        #expect(auto.standardOutput.contains("Thank you for your patience."), "\(auto.standardOutput)")
    }

    /// With Papago credentials and no --engine, the Catalan notice's boxes, labelled Catalan, go
    /// to Apertium's cat-eng, and the page says which engine served it.
    @Test func aCatalanNoticeGoesToApertiumBesidePapago() throws {
        let server = try PapagoTestServer()
        let run = InProcessRun([TestPaths.fixture("catalan-notice.png"), "--to", "en", "--no-cache", "--format", "jsonl"],
                               environment: server.environment())
        #expect(run.exitCode == 0, "\(run.standardError)")
        let page = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(page["engine"] as? String == "apertium")
        let boxes = try #require(page["boxes"] as? [[String: Any]])
        #expect(boxes.allSatisfy { $0["language"] as? String == "ca" })
        #expect(boxes.contains { $0["translation"] as? String == "Thank you for your patience." }, "\(boxes.map { $0["translation"] ?? "" })")
        #expect(try server.requests().isEmpty, "nothing goes to Papago")
    }
}
