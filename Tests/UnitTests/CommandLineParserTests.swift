import Testing
@testable import TextRecognition
@testable import TranslateCLI
import TranslateModel
import TranslateOutput
import TranslationEngines

@Suite struct CommandLineParserTests {
    let parser = CommandOptions.parser

    @Test(arguments: [["--to", "en"], ["--to=en"], ["-t", "en"], ["-ten"]])
    func valueSpellings(_ arguments: [String]) throws {
        let parsed = try parser.parse(arguments + ["a.png"])
        #expect(parsed.value(.to) == "en")
        #expect(parsed.operands == ["a.png"])
    }

    @Test func bundledShortFlagsEndWithAValue() throws {
        let parsed = try parser.parse(["-qj3", "a.png"])
        #expect(parsed.has(.quiet))
        #expect(parsed.value(.jobs) == "3")
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try parser.parse(["--ocr-only", "--", "--to", "-"])
        #expect(parsed.operands == ["--to", "-"])
        #expect(parsed.has(.ocrOnly))
    }

    @Test func singleDashIsAnOperand() throws {
        #expect(try parser.parse(["-", "--ocr-only"]).operands == ["-"])
    }

    @Test func laterValueWins() throws {
        #expect(try parser.parse(["--format", "tsv", "--format=json"]).value(.format) == "json")
    }

