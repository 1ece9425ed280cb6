internal import CStderr
internal import CTesseract
internal import CTIFF
import Foundation
import Locking
import TranslateModel
#if canImport(Glibc)
import Glibc
#endif

/// The error messages the image libraries print, caught and given to the decode that caused
/// them instead of reaching standard error.
///
/// The libraries report on the thread that runs the failing call, each its own way:
/// - libtiff through its error handler ("Using code not yet in table" for a corrupt LZW strip);
/// - Leptonica through its stderr handler ("Bad file: amount too big" for a strip past the end);
/// - libpng and libjpeg, whose decoders Leptonica makes with their default handlers, by printing
///   to C's `stderr` ("libpng error: bad adaptive filter value", "Corrupt JPEG data: premature end
///   of data segment"). C's `stderr` is therefore replaced by a stream of ours (`CStderr`).
///
/// `install()` sets all three up once, from `ImageLibraries.configure()`. A decode wraps its
/// calls in `capturing`, which keeps the messages its thread reports meanwhile; the libraries'
/// remarks that do not mean damage (libtiff's warnings, "libpng warning: …") are dropped.
/// Whatever is printed to C's `stderr` outside a capture (by Tesseract, by the Swift runtime)
/// goes on to file descriptor 2 unchanged.
///
/// libtiff's plain handlers are the ones Leptonica switches off each time it opens a TIFF, so
/// its messages come through the "Ext" handlers, which Leptonica leaves alone.
enum LibraryMessages {
    private struct Capture {
        var errors: [String] = []
        /// Text printed to C's stderr that does not end a line yet.
        var pending = ""
    }

    /// Captures by thread, for the threads that are capturing.
    private static let captures = Locked<[pthread_t: Capture]>([:])

    /// Sets the libraries' hooks and C's `stderr`; once per process (`ImageLibraries.configure()`).
    static func install() {
        _ = TIFFSetErrorHandler(nil)
        _ = TIFFSetWarningHandler(nil)
        _ = TIFFSetWarningHandlerExt(nil)
        _ = TIFFSetErrorHandlerExt { _, _, format, arguments in
            guard let format, let arguments else { return }
            var buffer = [CChar](repeating: 0, count: 512)
            _ = vsnprintf(&buffer, buffer.count, format, arguments)
            let text = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            LibraryMessages.record("libtiff: " + String(decoding: text, as: UTF8.self))
        }
        leptSetStderrHandler { text in
            guard let text else { return }
            LibraryMessages.record("leptonica: " + String(cString: text))
        }
        _ = CStderr_redirect { bytes, count in
            guard let bytes, count > 0 else { return }
            LibraryMessages.printed(UnsafeRawBufferPointer(start: bytes, count: count))
        }
    }

    /// Runs `body`, returning what it returned and the error messages the libraries reported on
    /// this thread meanwhile, in order.
    static func capturing<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> (value: Value, errors: [String]) {
        let thread = pthread_self()
        captures.withLock { $0[thread] = Capture() }
        let value: Value
        do {
            value = try body()
        } catch {
            captures.withLock { $0[thread] = nil }
            throw error
        }
        let capture = captures.withLock { $0.removeValue(forKey: thread) } ?? Capture()
        var errors = capture.errors
        if let last = damage(in: capture.pending) { errors.append(last) }
        return (value, errors)
    }

    /// Keeps `message` for the capture running on this thread, if there is one.
    private static func record(_ message: String) {
        let line = oneLine(message)
        guard !line.isEmpty else { return }
        let thread = pthread_self()
        captures.withLock { captures in
            captures[thread]?.errors.append(line)
        }
    }

    /// Text a C library printed to `stderr`: the lines that mean damage go to this thread's
    /// capture; without a capture, everything goes to file descriptor 2.
    private static func printed(_ bytes: UnsafeRawBufferPointer) {
        let thread = pthread_self()
        let captured: Bool = captures.withLock { captures in
            guard var capture = captures[thread] else { return false }
            capture.pending += String(decoding: bytes, as: UTF8.self)
            while let newline = capture.pending.firstIndex(of: "\n") {
                let line = String(capture.pending[..<newline])
                capture.pending.removeSubrange(...newline)
                if let error = damage(in: line) { capture.errors.append(error) }
            }
            captures[thread] = capture
            return true
        }
        guard !captured, var base = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let written = write(STDERR_FILENO, base, left)
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            base += written
            left -= written
        }
    }

    /// A message as one line of an error: a message in several lines ("Improper JPEG sampling
    /// factors 3,1\nApparently should be 1,1.") joined by spaces, and the control characters a
    /// library may copy from the file (a chunk's name) escaped.
    static func oneLine(_ message: String) -> String {
        TerminalSafeText.oneLine(message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " "))
    }

    /// The message a line printed by libpng or libjpeg gives, when it means the image is damaged;
    /// nil for the libraries' remarks ("libpng warning: iCCP: known incorrect sRGB profile") and
    /// empty lines.
    static func damage(in line: String) -> String? {
        let text = oneLine(line)
        if text.hasPrefix("libpng error: ") { return "libpng: " + text.dropFirst("libpng error: ".count) }
        // libjpeg's warnings that mean the pixels are wrong; the others are remarks.
        if text.hasPrefix("Corrupt JPEG data") || text.hasPrefix("Premature end of JPEG file") { return "libjpeg: " + text }
        return nil
    }
}
