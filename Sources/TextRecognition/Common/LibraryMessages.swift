internal import CTesseract
internal import CTIFF
import Foundation
import Locking
#if canImport(Glibc)
import Glibc
#endif

/// The error messages libtiff and Leptonica print, caught and given to the decode that caused
/// them instead of reaching standard error.
///
/// Both libraries report through process-wide hooks, called on the thread that runs the failing
/// call: libtiff's error handler ("Using code not yet in table" for a corrupt LZW strip) and
/// Leptonica's stderr handler ("Bad file: amount too big" for a strip past the end of the data).
/// `install()` points both here once, from `RecognitionRuntime`; a decode wraps its calls in
/// `capturing`, which keeps the messages its thread reports meanwhile. Messages outside any
/// capture (none are expected) and libtiff's warnings are dropped.
///
/// libtiff's plain handlers are the ones Leptonica switches off each time it opens a TIFF, so
/// the messages come through the "Ext" handlers, which Leptonica leaves alone.
enum LibraryMessages {
    /// Messages by thread, for the threads that are capturing.
    private static let captures = Locked<[pthread_t: [String]]>([:])

    /// Sets the libraries' hooks; once per process (`RecognitionRuntime.prepare()`).
    static func install() {
        _ = TIFFSetErrorHandler(nil)
        _ = TIFFSetWarningHandler(nil)
        _ = TIFFSetWarningHandlerExt(nil)
        _ = TIFFSetErrorHandlerExt { _, _, format, arguments in
            guard let format, let arguments else { return }
            var buffer = [CChar](repeating: 0, count: 512)
            _ = vsnprintf(&buffer, buffer.count, format, arguments)
            LibraryMessages.record("libtiff: " + String(cString: buffer))
        }
        leptSetStderrHandler { text in
            guard let text else { return }
            LibraryMessages.record("leptonica: " + String(cString: text))
        }
    }

    /// Runs `body`, returning what it returned and the error messages the libraries reported on
    /// this thread meanwhile, in order.
    static func capturing<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> (value: Value, errors: [String]) {
        let thread = pthread_self()
        captures.withLock { $0[thread] = [] }
        let value: Value
        do {
            value = try body()
        } catch {
            captures.withLock { $0[thread] = nil }
            throw error
        }
        let errors = captures.withLock { $0.removeValue(forKey: thread) } ?? []
        return (value, errors)
    }

    /// Keeps `message` for the capture running on this thread, if there is one.
    private static func record(_ message: String) {
        let line = message.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !line.isEmpty else { return }
        let thread = pthread_self()
        captures.withLock { captures in
            captures[thread]?.append(line)
        }
    }
}
