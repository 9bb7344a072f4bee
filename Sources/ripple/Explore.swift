import ArgumentParser
import CEdit
import RippleRunner
import Scripting

#if canImport(Glibc)
import Glibc
#endif

extension Ripple {
    /// `ripple explore FILE… [--steps N] [--seed S] [--time SECONDS] [--explore-out DIR]`: runs every
    /// `ripple.explore` of the files with these settings and a progress line (docs/explore.md).
    struct Explore: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "explore",
            abstract: "Run the files' ripple.explore calls: random changes against their screens, failures shrunk to short scenarios.",
            discussion: "Progress goes to standard error; the results, as `ripple run` prints them, to standard output. Exit status: 0 when nothing failed, 1 when an exploration (or another scenario) failed, 64 for a usage error."
        )

        @Argument(help: "The Lua files whose explorations run.", completion: .file(extensions: ["lua"]))
        var files: [String]

        @Option(help: ArgumentHelp("Steps per exploration, instead of each call's `steps`.", valueName: "n"))
        var steps: Int?

        @Option(help: ArgumentHelp("The seed of every exploration, instead of each call's `seed`.", valueName: "s"))
        var seed: Int?

        @Option(help: ArgumentHelp("Stop exploring after this many seconds (shrinking a failure found still runs).", valueName: "seconds"))
        var time: Double?

        @Option(help: ArgumentHelp("Write each shrunk scenario to this folder (explore-seedS.lua).", valueName: "dir"))
        var exploreOut: String?

        @Option(help: ArgumentHelp("Run only the scenarios whose name matches this Lua pattern (string.find).", valueName: "lua-pattern"))
        var filter: String?

        @Flag(help: "Print every notification as it happens.")
        var trace = false

        @OptionGroup(title: "Limits and sandbox")
        var limits: ScriptOptions

        func validate() throws {
            if files.isEmpty { throw ValidationError("Missing expected argument '<files> ...'") }
            if let steps, steps < 0 { throw ValidationError("--steps takes a non-negative number of steps") }
            if let seed, seed < 0 { throw ValidationError("--seed takes a non-negative integer") }
            if let time, !(time > 0) { throw ValidationError("--time takes a positive number of seconds") }
            try PatternOptions.validate([("--filter", filter)])
            if let exploreOut {
                var info = stat()
                if stat(exploreOut, &info) != 0 || (info.st_mode & S_IFMT) != S_IFDIR {
                    throw ValidationError("--explore-out: \(exploreOut) is not a folder")
                }
            }
        }

        func run() throws {
            let console = Console()
            var runner = ScenarioRunner(options: limits.engineOptions(sandboxByDefault: false))
            runner.onScenarioResult = { console.report($0) }
            runner.selection.filter = filter
            runner.exploreSettings = ExploreSettings(steps: steps, seed: seed, seconds: time, outputFolder: exploreOut,
                                                     onProgress: { line in
                                                         fputs(line + "\n", ripple_stderr())
                                                         fflush(ripple_stderr())
                                                     })
            var failed = false
            for file in files {
                if trace { runner.onTraceLine = { console.write($0) } }
                let report = runner.run(file: file)
                if let error = report.error { console.write(console.red("error: ") + error) }
                failed = failed || !report.passed
            }
            if failed { throw ExitCode(1) }
        }
    }
}
