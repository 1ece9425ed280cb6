/// The lines two threads share out: the calling thread takes them from the front, a helper
/// thread from the back (or the other way round), each line once. Kept under the lock of the
/// work that holds it (`SharedLineRecognition`, `SharedLineRetries`).
struct SharedLineQueue {
    private let indices: [Int]
    /// The first index not taken from the front, and one past the last not taken from the back.
    private var next = 0
    private var end: Int

    init(_ indices: [Int]) {
        self.indices = indices
        end = indices.count
    }

    /// The lines not taken yet.
    var untaken: ArraySlice<Int> { indices[next..<end] }

    /// The next line from the front or the back, taken, passing over (and taking) those
    /// `passedOver` says to leave; nil when none is left.
    mutating func take(fromBack: Bool, passingOver passedOver: (Int) -> Bool = { _ in false }) -> Int? {
        while next < end {
            let index = fromBack ? indices[end - 1] : indices[next]
            if fromBack { end -= 1 } else { next += 1 }
            if !passedOver(index) { return index }
        }
        return nil
    }

    /// Leaves the lines not taken yet.
    mutating func stop() {
        next = end
    }
}
