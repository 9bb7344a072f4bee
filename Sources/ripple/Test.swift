import ArgumentParser
import Scripting

#if canImport(Glibc)
import Glibc
#endif

extension Ripple {
    /// `ripple test [PATH...]`: every scenario file, a fresh Lua state each.
    struct Test: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run every scenario file (default: Scripts/scenarios) and report each scenario.",
            discussion: """
            Prints one line per scenario with its time, and a closing line 'N passed, N failed'. Files run in \
            the order given (directories sorted by name), each in a fresh Lua state. Exit status 1 when \
            anything failed, 64 for a usage error.
            """
        )

        @Argument(help: "Scenario files or directories (default: Scripts/scenarios).")
        var paths: [String] = []

        @Option(help: ArgumentHelp("Run only the scenarios whose name contains PATTERN.", valueName: "pattern"))
        var filter: String?

        @Option(name: .customShort("j"), help: ArgumentHelp("Run N files in parallel (output stays in file order).", valueName: "n"))
        var jobs: Int = 1

        @Option(help: ArgumentHelp("Also write a JUnit XML report to FILE.", valueName: "file"))
        var junit: String?

        @Flag(help: "Print TAP (Test Anything Protocol) instead of the usual lines.")
        var tap = false

        @Option(help: ArgumentHelp("Run shard i of n (1-based): every n-th file starting at the i-th, e.g. --shard 2/3.", valueName: "i/n"))
        var shard: String?

        @Flag(help: "Check every fetched-results controller against a fresh fetch after every change batch.")
        var checkInvariants = false

        @Option(help: .hidden)
        var worker: String?

        @OptionGroup(title: "Limits and sandbox")
        var limits: ScriptOptions

        func validate() throws {
            if jobs < 1 { throw ValidationError("-j needs a positive number of jobs") }
            if let shard, parseShard(shard) == nil {
                throw ValidationError("--shard takes i/n with 1 <= i <= n, e.g. 2/3")
            }
        }

        func run() throws {
            if let worker {
                WorkerProtocol.write(runner().run(file: worker))
                return
            }
            var files = try ScenarioFiles.collect(paths.isEmpty ? ["Scripts/scenarios"] : paths)
            if let shard, let (i, n) = parseShard(shard) {
                files = files.enumerated().filter { $0.offset % n == i - 1 }.map(\.element)
            }
            let console = Console()
            var reports: [ScenarioRunner.FileReport] = []
            let show: (ScenarioRunner.FileReport) -> Void = { report in
                reports.append(report)
                if !tap { console.report(report) }
            }
            if jobs > 1 {
                let arguments = (filter.map { ["--filter", $0] } ?? []) + (checkInvariants ? ["--check-invariants"] : [])
                    + limits.arguments(sandboxByDefault: true)
                ParallelFiles(files: files, jobs: jobs, arguments: arguments).run(show)
            } else {
                for file in files { show(runner().run(file: file)) }
            }
            let passed = reports.reduce(0) { $0 + $1.scenarios.filter(\.passed).count }
            let failed = reports.reduce(0) { $0 + $1.scenarios.filter { !$0.passed }.count + ($1.error == nil ? 0 : 1) }
            if tap { print(TestReportFormats.tap(reports), terminator: "") }
            if let junit { try TestReportFormats.writeJUnit(reports, to: junit) }
            if !tap { console.write("\(passed) passed, \(failed) failed") }
            if failed > 0 { throw ExitCode(1) }
        }

        func runner() -> ScenarioRunner {
            var runner = ScenarioRunner(options: limits.engineOptions(sandboxByDefault: true, checksInvariants: checkInvariants))
            runner.filter = filter
            return runner
        }

        func parseShard(_ text: String) -> (Int, Int)? {
            let parts = text.split(separator: "/")
            guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, i >= 1, i <= n else { return nil }
            return (i, n)
        }
    }
}
