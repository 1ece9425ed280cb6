import Foundation
import Testing
@testable import TranslateCLI
import TestSupport
import TranslateOutput

/// Messages in English and Korean: every message of the catalogue has both, with the same
/// arguments, and the locale picks the language.
@Suite struct MessageCatalogueTests {
    private func placeholders(_ text: String) -> Set<String> {
        Set((1...9).map { "%\($0)" }.filter { text.contains($0) })
    }

    @Test func everyMessageHasBothLanguagesWithTheSameArguments() {
        for key in MessageKey.allCases {
            let english = MessageCatalogue.english[key], korean = MessageCatalogue.korean[key]
            #expect(english?.isEmpty == false, "\(key) has no English")
            #expect(korean?.isEmpty == false, "\(key) has no Korean")
            #expect(placeholders(english ?? "") == placeholders(korean ?? ""), "\(key): arguments differ")
            #expect(korean != english, "\(key): the Korean is the English")
        }
        for option in OptionName.allCases {
            #expect(KoreanHelp.options[option]?.isEmpty == false, "--\(option.rawValue) has no Korean help")
        }
        for code in ExitCode.allCases {
            #expect(KoreanHelp.exitCodes[code]?.isEmpty == false, "exit status \(code.rawValue) has no Korean")
        }
    }

    @Test func theLocaleChoosesTheLanguage() {
        #expect(MessageLanguage(environment: [:]) == .english)
        #expect(MessageLanguage(environment: ["LANG": "ko_KR.UTF-8"]) == .korean)
        #expect(MessageLanguage(environment: ["LANG": "en_US.UTF-8", "LC_MESSAGES": "ko_KR.UTF-8"]) == .korean)
        #expect(MessageLanguage(environment: ["LANG": "ko_KR.UTF-8", "LC_ALL": "C"]) == .english)
        #expect(MessageLanguage(environment: ["LANG": "ko_KR.UTF-8", "LC_ALL": ""]) == .korean)
    }

    @Test func helpErrorsAndSummaryInKorean() {
        let korean = InProcessRun(["--help"], environment: ["LANG": "ko_KR.UTF-8"])
        #expect(korean.standardOutput.hasPrefix("translate: 이미지에서 글자를 찾아 상자마다 번역합니다.\n"))
        #expect(korean.standardOutput.contains("  -t, --to LANG              LANG으로 번역"))
        #expect(korean.standardOutput.contains("종료 상태:\n  0    모든 입력을 처리함\n"))
        // The language listing for people is Korean; the one for scripts stays as it is.
        let listing = InProcessRun(["--list-languages"], environment: ["LANG": "ko_KR.UTF-8"])
        #expect(listing.standardOutput.hasPrefix("코드   이름"))
        #expect(listing.standardOutput.contains("\nko     한국어 "))
        #expect(listing.standardOutput.hasSuffix("Papago가 직접 번역하지 않는 쌍은 영어(또는 한국어)를 거쳐 번역합니다.\n"))
        let tsv = InProcessRun(["--list-languages", "--format", "tsv"], environment: ["LANG": "ko_KR.UTF-8"])
        #expect(tsv.standardOutput.hasPrefix("code\tname\tocr data\t"))
        // The usage line and the examples' descriptions are Korean too.
        #expect(korean.standardOutput.contains("사용법: translate [OPTIONS] IMAGE..."))
        #expect(korean.standardOutput.contains("  translate photo.png --to en                   상자마다 영어로 번역\n"))
        #expect(!korean.standardOutput.contains("translate every box into English"))
        #expect(InProcessRun(["--help"]).standardOutput == HelpText.full)
        let configHelp = InProcessRun(["config", "--help"], environment: ["LANG": "ko_KR.UTF-8"])
        #expect(configHelp.standardOutput.hasPrefix("사용법: translate config\n\n한 줄에 하나씩 묻습니다"))
        #expect(InProcessRun(["config", "--help"]).standardOutput == ConfigCommand.help)
        #expect(HelpText.full.hasPrefix("translate: find the text in images and translate every box.\n"))

        let usage = InProcessRun(["a.png", "--fromat", "x"], environment: ["LC_MESSAGES": "ko"])
        #expect(usage.exitCode == ExitCode.usage.rawValue)
        #expect(usage.standardError == """
            translate: 알 수 없는 옵션 '--fromat' ('--format'을(를) 뜻했나요?)
            사용법: translate [OPTIONS] IMAGE... (--to LANG | --ocr-only)
            자세한 내용은 'translate --help'를 실행해 보세요.

            """)
        // What a value should be is said in Korean too.
        let jobs = InProcessRun(["a.png", "--ocr-only", "-j", "0"], environment: ["LANG": "ko_KR.UTF-8"])
        #expect(jobs.standardError.hasPrefix("translate: --jobs의 값 '0'이 잘못되었습니다: 가능한 값은 1에서 256 사이의 정수\n"),
                "\(jobs.standardError)")
        let level = InProcessRun(["a.png", "--ocr-only", "--level", "z"], environment: ["LANG": "ko_KR.UTF-8"])
        #expect(level.standardError.hasPrefix("translate: --level의 값 'z'가 잘못되었습니다: 가능한 값은 line, paragraph 중 하나\n"))
        #expect(InProcessRun(["a.png", "--ocr-only", "--level", "z"]).standardError
                .hasPrefix("translate: invalid value 'z' for --level: expected line or paragraph\n"))
        let summary = RunSummary(images: 1, total: 3, boxes: 12, failed: 0, alreadyDone: 5, skippedFiles: 1,
                                 requests: 2, cacheHits: 1, duration: .seconds(125), interrupted: true)
        #expect(summary.line(in: .korean)
                == "translate: 중단됨: 이미지 3개 중 1개 (2:05): 상자 12개, 요청 2건, 캐시 적중 1건, 실패 0개; 이미 끝난 것 5개, 건너뛴 다른 파일 1개")
        #expect(summary.line == "translate: interrupted: 1 of 3 images in 2:05: 12 boxes, 2 requests, 1 cache hit, 0 failed; 5 already done, 1 other file skipped")
    }

    /// The progress bar in Korean stays within the terminal's width, Hangul counted as two cells.
    @Test func progressBarInKorean() {
        let korean = ProgressBar.line(done: 3, total: 10, elapsed: 3, width: 60, language: .korean)
        #expect(korean.hasPrefix("  이미지 3/10 ["), "\(korean)")
        #expect(korean.hasSuffix("  1.0/s  0:07 남음"), "\(korean)")
        #expect(DisplayWidth.of(korean) == 59)
        let english = ProgressBar.line(done: 3, total: 10, elapsed: 3, width: 60)
        #expect(english.hasPrefix("  3/10 images [") && english.hasSuffix("  1.0/s  0:07 left"))
        #expect(DisplayWidth.of(english) == 59)
        for width in [8, 12, 20, 31] {
            #expect(DisplayWidth.of(ProgressBar.line(done: 3, total: 10, elapsed: 3, width: width, language: .korean)) <= width - 1)
        }
    }
}
