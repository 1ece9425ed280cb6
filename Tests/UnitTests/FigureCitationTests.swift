import Foundation
import Testing
import TestSupport

/// Code, scripts and docs cite measured figures by file and heading (docs/development.md,
/// "Where figures go"); a heading renamed or a section moved must not leave them pointing at
/// nothing.
@Suite struct FigureCitationTests {
    @Test func everyCitationAndLinkReachesAFileAndHeadingThatExist() {
        let report = FigureCitations(repository: TestPaths.repository).check()
        #expect(report.problems.isEmpty, "\(report.problems.map(\.description).joined(separator: "\n"))")
        // The figures are cited in dozens of places and the docs link to each other: a scan that
        // finds far fewer has stopped reading them, and the check above would pass on nothing.
        #expect(report.citations >= 30, "\(report.citations) citations found")
        #expect(report.links >= 80, "\(report.links) links found")
    }

    /// Each kind of broken citation and link is named with its file and line, and the good ones
    /// beside them are not.
    @Test func brokenCitationsAndLinksAreNamed() throws {
        let repository = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: repository) }
        try write("# Figures\n\n## Camera photos\n\n## Camera photos at night\n\n## OCR with `tesseract`\n\n"
                  + "```\n# not a heading\n```\n", to: "BENCHMARKS.md", in: repository)
        let citing = [
            "Good: BENCHMARKS.md, \"Camera photos\" is one heading, the other begins with it.",
            "Good: (BENCHMARKS.md, \"Camera photos at\"), and BENCHMARKS.md, \"OCR with tesseract\".",
            "Two headings: BENCHMARKS.md, \"Camera\".",
            "Not at a word's end: BENCHMARKS.md, \"Camera photo\".",
            "Not a heading outside a code block: BENCHMARKS.md, \"not a heading\".",
            "No file: docs/nowhere.md, \"Camera photos\".",
            "Not closed: BENCHMARKS.md, \"Camera photos",
            "Links: [a](../BENCHMARKS.md#camera-photos-at-night), [b](../BENCHMARKS.md#ocr-with-tesseract),",
            "[c](../BENCHMARKS.md#camera-photos-by-day), [d](missing.md), [e](#notes), [f](https://example.org/x.md#y).",
            "## Notes",
        ]
        try write(citing.joined(separator: "\n") + "\n", to: "docs/notes.md", in: repository)
        try write("// See BENCHMARKS.md, \"Night photos\".\n", to: "Sources/Reader/Reader.swift", in: repository)
        try write("x = 1  # bench/out is skipped: BENCHMARKS.md, \"Nothing\"\n", to: "bench/out/run.py", in: repository)

        let report = FigureCitations(repository: repository).check()
        let found = report.problems.map { "\($0.file):\($0.line): \($0.reason)" }
        #expect(found == [
            "Sources/Reader/Reader.swift:1: no heading of BENCHMARKS.md is or begins with these words",
            "docs/notes.md:3: 2 headings of BENCHMARKS.md begin with these words",
            "docs/notes.md:4: no heading of BENCHMARKS.md is or begins with these words",
            "docs/notes.md:5: no heading of BENCHMARKS.md is or begins with these words",
            "docs/notes.md:6: no such file from the repository's root",
            "docs/notes.md:7: the quoted heading does not end on this line",
            "docs/notes.md:9: no heading of BENCHMARKS.md has this anchor",
            "docs/notes.md:9: no such file or folder",
        ])
        #expect(report.citations == 9)
        #expect(report.links == 5)
    }

    @Test func anchorsAreMadeAsGitHubMakesThem() {
        #expect(FigureCitations.anchor(of: "OCR per category: `translate --ocr-only` against the `tesseract` command")
            == "ocr-per-category-translate---ocr-only-against-the-tesseract-command")
        #expect(FigureCitations.anchor(of: "The fixtures and the shared images, both tools with `-l kor+eng`")
            == "the-fixtures-and-the-shared-images-both-tools-with--l-koreng")
        #expect(FigureCitations.anchor(of: "Fuzzing: 1,000,000 inputs per target") == "fuzzing-1000000-inputs-per-target")
        #expect(FigureCitations.anchors(of: ["Notes", "Notes", "Notes"]) == ["notes", "notes-1", "notes-2"])
    }

    private func write(_ text: String, to path: String, in repository: URL) throws {
        let file = repository.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }
}
