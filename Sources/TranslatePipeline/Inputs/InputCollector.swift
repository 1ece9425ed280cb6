import Foundation
import ImageDecoding
import TranslateModel
import LanguageDetection
import TranslationEngines
import TranslateOutput

/// One image to read in a batch run.
public struct BatchInput: Sendable, Equatable {
    public var source: InputSource
    /// Where its result file goes under `--output-dir`, relative to it (without the format's
    /// extension); nil for standard input.
    public var outputPath: String?
    /// Set when the input is known to have failed before reading (an unreadable directory).
    public var failure: ResultError?

    public init(source: InputSource, outputPath: String?, failure: ResultError? = nil) {
        self.source = source
        self.outputPath = outputPath
        self.failure = failure
    }
}

/// The inputs of a run, directories expanded.
public struct CollectedInputs: Sendable, Equatable {
    public var inputs: [BatchInput] = []
    /// Files inside the directories given that are not images.
    public var skippedFiles = 0
    /// Whether any directory or list was expanded (a batch, even when it holds one image).
    public var expanded = false
    /// What stderr says about what was found (an empty directory).
    public var notes: [InputNotice] = []
    /// What was passed over on purpose, for `--verbose`: hidden entries, links to directories.
    public var details: [String] = []
}

/// Turns operands and `--files-from` lists into the images to read.
///
/// - A file is read whatever its name: a named file is taken to be an image.
/// - A directory gives the images directly inside it, sorted by name (byte order, as
///   `LC_ALL=C ls`); with `recursive`, those of its subdirectories too, depth first. Entries
///   whose names start with "." are ignored, and symbolic links to directories are not
///   followed (no cycles). Other files are skipped and counted.
/// - Where results go under `--output-dir`: an image found in a directory keeps its path
///   relative to that directory; any other file keeps the path it was given by, when that is
///   relative and has no "..", else just its name.
public struct InputCollector: Sendable {
    public var recursive: Bool
    /// Standard input, for a list given as `-`.
    public var standardInput: @Sendable () -> any ByteStream

    public init(recursive: Bool, standardInput: @escaping @Sendable () -> any ByteStream) {
        self.recursive = recursive
        self.standardInput = standardInput
    }

    /// Expands `operands`, then the paths listed in `listPath` (`-`: standard input). The result
    /// may hold no input at all (empty directories, an empty list). A list that cannot be read,
    /// or that stops early, becomes a failed input of its own after the paths read from it, so
    /// that the other inputs are still read.
    public func collect(operands: [String], listPath: String? = nil, nulSeparated: Bool = false) -> CollectedInputs {
        var collected = CollectedInputs()
        for operand in operands {
            add(operand == "-" ? nil : operand, to: &collected)
        }
        if let listPath {
            collected.expanded = true
            let source = InputSource(operand: listPath)
            let (paths, failure): ([String], InputListError?)
            switch openList(source) {
            case .success(let stream): (paths, failure) = FileList.read(stream, nulSeparated: nulSeparated)
            case .failure(let error): (paths, failure) = ([], error)
            }
            for path in paths {
                add(path, to: &collected)
            }
            if let failure {
                collected.inputs.append(BatchInput(source: source, outputPath: nil, failure: ResultError(failure)))
            }
        }
        return collected
    }

    /// The list, opened: any file but a directory (a device such as a terminal may hold a list).
    private func openList(_ source: InputSource) -> Result<any ByteStream, InputListError> {
        guard case .file(let path) = source else { return .success(standardInput()) }
        do {
            let stream = try FileDescriptorStream.open(path)
            if stream.kind == .directory { return .failure(.unreadableList(reason: String(cString: strerror(EISDIR)))) }
            return .success(stream)
        } catch {
            return .failure(.unreadableList(reason: error.reason))
        }
    }

    /// Adds one operand (nil: standard input).
    private func add(_ path: String?, to collected: inout CollectedInputs) {
        guard let path else {
            collected.inputs.append(BatchInput(source: .standardInput, outputPath: nil))
            return
        }
        guard FileStatus.of(path, followingLinks: true) == .directory else {
            collected.inputs.append(BatchInput(source: .file(path), outputPath: Self.outputPath(forNamed: path)))
            return
        }
        collected.expanded = true
        let before = collected.inputs.count
        walk(directory: path, relative: "", into: &collected)
        if collected.inputs.count == before {
            collected.notes.append(.noImagesInDirectory(path: path, recursive: recursive))
        }
    }

    private func walk(directory: String, relative: String, into collected: inout CollectedInputs) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            let failure = ResultError(InputListError.unreadableDirectory(reason: FileStatus.reason(error)))
            collected.inputs.append(BatchInput(source: .file(directory), outputPath: nil, failure: failure))
            return
        }
        let hidden = names.filter { $0.hasPrefix(".") }.count
        if hidden > 0 {
            collected.details.append("\(directory): \(hidden) hidden \(hidden == 1 ? "entry" : "entries") (names starting with \".\") skipped")
        }
        for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) where !name.hasPrefix(".") {
            let path = Self.join(directory, name)
            let inner = relative.isEmpty ? name : relative + "/" + name
            switch FileStatus.of(path, followingLinks: false) {
            case .directory:
                if recursive { walk(directory: path, relative: inner, into: &collected) }
            case .symbolicLink:
                // A link to a file counts like the file; a link to a directory is not followed.
                let target = FileStatus.of(path, followingLinks: true)
                if target == .directory, recursive {
                    collected.details.append("\(path): a symbolic link to a directory, not followed")
                }
                if target == .file { fallthrough }
            case .file:
                if ImageFileNames.isImage(name) {
                    collected.inputs.append(BatchInput(source: .file(path), outputPath: inner))
                } else {
                    collected.skippedFiles += 1
                }
            case .other, .missing:
                break
            }
        }
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// A named file's place under `--output-dir`.
    static func outputPath(forNamed path: String) -> String {
        let components = path.split(separator: "/").filter { $0 != "." }
        if path.hasPrefix("/") || components.contains("..") || components.isEmpty {
            return (path as NSString).lastPathComponent
        }
        return components.joined(separator: "/")
    }
}

/// What a path names, from `stat`/`lstat`.
enum FileStatus: Equatable {
    case file, directory, symbolicLink, other, missing

    static func of(_ path: String, followingLinks: Bool) -> FileStatus {
        var info = stat()
        let result = followingLinks ? stat(path, &info) : lstat(path, &info)
        guard result == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// A short reason for a file-system error ("No such file or directory").
    static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSCocoaErrorDomain {
            switch nsError.code {
            case NSFileReadNoSuchFileError, NSFileNoSuchFileError: return String(cString: strerror(ENOENT))
            case NSFileReadNoPermissionError: return String(cString: strerror(EACCES))
            default: break
            }
        }
        return nsError.localizedDescription
    }
}
