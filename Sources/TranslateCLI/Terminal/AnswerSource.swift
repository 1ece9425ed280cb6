import Foundation
import Locking
import TranslateOutput
#if canImport(Glibc)
import Glibc
#endif

/// Where `translate config` gets its answers: the user at a terminal, or lines on standard input.
public protocol AnswerSource: Sendable {
    /// Whether a person is answering (a wrong answer is then asked again, not an error).
    var isInteractive: Bool { get }
    /// Shows `prompt` on standard error and returns the next line without its newline; nil at
    /// the end of the input. A `secret` answer is not echoed.
    func answer(_ prompt: String, secret: Bool) -> String?
}

/// Answers from the process's standard input: typed at a terminal (a secret with echo off), or
/// one per line from a pipe or a file (`printf 'id\nsecret\n' | translate config`).
public struct StandardInputAnswers: AnswerSource {
    private let standardError: TextSink

    public init(standardError: TextSink) {
        self.standardError = standardError
    }

    public var isInteractive: Bool { Terminal.isTerminal(STDIN_FILENO) }

    public func answer(_ prompt: String, secret: Bool) -> String? {
        guard isInteractive else {
            // Each prompt on a line of its own: nobody types after it.
            standardError.write(prompt + "\n")
            return readLine(strippingNewline: true)
        }
        standardError.write(prompt)
        guard secret else { return readLine(strippingNewline: true) }
        return EchoOff.reading { readLine(strippingNewline: true) }
    }
}

/// The terminal's settings while a secret is typed, so a signal handler can put them back.
/// Written only by `EchoOff.reading` on the one thread that asks questions; read by the
/// handler, which only passes it to `tcsetattr` (safe in a signal handler).
nonisolated(unsafe) private var settingsBeforeSecret = termios()

/// Turns the terminal's echo off while a secret is typed, and on again however that ends:
/// the answer, the end of the input, or Ctrl-C (which would otherwise leave the shell blind).
enum EchoOff {
    static func reading(_ read: () -> String?) -> String? {
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return read() }
        settingsBeforeSecret = settings
        var silent = settings
        // Echo off, but the Enter key still moves to the next line.
        silent.c_lflag &= ~tcflag_t(ECHO)
        silent.c_lflag |= tcflag_t(ECHONL)
        let previousInterrupt = signal(SIGINT) { number in
            tcsetattr(STDIN_FILENO, TCSANOW, &settingsBeforeSecret)
            signal(number, SIG_DFL)
            raise(number)
        }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        let answer = read()
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
        signal(SIGINT, previousInterrupt)
        return answer
    }
}

/// Answers given in advance, for tests: each call takes the next line.
public final class ScriptedAnswers: AnswerSource {
    private let lines: Locked<[String]>
    private let prompts = Locked<[String]>([])
    public let isInteractive: Bool

    public init(_ lines: [String], interactive: Bool = false) {
        self.lines = Locked(lines)
        self.isInteractive = interactive
    }

    public func answer(_ prompt: String, secret: Bool) -> String? {
        prompts.withLock { $0.append(prompt) }
        return lines.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }

    /// The prompts shown so far.
    public var asked: [String] { prompts.current }
}
