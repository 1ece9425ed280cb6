import ImageDecoding
import TextDetection
import TesseractReading
import TranslateModel
import TranslatePipeline
import TranslationEngines

/// An error as the command line says it, in the language of the messages.
///
/// The libraries describe their errors in English (that is what the output formats carry);
/// here each kind of error is put into words again from the catalogue, its arguments (file
/// names, codes, what a system library said) kept as they are.
enum ErrorWording {
    /// The words for a result's error: from the error behind it when it has one, else the
    /// message as it is.
    /// Whatever went into it (a path, what a service or a library said), the text is safe for a
    /// terminal (`TerminalSafeText`).
    static func text(of error: ResultError, in language: MessageLanguage) -> String {
        if let cause = error.cause, let worded = text(cause.error, in: language) { return TerminalSafeText.shown(worded) }
        return TerminalSafeText.shown(error.message)
    }

    /// The words for `error`, or its description when it is of no kind the catalogue knows.
    static func text(of error: any Error, in language: MessageLanguage) -> String {
        TerminalSafeText.shown(text(error, in: language) ?? String(describing: error))
    }

    private static func text(_ error: any Error, in language: MessageLanguage) -> String? {
        switch error {
        case let error as ImageError: image(error, language)
        case let error as OCRError: ocr(error, language)
        case let error as TextDetectionError: detection(error, language)
        case let error as ApertiumError: apertium(error, language)
        case let error as PapagoError: PapagoErrorWording.text(error, language)
        case let error as TransportError: PapagoErrorWording.network(error, language)
        case let error as CredentialError: credentials(error, language)
        case let error as CachingTranslatorError: cachingTranslator(error, language)
        case let error as CacheError: cache(error, language)
        case let error as OutputFileError: outputFile(error, language)
        case let error as InputListError: inputList(error, language)
        case let error as BatchSetupError: batchSetup(error, language)
        case let error as WordedError: error.description(in: language)
        default: nil
        }
    }

    static func say(_ key: MessageKey, _ language: MessageLanguage, _ arguments: String...) -> String {
        MessageCatalogue.filled(MessageCatalogue.table(language)[key] ?? MessageCatalogue.english[key] ?? key.rawValue,
                                with: arguments)
    }

    private static func image(_ error: ImageError, _ language: MessageLanguage) -> String {
        switch error {
        case .notFound: say(.fileNotFound, language)
        case .isDirectory: say(.fileIsDirectory, language)
        case .isDevice(.character): say(.fileIsCharacterDevice, language)
        case .isDevice(.block): say(.fileIsBlockDevice, language)
        case .isSocket: say(.fileIsSocket, language)
        case .symlinkLoop: say(.fileSymlinkLoop, language)
        case .permissionDenied: say(.filePermissionDenied, language)
        case .unreadable(let reason): say(.fileUnreadable, language, reason)
        case .empty: say(.fileEmpty, language)
        case .notAnImage: say(.fileNotAnImage, language)
        case .unsupportedFormat(let format): say(.fileFormatUnsupported, language, format)
        case .decoderMissing(let format, let package): say(.fileDecoderMissing, language, format, package)
        case .tooLarge(let width, let height, let limit): say(.fileTooManyPixels, language, "\(width)", "\(height)", "\(limit)")
        case .pageTooLong(let points, let largestSide, let leastResolution):
            say(.filePageTooLong, language, "\(points)", "\(largestSide)", "\(leastResolution)")
        case .inputTooLarge(let limit): say(.fileTooLarge, language, "\(limit)")
        case .streamTooLarge(let limit, let width, let height): say(.fileStreamTooLarge, language, "\(limit)", "\(width)", "\(height)")
        case .truncated: say(.fileTruncated, language)
        case .decodeFailed: say(.fileCorrupt, language)
        case .pageTruncated(let pages): say(.fileTruncated, language) + declaring(pages, language)
        case .pageCorrupt(let pages, let detail):
            say(.fileDataCorrupt, language) + (detail.map { ": \($0)" } ?? "") + declaring(pages, language)
        }
    }

    /// How many pages a file of more than one page declares, said after what is wrong with it.
    private static func declaring(_ pages: ImageError.PageCount, _ language: MessageLanguage) -> String {
        if pages.isLowerBound { return say(.fileDeclaresAtLeastPages, language, "\(pages.count)") }
        return pages.count > 1 ? say(.fileDeclaresPages, language, "\(pages.count)") : ""
    }

    private static func ocr(_ error: OCRError, _ language: MessageLanguage) -> String {
        switch error {
        case .languagesNotInstalled(let names): missingLanguages(names, language)
        case .invalidLanguageList(let value): say(.ocrLanguageListInvalid, language, value)
        case .initializationFailed(let languages): say(.ocrCannotStart, language, languages)
        case .recognitionFailed: say(.ocrFailed, language)
        }
    }

    /// Tesseract languages that could not be loaded, and the way to them: the data name of a
    /// language named as people name it (`-l english`), that no such data exists, or the
    /// packages to install.
    private static func missingLanguages(_ names: [String], _ language: MessageLanguage) -> String {
        if names.count == 1, let code = LanguageSuggestion.code(for: names[0]), let meant = Language(code: code)?.tesseractName,
           meant != names[0] {
            return say(.ocrLanguageMeant, language, names[0], meant)
        }
        let unknown = names.filter { !TesseractPackages.debianPackaged.contains($0) }
        if !unknown.isEmpty {
            return MessageCatalogue.counted(.ocrLanguagesUnknown, language, count: unknown.count, unknown.joined(separator: ", "))
        }
        return MessageCatalogue.counted(.ocrLanguagesMissing, language, count: names.count, names.joined(separator: ", "),
                                        names.map(OCRLanguages.debianPackage(for:)).joined(separator: " "))
    }

