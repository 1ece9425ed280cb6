internal import CTesseract

/// The image libraries' process-wide settings: Leptonica's message level, and where libtiff,
/// Leptonica, libpng and libjpeg report (`LibraryMessages`).
///
/// Leptonica keeps its level in a global variable and the handlers are the process's: they are
/// set once, before any thread decodes, by the program (TesseractReading's
/// `ProcessConfiguration`), never by a decode.
package enum ImageLibraries {
    /// Sets Leptonica's message level and the libraries' handlers. Not thread-safe: called once,
    /// from `ProcessConfiguration.apply()`.
    package static func configure() {
        // Leptonica prints its own errors to stderr; ours are clearer and name the file.
        _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
        // What libtiff and Leptonica still report (a corrupt strip, data past the end) goes to
        // the decode that caused it, which makes it that page's error.
        LibraryMessages.install()
    }
}
