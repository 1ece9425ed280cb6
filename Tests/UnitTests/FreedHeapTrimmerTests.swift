import Locking
import Testing
@testable import TesseractReading
@testable import TextRecognition

/// The freed heap is given back when it has grown by `allowedGrowth` since the last time, not
/// after every page.
@Suite struct FreedHeapTrimmerTests {
    private static let mebibyte = 1 << 20

    /// A process whose resident memory and heap in use the test sets; trimming gives back every
    /// freed byte beyond `kept`.
    private final class FakeProcess: Sendable {
        struct State { var resident = 0, inUse = 0, trims = 0, kept = 0 }
        let state = Locked(State())
        func trimmer() -> FreedHeapTrimmer {
            FreedHeapTrimmer(residentAnonymous: { self.state.withLock { $0.resident } },
                             inUse: { self.state.withLock { $0.inUse } },
                             release: { self.state.withLock { $0.trims += 1; $0.resident = $0.inUse + $0.kept } })
        }
        func set(resident: Int, inUse: Int) { state.withLock { $0.resident = resident; $0.inUse = inUse } }
        /// 150 MiB of heap in use and `bytes` resident beside it.
        func set(freed bytes: Int) { set(resident: 150 * mebibyte + bytes, inUse: 150 * mebibyte) }
        var trims: Int { state.withLock { $0.trims } }
    }

    /// A process whose trims keep `kept` bytes of freed heap, and a trimmer that has read its
    /// first page there (so its mark is `kept`).
    private static func marked(keeping kept: Int) -> (FakeProcess, FreedHeapTrimmer) {
        let process = FakeProcess()
        process.state.withLock { $0.kept = kept }
        let trimmer = process.trimmer()
        process.set(freed: kept + 5 * mebibyte)
        trimmer.pageFinished()
        return (process, trimmer)
    }

    @Test func theFirstPageTrimsAndSetsTheMark() {
        let process = FakeProcess()
        let trimmer = process.trimmer()
        process.set(freed: 50 * Self.mebibyte)
        #expect(trimmer.pageFinished())
        #expect(process.trims == 1)
    }

    @Test func freedHeapIsTrimmedOnlyOnceItHasGrownByTheAllowance() {
        let (process, trimmer) = Self.marked(keeping: 5 * Self.mebibyte)
        // Grown to exactly the allowance over the mark: left alone.
        process.set(freed: 5 * Self.mebibyte + FreedHeapTrimmer.allowedGrowth)
        #expect(!trimmer.pageFinished())
        // One byte more: trimmed.
        process.set(freed: 5 * Self.mebibyte + FreedHeapTrimmer.allowedGrowth + 1)
        #expect(trimmer.pageFinished())
        #expect(process.trims == 2)
    }

    @Test func aLowerLevelReachedWithoutItBecomesTheMark() {
        let (process, trimmer) = Self.marked(keeping: 10 * Self.mebibyte)
        // Something else trimmed (a handle freed): 1 MiB freed now, the new mark.
        process.set(freed: Self.mebibyte)
        #expect(!trimmer.pageFinished())
        // Growth is counted from there: 1 + allowance + 1 byte trims, though it is under 10 + allowance.
        process.set(freed: Self.mebibyte + FreedHeapTrimmer.allowedGrowth + 1)
        #expect(trimmer.pageFinished())
    }

    @Test func nothingIsTrimmedWhenTheResidentSizeCannotBeRead() {
        let process = FakeProcess()
        let trimmer = process.trimmer()
        process.set(resident: 0, inUse: 150 * Self.mebibyte)
        #expect(!trimmer.pageFinished())
        process.set(resident: 0, inUse: 10 * Self.mebibyte)
        #expect(!trimmer.pageFinished())
        #expect(process.trims == 0)
    }

    @Test func theRealProcessReportsItsResidentMemory() {
        // Resident anonymous memory covers at least the heap's blocks in use that have been touched.
        let blocks = (0..<8).map { _ in [UInt8](repeating: 1, count: 4 * Self.mebibyte) }
        #expect(HeapMemory.residentAnonymous() >= blocks.count * 4 * Self.mebibyte)
        #expect(blocks.allSatisfy { $0.last == 1 })
    }
}
