import CInlineOpenMP
import Foundation
import Testing

/// libgomp's entry points as CInlineOpenMP defines them: called directly here, the way the code
/// GCC generates for Tesseract's `parallel` and `parallel sections` regions calls them.
@Suite struct InlineOpenMPTests {
    /// What a region's body did, in order, and on which thread.
    final class Trace {
        var steps: [String] = []
        var threads: Set<pthread_t> = []
        var nestedRegion: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?

        func record(_ step: String) {
            steps.append(step)
            threads.insert(pthread_self())
        }
    }

    /// The body GCC outlines for `parallel sections`: take sections until none is left.
    static let sectionsBody: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
        let trace = Unmanaged<Trace>.fromOpaque(data!).takeUnretainedValue()
        var section = GOMP_sections_next()
        while section != 0 {
            trace.record("section \(section)")
            if section == 1, let nested = trace.nestedRegion {
                GOMP_parallel(nested, data, 4, 0)
            }
            section = GOMP_sections_next()
        }
        GOMP_sections_end_nowait()
    }

    static let parallelBody: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
        Unmanaged<Trace>.fromOpaque(data!).takeUnretainedValue().record("parallel")
    }

    @Test func everySectionRunsOnceInOrderOnTheCallingThread() {
        let trace = Trace()
        GOMP_parallel_sections(Self.sectionsBody, Unmanaged.passUnretained(trace).toOpaque(), 4, 3, 0)
        #expect(trace.steps == ["section 1", "section 2", "section 3"])
        #expect(trace.threads == [pthread_self()])
    }

    @Test func aParallelRegionRunsItsBodyOnceOnTheCallingThread() {
        let trace = Trace()
        GOMP_parallel(Self.parallelBody, Unmanaged.passUnretained(trace).toOpaque(), 4, 0)
        #expect(trace.steps == ["parallel"])
        #expect(trace.threads == [pthread_self()])
    }

    /// A region started inside a section runs there, and the outer region's sections go on
    /// after it from where they were.
    @Test func aRegionInsideASectionLeavesTheOuterSectionsToRunOn() {
        let trace = Trace()
        trace.nestedRegion = Self.parallelBody
        GOMP_parallel_sections(Self.sectionsBody, Unmanaged.passUnretained(trace).toOpaque(), 2, 2, 0)
        #expect(trace.steps == ["section 1", "parallel", "section 2"])
    }

    /// A sections construct libgomp started (Tesseract 5 starts none) stays libgomp's: the
    /// sections are handed out by it, outside any region of ours.
    @Test func sectionsLibgompStartedAreHandedOutByLibgomp() throws {
        typealias SectionsStart = @convention(c) (UInt32) -> UInt32
        let symbol = try #require(dlsym(nil, "GOMP_sections_start"))
        let start = unsafeBitCast(symbol, to: SectionsStart.self)
        var sections = [start(3)]
        while sections.last != 0 { sections.append(GOMP_sections_next()) }
        GOMP_sections_end_nowait()
        #expect(sections == [1, 2, 3, 0])
    }
}
