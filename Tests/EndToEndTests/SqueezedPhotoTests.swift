import Foundation
import Testing
import TestSupport

/// A photo of a flat sign squeezed by strong JPEG compression, and a Thai sign read as a photo.
@Suite struct SqueezedPhotoTests {
    /// A blue exit sign with a Thai word over its English one, filling the frame, with a little
    /// sensor noise, saved at JPEG quality 25 as a chat app squeezes a photo: its flat panel
    /// falls into flat 8×8 blocks, and 76% of its neighbouring pixels are equal. `seed` fixes
    /// ImageMagick's noise.
    private static func drawSqueezedExitSign(seed: Int, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("exit-\(seed).jpg").path
        try ImageMagickDrawing.convert([
            "-seed", "\(seed)", "-size", "800x600", "gradient:#2060b0-#123f80",
            "-font", "Noto-Sans-Thai-Bold", "-pointsize", "150", "-fill", "white", "-gravity", "center",
            "-annotate", "+0-90", "ทางออก", "-font", "Noto-Sans-Bold", "-pointsize", "110", "-annotate", "+0+130", "Exit",
            "-blur", "0x0.8", "-attenuate", "0.4", "+noise", "Gaussian", "-quality", "25", path,
        ])
        return path
    }

    /// Read as a page, it read `nivvon` and `Exit` under 70: flat as a screenshot by its
    /// pixels, a page that reads poorly is read as a photo too, and that reading is kept.
    @Test func aSqueezedPhotoThatReadsPoorlyAsAPageIsReadAsAPhoto() throws {
        guard let environment = PhotoTests.environmentWithModel() else { return }
        let folder = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sign = try Self.drawSqueezedExitSign(seed: 2, in: folder)
        let run = InProcessRun([sign, "--ocr-only", "--format", "plain", "-v"], environment: environment)
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardError.contains("camera photo (76% of neighbouring pixels equal)"), "\(run.standardError)")
        #expect(run.standardOutput == "ทางออก\nExit\n", "\(run.standardOutput)\n\(run.standardError)")
    }

    /// Read as a photo, its widest line is the Thai word, which the recognizer does not read:
    /// the check for a photo taken upside down read its lines both ways up and turned it over
    /// (`ueealu`). The English line, read whole as it lies, says it is upright.
    @Test func aLineReadWholeSaysAPhotoIsUpright() throws {
        guard let environment = PhotoTests.environmentWithModel() else { return }
        let folder = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sign = try Self.drawSqueezedExitSign(seed: 3, in: folder)
        let run = InProcessRun([sign, "--ocr-only", "--format", "plain", "--layout", "photo", "-v"], environment: environment)
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(!run.standardError.contains("upside down"), "\(run.standardError)")
        #expect(run.standardOutput == "ทางออก\nExit\n", "\(run.standardOutput)\n\(run.standardError)")
    }
}
