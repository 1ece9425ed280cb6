import Foundation
import TesseractReading
import TranslateCLI
import TranslationEngines

// The process-wide settings, asked for once before any thread starts: signals, the heap, the
// image libraries' and Tesseract's messages, then libcurl's initialisation. Tesseract's OpenMP
// regions need no call: this target links and exports CInlineOpenMP's entry points (Package.swift).
ProcessConfiguration.apply()
TransportRuntime.prepare()
let status = TranslateCommand.run(Array(CommandLine.arguments.dropFirst()), context: .process())
// After Ctrl-C a worker thread may still be inside Tesseract or libcurl: leave without running
// C++ static destructors under it. Every line of output has already been written in full.
if status == ExitCode.interrupted.rawValue { _exit(status) }
exit(status)
