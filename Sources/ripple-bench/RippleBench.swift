/// `ripple-bench`: every performance target of reference/performance.md §4, each measured as a ratio
/// against its reference in the same run. Build and run in release:
/// `swift run -c release ripple-bench` (optionally `ripple-bench lua` or `ripple-bench fetched`).
@main
struct RippleBench {
    static func main() throws {
        let groups = CommandLine.arguments.dropFirst()
        print("ripple-bench: ratios measured side by side in this run (median of 7 repetitions)")
        if groups.isEmpty || groups.contains("lua") { try LuaBenchmarks.run() }
        if groups.isEmpty || groups.contains("fetched") { try FetchedResultsBenchmarks.run() }
        if groups.isEmpty || groups.contains("store") { try StoreBenchmarks.run() }
    }
}
