import Scripting
#if canImport(Glibc)
import CRippleBench
import Glibc
#endif

/// The object reads and writes of a Lua script by instructions (callgrind), one figure per kind of member:
/// what a managed object's property access costs through the bindings, without the timing noise of the
/// `lua` group.
///
/// ```sh
/// # (Ir(S) − Ir(0)) / S over whole processes, per kind:
/// for k in scalar string field method write; do for s in 0 100000; do
///   SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind ripple-bench --lua-reads $k $s; done; done
/// ```
///
/// Kinds: `scalar` (`o.score`, answered in C by the read cache), `string` (`o.name`, the entity class's
/// getter), `field` (`o.hasChanges`, a fixed member of every managed object), `method`
/// (`o:committedValues({ "age" })`), `write` (`o.name = …`, the setter).
enum LuaReadBenchmark {
    static let flag = "--lua-reads"

    /// The loop body of each kind.
    static let bodies: [String: String] = [
        "scalar": "s = s + o.score",
        "string": "n = o.name",
        "field": "f = o.hasChanges",
        "method": "v = o:committedValues(keys)",
        "write": "o.name = names[i % 2 + 1]",
    ]

    /// `ripple-bench --lua-reads KIND S`: one object, then S iterations of the kind's body.
    static func runSteps(_ arguments: [String]) throws {
        guard arguments.count == 2, let body = bodies[arguments[0]], let s = Int(arguments[1]), s >= 0 else {
            fputs("usage: ripple-bench \(flag) scalar|string|field|method|write ITERATIONS\n", ripplebench_stderr())
            exit(64)
        }
        let engine = try ScriptEngine(options: .init(instructionLimit: 0, memoryLimit: ScriptEngine.Options.defaultMemoryLimit))
        try engine.run("""
            local model = ripple.model { Item = { id = "integer", name = "string", score = "double", age = "integer" } }
            BENCH_CTX = ripple.container(model).viewContext
            BENCH_OBJ = BENCH_CTX:insert("Item", { id = 1, name = "x", score = 1.5, age = 3 })
            BENCH_CTX:save()
            """, chunkName: "=lua-reads-setup")
        try engine.run("""
            local o, s, n, f, v, keys, names = BENCH_OBJ, 0, nil, nil, nil, { "age" }, { "a", "b" }
            for i = 1, \(s) do \(body) end
            BENCH_S = s
            """, chunkName: "=lua-reads")
    }
}