    /// Found by the command-line fuzz target: `--oc\u{3}r-only` gave a usage error with the
    /// control character in it, and a value with a line break split the message over two lines.
    @Test("arguments with line breaks or control characters are escaped in usage errors", arguments: [
        (["--oc\u{3}r-only", "a.png"], #"unknown option '--oc\x03r-only' (did you mean '--ocr-only'?)"#),
        (["--to", "en\nfr", "a.png"], #"invalid value 'en\nfr' for --to: expected one of "#),
        (["--format=a\\b\r", "--ocr-only", "a.png"], #"invalid value 'a\\b\r' for --format: expected text, "#),
        (["--ocr-only=\t", "a.png"], #"option '--ocr-only' does not take a value"#),
        (["-\u{1B}"], #"unknown option '-\x1b'"#),
    ])
    func usageErrorsStayOnOneLine(arguments: [String], expectedStart: String) {
        do {
            _ = try CommandOptions(parsing: arguments)
            Issue.record("\(arguments) was accepted")
        } catch {
            #expect(error.description.hasPrefix(expectedStart), "\(error.description.debugDescription)")
            #expect(!error.description.unicodeScalars.contains { $0.properties.generalCategory == .control })
        }
    }

    @Test func unknownOptionSuggestsTheClosest() {
        #expect(throws: UsageError.unknownOption("--fromat", suggestion: "--format")) {
            try parser.parse(["--fromat", "tsv"])
        }
        #expect(throws: UsageError.unknownOption("-Z", suggestion: nil)) {
            try parser.parse(["-Z"])
        }
    }

    @Test func everyOptionIsInTheTableOnce() {
        let names = parser.options.map(\.name)
        #expect(names.count == Set(names).count)
        #expect(Set(names) == Set(OptionName.allCases))
        let shorts = parser.options.compactMap(\.short)
        #expect(shorts.count == Set(shorts).count)
    }

    @Test func missingAndUnexpectedValues() {
        #expect(throws: UsageError.missingValue("--to")) { try parser.parse(["a.png", "--to"]) }
        #expect(throws: UsageError.missingValue("-t")) { try parser.parse(["-t"]) }
        #expect(throws: UsageError.unexpectedValue("--ocr-only")) { try parser.parse(["--ocr-only=yes"]) }
    }
}

@Suite struct CommandOptionsTests {
    @Test func defaults() throws {
        let options = try CommandOptions(parsing: ["a.png", "--ocr-only"])
        #expect(options.inputs == [.file("a.png")])
        #expect(options.format == .text)
        #expect(options.ocr.languages == ["kor", "eng"])
        #expect(options.ocr.level == .line)
        #expect(options.source == nil)
    }

    @Test func parsesEverySetting() throws {
        let options = try CommandOptions(parsing: [
            "-", "b.tif", "--to", "zh-tw", "--from", "KO", "--format", "JSONL", "-l", "chi_sim+eng",
            "--level", "paragraph", "--psm", "6", "--max-pixels", "1000", "-j", "3", "-v",
        ])
        #expect(options.inputs == [.standardInput, .file("b.tif")])
        #expect(options.target == .chineseTraditional)
        #expect(options.source == .korean)
        #expect(options.format == .jsonl)
        #expect(options.ocr == OCRSettings(languages: ["chi_sim", "eng"], pageSegmentationMode: 6, level: .paragraph, pixelLimit: 1000, choosesSegmentation: false))
        #expect(options.jobs == 3)
        #expect(options.verbose)
    }

    @Test func fromAutoMeansDetect() throws {
        #expect(try CommandOptions(parsing: ["a.png", "--to", "en", "--from", "auto"]).source == nil)
    }

    @Test func rejectsBadValues() {
        #expect(throws: UsageError.invalidValue(option: "--format", value: "xml", expected: "text, plain, tsv, json, jsonl, png, html")) {
            try CommandOptions(parsing: ["a.png", "--ocr-only", "--format", "xml"])
        }
        #expect(throws: UsageError.invalidValue(option: "--psm", value: "14", expected: "a whole number from 0 to 13")) {
            try CommandOptions(parsing: ["a.png", "--ocr-only", "--psm", "14"])
        }
        #expect(throws: UsageError.invalidValue(option: "--ocr-lang", value: "../etc", expected: "Tesseract language names joined by '+', like kor+eng")) {
            try CommandOptions(parsing: ["a.png", "--ocr-only", "-l", "../etc"])
        }
        #expect(throws: UsageError.invalidValue(option: "--jobs", value: "0", expected: "a whole number from 1 to 256")) {
            try CommandOptions(parsing: ["a.png", "--ocr-only", "-j", "0"])
        }
    }

    @Test func unknownLanguageListsTheValidOnes() {
        #expect(throws: UsageError.invalidValue(option: "--to", value: "xx",
                                                expected: "one of ko, en, ja, zh-CN, zh-TW, vi, id, th, de, ru, es, it, fr, pt, hi, "
                                                    + "ca, gl, oc, an, ast, eu, eo, ro, sc, frp, br, af, nl, da, nb, nn, sv, is, be, uk, mk, "
                                                    + "bg, sh, sl, pl, szl, ms, ur")) {
            try CommandOptions(parsing: ["a.png", "--to", "xx"])
        }
    }

    @Test("a language given by its name or its Tesseract data gets the code it means", arguments: [
        ("english", "en"), ("English", "en"), ("영어", "en"), ("eng", "en"), ("chi_sim", "zh-CN"), ("zh_TW", "zh-TW"),
        ("Chinese (Traditional)", "zh-TW"), ("german", "de"), ("deu", "de"), ("catalan", "ca"), ("카탈루냐어", "ca"),
    ])
    func languageNameSuggestsItsCode(value: String, code: String) {
        #expect(throws: UsageError.languageNotACode(option: "--to", value: value, code: code)) {
            try CommandOptions(parsing: ["a.png", "--to", value])
        }
        let error = UsageError.languageNotACode(option: "--to", value: value, code: code)
        #expect(error.description == "invalid value '\(value)' for --to (did you mean '\(code)'?)")
    }

    @Test("a name that could be several languages, or none, gets the list", arguments: ["chinese", "klingon", "norwegian"])
    func noSuggestionWithoutOneLanguage(value: String) {
        #expect(LanguageSuggestion.code(for: value) == nil)
    }

    @Test func needsInputsAndSomethingToDo() {
        #expect(throws: UsageError.noInputs) { try CommandOptions(parsing: ["--ocr-only"]) }
        #expect(throws: UsageError.nothingToDo) { try CommandOptions(parsing: ["a.png"]) }
        #expect(throws: UsageError.conflictingOptions("--ocr-only", "--to")) {
            try CommandOptions(parsing: ["a.png", "--ocr-only", "--to", "en"])
        }
        #expect(throws: UsageError.conflictingOptions("--quiet", "--verbose")) {
            try CommandOptions(parsing: ["a.png", "--ocr-only", "-q", "-v"])
        }
    }

    @Test func helpNeedsNothingElse() throws {
        #expect(try CommandOptions(parsing: ["--help"]).showHelp)
        #expect(try CommandOptions(parsing: ["--version"]).showVersion)
    }
}

