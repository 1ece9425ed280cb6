import Locking
import TranslateModel
import TextRecognition
import LanguageDetection
import TranslationEngines
import TranslateOutput
import TranslatePipeline
import TranslateCLI

/// A Papago translator that is never asked anything.
package enum PapagoTestServerless {
    package static func translator(endpoint: String = "http://127.0.0.1:9", honorific: Bool? = nil) throws -> PapagoTranslator {
        let credentials = PapagoCredentials(clientID: "id", clientSecret: "secret", dialect: .ncp, endpoint: endpoint, source: .environment)
        return try PapagoTranslator(credentials: credentials, options: PapagoOptions(honorific: honorific))
    }
}
