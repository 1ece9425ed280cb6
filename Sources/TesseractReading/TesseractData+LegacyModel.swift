import Foundation
import Locking

extension TesseractData {
    /// Whether `language`'s traineddata has an LSTM model and no legacy one, read from the
    /// files' tables of contents: false when no file is found, one cannot be read, or any
    /// file of that name (in any of the folders) has a legacy model. Tesseract runs such data
    /// with its LSTM engine alone. Read once per language and `TESSDATA_PREFIX`: a run loads
    /// the same data again and again.
    static func lacksLegacyModel(_ language: String, environment: [String: String]) -> Bool {
        let key = "\(environment["TESSDATA_PREFIX"] ?? "")\n\(language)"
        if let known = legacyModelFindings.withLock({ $0[key] }) { return known }
        let lacks = filesLackLegacyModel(language, environment: environment)
        legacyModelFindings.withLock { $0[key] = lacks }
        return lacks
    }

    /// What `lacksLegacyModel` has found, by `TESSDATA_PREFIX` and language.
    private static let legacyModelFindings = Locked<[String: Bool]>([:])

    private static func filesLackLegacyModel(_ language: String, environment: [String: String]) -> Bool {
        let files = directories(environment: environment)
            .map { ($0 as NSString).appendingPathComponent("\(language).traineddata") }
            .filter { FileManager.default.fileExists(atPath: $0) }
        return !files.isEmpty && files.allSatisfy { path in
            guard let header = FileHandle(forReadingAtPath: path).flatMap({ file in
                defer { try? file.close() }
                return try? file.read(upToCount: TraineddataContents.headerSize)
            }) else { return false }
            return TraineddataContents(header: header)?.isLSTMOnly ?? false
        }
    }
}

/// The table of contents at the start of a traineddata file: how many parts it has room for
/// (a 32-bit count), then each part's offset (64-bit, negative when the part is absent), in
/// Tesseract's order of parts, little-endian as written on these machines.
struct TraineddataContents {
    /// Enough bytes for the count and the offsets of every part Tesseract 5 knows.
    static let headerSize = 4 + 8 * 24
    /// Parts by Tesseract's numbering (`TessdataType`).
    static let characterSet = 1, legacyTemplates = 3, lstmModel = 17

    let offsets: [Int64]

    init?(header: Data) {
        guard header.count >= 4 else { return nil }
        let bytes = [UInt8](header)
        let count = Int(UInt32(littleEndian: bytes[0..<4].enumerated().reduce(0) { $0 | UInt32($1.element) << (8 * $1.offset) }))
        guard count > Self.lstmModel, count <= 1000, header.count >= 4 + 8 * min(count, 24) else { return nil }
        offsets = (0..<min(count, 24)).map { part in
            let start = 4 + 8 * part
            return Int64(bitPattern: bytes[start..<start + 8].enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * $1.offset) })
        }
    }

    func has(_ part: Int) -> Bool { part < offsets.count && offsets[part] >= 0 }

    /// As Tesseract decides an engine from the parts present: an LSTM model and no legacy
    /// classifier (its character set and templates).
    var isLSTMOnly: Bool { has(Self.lstmModel) && !(has(Self.characterSet) && has(Self.legacyTemplates)) }
}
