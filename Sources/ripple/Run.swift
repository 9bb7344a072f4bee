import ArgumentParser
import RippleRunner
import Scripting

extension Ripple {
    /// `ripple run FILE... [--trace]`.
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",  // explicit: deriving it from the type name costs ~1M instructions at start-up
            abstract: "Run Lua scripts; their scenarios report pass or fail.",
            discussion: "Exit status: 0 when everything passed, 1 when a scenario or a script failed, 64 for a usage error."
        )

        @Argument(help: "The Lua files to run.", completion: .file(extensions: ["lua"]))
        var files: [String]

        @Flag(help: "Print every notification as it happens.")
        var trace = false

        @Option(help: ArgumentHelp("Run only the scenarios whose name matches this Lua pattern (string.find).", valueName: "lua-pattern"))
        var filter: String?

        @Option(help: ArgumentHelp("Skip the scenarios whose name matches this Lua pattern.", valueName: "lua-pattern"))
        var filterOut: String?

        @Flag(help: "Check every fetched-results controller against a fresh fetch after every change batch.")
        var checkInvariants = false

        @Option(help: ArgumentHelp("Write an HTML report of the script's steps and screens to FILE (several scripts: FILE is a folder, one page each).", valueName: "file"),
                completion: .file(extensions: ["html"]))
        var report: String?

        @OptionGroup(title: "Trace")
        var traceOptions: TraceOptions

        @OptionGroup(title: "Limits and sandbox")
        var limits: ScriptOptions

        func validate() throws {
            if files.isEmpty { throw ValidationError("Missing expected argument '<files> ...'") }
            try PatternOptions.validate([("--filter", filter), ("--filter-out", filterOut)])
        }

        func run() throws {
            let failed = try Run.runFiles(files, engineOptions: limits.engineOptions(sandboxByDefault: false, checksInvariants: checkInvariants),
                                          trace: trace || traceOptions.asked, traceFormat: traceOptions.traceFormat,
                                          traceFile: traceOptions.traceFile, filter: filter, filterOut: filterOut,
                                          report: try ReportOption.target(report, scripts: files.count))
            if failed { throw ExitCode(1) }
        }

        /// The runner behind `ripple run`, on plain values: the parsed command and the start-up fast path
        /// (``RunFastPath``) both call it. Returns whether a scenario or a file failed.
        static func runFiles(_ files: [String], engineOptions: ScriptEngine.Options, trace: Bool,
                             traceFormat: TraceOptions.Format?, traceFile: String?,
                             filter: String?, filterOut: String?, report: String? = nil) throws -> Bool {
            let console = Console()
            let tracer = try TraceWriter(format: traceFormat, file: traceFile, console: console)
            var runner = ScenarioRunner(options: engineOptions)
            runner.onScenarioResult = { result in
                if trace { tracer.scenarioEnded(result, file: result.file) }
                console.report(result)
            }
            runner.selection.filter = filter
            runner.selection.filterOut = filterOut
            runner.reportPath = report
            var failed = false
            let start = ScenarioClock.now()
            var reports: [ScenarioRunner.FileReport] = []
            for file in files {
                if trace {
                    runner.onTraceEvent = { tracer.write($0.text, fields: $0.jsonFields, file: file) }
                    runner.onScenarioBegin = { tracer.scenarioBegan($0, file: file) }
                }
                let report = runner.run(file: file)
                if let error = report.error {
                    if trace { tracer.fileFailed(error, file: file) }
                    console.write(console.red("error: ") + error)
                }
                failed = failed || !report.passed
                reports.append(report)
            }
            // A run whose files declared scenarios ends with the summary `ripple test` prints.
            if reports.contains(where: { !$0.scenarios.isEmpty }) {
                console.write(TestSummary(reports, duration: ScenarioClock.now() &- start).line)
            }
            if let report { console.write("report: " + (report.hasSuffix("/") ? report + " (one page per script)" : report)) }
            return failed
        }
    }
}
