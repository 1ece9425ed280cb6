import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a file only its owner can read (mode 0600), in a directory only its owner can enter
/// when the directory is new (0700).
///
/// The bytes go to a new file made with mode 0600 from the start (never a moment readable by
/// others), which then replaces the old one by `rename`: a crash leaves the old file or the
/// new one, never half of either, and a file that was readable by others is replaced by one
/// that is not.
enum PrivateFile {
    static func write(_ data: Data, to path: String) throws(PrivateFileError) {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotWrite(path: directory, reason: "cannot create the directory")
        }
        let temporary = path + ".\(getpid()).new"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        let written = data.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 { if errno == EINTR { continue }; return false }
                offset += count
            }
            return fsync(descriptor) == 0
        }
        let reason = String(cString: strerror(errno))
        close(descriptor)
        guard written, rename(temporary, path) == 0 else {
            let renameReason = String(cString: strerror(errno))
            unlink(temporary)
            throw .cannotWrite(path: path, reason: written ? renameReason : reason)
        }
    }
}

/// A configuration file that could not be written.
enum PrivateFileError: Error, Equatable, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)

    var description: String { description(in: .english) }

    func description(in language: MessageLanguage) -> String {
        switch self {
        case .cannotWrite(let path, let reason): MessageCatalogue.text(.outputFileFailed, language, path, reason)
        }
    }
}
