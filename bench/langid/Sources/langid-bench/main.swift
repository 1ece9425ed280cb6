import Foundation
import LanguageDetection

exit(LanguageDetectionBenchmark.main(Array(CommandLine.arguments.dropFirst())))