@Suite struct OptionsThatCannotWorkTests {
    @Test func honorificNeedsKoreanAndListingTakesNoImages() throws {
        #expect(throws: UsageError.needsOption("--honorific", "--to ko")) {
            try CommandOptions(parsing: ["a.png", "--to", "en", "--honorific"])
        }
        #expect(try CommandOptions(parsing: ["a.png", "--to", "ko", "--honorific"]).papagoOptions.honorific == true)
        #expect(throws: UsageError.conflictingOptions("--list-languages", "images to read")) {
            try CommandOptions(parsing: ["--list-languages", "a.png"])
        }
    }
}

@Suite struct LayoutOptionTests {
    @Test func layoutNamesHowTextIsFound() throws {
        #expect(try CommandOptions(parsing: ["a.jpg", "--ocr-only"]).ocr.layout == .auto)
        #expect(try CommandOptions(parsing: ["a.jpg", "--ocr-only", "--layout", "photo"]).ocr.layout == .photo)
        #expect(try CommandOptions(parsing: ["a.jpg", "--ocr-only", "--layout=PAGE"]).ocr.layout == .page)
        #expect(throws: UsageError.invalidValue(option: "--layout", value: "scan", expected: "auto, photo, page")) {
            try CommandOptions(parsing: ["a.jpg", "--ocr-only", "--layout", "scan"])
        }
    }
}

@Suite struct LimitOptionTests {
    @Test func inputSizeTakesBytesOrUnits() throws {
        #expect(try CommandOptions(parsing: ["a.png", "--ocr-only"]).ocr.byteLimit == nil)
        #expect(try CommandOptions(parsing: ["a.png", "--ocr-only", "--max-input-size", "300M"]).ocr.byteLimit == 300 << 20)
        #expect(try CommandOptions(parsing: ["a.png", "--ocr-only", "--max-input-size=2g"]).ocr.byteLimit == 2 << 30)
        #expect(try CommandOptions(parsing: ["a.png", "--ocr-only", "--max-input-size", "4096"]).ocr.byteLimit == 4096)
        #expect(try CommandOptions(parsing: ["a.png", "--ocr-only", "--max-input-size", "0"]).ocr.byteLimit == 0)
        for bad in ["", "M", "12T", "-5", "1.5G", "９９"] {
            #expect(throws: UsageError.invalidValue(option: "--max-input-size", value: bad, expected: "a size in bytes, like 300M or 1G")) {
                try CommandOptions(parsing: ["a.png", "--ocr-only", "--max-input-size", bad])
            }
        }
    }

    @Test func timeoutIsSeconds() throws {
        #expect(try CommandOptions(parsing: ["a.png", "--to", "en"]).requestTimeout == 30)
        #expect(try CommandOptions(parsing: ["a.png", "--to", "en", "--timeout", "2.5"]).requestTimeout == 2.5)
        for bad in ["0", "-1", "soon", "nan", "99999"] {
            #expect(throws: UsageError.invalidValue(option: "--timeout", value: bad, expected: "a number of seconds from 0.1 to 3600")) {
                try CommandOptions(parsing: ["a.png", "--to", "en", "--timeout", bad])
            }
        }
    }
}
