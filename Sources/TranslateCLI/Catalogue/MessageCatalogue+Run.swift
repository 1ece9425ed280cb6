/// What the command line itself says while a run is set up and goes on, and what
/// `translate config` asks and answers.
extension MessageCatalogue {
    static let englishRun: [MessageKey: String] = [
        .warning: "warning: %1",
        .progressImages: "%1 images",
        .progressLeft: "%1 left",
        .expectedSize: "a size in bytes, like %1 or %2",
        .expectedSeconds: "a number of seconds from %1 to %2",
        .expectedWholeNumber: "a whole number from %1 to %2",
        .expectedOneOf: "one of %1",
        .expectedShard: "K/N with whole numbers 1 ≤ K ≤ N ≤ %1, like 2/8",
        .expectedOCRLanguages: "Tesseract language names joined by '+', like kor+eng",
        .expectedJobCount: "%1 set to the Job's completions beside it (or --shard K/N)",
        .expectedBeside: "%1 beside it (or --shard K/N)",
        .expectedAlternatives: "%1 or %2",
        .imagesToRead: "images to read",
        .standardInputOperand: "- (standard input)",
        .onPage: " (page %1)",
        .refuseTarget: "%1 %2: %3 does not translate into %4 (it translates into: %5)",
        .listingHeader: "code|name|ocr data|papago (direct) →|apertium →",
        .listingMissing: "(missing: apt-get install %1)",
        .listingDetectionOnly: "detection only",
        .listingPivot: "Pairs Papago does not translate directly go through English (or Korean).",
        .savedDefaultRefused: "; it is the default saved in %1 (\"%2\"): give %3, or change it with 'translate config'",
        .refuseSource: "%1 %2: %3 does not translate from %4 (it translates from: %5)",
        .nothingInstalled: "nothing installed",
        .pngSeveralImages: "%1 png with more than one image",
        .pngToTerminal: "%1 png writes a picture: redirect standard output to a file, or use %2",
        .htmlToTerminal: "%1 html writes a web page: redirect standard output to a file (> page.html), or use %2",
        .shardEmpty: "shard %1: none of the %2 inputs falls to this shard",
        .noCredentialsNoPair: "no Papago credentials, and Apertium cannot translate %1 (%2 → %3): run 'translate config' to save Papago credentials, or export PAPAGO_CLIENT_ID and PAPAGO_CLIENT_SECRET",
        // The lines a run ends with when boxes were left untranslated for a reason every image shares.
        .untranslatedNoEngine: "%1 box not translated: no engine here translates %2 into %3|%1 boxes not translated: no engine here translates %2 into %3",
        .untranslatedSetUpPapago: "run 'translate config' to set up Papago, or export PAPAGO_CLIENT_ID and PAPAGO_CLIENT_SECRET",
        .untranslatedServiceStopped: "%1 box not translated: the translation service stopped taking requests|%1 boxes not translated: the translation service stopped taking requests",
        .languagesOr: "%1 or %2",
        .theirLanguage: "their language",
        .translatingOffline: "no Papago credentials found; translating offline with Apertium (--engine to choose)",
        .papagoWayOut: "or translate with Papago: run 'translate config', or export PAPAGO_CLIENT_ID and PAPAGO_CLIENT_SECRET",
        .detectNeedsPapago: "--detect papago needs the papago engine",
        .papagoOnlyOption: "%1 is a Papago option; Apertium does without it",
        .noCacheDirectory: "no cache directory (HOME is not set); translating without the cache (--cache-dir names one)",
        .withoutCache: "%1; translating without the cache",
        .cacheMovedAside: "the translation cache %1 was damaged (%2); moved it to %3 and started a new one",
        .cacheRemoved: "the translation cache %1 was damaged (%2); removed it and started a new one",
        .cacheNotSaved: "%1 at %2; some translations were not saved",
        .cacheGoingOn: "%1; going on without the cache",
        .cacheAtGoingOn: "%1 (%2); going on without the cache",
        .sharedCacheOff: "shared translation cache %1: %2; going on with the local cache",
        .secretsIgnored: "--secrets %1 is not used: PAPAGO_CLIENT_ID and PAPAGO_CLIENT_SECRET are set and take precedence",
        .plainHTTP: "the papago endpoint %1 is plain http: the client secret travels unencrypted",
        .secretsReadable: "secrets file %1 is readable by other users (mode %2); run: chmod 600 %1",
        .noImagesInDirectory: "%1: no images in this directory",
        .noImagesInDirectoryFlat: "%1: no images in this directory (--recursive reads its subdirectories)",
        .pagesLeftOut: "%1: --format png on standard output holds page 1 only; %2 more page left out (--output-dir DIR writes every page)|%1: --format png on standard output holds page 1 only; %2 more pages left out (--output-dir DIR writes every page)",
        .photoWithoutDetector: "photos are read without the text-line detector, whose model is not installed (to fix: scripts/fetch-text-detector.py, or set %1 to the model file)",
        .detectorUnusable: "the text-line detector cannot be used: %1: %2",
        .recognizerUnusable: "the text-line recognizer cannot be loaded; photo lines are read by Tesseract alone",
        .onnxRuntimeUnusable: "photo models run on OpenCV, more slowly: ONNX Runtime cannot run them (%1)",
        .configHelp: """
            Usage: translate config

            Asks, one line each (an empty answer keeps what is saved):
              Papago client id            (empty, with none saved: no Papago; translate offline)
              Papago client secret        (not shown as it is typed)
              Papago endpoint             (empty: NAVER Cloud's public service)
              default target language     (--to; "none" to remove it)
              default engine              (--engine: papago, apertium, or auto)
              default output format       (--format: text, plain, tsv, json, jsonl)

            The credentials are saved to $XDG_CONFIG_HOME/translate/secrets.json (by default
            ~/.config/translate/secrets.json), readable by you only; the defaults to config.json
            beside it. Options given to a run override the defaults. Answers may also come one per
            line on standard input: printf '%s\\n' ID SECRET '' en '' '' | translate config

            """,
        .configUnexpectedArgument: "config: unexpected argument '%1'",
        .configNoWayToAsk: "config: no way to ask (standard input is not available)",
        .configNowhereToSave: "config: neither XDG_CONFIG_HOME nor HOME is set: nowhere to save the configuration",
        .configSavedCredentials: "saved the Papago credentials to %1 (readable by you only)",
        .configSavedDefaults: "saved the defaults to %1: %2",
        .configNoDefaults: "none",
        .configNothingSaved: "config: %1; nothing was saved",
        .configFailed: "config: %1",
        .configTryAgain: "config: %1; try again",
        .configEnvironmentFirst: "PAPAGO_CLIENT_ID and PAPAGO_CLIENT_SECRET are set in the environment and are used before the saved file",
        .configNamedFileFirst: "TRANSLATE_SECRETS names %1, which is used before the saved file",
        .askClientID: "Papago client id [%1]",
        .askFirstClientID: "Papago client id (empty: translate offline, without Papago)",
        .askSecret: "Papago client secret (not shown)",
        .askSecretAgain: "Papago client secret (not shown) [keep the saved one]",
        .askEndpoint: "Papago endpoint [%1]",
        .askTarget: "Default target language (%1; none) [%2]",
        .askEngine: "Default engine (papago, apertium, auto) [%1]",
        .askFormat: "Default output format (%1) [%2]",
        .answerIDSpaces: "a client id has no spaces",
        .answerSecretSpaces: "a client secret has no spaces",
        .answerSecretMissing: "a client secret goes with the client id",
        .answerEndpoint: "an endpoint is an http:// or https:// URL",
        .answerLanguage: "'%1' is not a language code",
        .answerEngine: "'%1' is not papago, apertium or auto",
        .answerFormat: "'%1' is not one of %2",
        .answerFormatNotDefault: "%1 writes pictures, which a terminal cannot show: give --format %1 with a redirection or --output-dir instead",
        .answerTargetUnserved: "no engine here translates into '%1' (the languages listed are all those Papago, given credentials, and the installed Apertium pairs translate into)",
        .configNoTargets: "none available",
    ]

