import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Files below the output directory, reached from the directory's own descriptor one name at a
/// time, never through a symbolic link.
///
/// A result's path comes from an input's path (`shots/a.png` → `DIR/shots/a.png.json`). Were
/// the directories on the way opened by name, a symbolic link planted inside `DIR`
/// (`DIR/shots -> /elsewhere`) would send the result outside it. Here each directory is made
/// with `mkdirat` and opened with `openat(O_NOFOLLOW)`, the file is created with `O_EXCL |
/// O_NOFOLLOW` and renamed into place with `renameat` (which replaces a link rather than
/// following it), so a result lands inside `DIR` or is refused. `DIR` itself is the user's
/// choice, and may be a link.
struct ConfinedDirectory: Sendable {
    let root: String

    /// Writes `data` to `relative` whole or not at all: into a new hidden file beside it, then
    /// renamed over it, so that a reader (or a later `--skip-existing` run) never sees half a
    /// file, even when the run is killed while writing. The file gets the usual mode (0666 less
    /// the umask); missing directories are made.
    func write(_ data: Data, to relative: String) throws(OutputFileError) {
        let (directories, name) = try split(relative)
        let directory = try descend(directories, creating: true)
        defer { close(directory) }
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<16 {
            temporary = ".\(name).\(String(UInt32.random(in: .min ... .max), radix: 36)).tmp"
            descriptor = openat(directory, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        let path = path(of: relative)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: Self.reason(errno)) }
        var failure = Self.writeAll(data, to: descriptor)
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure == 0, renameat(directory, temporary, directory, name) != 0 { failure = errno }
        if failure != 0 {
            unlinkat(directory, temporary, 0)
            throw .cannotWrite(path: path, reason: Self.reason(failure))
        }
    }

    /// Adds `data` at the end of `relative` (made when missing) in one write, so that when the
    /// run is killed the file ends with a whole addition or a cut one, never a mix of two.
    func append(_ data: Data, to relative: String) throws(OutputFileError) {
        let (directories, name) = try split(relative)
        let directory = try descend(directories, creating: true)
        defer { close(directory) }
        let descriptor = openat(directory, name, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw .cannotWrite(path: path(of: relative), reason: Self.reason(errno)) }
        defer { close(descriptor) }
        let written = data.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == data.count else {
            throw .cannotWrite(path: path(of: relative), reason: written < 0 ? Self.reason(errno) : "short write")
        }
    }

    /// What `relative` holds, or nil when it is missing, a link or unreadable.
    func contents(of relative: String) -> Data? {
        inExistingDirectory(of: relative) { directory, name -> Data? in
            let descriptor = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            return try? FileHandle(fileDescriptor: descriptor, closeOnDealloc: true).readToEnd() ?? Data()
        } ?? nil
    }

    /// Renames `relative` to `newName` in the same directory; false when it is not there.
    func rename(_ relative: String, to newName: String) throws(OutputFileError) -> Bool {
        let (directories, name) = try split(relative)
        let directory = try descend(directories, creating: false)
        defer { close(directory) }
        if renameat(directory, name, directory, newName) == 0 { return true }
        if errno == ENOENT { return false }
        throw .cannotWrite(path: path(of: relative), reason: Self.reason(errno))
    }

    /// Removes `relative` when it is there; a link is removed, not what it points to.
    func remove(_ relative: String) {
        _ = inExistingDirectory(of: relative) { directory, name in unlinkat(directory, name, 0) }
    }

    /// Whether `relative` is a regular file (not a link to one, and not reached through one).
    func isFile(_ relative: String) -> Bool {
        fileType(of: relative) == S_IFREG
    }

    /// Whether `relative`, below the root, is a symbolic link (for what `--verbose` says of it).
    func isLink(_ relative: String) -> Bool {
        fileType(of: relative) == S_IFLNK
    }

    /// The type bits of what `relative` names itself (a link is not followed); nil when it is
    /// not there or its directory cannot be reached without a link.
    private func fileType(of relative: String) -> mode_t? {
        inExistingDirectory(of: relative) { directory, name in
            var status = stat()
            return fstatat(directory, name, &status, AT_SYMLINK_NOFOLLOW) == 0 ? status.st_mode & S_IFMT : nil
        } ?? nil
    }

    /// `body` with the descriptor of `relative`'s directory, which must already exist, and its
    /// name there; nil when the directory cannot be reached.
    private func inExistingDirectory<Result>(of relative: String, _ body: (Int32, String) -> Result) -> Result? {
        guard let (directories, name) = try? split(relative), let directory = try? descend(directories, creating: false) else {
            return nil
        }
        defer { close(directory) }
        return body(directory, name)
    }

    func path(of relative: String) -> String {
        root.hasSuffix("/") ? root + relative : root + "/" + relative
    }

    /// The directories on the way to a file, and its name; a path that could climb out is refused.
    private func split(_ relative: String) throws(OutputFileError) -> ([String], String) {
        let components = relative.split(separator: "/").map(String.init).filter { $0 != "." }
        guard let name = components.last, !relative.hasPrefix("/"), !components.contains("..") else {
            throw .outsideDirectory(path: path(of: relative), link: nil)
        }
        return (Array(components.dropLast()), name)
    }

    /// The root's descriptor, then each directory's in turn, made when `creating` and missing.
    private func descend(_ directories: [String], creating: Bool) throws(OutputFileError) -> Int32 {
        var current = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard current >= 0 else { throw .cannotCreateDirectory(path: root, reason: Self.reason(errno)) }
        var walked = root
        for name in directories {
            walked = walked.hasSuffix("/") ? walked + name : walked + "/" + name
            var next = openat(current, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if next < 0, errno == ENOENT, creating {
                if mkdirat(current, name, 0o777) != 0, errno != EEXIST {
                    let failure = errno
                    close(current)
                    throw .cannotCreateDirectory(path: walked, reason: Self.reason(failure))
                }
                next = openat(current, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            let failure = errno
            if next < 0 {
                var status = stat()
                let isLink = fstatat(current, name, &status, AT_SYMLINK_NOFOLLOW) == 0 && status.st_mode & S_IFMT == S_IFLNK
                close(current)
                if isLink { throw .outsideDirectory(path: walked, link: Self.target(of: walked)) }
                throw .cannotCreateDirectory(path: walked, reason: Self.reason(failure))
            }
            close(current)
            current = next
        }
        return current
    }

    private static func writeAll(_ data: Data, to descriptor: Int32) -> Int32 {
        data.withUnsafeBytes { raw -> Int32 in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return 0
        }
    }

    private static func target(of link: String) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: link)
    }

    static func reason(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
