import Foundation
import TranslateCore

exit(LanguageDetectionBenchmark.main(Array(CommandLine.arguments.dropFirst())))
