internal import CTesseract

/// The image libraries' process-wide settings: Leptonica's message level, and where libtiff,
/// Leptonica, libpng and libjpeg report (`LibraryMessages`).
///
/// Leptonica keeps its level in a global variable and the handlers are the process's: set
/// once, before any worker starts. A Swift `static let` runs its initialiser exactly once, so
/// `prepare()` may also be called again from anywhere at no cost.
package enum ImageLibraries {
    private static let prepared: Void = {
        // Leptonica prints its own errors to stderr; ours are clearer and name the file.
        _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
        // What libtiff and Leptonica still report (a corrupt strip, data past the end) goes to
        // the decode that caused it, which makes it that page's error.
        LibraryMessages.install()
    }()

    /// Applies the settings, once per process.
    package static func prepare() {
        _ = prepared
    }
}
