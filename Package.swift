// swift-tools-version:6.0
import PackageDescription

// Linux only: the code calls Glibc, Tesseract and Leptonica through Debian's packages.
// Modules by stage; every dependency points one way (see ARCHITECTURE.md):
//   TranslateModel ← ImageDecoding ← PagePreparation ← TesseractReading ← TextRecognition
//   TranslateModel ← TextRecognition, LanguageDetection, TranslationEngines, TranslateOutput
//                  ← TranslatePipeline ← TranslateCLI ← translate
//   TranslateModel ← ImageRendering ← TranslateOutput
// libgomp's entry points that CInlineOpenMP defines, exported by the programs that link it so
// that libtesseract's calls bind to them (a program exports nothing of its own by default).
let inlineOpenMPExports: [LinkerSetting] = [
    .unsafeFlags(["GOMP_parallel", "GOMP_parallel_sections", "GOMP_sections_next", "GOMP_sections_end_nowait"]
        .flatMap { ["-Xlinker", "--export-dynamic-symbol=\($0)"] }),
]

// Tesseract's `UnicharAmbigs::LoadUniversal`, which CTesseractMemory defines again, exported by
// the programs that link it so that libtesseract's call binds to it: the table it parses is
// skipped for data without a legacy model.
let universalAmbiguitiesExport: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "--export-dynamic-symbol=_ZN9tesseract13UnicharAmbigs13LoadUniversalERKNS_10UNICHARSETEPS1_"]),
]

