#if canImport(Glibc)
import CRippleBench
import Glibc
#endif

/// `ripple-bench`: every performance target of docs/performance.md, each measured as
/// a ratio against its reference in the same run. Build and run in release:
/// `swift build -c release --product ripple-bench && .build/release/ripple-bench [GROUP ...]`.
@main
struct RippleBench {
    /// A benchmark group: its name on the command line, what it measures, and how to run it.
    struct Group: Sendable {
        var name: String
        var summary: String
        var run: @Sendable () throws -> Void
    }

    /// Every group, in the order a run without arguments runs them.
    static let groups: [Group] = [
        Group(name: "lua", summary: "T3a–T3e Lua property reads, writes and calls; T4 start-up; T5b Lua bytes per object",
              run: LuaBenchmarks.run),
        Group(name: "bulk", summary: "T5a memory and time per object inserted and saved from Lua vs Lua tables, several N (child processes)",
              run: BulkBenchmarks.run),
        Group(name: "fetched", summary: "T1a, T1c, T1d fetched-results updates; T2a full diff; FRC set-up at 10k/100k",
              run: FetchedResultsBenchmarks.run),
        Group(name: "rename", summary: "R1 one rename + save under a sectioned FRC at N=100k, from Swift and from Lua (callgrind for instructions)",
              run: { try RenameBenchmark.run(); try LuaRenameBenchmark.run() }),
        Group(name: "views", summary: "V1 one change through a fetched collection-view data source and its view, N = 10k/100k/1M",
              run: ViewBenchmarks.run),
        Group(name: "store", summary: "T6 SQLite save vs a C prepared-statement batch insert",
              run: StoreBenchmarks.run),
        Group(name: "runner", summary: "H1 plain-loop cost of the default instruction limit; J1 ripple test -j 2 vs -j 1 (from the repo root)",
              run: RunnerBenchmarks.run),
    ]

    static let usage = """
        USAGE: ripple-bench [GROUP ...]

        Runs the named benchmark groups (every group when none is named) and prints one line per target:
        the ratio measured side by side in this run, its goal, and the figures behind it.

        GROUPS:
        """

    static func main() throws {
        var arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == BulkBenchmarks.childFlag {
            arguments.removeFirst()
            exit(BulkBenchmarks.child(arguments))
        }
        if arguments.first == ViewBenchmarks.sizeFlag {
            try ViewBenchmarks.runOne(Array(arguments.dropFirst()))
            return
        }
        if arguments.first == FetchedResultsBenchmarks.instructionsFlag {
            try FetchedResultsBenchmarks.runInstructions()
            return
        }
        if arguments.first == SnapshotDelegateBenchmark.flag {
            try SnapshotDelegateBenchmark.runSteps(Array(arguments.dropFirst()))
            return
        }
        if arguments.first == FetchedResultsBenchmarks.t1aInstructionsFlag {
            try FetchedResultsBenchmarks.runT1aInstructions(Array(arguments.dropFirst()))
            return
        }
        if arguments.first == TickBenchmark.flag {
            try TickBenchmark.runCalls(Array(arguments.dropFirst()))
            return
        }
        if arguments.first == LuaRenameBenchmark.flag {
            try LuaRenameBenchmark.runSteps(Array(arguments.dropFirst()))
            return
        }
        if arguments.first == LuaReadBenchmark.flag {
            try LuaReadBenchmark.runSteps(Array(arguments.dropFirst()))
            return
        }
        if arguments.first == FetchedResultsBenchmarks.t2aInstructionsFlag {
            FetchedResultsBenchmarks.runT2aInstructions()
            return
        }
        if arguments.contains(where: { $0 == "--help" || $0 == "-h" || $0 == "help" }) {
            print(usage)
            for group in groups { print("  \(group.name.padding(9)) \(group.summary)") }
            return
        }
        for name in arguments where !groups.contains(where: { $0.name == name }) {
            let names = groups.map(\.name).joined(separator: ", ")
            fputs("ripple-bench: unknown group '\(name)' (groups: \(names); see ripple-bench --help)\n", ripplebench_stderr())
            exit(64)
        }
        print("ripple-bench: ratios measured side by side in this run")
        for group in groups where arguments.isEmpty || arguments.contains(group.name) { try group.run() }
    }
}
