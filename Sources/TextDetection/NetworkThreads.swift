internal import CTextDetection

/// The threads OpenCV spreads each network's layers over, for the whole process.
///
/// Its parallel loops help a network that runs alone (the detector takes about 400 ms of wall
/// time on two threads against 630 ms on one). When the program already runs networks on every
/// core itself (a photo's lines read on two threads), they only add work: a
/// fifth more CPU for the same readings on a 12-megapixel receipt, and a slower run overall.
public enum NetworkThreads {
    /// Keeps OpenCV's loops on the thread that calls them, for the rest of the process. The
    /// count is process-wide and OpenCV cannot change it under a running loop: call this before
    /// any thread uses OpenCV (at the start of `main`), not from a library.
    public static func useCallingThreadsOnly() {
        CTextDetection_setThreads(1)
    }
}
