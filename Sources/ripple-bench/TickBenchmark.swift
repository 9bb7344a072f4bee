import CLua
import CRippleBench
import Scripting
#if canImport(Glibc)
import Glibc
#endif

/// The cost of one idle `ripple.tick()` call against a C function called the same way (issue 30: 561
/// against 267 instructions), for callgrind:
///
/// ```sh
/// # (Ir(N) − Ir(0)) / N over whole processes, for the binding and for the C function:
/// valgrind --tool=callgrind ripple-bench --tick-calls 1000000; valgrind --tool=callgrind ripple-bench --tick-calls 0
/// valgrind --tool=callgrind ripple-bench --tick-calls 1000000 c; valgrind --tool=callgrind ripple-bench --tick-calls 0 c
/// ```
///
/// The engine has one context (idle: nothing queued, nothing pending). The C function is a field of a
/// global table, called with no arguments for no results, as `ripple.tick()` is: `bench.tick()`.
enum TickBenchmark {
    static let flag = "--tick-calls"

    /// `ripple-bench --tick-calls N [c]`: N calls of `ripple.tick()` (or, with `c`, of the C function).
    static func runCalls(_ arguments: [String]) throws {
        guard (1...2).contains(arguments.count), let n = Int(arguments[0]), n >= 0,
              arguments.count == 1 || arguments[1] == "c" else {
            fputs("usage: ripple-bench \(flag) CALLS [c]\n", ripplebench_stderr())
            exit(64)
        }
        let engine = try ScriptEngine()
        try engine.run("""
            local model = ripple.model { Item = { name = "string" } }
            BENCH_CTX = ripple.container(model).viewContext
            bench = {}
            """, chunkName: "=tick-setup")
        let state = engine.state
        state.getGlobal("bench")
        lua_pushcclosure(state.unsafeLuaState, ripplebench_constfunction, 0)
        state.rawSet(tableAt: -2, key: "tick")
        state.pop()
        let call = arguments.count == 2 ? "bench.tick()" : "ripple.tick()"
        try engine.run("for _ = 1, \(n) do \(call) end", chunkName: "=tick")
        print("\(call): \(n) calls made (count them with callgrind, see docs/performance.md)")
    }
}