let package = Package(
    name: "translate",
    products: [
        .executable(name: "translate", targets: ["translate"]),
        // The library without any command-line type: OCR → language detection → translation.
        .library(name: "TranslateCore", targets: [
            "Locking", "TranslateModel", "ImageDecoding", "PagePreparation", "TesseractReading", "TextRecognition", "LanguageDetection", "TranslationEngines",
            "ImageRendering", "TranslateOutput", "TranslatePipeline",
        ]),
    ],
    targets: [
        // Tesseract's C API and Leptonica, found through pkg-config.
        .systemLibrary(
            name: "CTesseract",
            pkgConfig: "tesseract",
            providers: [.apt(["libtesseract-dev", "libleptonica-dev"])]
        ),
        // libtiff, whose error and warning handlers are process-wide (Leptonica reads TIFF through it).
        .systemLibrary(
            name: "CTIFF",
            pkgConfig: "libtiff-4",
            providers: [.apt(["libtiff-dev"])]
        ),
        // HEIC/HEIF photos through libheif, and PDF pages through Poppler's GLib interface and
        // Cairo. Both are loaded with dlopen when the first such file comes, not linked:
        // linking them cost every process about 16 ms of CPU at start-up
        // (docs/experiments/documents.md, "HEIC photos and PDF pages").
        .target(name: "CHEIF", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "CPoppler", linkerSettings: [.linkedLibrary("dl")]),
        // C's stderr replaced by a stream that hands what is printed to Swift (fopencookie).
        .target(name: "CStderr"),
        // Frees, or keeps from being loaded, what Tesseract's handles load for its legacy engine
        // when they run the LSTM engine only (C++: Tesseract's classifier is not part of its C API).
        .target(name: "CTesseractMemory", dependencies: ["CTesseract"], linkerSettings: [.linkedLibrary("dl")]),
        // glibc's heap: how much is in use, and giving freed pages back (malloc.h is not in Swift's Glibc module).
        .target(name: "CHeap"),
        // Tesseract's OpenMP regions run on the calling thread: libgomp's entry points defined
        // again, for a program to link (the `translate` command does; the library does not).
        .target(name: "CInlineOpenMP", linkerSettings: [.linkedLibrary("dl")]),
        // SQLite, for the persistent translation cache.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // hiredis, the Redis client behind the shared translation cache (`--cache-url`). Its
        // variadic `redisCommand` is not used: Swift calls `redisCommandArgv`. Not through
        // pkg-config: hiredis.pc adds only -D_FILE_OFFSET_BITS=64, which SwiftPM refuses with a
        // warning on every build, and the headers use no type it changes.
        .systemLibrary(
            name: "CHiredis",
            providers: [.apt(["libhiredis-dev"])]
        ),
        // Non-variadic wrappers around libcurl, which Swift cannot call directly.
        .target(
            name: "CCurl",
            linkerSettings: [.linkedLibrary("curl")]
        ),
        // The text-line detector (OpenCV's dnn module) behind a plain C interface; all C++
        // stays in this target.
        //
        // Not through pkg-config: opencv4.pc links all of OpenCV's 55 libraries, and loading them
        // (and what they pull in: 380 shared objects) costs every process that links this target
        // about 0.35 s and 100 MB at startup, detector used or not. Naming the three it needs
        // keeps startup unchanged. `opencv4` is a link to Debian's header folder
        // (/usr/include/opencv4, libopencv-dev), which a header search path must name from
        // inside the target.
        .target(
            name: "CTextDetection",
            cxxSettings: [.headerSearchPath("opencv4")],
            linkerSettings: [
                .linkedLibrary("opencv_dnn"),
                .linkedLibrary("opencv_imgproc"),
                .linkedLibrary("opencv_core"),
                // lround and friends.
                .linkedLibrary("m"),
                // ONNX Runtime's library, opened at run time when installed (OnnxRuntime.cpp).
                .linkedLibrary("dl"),
            ]
        ),
        // Pango and Cairo, found through pkg-config; only CImageRendering includes them.
        .systemLibrary(
            name: "CPangoCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]
        ),
        // Drawing on pages behind a plain C interface: OpenCV's inpainting, Pango's text layout
        // drawn with Cairo, PNG encoding with libpng, JPEG with libjpeg. Like CTextDetection, it
        // names the OpenCV libraries it needs instead of linking all of them through opencv4.pc.
        .target(
            name: "CImageRendering",
            dependencies: ["CPangoCairo"],
            cxxSettings: [.headerSearchPath("opencv4")],
            linkerSettings: [
                .linkedLibrary("opencv_photo"),
                .linkedLibrary("opencv_imgproc"),
                .linkedLibrary("opencv_core"),
                .linkedLibrary("pango-1.0"),
                .linkedLibrary("fontconfig"),
                .linkedLibrary("gobject-2.0"),
                .linkedLibrary("glib-2.0"),
                .linkedLibrary("cairo"),
                .linkedLibrary("png16"),
                .linkedLibrary("jpeg"),
                .linkedLibrary("m"),
            ]
        ),
        // The language-detection model's bytes, embedded with #embed.
        .target(
            name: "CLanguageModel",
            exclude: ["language-model.bin", "language-model.sha256", "language-model.packages"]
        ),

        // The project's one lock (a value behind a pthread mutex), and the thread it starts its
        // background work on (`JoinableThread`).
        .target(name: "Locking"),
        // Languages, boxes, results, errors and the engine protocols: no C, no I/O.
        .target(name: "TranslateModel"),
        // Text-line detection for camera photos: the detector and flat crops of its lines.
        .target(name: "TextDetection", dependencies: ["CTextDetection"]),
        // Inputs opened as streams and decoded into pages: formats and declared sizes read from
        // the first bytes, then Leptonica (and libtiff under it), libheif and Poppler; the image
        // libraries' messages given to the decode that caused them.
        .target(
            name: "ImageDecoding",
            dependencies: ["TranslateModel", "Locking", "CTesseract", "CTIFF", "CStderr", "CHEIF", "CPoppler"],
            // tesseract.pc does not list Leptonica, which the module calls directly.
            linkerSettings: [.linkedLibrary("lept")]
        ),
        // The page-preparation stage: decoded pixels in, prepared pixels and the map back to the
        // original's coordinates out (grey and Leptonica images, polarity, skew, text size, flat
        // pages); knows nothing of reading text.
        .target(
            name: "PagePreparation",
            dependencies: ["TranslateModel", "ImageDecoding", "CTesseract"],
            // tesseract.pc does not list Leptonica, which the module calls directly.
            linkerSettings: [.linkedLibrary("lept")]
        ),
        // The Tesseract engine layer: handles loaded, shared by a run's workers within a memory
        // budget and read with (pages, regions, lines line by line, orientation detection), the
        // readings of repeated lines, and the process's heap and OpenMP set-up; knows nothing of
        // which data a page should be read with.
        .target(
            name: "TesseractReading",
            dependencies: ["TranslateModel", "Locking", "ImageDecoding", "PagePreparation", "CTesseract", "CTesseractMemory", "CHeap"],
            // tesseract.pc does not list Leptonica, which the module calls directly.
            linkerSettings: [.linkedLibrary("lept")]
        ),
        // Recognition of decoded pages and photos with Leptonica and Tesseract, prepared by
        // PagePreparation and read with TesseractReading's handles.
        .target(
            name: "TextRecognition",
            dependencies: ["TranslateModel", "Locking", "TextDetection", "ImageDecoding", "PagePreparation", "TesseractReading", "CTesseract"],
            // tesseract.pc does not list Leptonica, which the module calls directly.
            linkerSettings: [.linkedLibrary("lept")]
        ),
        // The offline language detector and the per-page choice of box languages.
        .target(name: "LanguageDetection", dependencies: ["TranslateModel", "CLanguageModel"]),
        // Papago over libcurl, Apertium, and the translation cache (SQLite, and Redis shared by machines).
        .target(name: "TranslationEngines", dependencies: ["TranslateModel", "Locking", "CCurl", "CSQLite", "CHiredis"]),
        // Translated pictures: boxes covered and their translations drawn, PNG files, the HTML view.
        .target(name: "ImageRendering", dependencies: ["TranslateModel", "Locking", "CImageRendering"]),
        // Text, TSV, JSON, JSON Lines, PNG and HTML renderings of results.
        .target(name: "TranslateOutput", dependencies: ["TranslateModel", "Locking", "ImageRendering"]),
        // The batch run: inputs, the ordered worker pool, translation of pages, result files.
        .target(
            name: "TranslatePipeline",
            dependencies: ["TranslateModel", "Locking", "ImageDecoding", "TesseractReading", "TextRecognition", "LanguageDetection", "TranslationEngines", "TranslateOutput"]
        ),
        // Arguments, help, exit codes, the status line and progress, choosing engines.
        .target(
            name: "TranslateCLI",
            dependencies: ["TranslateModel", "Locking", "TextDetection", "ImageDecoding", "TesseractReading", "TextRecognition", "LanguageDetection", "TranslationEngines",
                           "TranslateOutput", "TranslatePipeline"]
        ),
        .executableTarget(
            name: "translate",
            dependencies: ["TranslateCLI", "TesseractReading", "TranslationEngines", "CInlineOpenMP"],
            linkerSettings: inlineOpenMPExports + universalAmbiguitiesExport
        ),

        // Language-detection benchmark driver, run by bench/langid/run.py.
        .executableTarget(
            name: "langid-bench",
            dependencies: ["LanguageDetection"],
            path: "bench/langid/Sources/langid-bench"
        ),
        // What both test targets share: paths, a fake translator, the Papago test server, runners.
        .target(
            name: "TestSupport",
            dependencies: ["TextDetection", "TranslateCLI", "TranslatePipeline", "TranslateOutput", "TranslationEngines", "LanguageDetection",
                           "ImageDecoding", "TesseractReading", "TextRecognition", "TranslateModel", "Locking"],
            path: "Tests/TestSupport"
        ),
        // Image files through ImageMagick, for the detector's benchmarks and tests.
        .target(name: "ImageFiles", path: "bench/support/Sources/ImageFiles"),
        // Text detector timing driver: swift run -c release detector-bench IMAGE...
        .executableTarget(
            name: "detector-bench",
            dependencies: ["TextDetection", "ImageFiles"],
            path: "bench/detector/Sources/detector-bench"
        ),
        // Page finder timing and corner errors: swift run -c release page-bench MANIFEST.tsv|IMAGE...
        .executableTarget(
            name: "page-bench",
            dependencies: ["TextDetection", "ImageFiles"],
            path: "bench/pages/Sources/page-bench"
        ),
        // Text-line recognizer on the detected lines of photos, beside Tesseract's inputs:
        // bench/recognizer/run.py builds and runs it.
        .executableTarget(
            name: "recognizer-bench",
            dependencies: ["TextDetection", "ImageFiles"],
            path: "bench/recognizer/Sources/recognizer-bench"
        ),
        // The fuzz targets: the image input path (as it comes, and with its headers' sizes set to
        // extremes), Papago's replies and the command line, each a function checked by the unit
        // tests on its seeds. scripts/fuzz.sh builds the programs
        // below with libFuzzer (-sanitize=fuzzer); built as usual, each replays saved inputs.
        // CLibFuzzer reaches libFuzzer's driver (weakly: nothing to link in a usual build) and
        // its extra counters.
        .target(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .target(
            name: "FuzzTargets",
            dependencies: ["ImageDecoding", "TesseractReading", "TranslationEngines", "TranslateCLI", "CLibFuzzer"],
            path: "Fuzz/FuzzTargets"
        ),
        .executableTarget(name: "fuzz-image-decoding", dependencies: ["FuzzTargets"], path: "Fuzz/fuzz-image-decoding"),
        // The image path again, with extreme values written into the size fields of real headers.
        .executableTarget(name: "fuzz-header-dimensions", dependencies: ["FuzzTargets"], path: "Fuzz/fuzz-header-dimensions"),
        .executableTarget(name: "fuzz-papago-reply", dependencies: ["FuzzTargets"], path: "Fuzz/fuzz-papago-reply"),
        .executableTarget(name: "fuzz-command-line", dependencies: ["FuzzTargets"], path: "Fuzz/fuzz-command-line"),
        // Fast, in-process tests of logic: no OCR, no child process, no server (`swift test --filter UnitTests`).
        .testTarget(
            name: "UnitTests",
            dependencies: ["TestSupport", "FuzzTargets", "CInlineOpenMP", "ImageRendering", "TranslateCLI", "TranslatePipeline", "TranslateOutput", "TranslationEngines",
                           "LanguageDetection", "ImageDecoding", "PagePreparation", "TesseractReading", "TextRecognition", "TranslateModel", "Locking"]
        ),
        // OCR on fixtures, the command in-process and as a binary, the Papago test server, Apertium.
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["TestSupport", "ImageFiles", "ImageRendering", "TranslateCLI", "TranslatePipeline", "TranslateOutput", "TranslationEngines",
                           "LanguageDetection", "ImageDecoding", "PagePreparation", "TesseractReading", "TextRecognition", "TranslateModel", "Locking"],
            linkerSettings: universalAmbiguitiesExport
        ),
        // The text detector on rendered signs, crop geometry, finding the model.
        .testTarget(
            name: "TextDetectionTests",
            dependencies: ["TextDetection", "ImageFiles", "Locking"]
        ),
    ],
    cxxLanguageStandard: .cxx17
)

// Every Swift module imports each module whose members it uses (SE-0444), not only those whose
// types it names: an extension's member no longer comes in through another module's import.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}