    static let koreanRun: [MessageKey: String] = [
        .warning: "경고: %1",
        .progressImages: "이미지 %1",
        .progressLeft: "%1 남음",
        .expectedSize: "바이트 단위 크기(예: %1, %2)",
        .expectedSeconds: "%1초에서 %2초 사이의 초 수",
        .expectedWholeNumber: "%1에서 %2 사이의 정수",
        .expectedOneOf: "%1 중 하나",
        .expectedShard: "1 ≤ K ≤ N ≤ %1인 정수로 된 K/N(예: 2/8)",
        .expectedOCRLanguages: "'+'로 이은 Tesseract 언어 이름(예: kor+eng)",
        .expectedJobCount: "함께 설정된 %1(Job의 completions 값; 또는 --shard K/N)",
        .expectedBeside: "함께 설정된 %1(또는 --shard K/N)",
        .expectedAlternatives: "%1, %2 중 하나",
        .imagesToRead: "읽을 이미지",
        .standardInputOperand: "- (표준 입력)",
        .onPage: " (%1쪽)",
        .refuseTarget: "%1 %2: %3은(는) %4(으)로 번역하지 않습니다(번역할 수 있는 언어: %5)",
        .listingHeader: "코드|이름|OCR 데이터|papago (직접) →|apertium →",
        .listingMissing: "(없음: apt-get install %1)",
        .listingDetectionOnly: "언어 감지만",
        .listingPivot: "Papago가 직접 번역하지 않는 쌍은 영어(또는 한국어)를 거쳐 번역합니다.",
        .savedDefaultRefused: "; %1에 저장된 기본값(\"%2\")입니다: %3 옵션을 주거나 'translate config'로 바꾸세요",
        .refuseSource: "%1 %2: %3은(는) %4에서 번역하지 않습니다(원문으로 받는 언어: %5)",
        .nothingInstalled: "설치된 것 없음",
        .pngSeveralImages: "이미지가 여럿일 때의 %1 png",
        .pngToTerminal: "%1 png는 그림을 씁니다: 표준 출력을 파일로 돌리거나 %2을(를) 쓰세요",
        .htmlToTerminal: "%1 html은 웹 페이지를 씁니다: 표준 출력을 파일로 돌리거나(> page.html) %2을(를) 쓰세요",
        .shardEmpty: "샤드 %1: 입력 %2개 중 이 샤드에 오는 것이 없습니다",
        .noCredentialsNoPair: "Papago 인증 정보가 없고, Apertium은 %1을(를) 번역할 수 없습니다(%2 → %3): 'translate config'로 Papago 인증 정보를 저장하거나, PAPAGO_CLIENT_ID와 PAPAGO_CLIENT_SECRET을 export하세요",
        .untranslatedNoEngine: "상자 %1개를 번역하지 못했습니다: 여기 있는 어떤 엔진도 %2을(를) %3(으)로 번역하지 않습니다",
        .untranslatedSetUpPapago: "'translate config'로 Papago를 설정하거나, PAPAGO_CLIENT_ID와 PAPAGO_CLIENT_SECRET을 export하세요",
        .untranslatedServiceStopped: "상자 %1개를 번역하지 못했습니다: 번역 서비스가 더 이상 요청을 받지 않았습니다",
        .languagesOr: "%1 또는 %2",
        .theirLanguage: "그 언어",
        .translatingOffline: "Papago 인증 정보가 없어 Apertium으로 오프라인 번역합니다(--engine으로 고를 수 있습니다)",
        .papagoWayOut: "또는 Papago로 번역하세요: 'translate config'를 실행하거나, PAPAGO_CLIENT_ID와 PAPAGO_CLIENT_SECRET을 export하세요",
        .detectNeedsPapago: "--detect papago에는 papago 엔진이 필요합니다",
        .papagoOnlyOption: "%1은(는) Papago 옵션이라 Apertium에서는 쓰지 않습니다",
        .noCacheDirectory: "캐시 디렉터리가 없습니다(HOME이 설정되지 않음); 캐시 없이 번역합니다(--cache-dir로 지정할 수 있습니다)",
        .withoutCache: "%1; 캐시 없이 번역합니다",
        .cacheMovedAside: "번역 캐시 %1이(가) 손상되어(%2) %3(으)로 옮기고 새로 시작했습니다",
        .cacheRemoved: "번역 캐시 %1이(가) 손상되어(%2) 지우고 새로 시작했습니다",
        .cacheNotSaved: "%2에서 %1; 일부 번역은 저장하지 못했습니다",
        .cacheGoingOn: "%1; 캐시 없이 계속합니다",
        .cacheAtGoingOn: "%1 (%2); 캐시 없이 계속합니다",
        .sharedCacheOff: "공유 번역 캐시 %1: %2; 로컬 캐시로 계속합니다",
        .secretsIgnored: "--secrets %1은(는) 쓰지 않습니다: PAPAGO_CLIENT_ID와 PAPAGO_CLIENT_SECRET이 설정되어 있어 먼저 쓰입니다",
        .plainHTTP: "papago 엔드포인트 %1은(는) 암호화하지 않은 http입니다: 클라이언트 시크릿이 그대로 전송됩니다",
        .secretsReadable: "인증 정보 파일 %1을(를) 다른 사용자도 읽을 수 있습니다(모드 %2); 실행하세요: chmod 600 %1",
        .noImagesInDirectory: "%1: 이 디렉터리에 이미지가 없습니다",
        .noImagesInDirectoryFlat: "%1: 이 디렉터리에 이미지가 없습니다(하위 디렉터리까지 읽으려면 --recursive)",
        .pagesLeftOut: "%1: 표준 출력으로 보내는 --format png에는 1쪽만 담깁니다; 나머지 %2쪽은 빠졌습니다(--output-dir DIR은 모든 쪽을 씁니다)",
        .photoWithoutDetector: "글줄 검출기 모델이 설치되어 있지 않아 사진을 검출기 없이 읽습니다(해결: scripts/fetch-text-detector.py를 실행하거나 %1에 모델 파일을 지정하세요)",
        .detectorUnusable: "글줄 검출기를 쓸 수 없습니다: %1: %2",
        .recognizerUnusable: "글줄 인식기를 불러올 수 없어 사진의 글줄을 Tesseract로만 읽습니다",
        .onnxRuntimeUnusable: "ONNX Runtime이 사진 모델을 실행할 수 없어 OpenCV로 더 느리게 실행합니다(%1)",
        .configHelp: """
            사용법: translate config

            한 줄에 하나씩 묻습니다(비워 두면 저장된 값을 유지합니다):
              Papago 클라이언트 ID        (저장된 것이 없을 때 비워 두면 Papago 없이 오프라인 번역)
              Papago 클라이언트 시크릿    (입력하는 동안 화면에 보이지 않음)
              Papago 엔드포인트           (비워 두면 NAVER Cloud의 공개 서비스)
              기본 목표 언어              (--to; 지우려면 "none")
              기본 엔진                   (--engine: papago, apertium, auto)
              기본 출력 형식              (--format: text, plain, tsv, json, jsonl)

            인증 정보는 $XDG_CONFIG_HOME/translate/secrets.json(기본값 ~/.config/translate/secrets.json)에
            본인만 읽을 수 있게 저장되고, 기본값은 그 옆의 config.json에 저장됩니다. 실행할 때 준 옵션이
            기본값보다 우선합니다. 답은 표준 입력으로 한 줄에 하나씩 줄 수도 있습니다:
            printf '%s\\n' ID SECRET '' en '' '' | translate config

            """,
        .configUnexpectedArgument: "config: 예상하지 못한 인수 '%1'",
        .configNoWayToAsk: "config: 물어볼 방법이 없습니다(표준 입력을 쓸 수 없습니다)",
        .configNowhereToSave: "config: XDG_CONFIG_HOME도 HOME도 설정되어 있지 않아 설정을 저장할 곳이 없습니다",
        .configSavedCredentials: "Papago 인증 정보를 %1에 저장했습니다(본인만 읽을 수 있음)",
        .configSavedDefaults: "기본값을 %1에 저장했습니다: %2",
        .configNoDefaults: "없음",
        .configNothingSaved: "config: %1; 아무것도 저장하지 않았습니다",
        .configFailed: "config: 실패했습니다: %1",
        .configTryAgain: "config: %1; 다시 입력하세요",
        .configEnvironmentFirst: "환경 변수 PAPAGO_CLIENT_ID와 PAPAGO_CLIENT_SECRET이 설정되어 있어 저장한 파일보다 먼저 쓰입니다",
        .configNamedFileFirst: "TRANSLATE_SECRETS가 %1을(를) 가리키고 있어 저장한 파일보다 먼저 쓰입니다",
        .askClientID: "Papago 클라이언트 ID [%1]",
        .askFirstClientID: "Papago 클라이언트 ID (비워 두면 Papago 없이 오프라인 번역)",
        .askSecret: "Papago 클라이언트 시크릿 (화면에 보이지 않음)",
        .askSecretAgain: "Papago 클라이언트 시크릿 (화면에 보이지 않음) [저장된 것 유지]",
        .askEndpoint: "Papago 엔드포인트 [%1]",
        .askTarget: "기본 목표 언어 (%1; none) [%2]",
        .askEngine: "기본 엔진 (papago, apertium, auto) [%1]",
        .askFormat: "기본 출력 형식 (%1) [%2]",
        .answerIDSpaces: "클라이언트 ID에는 공백이 없습니다",
        .answerSecretSpaces: "클라이언트 시크릿에는 공백이 없습니다",
        .answerSecretMissing: "클라이언트 ID에는 클라이언트 시크릿이 함께 있어야 합니다",
        .answerEndpoint: "엔드포인트는 http:// 또는 https:// URL입니다",
        .answerLanguage: "'%1'은(는) 언어 코드가 아닙니다",
        .answerEngine: "'%1'은(는) papago, apertium, auto 중 하나가 아닙니다",
        .answerFormat: "'%1'은(는) %2 중 하나가 아닙니다",
        .answerFormatNotDefault: "%1 형식은 그림을 쓰므로 터미널에 보일 수 없습니다: 리디렉션이나 --output-dir과 함께 --format %1을 주세요",
        .answerTargetUnserved: "여기에는 '%1'(으)로 번역하는 엔진이 없습니다 (목록의 언어가 인증 정보가 있을 때의 Papago와 설치된 Apertium 언어 쌍이 번역하는 전부입니다)",
        .configNoTargets: "쓸 수 있는 언어 없음",
    ]
}
