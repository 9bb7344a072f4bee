import ArgumentParser
import Scripting

/// The `ripple` command: run scripts, run scenario files as tests, or use the REPL.
@main
struct Ripple: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ripple",
        abstract: "Simulate Core Data change propagation, driven by Lua scripts.",
        version: Ripple.version,
        subcommands: [Run.self, Test.self, Repl.self, Types.self, Graph.self, Explore.self]
    )
}

extension Ripple {
    /// The entry point: `ripple run FILE…` without options takes the start-up fast path (``RunFastPath``),
    /// a `ripple test` worker line its own (``WorkerFastPath``), every other
    /// command line ArgumentParser's `main`.
    static func main() {
        if let files = RunFastPath.files(CommandLine.arguments.dropFirst()) { RunFastPath.run(files) }
        if let line = WorkerFastPath.line(CommandLine.arguments.dropFirst()) { WorkerFastPath.run(line) }
        main(nil)
    }

    /// `ripple --version`: the tool's version and the Lua it embeds.
    static let version = "ripple 0.9.0 (Lua 5.4)"
}
