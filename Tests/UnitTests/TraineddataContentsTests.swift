import Foundation
import Testing
@testable import TesseractReading

/// A traineddata file's table of contents says which engine Tesseract will run it with.
@Suite struct TraineddataContentsTests {
    /// A header with room for `count` parts, those in `present` at made-up offsets.
    private func header(count: Int, present: Set<Int>) -> Data {
        var bytes = withUnsafeBytes(of: UInt32(count).littleEndian) { Array($0) }
        for part in 0..<count {
            let offset: Int64 = present.contains(part) ? Int64(1000 + part) : -1
            bytes += withUnsafeBytes(of: offset.littleEndian) { Array($0) }
        }
        return Data(bytes)
    }

    @Test func anLSTMModelAloneIsLSTMOnly() throws {
        let contents = try #require(TraineddataContents(header: header(count: 24, present: [0, 6, 7, 17, 18])))
        #expect(contents.isLSTMOnly)
    }

    @Test func aLegacyModelBesideTheLSTMIsNot() throws {
        let contents = try #require(TraineddataContents(header: header(count: 24, present: [1, 3, 4, 5, 17])))
        #expect(!contents.isLSTMOnly)
    }

    /// `osd` has room for 11 parts: no LSTM model can be among them.
    @Test func dataWithNoRoomForAnLSTMModelIsNotRead() {
        #expect(TraineddataContents(header: header(count: 11, present: [1, 3, 4, 5])) == nil)
    }

    @Test func aCutHeaderIsNotRead() {
        #expect(TraineddataContents(header: header(count: 24, present: [17]).prefix(100)) == nil)
        #expect(TraineddataContents(header: Data([1, 2])) == nil)
    }

    /// Debian's data: every language has its LSTM model alone, orientation detection has the
    /// legacy one; a language not installed is not said to lack anything.
    @Test func installedDataIsToldApart() {
        let environment: [String: String] = [:]
        #expect(TesseractData.lacksLegacyModel("eng", environment: environment))
        #expect(TesseractData.lacksLegacyModel("chi_sim", environment: environment))
        #expect(!TesseractData.lacksLegacyModel("osd", environment: environment))
        #expect(!TesseractData.lacksLegacyModel("xyz_not_installed", environment: environment))
    }
}
