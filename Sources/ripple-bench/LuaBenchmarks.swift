import CLua
import CRippleBench
import LuaBridge
import ObjectGraph
import Scripting
#if canImport(Glibc)
import Glibc
#endif

/// T3 (Lua property access and calls), T4 (start-up) and T5 (memory per object), docs/performance.md.
///
/// Every pair runs side by side in this process: each repetition runs every case of a group once, in
/// turn, and a ratio is the median over the repetitions of the per-repetition ratio.
enum LuaBenchmarks {
    /// Iterations of every timed Lua loop (docs/performance.md).
    static let iterations = 10_000_000
    /// Repetitions of every timed case.
    static let repetitions = 7

    /// Runs every Lua, start-up and memory benchmark and prints one line per target.
    static func run() throws {
        let bench = try PropertyBench()
        try bench.timeAccess()
        try bench.countAllocations()
        StartUpBench.run()
        try MemoryBench.run()
    }

    /// The median of `values`.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    /// `12.3 ns`.
    static func ns(_ x: Double) -> String { Measure.format(x) + " ns" }
}

/// T3a–T3e: one engine holding a real managed object (saved, so writes take the "updated" path), a plain
/// table, a hand-written C proxy and a Swift function registered through the trampoline.
final class PropertyBench {
    let engine: ScriptEngine
    /// Storage of the C proxy (T3e reference).
    let storage = UnsafeMutablePointer<Double>.allocate(capacity: 1)

    init() throws {
        engine = try ScriptEngine()
        try engine.run("""
            local model = ripple.model { Item = { id = "integer", name = "string", score = "double",
                                                  age = "integer", flag = "boolean" } }
            BENCH_CTX = ripple.container(model).viewContext
            BENCH_OBJ = BENCH_CTX:insert("Item", { id = 1, name = "x", score = 1.5, age = 3, flag = true })
            BENCH_CTX:save()
            BENCH_T = { x = 1.5 }
            """, chunkName: "=bench-setup")
        storage.initialize(to: 1.5)
        ripplebench_pushcproxy(engine.state.unsafeLuaState, "score", storage)
        engine.state.setGlobal("BENCH_C")
        ripplebench_pushconstindex(engine.state.unsafeLuaState)
        engine.state.setGlobal("BENCH_K")
        lua_pushcclosure(engine.state.unsafeLuaState, ripplebench_constfunction, 0)
        engine.state.setGlobal("benchcf")
        engine.state.register(global: "benchf") { state in
            state.push(1.0)
            return 1
        }
    }

    deinit { storage.deallocate() }

    /// A loop of `n` iterations over `body`, with locals `t` (table), `o` (object), `c` (C proxy), `s`.
    static func loop(_ body: String, _ n: Int) -> String {
        """
        local t, o, c, k, s = BENCH_T, BENCH_OBJ, BENCH_C, BENCH_K, 0
        for i = 1, \(n) do \(body) end
        BENCH_S = s
        """
    }

    /// Times one run of a Lua loop, in ns per iteration.
    func time(_ body: String, _ n: Int = LuaBenchmarks.iterations) throws -> Double {
        let code = Self.loop(body, n)
        let start = Measure.now()
        try engine.run(code, chunkName: "=bench")
        return Double(Measure.now() - start) / Double(n)
    }

    /// Times every case once per repetition, interleaved; returns the samples per case (ns per iteration).
    func interleaved(_ cases: [String]) throws -> [[Double]] {
        var samples = Array(repeating: [Double](), count: cases.count)
        for _ in 0..<LuaBenchmarks.repetitions {
            for (k, body) in cases.enumerated() { samples[k].append(try time(body)) }
        }
        return samples
    }

    /// The median of the per-repetition ratios `samples[a][r] / samples[b][r]`.
    static func ratio(_ samples: [[Double]], _ a: Int, _ b: Int) -> Double {
        LuaBenchmarks.median(zip(samples[a], samples[b]).map { $0 / $1 })
    }

