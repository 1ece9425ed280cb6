import Foundation
import TranslateModel

/// The `Translator` on a Papago service: few requests, every translation on its own text.
///
/// For one call:
/// - Texts whose source is the target come back unchanged, without a request; so do empty texts.
/// - Line breaks inside a text are layout, not content: each run of them (with the spaces
///   around it) becomes one space before sending.
/// - The texts are joined with "\n", one per line, and packed into as few requests as possible,
///   split only between texts, so that each request's `text` has at most 5000 characters
///   (counted in UTF-16 units, which is at least the service's count).
/// - A single text longer than that is split into pieces at sentence ends (else at spaces, else
///   anywhere), the pieces are translated as lines of their own and joined again (with a space,
///   or nothing for Japanese, Chinese and Thai targets).
/// - Each reply must have one line per text sent; when it has not (the service merged or split
///   lines), that request's texts are sent again one per request, so a translation never lands
///   on the wrong text.
/// - A pair Papago does not translate directly goes through English (or Korean, when English
///   does not link the two) in two steps, and `TranslatedText.pivot` names the pivot.
/// - With no source language (`auto`), the service detects it per request; when it answers that
///   the pair is unsupported, the detection endpoint names the source and the pivot route is taken.
///
/// Failures follow the client's policy (`PapagoClient`, `PapagoRetryPolicy`): throttling, server
/// errors and lost connections are retried a bounded number of times; authentication and quota
/// errors, and a service that stopped answering, stop every later request
/// (`PapagoError.scope == .run`). A call stops at its first failed request; what the requests
/// before it brought back is kept (`translations(of:from:to:)`).
public struct PapagoTranslator: Translator {
    public let engine = "papago"
    public var sourceLanguages: Set<Language>? { PapagoLanguagePairs.translatable }
    public var targetLanguages: Set<Language>? { PapagoLanguagePairs.translatable }
    public let client: PapagoClient
    public let options: PapagoOptions
    /// The most characters (UTF-16 units) in one request's `text`.
    public let maxCharactersPerRequest: Int

    public init(client: PapagoClient, options: PapagoOptions = PapagoOptions(), maxCharactersPerRequest: Int = 5000) {
        self.client = client
        self.options = options
        self.maxCharactersPerRequest = max(1, maxCharactersPerRequest)
    }

    /// A translator talking to the service the credentials name, over a new `CurlTransport`.
    public init(
        credentials: PapagoCredentials,
        options: PapagoOptions = PapagoOptions(),
        retryPolicy: PapagoRetryPolicy = PapagoRetryPolicy(),
        requestTimeout: Double = PapagoClient.defaultRequestTimeout
    ) throws(PapagoError) {
        let transport: CurlTransport
        do {
            transport = try CurlTransport()
        } catch {
            throw .transport(error)
        }
        let client = PapagoClient(
            credentials: credentials, transport: transport, retryPolicy: retryPolicy, requestTimeout: requestTimeout)
        self.init(client: client, options: options)
    }

    public func translate(_ texts: [String], from source: Language?, to target: Language) throws(PapagoError)
        -> [TranslatedText]
    {
        let outcome = translated(texts, from: source, to: target)
        if let failure = outcome.failure { throw failure }
        return outcome.pieces.compactMap { $0.map(Self.translatedText) }
    }

    public func translations(of texts: [String], from source: Language?, to target: Language) -> TranslationOutcome {
        let outcome = translated(texts, from: source, to: target)
        return TranslationOutcome(translations: outcome.pieces.map { $0.map(Self.translatedText) }, failure: outcome.failure)
    }

    private static func translatedText(_ piece: Piece) -> TranslatedText {
        TranslatedText(text: piece.text, source: piece.source, pivot: piece.pivot)
    }

    /// One translation on its way back.
    private struct Piece {
        var text: String
        var source: Language?
        var pivot: Language?
    }

    /// The pieces of a call, as far as it went: one per text or line, nil for those not
    /// translated, and why they were not.
    private struct Outcome {
        var pieces: [Piece?]
        var failure: PapagoError?

        static func failed(_ count: Int, _ error: PapagoError) -> Outcome {
            Outcome(pieces: Array(repeating: nil, count: count), failure: error)
        }

