import Testing

/// A short seeded slice of the Lua-level API fuzzer (Scripts/fuzz/fuzz.lua, docs/reliability.md), run in a
/// child `ripple` process so that a host crash fails this test instead of the test runner.
@Suite struct FuzzTests {
    static let script = packageRoot + "/Scripts/fuzz/fuzz.lua"

    /// Runs one seed and returns the process result.
    func fuzz(seed: Int, calls: Int) -> ProcessResult {
        runRipple(["run", Self.script], environment: [
            "RIPPLE_FUZZ_SEED": String(seed), "RIPPLE_FUZZ_CALLS": String(calls), "RIPPLE_FUZZ_HOSTILE": "0",
        ])
    }

    /// The summary line of a run:
    /// `fuzz: seed S: C calls, E Lua errors (T tables), U without file:line, I invariant violations`.
    func summary(_ output: String) -> Substring? {
        output.split(separator: "\n").last { $0.hasPrefix("fuzz: seed ") }
    }

    @Test("seeds 1-4, 1500 calls each: no crash, every Lua error carries file:line", arguments: 1...4)
    func seededSlice(seed: Int) {
        let result = fuzz(seed: seed, calls: 1500)
        #expect(result.status == 0, "\(result.output.suffix(2000))")
        let line = summary(result.output)
        #expect(line?.hasPrefix("fuzz: seed \(seed): ") == true)
        #expect(line?.contains(" Lua errors (") == true)
        #expect(line?.contains(", 0 without file:line") == true)
    }

    @Test("a seed replays exactly")
    func deterministic() {
        let first = fuzz(seed: 42, calls: 800)
        let second = fuzz(seed: 42, calls: 800)
        #expect(first.status == 0)
        #expect(summary(first.output) != nil)
        #expect(first.output == second.output)
    }
}
