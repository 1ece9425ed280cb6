import Foundation
/// Every sentence the command says, in English and Korean: the help, usage errors, errors,
/// warnings, `translate config`, the summary and the boxes `--verbose` lists as dropped (its
/// other details stay English).
///
/// A key names a sentence; `%1`, `%2`, … in a text are its arguments, in the order the caller
/// gives them, so that a translation may put them where its grammar wants them.
public enum MessageKey: String, Sendable, CaseIterable {
    case helpTitle, helpConfigLine, helpImages, helpOptions, helpExamples, helpEngines, helpPhotos, helpExitStatus
    case hint
    case usageWord, unknownOption, didYouMean, missingValue, unexpectedValue, invalidValue, invalidValueFor, noInputs, nothingToDo, conflictingOptions, needsOption
    case summaryImages, summaryInterrupted, summaryBoxes, summaryRequests, summaryCacheHits, summaryFailed, summaryAlreadyDone,
         summaryOtherFiles, summaryDrawing, summaryPages, summaryPagesOfImages, summaryPagesOf, summaryInterruptedPages,
         summaryPagesOfMore, summaryPagesAlreadyDone
    // Errors (MessageCatalogue+Errors).
    case fileNotFound, fileIsDirectory, fileIsCharacterDevice, fileIsBlockDevice, fileIsSocket, fileSymlinkLoop,
         filePermissionDenied, fileUnreadable, fileEmpty, fileNotAnImage, fileFormatUnsupported, fileDecoderMissing,
         fileTooManyPixels, filePageTooLong, fileTooLarge, fileStreamTooLarge, fileTruncated, fileCorrupt, fileDataCorrupt, fileDeclaresPages,
         fileDeclaresAtLeastPages, directoryUnreadable, ocrLanguagesMissing, ocrLanguageMeant, ocrLanguagesUnknown, ocrLanguageListInvalid, ocrCannotStart,
         ocrFailed, detectorModelUnreadable, recognizerModelUnreadable, detectionFailed, apertiumMissing,
         apertiumNoPair, apertiumInstallPair, apertiumNoDebianPair, apertiumNoPairsInstalled, apertiumSourceUnknown,
         apertiumFailed, engineCountMismatch, papagoAuthentication, papagoQuota, papagoThrottled, gatewayCode, serviceCode, errorCode, papagoRetryAfter,
         papagoBodyTooLarge, papagoServerError, papagoRejected, papagoUnexpectedStatus, papagoMalformedReply,
         papagoEmptyReply, papagoRequestFailed, papagoNotAnswering, papagoUnsupportedLanguage, papagoSourceMissing,
         papagoSourceUnsupported, papagoTargetMissing, papagoTargetUnsupported, papagoSameLanguages,
         papagoPairUnsupported, papagoTextMissing, papagoTextTooLong, papagoInternalError, credentialsCaller,
         credentialsEnvironment, credentialsFile, networkUnresolvedHost, networkNoConnection, networkTimedOut,
         networkDropped, networkTLS, networkInvalidURL, networkInvalidHeader, networkResponseTooLarge, networkGivenUp,
         networkOther, credentialsNotFound, searchedEnvironment, searchedNamedFile, searchedDefaultFile, searchedNoHome,
         credentialsWriteFile, secretsFileNotFound, secretsFileUnreadable,
         secretsFileInvalid, credentialsHalfSet, papagoEndpointInvalid, papagoDialectInvalid, noEngine,
         outputDirectoryFailed, outputFileFailed, standardOutputFailed, outputThroughLinkTo, outputOutsideDirectory, outputFileTaken, listUnreadable, listLineTooLong, listEntryTooLong,
         listNul, listEmptyLines, listEmptyEntries, noImagesFound, cacheDirectoryFailed, cacheUnopenable, cacheDamaged,
         cacheBusy, cacheFailed, defaultsUnreadable, defaultsInvalid
    // The run and translate config (MessageCatalogue+Run).
    case warning, progressImages, progressLeft, expectedSize, expectedSeconds, expectedWholeNumber, expectedOneOf, expectedShard, expectedOCRLanguages,
         expectedJobCount, expectedBeside, expectedAlternatives, imagesToRead, standardInputOperand, onPage, refuseTarget, savedDefaultRefused, listingHeader, listingMissing, listingDetectionOnly, listingPivot, refuseSource, nothingInstalled, pngSeveralImages, pngToTerminal, htmlToTerminal, shardEmpty,
         noCredentialsNoPair, untranslatedNoEngine, untranslatedSetUpPapago, untranslatedServiceStopped, languagesOr, theirLanguage,
         translatingOffline, papagoWayOut, detectNeedsPapago, papagoOnlyOption, noCacheDirectory,
         withoutCache, cacheMovedAside, cacheRemoved, cacheNotSaved, cacheGoingOn, cacheAtGoingOn, sharedCacheOff, sharedCacheClaimsOff,
         secretsIgnored, plainHTTP, secretsReadable, noImagesInDirectory, noImagesInDirectoryFlat, linkReplacedByResult, pagesLeftOut,
         photoWithoutDetector, detectorUnusable, recognizerUnusable, onnxRuntimeUnusable, orientationModelUnusable,
         droppedBox, droppedIconSymbols, droppedSmallAndUnsure, droppedIconLike, droppedFilledShape, droppedIconAboveLabel, droppedPieceOfLine, droppedPhotoJunk,
         configHelp, configUnexpectedArgument, configNoWayToAsk, configNowhereToSave, configSavedCredentials, configSavedDefaults,
         configNoDefaults, configNothingSaved, configFailed, configTryAgain, configEnvironmentFirst,
         configNamedFileFirst, askClientID, askFirstClientID, askSecret, askSecretAgain, askEndpoint, askTarget,
         askEngine, askFormat, answerIDSpaces, answerSecretSpaces, answerSecretMissing, answerEndpoint, answerLanguage,
         answerEngine, answerFormat, answerFormatNotDefault, answerTargetUnserved, configNoTargets
}

