#if canImport(Glibc)
import Glibc
#endif

/// Stops Tesseract's OpenMP loops from spawning threads.
///
/// Debian's libtesseract is built with OpenMP, and with its defaults every recognition spreads
/// over all cores and spends most of the time synchronising: several times slower here than one
/// thread per handle. `OMP_THREAD_LIMIT` would fix it but libgomp reads it before `main`, so
/// instead `max-active-levels` is set to 0 through libgomp's own entry point, looked up at run
/// time because libgomp ships no unversioned library to link against. libgomp keeps that
/// setting per thread, so every thread that runs Tesseract must call `limitCurrentThread()`.
/// libgomp still builds a team of one for each region; the `translate` program avoids even that
/// by defining the regions' entry points itself (`CInlineOpenMP`), and then this does nothing.
enum OpenMPLimiter {
    private typealias SetMaxActiveLevels = @convention(c) (Int32) -> Void

    /// libgomp's `omp_set_max_active_levels`, or nil when the process has no OpenMP runtime.
    private static let setMaxActiveLevels: SetMaxActiveLevels? = {
        guard let process = dlopen(nil, RTLD_NOW) else { return nil }
        defer { dlclose(process) }
        guard let symbol = dlsym(process, "omp_set_max_active_levels") else { return nil }
        return unsafeBitCast(symbol, to: SetMaxActiveLevels.self)
    }()

    /// True when the OpenMP runtime was found, so the limit can be applied.
    static var isAvailable: Bool { setMaxActiveLevels != nil }

    /// Makes OpenMP parallel regions started from this thread run on this thread alone.
    static func limitCurrentThread() {
        setMaxActiveLevels?(0)
    }
}