    /// T3a, T3e, T3b, T3c.
    func timeAccess() throws {
        let cases = [
            "s = s + 1",           // 0 empty loop
            "s = s + t.x",         // 1 table read
            "s = s + o.score",     // 2 object read
            "s = s + c.score",     // 3 C proxy read
            "t.x = i",             // 4 table write
            "o.score = i",         // 5 object write
            "c.score = i",         // 6 C proxy write
            "s = s + benchf()",    // 7 global Swift function (bare trampoline)
            "ripple.tick()",       // 8 a real ripple.* binding (one idle context)
            "s = s + k.score",     // 9 floor of T3a: a C __index returning a constant
            "s = s + benchcf()",   // 10 floor of T3c: a global C function returning a constant
        ]
        let s = try interleaved(cases)
        try engine.run("assert(BENCH_OBJ.score == \(LuaBenchmarks.iterations))", chunkName: "=check")
        let m = s.map(LuaBenchmarks.median)
        let ns = LuaBenchmarks.ns
        Measure.report(.init(id: "T3a", what: "obj.prop read / t.x read", ratio: Self.ratio(s, 2, 1),
            goal: 3.5, stretch: 2.0, lowerIsBetter: true,
            detail: "obj \(ns(m[2])), table \(ns(m[1])), empty loop \(ns(m[0])); floor (C __index returning a constant) \(ns(m[9])) (\(Measure.format(Self.ratio(s, 9, 1)))×)"))
        Measure.report(.init(id: "T3e", what: "obj.prop read / hand-written C __index", ratio: Self.ratio(s, 2, 3),
            goal: 1.5, stretch: 1.2, lowerIsBetter: true,
            detail: "C __index \(ns(m[3])); C __newindex \(ns(m[6])), write ratio \(Measure.format(Self.ratio(s, 5, 6)))×"))
        Measure.report(.init(id: "T3b", what: "obj.prop = v write / t.x = v write", ratio: Self.ratio(s, 5, 4),
            goal: 5.0, stretch: 3.5, lowerIsBetter: true,
            detail: "obj \(ns(m[5])), table \(ns(m[4]))"))
        Measure.report(.init(id: "T3c", what: "ripple.tick() call / t.x read", ratio: Self.ratio(s, 8, 1),
            goal: 2.2, stretch: 2.2, lowerIsBetter: true,
            detail: "ripple.tick() \(ns(m[8])), table \(ns(m[1])); bare trampoline s = s + f() \(ns(m[7])) (\(Measure.format(Self.ratio(s, 7, 1)))×); floor (C function returning a constant) \(ns(m[10])) (\(Measure.format(Self.ratio(s, 10, 1)))×)"))
    }

    /// T3d: allocation calls per property read and per write over 1M operations each, net of the same loop
    /// over a plain table (the chunk compile and the run itself allocate a little).
    func countAllocations() throws {
        let n = 1_000_000
        func allocations(_ body: String) throws -> (calls: Double, bytes: Double) {
            try engine.run("collectgarbage('collect')", chunkName: "=gc")
            let calls = ripplebench_allocations()
            let bytes = ripplebench_heapinuse()
            _ = try time(body, n)
            let dc = Double(ripplebench_allocations() - calls)
            let db = Double(Int(ripplebench_heapinuse()) - Int(bytes))
            return (dc, db)
        }
        _ = try allocations("o.score = i")  // warm up every path once (and every chunk's strings)
        _ = try allocations("s = s + o.score")
        let tableRead = try allocations("s = s + t.x")
        let read = try allocations("s = s + o.score")
        let tableWrite = try allocations("t.x = i")
        let write = try allocations("o.score = i")
        let perRead = max(0, read.calls - tableRead.calls) / Double(n)
        let perWrite = max(0, write.calls - tableWrite.calls) / Double(n)
        // A property access that allocated would count ≥ 1 per operation; a stray allocation in the run (a
        // table resized, a string interned) is ≈ 10⁻⁶ per operation. "None per operation" is below 10⁻³.
        Measure.report(.init(id: "T3d", what: "allocations per obj.prop read (1M reads)", ratio: perRead,
            goal: 0.001, stretch: 0.001, lowerIsBetter: true,
            detail: "malloc calls: \(Int(read.calls)) (table loop \(Int(tableRead.calls))); heap delta \(Int(read.bytes)) B"))
        Measure.report(.init(id: "T3d", what: "allocations per obj.prop write (1M writes)", ratio: perWrite,
            goal: 0.001, stretch: 0.001, lowerIsBetter: true,
            detail: "malloc calls: \(Int(write.calls)) (table loop \(Int(tableWrite.calls))); heap delta \(Int(write.bytes)) B"))
    }
}