        /// Runs `body` on each part in order, until one fails; the parts after it are not sent.
        static func inOrder(_ parts: [[String]], _ body: ([String]) -> Outcome) -> Outcome {
            var pieces: [Piece?] = []
            var failure: PapagoError?
            for part in parts {
                guard failure == nil else {
                    pieces += Array(repeating: nil, count: part.count)
                    continue
                }
                let outcome = body(part)
                pieces += outcome.pieces
                failure = outcome.failure
            }
            return Outcome(pieces: pieces, failure: failure)
        }
    }

    private func translated(_ texts: [String], from source: Language?, to target: Language) -> Outcome {
        guard !texts.isEmpty else { return Outcome(pieces: []) }
        if let source, source == target {
            return Outcome(pieces: texts.map { Piece(text: $0, source: source) })
        }
        guard PapagoLanguagePairs.translatable.contains(target) else { return .failed(texts.count, .unsupportedLanguage(target)) }
        if let source, !PapagoLanguagePairs.translatable.contains(source) { return .failed(texts.count, .unsupportedLanguage(source)) }
        return translateTexts(texts, from: source, to: target)
    }

    /// Translates any texts (with line breaks, empty, long): one piece per text, nil for a text
    /// whose translation (or a piece of it) did not arrive.
    private func translateTexts(_ texts: [String], from source: Language?, to target: Language) -> Outcome {
        // Lines to send, each with the index of the text it belongs to.
        var lines: [String] = []
        var owners: [Int] = []
        for (index, text) in texts.enumerated() {
            let line = Self.singleLine(text)
            guard !line.isEmpty else { continue }
            for piece in Self.split(line, limit: maxCharactersPerRequest) {
                lines.append(piece)
                owners.append(index)
            }
        }

        var translated = Outcome(pieces: [])
        if !lines.isEmpty {
            if let source, let pivot = PapagoLanguagePairs.pivot(from: source, to: target) {
                // The second step for every line that made the first.
                let first = translateTexts(lines, from: source, to: pivot)
                let reached = first.pieces.indices.filter { first.pieces[$0] != nil }
                let second = reached.isEmpty
                    ? Outcome(pieces: [])
                    : translateTexts(reached.map { first.pieces[$0]?.text ?? "" }, from: pivot, to: target)
                translated = Outcome(pieces: Array(repeating: nil, count: lines.count), failure: first.failure ?? second.failure)
                for (position, line) in reached.enumerated() {
                    translated.pieces[line] = second.pieces[position].map { Piece(text: $0.text, source: source, pivot: pivot) }
                }
            } else {
                translated = Outcome.inOrder(Self.chunks(lines, limit: maxCharactersPerRequest)) {
                    translateChunk($0, from: source, to: target)
                }
            }
        }

        let joiner = [.japanese, .chineseSimplified, .chineseTraditional, .thai].contains(target) ? "" : " "
        var results: [Piece?] = texts.map { Piece(text: $0, source: source, pivot: nil) }
        var started = Set<Int>()
        var incomplete = Set<Int>()
        for (owner, piece) in zip(owners, translated.pieces) {
            guard let piece else {
                incomplete.insert(owner)
                continue
            }
            if started.insert(owner).inserted {
                results[owner] = piece
            } else {
                results[owner]?.text += joiner + piece.text
            }
        }
        for owner in incomplete { results[owner] = nil }
        return Outcome(pieces: results, failure: translated.failure)
    }

