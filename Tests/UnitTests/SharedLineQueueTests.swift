import Testing
@testable import TextRecognition

/// The lines two threads share out, one from the front and one from the back.
@Suite struct SharedLineQueueTests {
    @Test func theFrontAndTheBackMeetWithEveryLineTakenOnce() {
        var queue = SharedLineQueue([4, 7, 9, 12])
        #expect(queue.take(fromBack: false) == 4)
        #expect(queue.take(fromBack: true) == 12)
        #expect(queue.untaken == [7, 9])
        #expect(queue.take(fromBack: true) == 9)
        #expect(queue.take(fromBack: false) == 7)
        #expect(queue.take(fromBack: false) == nil)
        #expect(queue.take(fromBack: true) == nil)
        #expect(queue.untaken.isEmpty)
    }

    @Test func linesPassedOverAreTakenButNotGiven() {
        var queue = SharedLineQueue([1, 2, 3, 4, 5])
        let dropped: Set = [1, 2, 5]
        #expect(queue.take(fromBack: false, passingOver: dropped.contains) == 3)
        #expect(queue.take(fromBack: true, passingOver: dropped.contains) == 4)
        #expect(queue.take(fromBack: false, passingOver: dropped.contains) == nil)
    }

    @Test func aStoppedQueueGivesNoMoreLines() {
        var queue = SharedLineQueue([1, 2, 3])
        #expect(queue.take(fromBack: false) == 1)
        queue.stop()
        #expect(queue.untaken.isEmpty)
        #expect(queue.take(fromBack: true) == nil)
    }

    @Test func aHelperCoreIsLeasedOnlyWhereThereIsOne() {
        #expect(SharedLineRecognition.HelperCore.none.lease() == nil)
        #expect(SharedLineRecognition.HelperCore.own.lease()?.spare == nil)
        #expect(SharedLineRecognition.HelperCore.own.lease() != nil)
        let cores = SpareCores()
        #expect(SharedLineRecognition.HelperCore.spare(cores).lease() == nil)
        cores.give()
        let lease = SharedLineRecognition.HelperCore.spare(cores).lease()
        #expect(lease != nil)
        #expect(cores.available == 0)
        lease?.end()
        #expect(cores.available == 1)
    }
}
