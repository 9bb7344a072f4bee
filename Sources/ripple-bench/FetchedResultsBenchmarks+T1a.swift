#if canImport(Glibc)
import CRippleBench
import Glibc
#endif

/// `ripple-bench --t1a-instructions N`: T1a's batches alone at one size, for callgrind — the fixture of
/// ``FetchedResultsBenchmarks/run()`` with N objects, one warm-up batch, then 20 batches of 10 changes
/// through ``FetchedResultsBenchmarks/incrementalBatches(_:count:)``. T1a by instructions is the count at
/// N = 1M over the count at N = 10k:
///
/// ```sh
/// for n in 10000 1000000; do valgrind --tool=callgrind --collect-atstart=no \
///   --toggle-collect='*incrementalBatches*' ripple-bench --t1a-instructions $n; done
/// ```
extension FetchedResultsBenchmarks {
    static let t1aInstructionsFlag = "--t1a-instructions"

    static func runT1aInstructions(_ arguments: [String]) throws {
        guard arguments.count == 1, let n = Int(arguments[0]), n > 0 else {
            fputs("usage: ripple-bench \(t1aInstructionsFlag) N\n", ripplebench_stderr())
            exit(64)
        }
        let f = try fixture(n: n)
        try batch(f, k: 10)     // warm-up
        let start = Measure.now()
        try incrementalBatches(f, count: 20)
        print("T1a (instructions mode) at N=\(n): \(us(Double(Measure.now() - start) / 20)) µs per batch of 10 (mean of 20); count them with callgrind (see docs/performance.md)")
    }
}
