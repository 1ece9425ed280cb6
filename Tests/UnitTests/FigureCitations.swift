import Foundation

/// The places where the repository's text cites a measured figure, checked against the files
/// they name.
///
/// A citation names a Markdown file from the repository's root and one of its headings, on one
/// line: the file's name, a comma, and the heading's words in double quotes. The quoted words are
/// a heading as written (backticks left out), or the beginning of exactly one heading, ending at
/// a word's end. A Markdown file's links must reach a file or folder, and a link's anchor a
/// heading of the Markdown file it points to, as GitHub makes anchors from headings.
struct FigureCitations {
    /// A citation or link that does not reach what it names.
    struct Problem: CustomStringConvertible, Equatable {
        /// The citing file, from the repository's root.
        var file: String
        var line: Int
        var text: String
        var reason: String

        var description: String { "\(file):\(line): \(text): \(reason)" }
    }

    /// What one pass over the repository found.
    struct Report {
        var problems: [Problem] = []
        var citations = 0
        var links = 0
    }

    let repository: URL

    /// The folders read, and the files at the top that are read too.
    static let folders = ["Sources", "Tests", "Fuzz", "scripts", "bench", "docs"]
    static let topFiles = ["README.md", "ARCHITECTURE.md", "BENCHMARKS.md", "Package.swift"]
    static let extensions: Set<String> = ["swift", "c", "h", "cpp", "hpp", "py", "sh", "md"]

    /// Folders of generated output and virtual environments, which cite nothing of ours.
    static func isSkipped(folder name: String) -> Bool {
        name == "out" || name.hasSuffix("-venv")
    }

    /// Every file read, from the repository's root, in a stable order.
    func files() -> [String] {
        var paths = Self.topFiles.filter { FileManager.default.fileExists(atPath: url($0).path) }
        for folder in Self.folders {
            guard let walk = FileManager.default.enumerator(at: url(folder), includingPropertiesForKeys: [.isDirectoryKey],
                                                            options: [.skipsHiddenFiles]) else { continue }
            var found: [String] = []
            for case let file as URL in walk {
                if (try? file.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true {
                    if Self.isSkipped(folder: file.lastPathComponent) { walk.skipDescendants() }
                    continue
                }
                guard Self.extensions.contains(file.pathExtension) else { continue }
                found.append(folder + "/" + file.path.dropFirst(url(folder).path.count + 1))
            }
            paths += found.sorted()
        }
        return paths
    }

    /// Checks every citation and every Markdown link of the files read.
    func check() -> Report {
        var report = Report()
        var headingsByFile: [String: [String]] = [:]
        func headings(of path: String) -> [String] {
            if let known = headingsByFile[path] { return known }
            let found = (try? String(contentsOf: url(path), encoding: .utf8)).map(Self.headings(in:)) ?? []
            headingsByFile[path] = found
            return found
        }
        for file in files() {
            guard let text = try? String(contentsOf: url(file), encoding: .utf8) else { continue }
            let isMarkdown = file.hasSuffix(".md")
            var inFence = false
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                func problem(_ text: Substring, _ reason: String) {
                    report.problems.append(Problem(file: file, line: index + 1, text: String(text), reason: reason))
                }
                // Swift's regexes are slow; most lines hold neither a citation nor a link.
                let citations = line.contains(".md, \"") ? line.matches(of: #/([\w./-]+\.md), "([^"]*)(")?/#) : []
                for citation in citations {
                    report.citations += 1
                    let (whole, path, quoted, closing) = citation.output
                    guard closing != nil else { problem(whole, "the quoted heading does not end on this line"); continue }
                    guard isFile(String(path)) else { problem(whole, "no such file from the repository's root"); continue }
                    let named = Self.headingsNamed(by: String(quoted), among: headings(of: String(path)))
                    if named.isEmpty { problem(whole, "no heading of \(path) is or begins with these words") }
                    if named.count > 1 { problem(whole, "\(named.count) headings of \(path) begin with these words") }
                }
                guard isMarkdown else { continue }
                if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle() }
                guard !inFence else { continue }
                for link in line.contains("](") ? line.matches(of: #/\]\(([^)\s]+)\)/#) : [] {
                    let target = link.output.1
                    guard !target.contains("://"), !target.hasPrefix("mailto:") else { continue }
                    report.links += 1
                    let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                    let linked: String? = parts[0].isEmpty ? file : Self.resolve(String(parts[0]), from: file)
                    guard let linked, FileManager.default.fileExists(atPath: url(linked).path) else {
                        problem(target, "no such file or folder"); continue
                    }
                    if parts.count == 2, linked.hasSuffix(".md"),
                       !Self.anchors(of: headings(of: linked)).contains(String(parts[1])) {
                        problem(target, "no heading of \(linked) has this anchor")
                    }
                }
            }
        }
        return report
    }

    private func url(_ path: String) -> URL { repository.appendingPathComponent(path) }

    private func isFile(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url(path).path, isDirectory: &isFolder) && !isFolder.boolValue
    }

    /// `target`, written in the file at `file`, as a path from the repository's root; nil when
    /// it leaves the repository.
    static func resolve(_ target: String, from file: String) -> String? {
        var parts = file.split(separator: "/").dropLast().map(String.init)
        for part in target.split(separator: "/").map(String.init) where part != "." {
            if part == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    /// The text of every heading of a Markdown file, code blocks left out.
    static func headings(in markdown: String) -> [String] {
        var found: [String] = []
        var inFence = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle(); continue }
            let marks = line.prefix { $0 == "#" }.count
            guard !inFence, (1...6).contains(marks), line.dropFirst(marks).first == " " else { continue }
            found.append(line.dropFirst(marks + 1).trimmingCharacters(in: .whitespaces))
        }
        return found
    }

    /// The headings `quoted` names: the one it is, or else every one it begins, at a word's end.
    static func headingsNamed(by quoted: String, among headings: [String]) -> [String] {
        let words = quoted.replacingOccurrences(of: "`", with: "").trimmingCharacters(in: .whitespaces)
        guard !words.isEmpty else { return [] }
        let plain = headings.map { $0.replacingOccurrences(of: "`", with: "") }
        if plain.contains(words) { return [words] }
        return plain.filter { heading in
            guard heading.hasPrefix(words), let next = heading.dropFirst(words.count).first else { return false }
            return !(next.isLetter || next.isNumber)
        }
    }

    /// The anchors GitHub gives these headings: lower case, every character but letters, digits,
    /// `-` and `_` left out, each space a `-`, and `-1`, `-2` … after a repeated one.
    static func anchors(of headings: [String]) -> Set<String> {
        var seen: [String: Int] = [:]
        var anchors: Set<String> = []
        for heading in headings {
            let base = anchor(of: heading)
            let count = seen[base, default: 0]
            anchors.insert(count == 0 ? base : "\(base)-\(count)")
            seen[base] = count + 1
        }
        return anchors
    }

    static func anchor(of heading: String) -> String {
        var anchor = ""
        for character in heading.lowercased() {
            if character == " " {
                anchor.append("-")
            } else if character == "-" || character == "_" || character.isLetter || character.isNumber {
                anchor.append(character)
            }
        }
        return anchor
    }
}