public enum MessageCatalogue {
    /// The text of `key` in `language`, with `%1`, `%2`, … replaced by `arguments`.
    public static func text(_ key: MessageKey, _ language: MessageLanguage, _ arguments: String...) -> String {
        filled(table(language)[key] ?? english[key] ?? key.rawValue, with: arguments)
    }

    /// A text that says how many: English has `singular|plural`, chosen by `count` (the last
    /// argument unless given); Korean needs no plural.
    public static func counted(_ key: MessageKey, _ language: MessageLanguage, count: Int, _ arguments: String...) -> String {
        var text = table(language)[key] ?? english[key] ?? key.rawValue
        let forms = text.split(separator: "|", omittingEmptySubsequences: false)
        if forms.count == 2 { text = String(count == 1 ? forms[0] : forms[1]) }
        return filled(text, with: arguments)
    }

    /// `text` with each `%N` replaced by the Nth argument, in one pass: an argument that holds
    /// `%2` (a file name may) is left as it is.
    static func filled(_ text: String, with arguments: [String]) -> String {
        var result = ""
        var rest = Substring(text)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            let digits = rest[rest.index(after: percent)...].prefix(while: \.isASCII).prefix(while: \.isNumber)
            if let number = Int(digits), number >= 1, number <= arguments.count {
                result += arguments[number - 1]
                rest = rest[digits.endIndex...]
            } else {
                result += "%"
                rest = rest[rest.index(after: percent)...]
            }
        }
        return KoreanParticles.chosen(in: result + rest)
    }

    static func table(_ language: MessageLanguage) -> [MessageKey: String] {
        language == .korean ? korean : english
    }

    static let english = general.merging(englishErrors) { first, _ in first }.merging(englishRun) { first, _ in first }
    static let korean = koreanGeneral.merging(koreanErrors) { first, _ in first }.merging(koreanRun) { first, _ in first }

    static let general: [MessageKey: String] = [
        .helpTitle: "translate: find the text in images and translate every box.",
        .helpConfigLine: "(save Papago credentials and default options; see translate config --help)",
        .helpImages: """
            IMAGE is a PNG, JPEG, TIFF (every page), BMP, GIF, PNM, WebP or HEIC file, a PDF (every page),
            a directory (the images in it; --recursive for its subdirectories too), or - for image data on
            standard input (a FIFO or <(…) is read the same way).
            """,
        .helpOptions: "Options:",
        .helpExamples: "Examples:",
        .helpEngines: """
            Translation uses Papago when credentials are found (PAPAGO_CLIENT_ID and
            PAPAGO_CLIENT_SECRET, --secrets, $TRANSLATE_SECRETS, or ~/.config/translate/secrets.json,
            which translate config writes), otherwise Apertium, offline. See --list-languages for what
            is installed. Translations are kept in a cache ($XDG_CACHE_HOME/translate, by default
            ~/.cache/translate), so a text already translated is not sent again.
            """,
        .helpPhotos: """
            Camera photos are read line by line through a text-line detector whose model
            scripts/fetch-text-detector.py installs (or set $TRANSLATE_TEXT_DETECTOR to it).
            """,
        .helpExitStatus: "Exit status:",
        .hint: "Try 'translate --help' for more information.",
        .unknownOption: "unknown option '%1'",
        .usageWord: "Usage:",
        .didYouMean: " (did you mean '%1'?)",
        .missingValue: "option '%1' needs a value",
        .unexpectedValue: "option '%1' does not take a value",
        .invalidValue: "invalid value '%1' for %2: expected %3",
        .invalidValueFor: "invalid value '%1' for %2",
        .noInputs: "no input images given",
        .nothingToDo: "nothing to do: give --to LANG to translate (or save a default with 'translate config'), or --ocr-only to print the text as read",
        .conflictingOptions: "%1 and %2 cannot be used together",
        .needsOption: "%1 only works with %2",
        .summaryImages: "%1 image|%1 images",
        .summaryInterrupted: "interrupted: %1 of %2 image|interrupted: %1 of %2 images",
        .summaryBoxes: "%1 box|%1 boxes",
        .summaryRequests: "%1 request|%1 requests",
        .summaryCacheHits: "%1 cache hit|%1 cache hits",
        .summaryFailed: "%1 failed",
        .summaryAlreadyDone: "%1 already done",
        .summaryOtherFiles: "%1 other file skipped|%1 other files skipped",
        .summaryDrawing: "drawing %1 s",
        // Runs with documents count pages: "30 pages of 1 image", "interrupted: 14 of 30 pages
        // of 1 image", "interrupted: 2 of 5 images, 14 of 30 pages of 1 more".
        .summaryPages: "%1 page|%1 pages",
        .summaryPagesOfImages: "%1 of %2 image|%1 of %2 images",
        .summaryPagesOf: "%1 of %2 page|%1 of %2 pages",
        .summaryInterruptedPages: "interrupted: %1 of %2 image|interrupted: %1 of %2 images",
        .summaryPagesOfMore: "%1 of %2 more",
        .summaryPagesAlreadyDone: "%1 page already done|%1 pages already done",
    ]

    static let koreanGeneral: [MessageKey: String] = [
        .helpTitle: "translate: 이미지에서 글자를 찾아 상자마다 번역합니다.",
        .helpConfigLine: "(Papago 인증 정보와 기본 옵션 저장; translate config --help 참고)",
        .helpImages: """
            IMAGE는 PNG, JPEG, TIFF(모든 페이지), BMP, GIF, PNM, WebP, HEIC 파일, PDF(모든 페이지),
            디렉터리(그 안의 이미지; 하위 디렉터리까지는 --recursive), 또는 표준 입력의 이미지 데이터를 뜻하는 - 입니다
            (FIFO나 <(…)도 같은 방식으로 읽습니다).
            """,
        .helpOptions: "옵션:",
        .helpExamples: "예:",
        .helpEngines: """
            인증 정보가 있으면 Papago로 번역합니다(PAPAGO_CLIENT_ID와 PAPAGO_CLIENT_SECRET,
            --secrets, $TRANSLATE_SECRETS, 또는 translate config가 쓰는 ~/.config/translate/secrets.json).
            없으면 Apertium으로 오프라인 번역합니다. 설치된 것은 --list-languages로 확인하세요.
            번역 결과는 캐시($XDG_CACHE_HOME/translate, 기본값 ~/.cache/translate)에 보관되어
            이미 번역한 글은 다시 보내지 않습니다.
            """,
        .helpPhotos: """
            카메라 사진은 글줄 검출기로 한 줄씩 읽습니다. 검출기 모델은
            scripts/fetch-text-detector.py가 설치합니다($TRANSLATE_TEXT_DETECTOR로 지정할 수도 있습니다).
            """,
        .helpExitStatus: "종료 상태:",
        .hint: "자세한 내용은 'translate --help'를 실행해 보세요.",
        .unknownOption: "알 수 없는 옵션 '%1'",
        .usageWord: "사용법:",
        .didYouMean: " ('%1'을(를) 뜻했나요?)",
        .missingValue: "옵션 '%1'에는 값이 필요합니다",
        .unexpectedValue: "옵션 '%1'은(는) 값을 받지 않습니다",
        .invalidValue: "%2의 값 '%1'이(가) 잘못되었습니다: 가능한 값은 %3",
        .invalidValueFor: "%2의 값 '%1'이(가) 잘못되었습니다",
        .noInputs: "입력 이미지가 없습니다",
        .nothingToDo: "할 일이 없습니다: 번역하려면 --to LANG을 주거나('translate config'로 기본값을 저장할 수도 있습니다), 읽은 글자만 출력하려면 --ocr-only를 주세요",
        .conflictingOptions: "%1와(과) %2은(는) 함께 쓸 수 없습니다",
        .needsOption: "%1은(는) %2와(과) 함께일 때만 쓸 수 있습니다",
        .summaryImages: "이미지 %1개",
        .summaryInterrupted: "중단됨: 이미지 %2개 중 %1개",
        .summaryBoxes: "상자 %1개",
        .summaryRequests: "요청 %1건",
        .summaryCacheHits: "캐시 적중 %1건",
        .summaryFailed: "실패 %1개",
        .summaryAlreadyDone: "이미 끝난 것 %1개",
        .summaryOtherFiles: "건너뛴 다른 파일 %1개",
        .summaryDrawing: "그리기 %1초",
        .summaryPages: "%1쪽",
        .summaryPagesOfImages: "이미지 %2개의 %1",
        .summaryPagesOf: "%2쪽 중 %1쪽",
        .summaryInterruptedPages: "중단됨: 이미지 %2개의 %1",
        .summaryPagesOfMore: "다른 이미지 %2개의 %1",
        .summaryPagesAlreadyDone: "이미 끝난 %1쪽",
    ]
}