    /// Translates lines that fit in one request; on a line-count mismatch, one request per line.
    private func translateChunk(_ lines: [String], from source: Language?, to target: Language) -> Outcome {
        let reply: PapagoTranslation
        do {
            reply = try client.translate(lines.joined(separator: "\n"), from: source, to: target, options: options)
        } catch .rejected(.sameSourceAndTarget, _) where source == nil {
            // Detected as already in the target language.
            return Outcome(pieces: lines.map { Piece(text: $0, source: target, pivot: nil) })
        } catch .rejected(.pairUnsupported, let message) where source == nil {
            let code: String
            do {
                code = try client.detectLanguage(String(lines.joined(separator: "\n").prefix(1000)))
            } catch {
                return .failed(lines.count, error)
            }
            if let detected = Language(code: code), detected == target {
                return Outcome(pieces: lines.map { Piece(text: $0, source: target, pivot: nil) })
            }
            guard let detected = Language(code: code), PapagoLanguagePairs.translatable.contains(detected),
                PapagoLanguagePairs.pivot(from: detected, to: target) != nil
            else {
                return .failed(lines.count, .rejected(.pairUnsupported, message: message))
            }
            return translateTexts(lines, from: detected, to: target)
        } catch .bodyTooLarge where lines.count > 1 {
            let half = lines.count / 2
            return Outcome.inOrder([Array(lines[..<half]), Array(lines[half...])]) { translateChunk($0, from: source, to: target) }
        } catch {
            return .failed(lines.count, error)
        }

        let detected = Language(code: reply.sourceCode) ?? source
        if lines.count == 1 {
            return Outcome(pieces: [Piece(text: reply.text, source: detected, pivot: nil)])
        }
        guard let translatedLines = Self.lines(of: reply.text, expected: lines.count) else {
            return Outcome.inOrder(lines.map { [$0] }) { translateChunk($0, from: source, to: target) }
        }
        return Outcome(pieces: translatedLines.map { Piece(text: $0, source: detected, pivot: nil) })
    }

    /// The reply's lines, when there are exactly `expected` (a final empty line is forgiven).
    static func lines(of text: String, expected: Int) -> [String]? {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        if lines.count == expected + 1, lines.last == "" { lines.removeLast() }
        return lines.count == expected ? lines : nil
    }

    /// `text` on one line: each run of line breaks, with the spaces and tabs around it, becomes one space.
    static func singleLine(_ text: String) -> String {
        guard text.contains(where: \.isNewline) else {
            return text.allSatisfy(\.isWhitespace) ? "" : text
        }
        var result = ""
        var pendingBreak = false
        for character in text {
            if character.isNewline {
                pendingBreak = true
                while let last = result.last, last == " " || last == "\t" { result.removeLast() }
            } else if pendingBreak, character == " " || character == "\t" {
                continue
            } else {
                if pendingBreak, !result.isEmpty { result.append(" ") }
                pendingBreak = false
                result.append(character)
            }
        }
        return result.allSatisfy(\.isWhitespace) ? "" : result
    }

    /// Splits a line longer than `limit` UTF-16 units into pieces that are not, preferring
    /// sentence ends in the second half of each piece, then spaces, then any character boundary.
    static func split(_ line: String, limit: Int) -> [String] {
        var pieces: [String] = []
        var rest = Substring(line)
        while rest.utf16.count > limit {
            var count = 0
            var index = rest.startIndex
            var sentenceEnd: String.Index?
            var space: String.Index?
            var previous: Character?
            while index < rest.endIndex {
                let character = rest[index]
                let width = character.utf16.count
                if count + width > limit { break }
                count += width
                let next = rest.index(after: index)
                if character.isWhitespace {
                    space = next
                    if let previous, ".!?".contains(previous), count > limit / 2 { sentenceEnd = next }
                } else if "。！？".contains(character), count > limit / 2 {
                    sentenceEnd = next
                }
                previous = character
                index = next
            }
            if index == rest.startIndex { index = rest.index(after: index) }  // one oversized character
            let cut = sentenceEnd ?? space ?? index
            let piece = rest[..<cut].trimmingCharacters(in: .whitespaces)
            if !piece.isEmpty { pieces.append(piece) }
            rest = rest[cut...].drop(while: \.isWhitespace)
        }
        if !rest.isEmpty { pieces.append(String(rest)) }
        return pieces
    }

    /// Groups lines in order so that each group joined with "\n" has at most `limit` UTF-16 units.
    static func chunks(_ lines: [String], limit: Int) -> [[String]] {
        var chunks: [[String]] = []
        var current: [String] = []
        var length = 0
        for line in lines {
            let width = line.utf16.count
            if !current.isEmpty, length + 1 + width > limit {
                chunks.append(current)
                current = []
                length = 0
            }
            length += current.isEmpty ? width : 1 + width
            current.append(line)
        }
        if !current.isEmpty { chunks.append(current) }
        return chunks
    }
}
