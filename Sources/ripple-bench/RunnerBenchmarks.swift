import LuaBridge
import Scripting
#if canImport(Glibc)
import Glibc
#endif

/// The test runner (issue 14 point 5, issue 13 point 6): H1, a plain Lua loop under the default limits
/// against the same loop with `--instruction-limit 0`; J1, `ripple test -j 2` against `-j 1` on
/// Scripts/scenarios (run ripple-bench from the repository root).
enum RunnerBenchmarks {
    /// The loop of H1: two VM instructions an iteration (ADDI, FORLOOP).
    static let loop = "local n = 0 for i = 1, 30000000 do n = n + 1 end"

    static func run() throws {
        try hookCost()
        scaling()
    }

    /// H1: the same chunk in engines made with the default options of `ripple run`, with no instruction
    /// limit, and with an exact (count-hook) limit, timed alternately.
    static func hookCost() throws {
        let defaults = try ScriptEngine(options: .init(instructionLimit: ScriptEngine.Options.defaultInstructionLimit,
                                                       memoryLimit: ScriptEngine.Options.defaultMemoryLimit))
        let none = try ScriptEngine(options: .init(instructionLimit: 0, memoryLimit: ScriptEngine.Options.defaultMemoryLimit))
        let exact = try ScriptEngine(options: .init(instructionLimit: LuaState.exactInstructionLimit,
                                                    memoryLimit: ScriptEngine.Options.defaultMemoryLimit))
        var samples: [[Double]] = [[], [], []]
        for _ in 0..<7 {
            for (k, engine) in [defaults, none, exact].enumerated() {
                let start = Measure.now()
                try engine.run(loop)
                samples[k].append(Double(Measure.now() - start))
            }
        }
        let m = samples.map(LuaBenchmarks.median)
        Measure.report(.init(id: "H1", what: "plain loop, default limits / --instruction-limit 0",
            ratio: m[0] / m[1], goal: 1.2, stretch: 1.05, lowerIsBetter: true,
            detail: "\(Measure.format(m[0] / 1e6)) ms vs \(Measure.format(m[1] / 1e6)) ms (6e7 instructions, median of 7, alternating)"))
        Measure.report(.init(id: "H1x", what: "same loop, exact limit (count hook) / no limit",
            ratio: m[2] / m[1], goal: 1.2, stretch: 1.05, lowerIsBetter: true,
            detail: "\(Measure.format(m[2] / 1e6)) ms vs \(Measure.format(m[1] / 1e6)) ms (--instruction-limit \(LuaState.exactInstructionLimit): the exact meter, for reference)"))
    }

    /// J1: `ripple test -j 1` and `-j 2` on Scripts/scenarios, spawned alternately, wall time.
    static func scaling() {
        let ripple = StartUpBench.executableDirectory() + "/ripple"
        guard access(ripple, X_OK) == 0, access("Scripts/scenarios", R_OK) == 0 else {
            print("J1    (skipped: needs the ripple executable next to ripple-bench and Scripts/scenarios in the current directory)")
            return
        }
        let commands = [[ripple, "test", "-j", "1", "Scripts/scenarios"], [ripple, "test", "-j", "2", "Scripts/scenarios"]]
        for command in commands { _ = StartUpBench.spawn(command) }  // warm-up (page cache, recorded durations)
        var samples: [[Double]] = [[], []]
        for _ in 0..<5 {
            for (k, command) in commands.enumerated() { samples[k].append(StartUpBench.spawn(command)) }
        }
        let m = samples.map(LuaBenchmarks.median)
        Measure.report(.init(id: "J1", what: "ripple test -j 1 / -j 2 on Scripts/scenarios",
            ratio: m[0] / m[1], goal: 1.6, stretch: 1.8, lowerIsBetter: false,
            detail: "\(Measure.format(m[0] / 1e6)) ms vs \(Measure.format(m[1] / 1e6)) ms (median of 5, alternating, \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) cores)"))
    }
}
