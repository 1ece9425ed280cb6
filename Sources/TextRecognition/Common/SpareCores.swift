import Locking

/// The cores a run's workers have left: a worker with no input left to read gives its core
/// here, and a worker still reading a photo takes one for a helper thread while it reads the
/// photo's lines, and gives it back after.
///
/// At the end of a folder, one long photo (a handwritten contract: 63 lines, each read by the
/// recognizer and by Tesseract) would otherwise be read on one core while the others wait.
/// The run never has more threads busy than its workers (`--jobs`).
public final class SpareCores: Sendable {
    /// The cores spare now, and how many times one has been taken.
    private let state = Locked((spare: 0, taken: 0))

    public init() {}

    /// A core given by a worker that has nothing left to read.
    public func give() {
        state.withLock { $0.spare += 1 }
    }

    /// One spare core, taken; false when there is none.
    public func take() -> Bool {
        state.withLock { state in
            guard state.spare > 0 else { return false }
            state.spare -= 1
            state.taken += 1
            return true
        }
    }

    /// How many cores are spare now.
    var available: Int { state.withLock { $0.spare } }

    /// How many times a core has been taken.
    var timesTaken: Int { state.withLock { $0.taken } }
}
