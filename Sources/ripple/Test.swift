import CEdit
import ArgumentParser
import RippleRunner
import Scripting
import SeededRandom

#if canImport(Glibc)
import Glibc
#endif

extension Ripple {
    /// `ripple test [PATH...]`: every scenario file, each in a fresh Lua state, in long-lived worker processes.
    struct Test: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "test",  // explicit: deriving it from the type name costs ~1M instructions at start-up
            abstract: "Run every scenario file (default: Scripts/scenarios) and report each scenario.",
            discussion: """
            Directories are searched recursively for files matching --pattern; files run in the order given \
            (directories sorted by path), each in a fresh Lua state, in -j worker processes (default: the \
            number of cores). Each scenario's line is printed as it ends; the output is in file order and \
            the same for every -j. A file that crashes its worker is reported as that file's failure and the \
            run goes on. Files run in the sandbox unless --no-sandbox (see docs/test-runner.md). Exit status: \
            0 when everything passed, 1 when anything failed, 64 for a usage error, 130 when interrupted.
            """
        )

        @Argument(help: "Scenario files or directories (default: Scripts/scenarios).")
        var paths: [String] = []

        @Option(help: ArgumentHelp("Run only the scenarios whose name matches this Lua pattern (string.find).", valueName: "lua-pattern"))
        var filter: String?

        @Option(help: ArgumentHelp("Skip the scenarios whose name matches this Lua pattern.", valueName: "lua-pattern"))
        var filterOut: String?

        @Option(help: ArgumentHelp("Run only the scenarios tagged (#tag in the name) with one of these, comma-separated.", valueName: "tags"))
        var tags: String?

        @Option(help: ArgumentHelp("Skip the scenarios tagged with one of these, comma-separated.", valueName: "tags"))
        var excludeTags: String?

        @Flag(help: "Run the files, and the tests within each file, in a random order (printed seed).")
        var shuffle = false

        @Option(help: ArgumentHelp("The seed of --shuffle (implies it), to repeat an order.", valueName: "n"))
        var seed: UInt64?

        @Flag(help: "Stop at the first failing test: the rest of its file and the remaining files do not run.")
        var failFast = false

        @Option(help: ArgumentHelp("In directories, run the files whose name matches this Lua pattern.", valueName: "lua-pattern"))
        var pattern: String = "%.lua$"

        @Option(name: .customShort("j"), help: ArgumentHelp("Run files in N worker processes (default: the number of cores; output stays in file order).", valueName: "n"))
        var jobs: Int?

        @Option(help: ArgumentHelp("Also write a JUnit XML report to FILE.", valueName: "file"))
        var junit: String?

        @Flag(help: "Print TAP version 13 (Test Anything Protocol) instead of the usual lines.")
        var tap = false

        @Flag(help: "Exit 0 when no test ran (by default a run that found no test fails with \"no tests found\").")
        var passWithNoTests = false

        @Flag(help: "Re-record every golden file (toMatchGolden) the run reaches, as RIPPLE_RECORD=1 does.")
        var updateGoldens = false

        @Flag(help: "List the scenarios that would run, without running them.")
        var list = false

        @Flag(help: "Print every notification as it happens, before the result of its scenario.")
        var trace = false

        @Option(help: ArgumentHelp("Run shard INDEX of COUNT (1-based): every COUNT-th file starting at the INDEX-th, e.g. --shard 2/3.", valueName: "index/count"))
        var shard: String?

        @Flag(help: "Check every fetched-results controller against a fresh fetch after every change batch.")
        var checkInvariants = false

        @Option(help: ArgumentHelp("Stop a file that runs longer than SECONDS of wall-clock time (default 60; 0: no limit): its worker is killed, the file fails naming the scenario it was running, and the run goes on.", valueName: "seconds"))
        var timeout: Double = 60

        @Option(help: ArgumentHelp("Write an HTML report of each file's steps and screens into the folder DIR (made when missing).", valueName: "dir"),
                completion: .directory)
        var report: String?

        @Flag(help: .hidden)
        var worker = false

        @OptionGroup(title: "Trace")
        var traceOptions: TraceOptions

        @OptionGroup(title: "Limits and sandbox")
        var limits: ScriptOptions

        func validate() throws {
            if let jobs, jobs < 1 { throw ValidationError("-j needs a positive number of jobs") }
            if !(timeout >= 0 && timeout <= 1e6) { throw ValidationError("--timeout takes seconds from 0 (no limit) to 1000000") }
            if let shard, TestSelection.Shard(shard) == nil {
                throw ValidationError("--shard takes index/count with 1 <= index <= count, e.g. 2/3")
            }
            try PatternOptions.validate([("--filter", filter), ("--filter-out", filterOut), ("--pattern", pattern)])
        }

        func run() throws {
            if worker { return runWorker() }
            var files = try ScenarioFiles.collect(paths.isEmpty ? ["Scripts/scenarios"] : paths, pattern: pattern)
            let selection = self.selection
            if let shard = selection.shard { files = shard.files(files) }
            let console = Console()
            var shuffleSeed: UInt64?
            if shuffle || seed != nil {
                var generator = SplitMix64(seed: seed ?? ScenarioClock.now())
                console.write("--shuffle: seed \(generator.seed)")
                files.shuffle(using: &generator)
                shuffleSeed = generator.seed
            }
            let reportFolder = try report.map { try ReportOption.folder($0) }
            if updateGoldens { setenv("RIPPLE_RECORD", "1", 1) }  // the workers inherit it
            let tracer = try TraceWriter(traceOptions, console: console)
            let start = ScenarioClock.now()
            var reports: [ScenarioRunner.FileReport] = []
            var pool = WorkerPool(files: files, jobs: jobs ?? Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))),
                                  arguments: workerArguments(selection: selection, shuffleSeed: shuffleSeed, report: reportFolder))
            pool.stopsAfterFailure = failFast
            pool.timeoutNanoseconds = timeout > 0 ? UInt64(timeout * 1e9) : nil
            var durations = TestDurations()
            if !list { pool.order = durations.schedule(files) }
            let complete = pool.run(event: { index, event in
                if case .trace(let line, let fields) = event, tap || tracer.format == .json || traceOptions.traceFile != nil {
                    tracer.write(line, fields: fields, file: files[index])
                    return
                }
                if case .begin(let name) = event {
                    tracer.scenarioBegan(name, file: files[index])
                    return
                }
                if case .scenario(let result) = event { tracer.scenarioEnded(result, file: files[index]) }
                guard !tap else { return }
                switch event {
                case .output(let bytes):
                    console.writeRaw(bytes)
                case .trace(let line, let fields):
                    tracer.write(line, fields: fields, file: files[index])
                case .begin:
                    break
                case .scenario(let result):
                    if list { console.write(result.file + " › " + result.name) } else { console.report(result) }
                }
            }, finish: { report in
                reports.append(report)
                if let error = report.error { tracer.fileFailed(error, file: report.file) }
                if !tap, let error = report.error { console.reportError(file: report.file, error) }
            })
            if !list { durations.save(pool.measured) }
            let summary = TestSummary(reports, duration: ScenarioClock.now() &- start)
            if tap { print(TAPReporter.report(reports), terminator: "") }
            if let junit { try JUnitReporter.write(reports, to: junit) }
            if !complete && WorkerPool.interrupted != 0 {
                console.write(console.red("interrupted") + ": \(reports.count) of \(files.count) files ran")
            } else if !complete {
                let last = reports.last
                let failure = last?.scenarios.first(where: { !$0.passed }).map { $0.file + " › " + $0.name } ?? last?.file ?? ""
                console.write("--fail-fast: stopped at the first failure (\(failure)); \(reports.count) of \(files.count) files ran")
            }
            if !tap && !list { console.write(summary.line) }
            if let reportFolder, !tap { console.write("reports: " + reportFolder + " (one page per file)") }
            if complete && !list && !selection.filtersNames && selection.shard == nil && searchesOnlyFolders,
               let unused = GoldenFiles.unusedLine(files: files, reports: reports) {
                if tap { fputs(unused + "\n", ripple_stderr()) } else { console.write(console.yellow("unused golden files") + String(unused.dropFirst("unused golden files".count))) }
            }
            if !complete && WorkerPool.interrupted != 0 { throw ExitCode(130) }
            if summary.failed + summary.errors > 0 { throw ExitCode(1) }
            if complete && summary.tests == 0 && !passWithNoTests {
                let explanation = noTestsExplanation(files: files)
                if tap { fputs("no tests found: " + explanation + "\n", ripple_stderr()) } else { console.write(console.red("no tests found") + ": " + explanation) }
                throw ExitCode(1)
            }
        }

        /// The tests this command line selects (``TestSelection``: the options above, in one value).
        var selection: TestSelection {
            var selection = TestSelection()
            selection.filter = filter
            selection.filterOut = filterOut
            selection.tags = TestSelection.tagList(tags)
            selection.excludedTags = TestSelection.tagList(excludeTags)
            selection.listsOnly = list
            selection.shuffleSeed = seed
            selection.stopsAtFirstFailure = failFast
            selection.shard = shard.flatMap(TestSelection.Shard.init)
            return selection
        }

        /// The worker loop: file paths on standard input, records on fd 3 (``WorkerProtocol``).
        private func runWorker() {
            Test.runWorker(options: limits.engineOptions(sandboxByDefault: true, checksInvariants: checkInvariants),
                           trace: trace, selection: selection, report: report)
        }

        /// The worker loop with its options as plain values (``runWorker()`` and the worker's start-up fast
        /// path, ``WorkerFastPath``, both call it).
        static func runWorker(options: ScriptEngine.Options, trace: Bool = false, selection: TestSelection = TestSelection(),
                              report: String? = nil) {
            signal(SIGINT, SIG_IGN)  // the parent decides what Ctrl-C stops
            guard let paths = fdopen(4, "r") else { return }
            while let file = WorkerProtocol.readPath(paths) {
                var runner = ScenarioRunner(options: options)
                if trace { runner.onTraceEvent = { WorkerProtocol.send(["V", $0.text, $0.jsonFields]) } }
                runner.selection = selection
                runner.onScenarioResult = { WorkerProtocol.send($0) }
                runner.onScenarioBegin = { WorkerProtocol.send(["B", $0]) }
                runner.reportPath = report
                let report = runner.run(file: file)
                if let error = report.error { WorkerProtocol.send(["E", error]) }
                for path in report.goldenFiles { WorkerProtocol.send(["G", path]) }
                WorkerProtocol.send(["D"])
            }
        }

        /// A worker's arguments after `test --worker`: the limits and sandbox, the worker's own switches,
        /// then the selection (the shuffle seed the parent picked; no shard) — the order ``WorkerFastPath``
        /// reads.
        private func workerArguments(selection: TestSelection, shuffleSeed: UInt64?, report: String?) -> [String] {
            var arguments = limits.arguments(sandboxByDefault: true)
            if checkInvariants { arguments.append("--check-invariants") }
            if trace || traceOptions.asked { arguments.append("--trace") }
            if let report { arguments += ["--report", report] }
            var workerSelection = selection
            workerSelection.shuffleSeed = shuffleSeed
            workerSelection.shard = nil
            return arguments + workerSelection.arguments
        }

        /// Whether every path is a folder (or none is given): the run is a whole suite, whose folders' golden
        /// files are all its own (a file named alone leaves its folder's other golden files to other files).
        var searchesOnlyFolders: Bool {
            paths.allSatisfy { path in
                var info = stat()
                return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            }
        }

        /// What was searched and what filtered it, for the "no tests found" line:
        /// `1 file searched ('t.lua'); no test declared or selected by --filter 'zzz' (--pass-with-no-tests to exit 0)`.
        func noTestsExplanation(files: [String]) -> String {
            let searched = (paths.isEmpty ? ["Scripts/scenarios"] : paths).map { "'\($0)'" }.joined(separator: ", ")
            let directories = (paths.isEmpty ? ["Scripts/scenarios"] : paths).contains { path in
                var info = stat()
                return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            }
            var text = (files.count == 1 ? "1 file" : "\(files.count) files") + " searched (" + searched
                + (directories ? ", directories for files matching '\(pattern)'" : "") + ")"
            let filters = selection.filterDescriptions
            if files.isEmpty {
                text += "; no file to run"
            } else if filters.isEmpty {
                text += "; no test declared (scenario, it or pending)"
            } else {
                text += "; no test declared or selected by " + filters.joined(separator: ", ")
            }
            return text + " (--pass-with-no-tests to exit 0)"
        }
    }
}