    /// The models missing is what a user can fix; OpenCV's own failures keep their detail.
    private static func detection(_ error: TextDetectionError, _ language: MessageLanguage) -> String {
        switch error {
        case .modelUnreadable(let path, let reason): say(.detectorModelUnreadable, language, path, reason)
        case .recognizerUnreadable(let path, let reason): say(.recognizerModelUnreadable, language, path, reason)
        default: language == .english ? error.description : say(.detectionFailed, language, error.description)
        }
    }

    static func apertium(_ error: ApertiumError, _ language: MessageLanguage) -> String {
        switch error {
        case .engineNotInstalled: return say(.apertiumMissing, language)
        case .pairNotInstalled(let source, let target, let installed, let package):
            let have = installed.isEmpty ? say(.apertiumNoPairsInstalled, language) : installed.joined(separator: ", ")
            let fix = package.map { say(.apertiumInstallPair, language, $0) } ?? say(.apertiumNoDebianPair, language)
            return say(.apertiumNoPair, language, source.code, target.code, fix, have)
        case .sourceLanguageUnknown: return say(.apertiumSourceUnknown, language)
        case .engineFailed(let status, let message):
            return say(.apertiumFailed, language, "\(status)") + (message.isEmpty ? "" : ": \(message)")
        }
    }

    static func credentials(_ error: CredentialError, _ language: MessageLanguage) -> String {
        switch error {
        case .notFound(let searched, let suggestedFile):
            // Each place looked in, as the resolver says it.
            say(.credentialsNotFound, language, searched.map { place in
                    switch place {
                    case .environment: say(.searchedEnvironment, language)
                    case .namedFile: say(.searchedNamedFile, language)
                    case .defaultFile(let path): say(.searchedDefaultFile, language, path)
                    case .noHome: say(.searchedNoHome, language)
                    }
                }.joined(separator: ", "),
                suggestedFile.map { say(.credentialsWriteFile, language, $0) } ?? "")
        case .fileNotFound(let path, let origin): say(.secretsFileNotFound, language, path, origin)
        case .unreadableFile(let path, let reason): say(.secretsFileUnreadable, language, path, reason)
        case .invalidFile(let path, let reason): say(.secretsFileInvalid, language, path, reason)
        case .incompleteEnvironment(let missing): say(.credentialsHalfSet, language, missing)
        case .invalidEndpoint(let endpoint, let origin): say(.papagoEndpointInvalid, language, endpoint, origin)
        case .invalidDialect(let dialect, let origin): say(.papagoDialectInvalid, language, dialect, origin)
        }
    }

    private static func cachingTranslator(_ error: CachingTranslatorError, _ language: MessageLanguage) -> String {
        switch error {
        case .wrongCount(let expected, let got): say(.engineCountMismatch, language, "\(got)", "\(expected)")
        }
    }

    private static func cache(_ error: CacheError, _ language: MessageLanguage) -> String {
        switch error {
        case .cannotCreateDirectory(let path, let reason): say(.cacheDirectoryFailed, language, path, reason)
        case .cannotOpen(let path, let reason): say(.cacheUnopenable, language, path, reason)
        case .damaged(let reason): say(.cacheDamaged, language, reason)
        case .busy: say(.cacheBusy, language)
        case .sqlite(let code, let message): say(.cacheFailed, language, "\(code)", message)
        }
    }

    private static func outputFile(_ error: OutputFileError, _ language: MessageLanguage) -> String {
        switch error {
        case .cannotCreateDirectory(let path, let reason): say(.outputDirectoryFailed, language, path, reason)
        case .cannotWrite(let path, let reason): say(.outputFileFailed, language, path, reason)
        case .conflict(let path, let other): say(.outputFileTaken, language, path, other)
        case .outsideDirectory(let path, let link?): say(.outputThroughLinkTo, language, path, link)
        case .outsideDirectory(let path, nil): say(.outputOutsideDirectory, language, path)
        }
    }

    private static func inputList(_ error: InputListError, _ language: MessageLanguage) -> String {
        switch error {
        case .unreadableList(let reason): say(.listUnreadable, language, reason)
        case .entryTooLong(let entry, let limit, let nulSeparated):
            say(nulSeparated ? .listEntryTooLong : .listLineTooLong, language, "\(entry)", "\(limit)")
        case .nulInLine(let line): say(.listNul, language, "\(line)")
        case .emptyEntries(let line, let limit, let nulSeparated):
            say(nulSeparated ? .listEmptyEntries : .listEmptyLines, language, "\(line)", "\(limit)")
        case .noImages: say(.noImagesFound, language)
        case .unreadableDirectory(let reason): say(.directoryUnreadable, language, reason)
        }
    }

    private static func batchSetup(_ error: BatchSetupError, _ language: MessageLanguage) -> String {
        switch error {
        case .ocr(let error): ocr(error, language)
        case .outputDirectory(let error): outputFile(error, language)
        }
    }

}

/// An error of the command line's own that says itself in either language.
protocol WordedError: Error {
    func description(in language: MessageLanguage) -> String
}
