// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "translate",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "translate", targets: ["translate"]),
        .library(name: "TranslateCore", targets: ["TranslateCore"]),
    ],
    targets: [
        // Tesseract's C API and Leptonica, found through pkg-config.
        .systemLibrary(
            name: "CTesseract",
            pkgConfig: "tesseract",
            providers: [.apt(["libtesseract-dev", "libleptonica-dev"])]
        ),
        // SQLite, for the persistent translation cache.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // Non-variadic wrappers around libcurl, which Swift cannot call directly.
        .target(
            name: "CCurl",
            linkerSettings: [.linkedLibrary("curl")]
        ),
        // The text-line detector (OpenCV's dnn module) behind a plain C interface.
        //
        // Not through pkg-config: opencv4.pc links all of OpenCV's 55 libraries, and loading them
        // (and what they pull in: 380 shared objects) costs every process that links this target
        // about 0.35 s and 100 MB at startup, detector used or not. Naming the three it needs
        // keeps startup unchanged; the include path is Debian's (libopencv-dev).
        .target(
            name: "CTextDetection",
            cxxSettings: [.unsafeFlags(["-isystem", "/usr/include/opencv4"])],
            linkerSettings: [
                .linkedLibrary("opencv_dnn"),
                .linkedLibrary("opencv_imgproc"),
                .linkedLibrary("opencv_core"),
                // lround and friends.
                .linkedLibrary("m"),
            ]
        ),
        // Text-line detection for camera photos, in Swift.
        .target(
            name: "TextDetection",
            dependencies: ["CTextDetection"]
        ),
        .target(
            name: "TranslateCore",
            dependencies: ["CTesseract", "CCurl", "CSQLite"],
            // tesseract.pc does not list Leptonica, which the library calls directly.
            linkerSettings: [.linkedLibrary("lept")]
        ),
        .executableTarget(
            name: "translate",
            dependencies: ["TranslateCore"]
        ),
        // Language-detection benchmark driver, run by bench/langid/run.py.
        .executableTarget(
            name: "langid-bench",
            dependencies: ["TranslateCore"],
            path: "bench/langid/Sources/langid-bench"
        ),
        // Text detector timing driver: swift run -c release detector-bench IMAGE...
        .executableTarget(
            name: "detector-bench",
            dependencies: ["TextDetection"],
            path: "bench/detector/Sources/detector-bench"
        ),
        .testTarget(
            name: "TranslateCoreTests",
            dependencies: ["TranslateCore"],
            resources: []
        ),
        .testTarget(
            name: "TextDetectionTests",
            dependencies: ["TextDetection"]
        ),
    ],
    cxxLanguageStandard: .cxx17
)
