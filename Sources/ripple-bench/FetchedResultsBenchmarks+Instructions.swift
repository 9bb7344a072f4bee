import FetchedResults
import ObjectGraph

/// `ripple-bench --t1c-instructions`: T1c's two sides alone, for callgrind — the 100k fixture of
/// ``FetchedResultsBenchmarks/run()`` (no 1M fixture), then 15 incremental batches (k = 10,
/// ``incrementalBatches(_:count:)``) and 15 lean refetches (``leanRefetches(_:count:)``: the same ten writes,
/// processing without a delegate, read keys, sort, `DenseDiff`), each in its own function:
///
/// ```sh
/// valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*incrementalBatches*' \
///   --toggle-collect='*leanRefetches*' --toggle-collect='*flatRefetches*' \
///   --dump-before='*leanRefetches*' --dump-before='*flatRefetches*' ripple-bench --t1c-instructions
/// ```
/// The dumps count, in order, the incremental batches, the `value(forKey:)` refetches and the flat-array
/// refetches (``flatRefetches(_:count:)``, issue 30's lean baseline).
extension FetchedResultsBenchmarks {
    static let instructionsFlag = "--t1c-instructions"

    @inline(never)
    static func incrementalBatches(_ f: Fixture, count: Int) throws {
        for _ in 0..<count { try batch(f, k: 10) }
    }

    /// The lean baseline's order: every object's (group, score, number), sorted.
    static func leanOrder(_ objects: [ManagedObject]) throws -> [Int] {
        var keys: [(group: Int64, score: Double, number: Int)] = []
        keys.reserveCapacity(objects.count)
        for o in objects {
            guard case .integer(let g) = try o.value(forKey: "group"), case .double(let d) = try o.value(forKey: "score") else {
                throw BenchError("unexpected key types")
            }
            keys.append((g, d, o.objectID.number))
        }
        keys.sort { a, b in a.group != b.group ? a.group < b.group : (a.score != b.score ? a.score < b.score : a.number < b.number) }
        return keys.map(\.number)
    }

    @inline(never)
    static func leanRefetches(_ f: Fixture, count: Int) throws {
        var before = try leanOrder(f.objects)
        f.controller.delegate = nil
        for _ in 0..<count {
            for _ in 0..<10 {
                let o = f.objects[Int(rng.next() % UInt64(f.objects.count))]
                try o.setValue(.double(rng.nextDouble()), forKey: "score")
            }
            try f.context.processPendingChanges()
            let after = try leanOrder(f.objects)
            let diff = DenseDiff(old: before, new: after)
            precondition(diff.removals.isEmpty && diff.insertions.isEmpty && diff.moves.count <= 10)
            before = after
        }
        f.controller.delegate = f.counter
    }

    static func runInstructions() throws {
        let mid = try fixture(n: 100_000)
        try batch(mid, k: 10)       // warm-up
        var start = Measure.now()
        try incrementalBatches(mid, count: 15)
        let incremental = Double(Measure.now() - start) / 15
        start = Measure.now()
        try leanRefetches(mid, count: 15)
        let lean = Double(Measure.now() - start) / 15
        try mid.controller.performFetch()       // resynchronise after the untracked baseline batches
        start = Measure.now()
        try flatRefetches(mid, count: 15)
        let flat = Double(Measure.now() - start) / 15
        print("T1c (instructions mode): flat lean refetch \(us(flat)) µs, value(forKey:) refetch \(us(lean)) µs, incremental \(us(incremental)) µs per batch (means of 15); count them with callgrind (see docs/performance.md)")
    }
}
