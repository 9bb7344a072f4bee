import ArgumentParser
import Scripting

/// The `ripple` command: run scripts, run scenario files as tests, or use the REPL.
@main
struct Ripple: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ripple",
        abstract: "Simulate Core Data change propagation, driven by Lua scripts.",
        subcommands: [Run.self, Test.self, Repl.self, Types.self, Graph.self]
    )
}
