import Locking

/// Loads orientation detection into a run's pool on a thread of its own, while the run loads
/// its first languages and opens its image: when the run reads one image, the page's scout
/// (TextRecognition's `ScriptScout`) detects its script as soon as the page is prepared, instead of loading the
/// detector first (about 0.1 s, 41 MB).
public final class OrientationDetectionPreload: Sendable {
    private let loading: JoinableThread

    /// Starts loading `osd` into `pool` (nothing when it cannot be loaded: the scout and the
    /// usual steps then go without, as they would have).
    public init(into pool: TesseractHandlePool) {
        loading = JoinableThread(stackSize: 16 << 20) {
            EngineCache(pageSegmentationMode: TesseractEngine.defaultPageSegmentationMode, pool: pool).loadOrientationDetector()
        }
    }

    /// Waits for the load to end (before the run ends, so that no thread is loading at exit).
    public func wait() {
        loading.join()
    }
}
