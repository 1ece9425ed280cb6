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
/// errors stop every later request (`PapagoError.scope == .run`).
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
        requestTimeout: Double = 30
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
        guard !texts.isEmpty else { return [] }
        if let source, source == target {
            return texts.map { TranslatedText(text: $0, source: source) }
        }
        guard PapagoLanguagePairs.translatable.contains(target) else { throw .unsupportedLanguage(target) }
        if let source, !PapagoLanguagePairs.translatable.contains(source) { throw .unsupportedLanguage(source) }
        return try translateTexts(texts, from: source, to: target).map {
            TranslatedText(text: $0.text, source: $0.source, pivot: $0.pivot)
        }
    }

    /// One translation on its way back.
    private struct Piece {
        var text: String
        var source: Language?
        var pivot: Language?
    }

    /// Translates any texts (with line breaks, empty, long): one piece per text.
    private func translateTexts(_ texts: [String], from source: Language?, to target: Language) throws(PapagoError)
        -> [Piece]
    {
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

        var translated: [Piece] = []
        if !lines.isEmpty {
            if let source, let pivot = PapagoLanguagePairs.pivot(from: source, to: target) {
                let intermediate = try translateTexts(lines, from: source, to: pivot)
                translated = try translateTexts(intermediate.map(\.text), from: pivot, to: target).map {
                    Piece(text: $0.text, source: source, pivot: pivot)
                }
            } else {
                for chunk in Self.chunks(lines, limit: maxCharactersPerRequest) {
                    translated += try translateChunk(chunk, from: source, to: target)
                }
            }
        }

        let joiner = [.japanese, .chineseSimplified, .chineseTraditional, .thai].contains(target) ? "" : " "
        var results = texts.map { Piece(text: $0, source: source, pivot: nil) }
        var started = Set<Int>()
        for (owner, piece) in zip(owners, translated) {
            if started.insert(owner).inserted {
                results[owner] = piece
            } else {
                results[owner].text += joiner + piece.text
            }
        }
        return results
    }

    /// Translates lines that fit in one request; on a line-count mismatch, one request per line.
    private func translateChunk(_ lines: [String], from source: Language?, to target: Language) throws(PapagoError)
        -> [Piece]
    {
        let reply: PapagoTranslation
        do {
            reply = try client.translate(lines.joined(separator: "\n"), from: source, to: target, options: options)
        } catch .rejected(.sameSourceAndTarget, _) where source == nil {
            // Detected as already in the target language.
            return lines.map { Piece(text: $0, source: target, pivot: nil) }
        } catch .rejected(.pairUnsupported, let message) where source == nil {
            let code = try client.detectLanguage(String(lines.joined(separator: "\n").prefix(1000)))
            if let detected = Language(code: code), detected == target {
                return lines.map { Piece(text: $0, source: target, pivot: nil) }
            }
            guard let detected = Language(code: code), PapagoLanguagePairs.translatable.contains(detected),
                PapagoLanguagePairs.pivot(from: detected, to: target) != nil
            else {
                throw .rejected(.pairUnsupported, message: message)
            }
            return try translateTexts(lines, from: detected, to: target)
        } catch .bodyTooLarge where lines.count > 1 {
            let half = lines.count / 2
            return try translateChunk(Array(lines[..<half]), from: source, to: target)
                + translateChunk(Array(lines[half...]), from: source, to: target)
        }

        let detected = Language(code: reply.sourceCode) ?? source
        if lines.count == 1 {
            return [Piece(text: reply.text, source: detected, pivot: nil)]
        }
        guard let translatedLines = Self.lines(of: reply.text, expected: lines.count) else {
            var pieces: [Piece] = []
            for line in lines {
                pieces += try translateChunk([line], from: source, to: target)
            }
            return pieces
        }
        return translatedLines.map { Piece(text: $0, source: detected, pivot: nil) }
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
