/// T1 (fetched-results updates vs result size and change size) and T2 (full diffs).
enum FetchedResultsBenchmarks {
    static func run() throws {
        print("(fetched-results benchmarks: not written yet)")
    }
}
