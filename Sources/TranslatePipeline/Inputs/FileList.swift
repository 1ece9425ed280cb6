import Foundation
import ImageDecoding

/// Reads a `--files-from` list: one path per line, or NUL-separated (`-0`, as `find -print0`
/// writes them, for names that hold line breaks).
///
/// The list is read as a stream, in chunks, and what it may hold is bounded, so that a list
/// that is not one (`/dev/zero`, a binary file) stops early instead of filling memory: a path
/// longer than `maxEntryLength` bytes, a NUL byte in a line-separated list, or more than
/// `maxEntryLength` empty entries in a row end the list there, and the paths before are kept.
enum FileList {
    /// The longest path taken: Linux's `PATH_MAX`.
    static let maxEntryLength = 4096

    /// The paths in `stream`, in order, and why the list ended early, if it did. Empty entries
    /// are left out; in line mode a carriage return ending a line is dropped too, so that lists
    /// written on Windows work.
    static func read(_ stream: any ByteStream, nulSeparated: Bool) -> (paths: [String], failure: InputListError?) {
        let separator = nulSeparated ? UInt8(0) : UInt8(ascii: "\n")
        var paths: [String] = []
        var entry: [UInt8] = []
        var entryNumber = 1
        var emptyInARow = 0
        func finishEntry() {
            if !nulSeparated, entry.last == UInt8(ascii: "\r") { entry.removeLast() }
            if entry.isEmpty {
                emptyInARow += 1
            } else {
                paths.append(String(decoding: entry, as: UTF8.self))
                emptyInARow = 0
            }
            entry.removeAll(keepingCapacity: true)
            entryNumber += 1
        }
        while true {
            let chunk: Data
            do {
                chunk = try stream.read(upTo: 64 << 10)
            } catch {
                return (paths, .unreadableList(reason: error.reason))
            }
            if chunk.isEmpty { break }
            for byte in chunk {
                if byte == separator {
                    finishEntry()
                    if emptyInARow > maxEntryLength {
                        return (paths, .emptyEntries(line: entryNumber - 1, limit: maxEntryLength, nulSeparated: nulSeparated))
                    }
                } else if byte == 0 {
                    return (paths, .nulInLine(line: entryNumber))
                } else {
                    entry.append(byte)
                    if entry.count > maxEntryLength {
                        return (paths, .entryTooLong(entry: entryNumber, limit: maxEntryLength, nulSeparated: nulSeparated))
                    }
                }
            }
        }
        if !entry.isEmpty { finishEntry() }
        return (paths, nil)
    }
}
