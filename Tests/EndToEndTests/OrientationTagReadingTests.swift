import Foundation
import Testing
import TestSupport

/// A phone photo stored on its side, with an EXIF tag saying how it is seen, is read as seen.
@Suite struct OrientationTagReadingTests {
    /// The photographed page fixture, saved upright and saved turned a quarter anticlockwise
    /// with the tag that turns it back (6): both read the same lines, in the same places, and
    /// the result has the size the page is seen at.
    @Test func aPhotoStoredOnItsSideIsReadAsItsTagSaysItIsSeen() throws {
        guard let environment = PhotoTests.environmentWithModel() else { return }
        let folder = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let upright = folder.appendingPathComponent("upright.jpg").path
        let stored = folder.appendingPathComponent("stored.jpg").path
        let photo = TestPaths.fixture("photographed-page-en.jpg")
        try ImageMagickDrawing.convert([photo, "-quality", "95", upright])
        try ImageMagickDrawing.convert([photo, "-rotate", "-90", "-quality", "95", stored])
        let tagged = folder.appendingPathComponent("tagged.jpg")
        try OrientationTagBytes.jpeg(Data(contentsOf: URL(fileURLWithPath: stored)), withEXIF: OrientationTagBytes.tiff(orientation: 6))
            .write(to: tagged)

        let seen = try Self.result(of: upright, environment: environment)
        let read = try Self.result(of: tagged.path, environment: environment)
        #expect(read["width"] as? Int == seen["width"] as? Int && read["height"] as? Int == seen["height"] as? Int)
        // The turned copy is a JPEG of its own, its blocks falling elsewhere: a line may read a
        // little differently. Most read the same, where the upright copy's lines are.
        let seenBoxes = try #require(seen["boxes"] as? [[String: Any]])
        let readBoxes = try #require(read["boxes"] as? [[String: Any]])
        #expect(seenBoxes.count >= 10)
        var placed = 0
        for reference in seenBoxes {
            guard let box = readBoxes.first(where: { $0["text"] as? String == reference["text"] as? String }) else { continue }
            // Boxes that overlap: a box may reach further along its line in one copy than in
            // the other. In the stored pixels the line would be elsewhere altogether.
            let overlap = Self.overlap(box, reference)
            #expect(overlap >= 0.5, "\(reference["text"] ?? "") overlaps its place by \(overlap)")
            placed += 1
        }
        #expect(placed * 10 >= seenBoxes.count * 8, "\(placed) of \(seenBoxes.count) lines read the same")
    }

    /// The intersection of two boxes over their union.
    private static func overlap(_ one: [String: Any], _ other: [String: Any]) -> Double {
        func rect(_ box: [String: Any]) -> (x: Int, y: Int, right: Int, bottom: Int) {
            let x = box["x"] as? Int ?? 0, y = box["y"] as? Int ?? 0
            return (x, y, x + (box["width"] as? Int ?? 0), y + (box["height"] as? Int ?? 0))
        }
        let a = rect(one), b = rect(other)
        let common = max(0, min(a.right, b.right) - max(a.x, b.x)) * max(0, min(a.bottom, b.bottom) - max(a.y, b.y))
        let union = (a.right - a.x) * (a.bottom - a.y) + (b.right - b.x) * (b.bottom - b.y) - common
        return union > 0 ? Double(common) / Double(union) : 0
    }

    private static func result(of image: String, environment: [String: String]) throws -> [String: Any] {
        let run = InProcessRun([image, "--ocr-only", "--format", "json"], environment: environment)
        #expect(run.exitCode == 0, "\(run.standardError)")
        let results = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
        return try #require(results.first)
    }
}
