import Foundation
import Testing
import TestSupport

/// Thai read by Tesseract comes out with SARA AM as one character, as Thai is typed.
@Suite struct ThaiSaraAmTests {
    /// Three lines with SARA AM in five words (`น้ำ`, `ทำ`, `คำ`, `แนะนำ`, `สำนักงาน`): Tesseract
    /// writes every one of them as NIKHAHIT and SARA AA; the tool prints none so, in the lines'
    /// texts or in their words'.
    @Test func saraAmIsOneCharacter() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let image = directory.appendingPathComponent("notice.png").path
        try ImageMagickDrawing.convert(["-size", "900x260", "xc:white", "-font", "Noto-Sans-Thai-Regular", "-pointsize", "36",
                                        "-fill", "black", "-annotate", "+20+60", "ดื่มน้ำมาก ๆ ทุกวัน",
                                        "-annotate", "+20+130", "กรุณาทำตามคำแนะนำ", "-annotate", "+20+200", "สำนักงานเปิดทุกวันจันทร์",
                                        image])
        let run = InProcessRun([image, "--ocr-only", "--ocr-lang", "tha", "--format", "jsonl"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let output = run.standardOutput
        #expect(output.contains("กรุณาทำตามคำแนะนำ"), "\(output)")
        #expect(output.contains("สำนักงาน"), "\(output)")
        #expect(!output.unicodeScalars.contains("\u{0E4D}"), "\(output)")
    }
}
