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
            discussion: "Prints one line per scenario and a closing line 'N passed, N failed'. Exit status 1 when anything failed."
        )

        @Argument(help: "Scenario files or directories (default: Scripts/scenarios).")
        var paths: [String] = []

        @Flag(help: "Check every fetched-results controller against a fresh fetch after every change batch.")
        var checkInvariants = false

        func run() throws {
            var console = Console()
            let files = try ScenarioFiles.collect(paths.isEmpty ? ["Scripts/scenarios"] : paths)
            let runner = ScenarioRunner(instructionLimit: 200_000_000, checksInvariants: checkInvariants)
            var passed = 0
            var failed = 0
            for file in files {
                let report = runner.run(file: file)
                for result in report.scenarios {
                    console.report(result)
                    if result.passed { passed += 1 } else { failed += 1 }
                }
                if let error = report.error {
                    console.write(console.red("✘ ") + file + "\n    " + error.replacingNewlines(with: "\n    "))
                    failed += 1
                }
            }
            console.write("\(passed) passed, \(failed) failed")
            if failed > 0 { throw ExitCode(1) }
        }
    }
}
