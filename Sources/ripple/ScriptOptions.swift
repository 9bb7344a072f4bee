import ArgumentParser
import Scripting

/// The limits and sandbox switches shared by `ripple run`, `ripple test` and `ripple repl`: one policy
/// for all three (docs/test-runner.md, "Limits and sandbox").
struct ScriptOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Stop a file (a REPL chunk) after N Lua VM instructions (counted exactly up to 10^8, above sampled from Lua's CPU time at 4 ns an instruction); 0 = no limit.", valueName: "n"))
    var instructionLimit: Int = ScriptEngine.Options.defaultInstructionLimit

    @Option(help: ArgumentHelp("Refuse Lua allocations past MB megabytes; 0 = no limit.", valueName: "mb"))
    var memoryLimit: Int = ScriptEngine.Options.defaultMemoryLimit

    @Flag(help: "Run scripts without io, debug, os.execute/remove/rename/exit/getenv, C modules, string.dump and binary chunks (ripple test: the default).")
    var sandbox = false

    @Flag(help: "Run scripts with the whole standard library (ripple run and repl: the default).")
    var noSandbox = false

    mutating func validate() throws {
        if instructionLimit < 0 || instructionLimit > Int(Int32.max) {
            throw ValidationError("--instruction-limit takes 0 (no limit) to \(Int32.max)")
        }
        if memoryLimit < 0 || memoryLimit > 1 << 30 {
            throw ValidationError("--memory-limit takes a number of megabytes, 0 for no limit")
        }
        if sandbox && noSandbox { throw ValidationError("--sandbox and --no-sandbox exclude each other") }
    }

    /// The engine options; `sandboxByDefault` is the command's own default.
    func engineOptions(sandboxByDefault: Bool, checksInvariants: Bool = false) -> ScriptEngine.Options {
        ScriptOptions.engineOptions(instructionLimit: instructionLimit, memoryLimit: memoryLimit, sandbox: sandbox,
                                    noSandbox: noSandbox, sandboxByDefault: sandboxByDefault, checksInvariants: checksInvariants)
    }

    /// The engine options from plain values; with the defaults above, those of a command line without
    /// any of these options (the start-up fast path, ``RunFastPath``).
    static func engineOptions(instructionLimit: Int = ScriptEngine.Options.defaultInstructionLimit,
                              memoryLimit: Int = ScriptEngine.Options.defaultMemoryLimit,
                              sandbox: Bool = false, noSandbox: Bool = false,
                              sandboxByDefault: Bool, checksInvariants: Bool = false) -> ScriptEngine.Options {
        var options = ScriptEngine.Options(instructionLimit: instructionLimit, memoryLimit: memoryLimit,
                                           sandbox: sandbox || (sandboxByDefault && !noSandbox), checksInvariants: checksInvariants)
        options.countsHostMemory = true  // one engine per process: the heap's growth is the script's
        return options
    }

    /// The same options as arguments, for worker processes.
    func arguments(sandboxByDefault: Bool) -> [String] {
        ["--instruction-limit", String(instructionLimit), "--memory-limit", String(memoryLimit),
         engineOptions(sandboxByDefault: sandboxByDefault).sandbox ? "--sandbox" : "--no-sandbox"]
    }
}
