import Testing

/// Session 3 of the runner: --shuffle within a file, the sampled instruction meter, JSON objects for every
/// kind of trace line.
@Suite struct RunnerOrderTests {
    static let eight = scratchFile("shuffle-within.lua", (1...8).map { "scenario('t\($0)', function() end)" }.joined(separator: "\n") + "\n")

    static func names(_ output: String) -> [String] {
        withoutTimes(output).split(separator: "\n").filter { $0.contains("›") }.map { String($0.split(separator: "›").last ?? "").trimmingCharacters() }
    }

    @Test("--shuffle shuffles the tests within a file too; --seed repeats the order, another seed gives another")
    func shuffleWithinFile() {
        let first = runRipple(["test", "--list", "--seed", "42", Self.eight])
        let again = runRipple(["test", "--seed", "42", Self.eight])
        let other = runRipple(["test", "--list", "--seed", "43", Self.eight])
        #expect(first.output.hasPrefix("--shuffle: seed 42\n"))
        let declared = (1...8).map { "t\($0)" }
        #expect(Set(Self.names(first.output)) == Set(declared))
        #expect(Self.names(first.output) != declared, "\(first.output)")
        #expect(Self.names(again.output) == Self.names(first.output))
        #expect(Self.names(other.output) != Self.names(first.output))
        #expect(withoutTimes(again.output).hasSuffix("8 passed, 0 failed, 0 errors\n"))
    }

    @Test("shuffled tests keep their describe hooks: before_each around each, setup before a block's first, teardown after its last")
    func shuffleKeepsHooks() {
        let file = scratchFile("shuffle-hooks.lua", """
            local log = {}
            describe("block", function()
              setup(function() log[#log + 1] = "setup" end)
              teardown(function() log[#log + 1] = "teardown"; print(table.concat(log, ",")) end)
              before_each(function() log[#log + 1] = "before" end)
              for i = 1, 4 do
                it("t" .. i, function()
                  expect(log[1]):toBe("setup")
                  expect(log[#log]):toBe("before")
                  for _, e in ipairs(log) do expect(e).never:toBe("teardown") end
                end)
              end
            end)
            scenario("outside", function() expect(log[1] == nil or log[1] == "setup"):toBe(true) end)
            pending("later")
            """)
        for seed in ["1", "2", "3"] {
            let result = runRipple(["test", "--seed", seed, file])
            #expect(result.status == 0, "\(result.output)")
            #expect(withoutTimes(result.output).hasSuffix("5 passed, 0 failed, 0 errors, 1 pending\n"), "\(result.output)")
            #expect(result.output.contains("setup,before,before,before,before,teardown\n"), "\(result.output)")
        }
    }

    @Test("a sampled instruction limit (above the exact range) stops while true do end with the limit and the flag named, in run and test")
    func sampledLimitStopsLoop() {
        let limit = "100000001"
        let spin = scratchFile("sampled-spin.lua", """
            scenario("spins", function() while true do end end)
            scenario("not run", function() end)
            """)
        for command in ["run", "test"] {
            let result = runRipple([command, "--instruction-limit", limit, spin])
            #expect(result.status == 1)
            #expect(withoutTimes(result.output).contains(
                "sampled-spin.lua:1: instruction limit exceeded (\(limit) instructions; --instruction-limit N, 0 = none) (the rest of the file did not run)"),
                "\(result.output)")
        }
        let topLevel = scratchFile("sampled-top.lua", "while true do end\n")
        #expect(runRipple(["run", "--instruction-limit", limit, topLevel]).output.contains(
            "sampled-top.lua:1: instruction limit exceeded (\(limit) instructions; --instruction-limit N, 0 = none)"))
    }

    @Test("the REPL names the limit and the flag too, for exact and sampled limits, and the session goes on")
    func replLimitMessage() {
        for limit in ["10000", "100000001"] {
            let result = runRipple(["repl", "--instruction-limit", limit], input: "while true do end\nprint(40 + 2)\n")
            #expect(result.output.contains("stdin:1: instruction limit exceeded (\(limit) instructions; --instruction-limit N, 0 = none)"), "\(result.output)")
            #expect(result.output.contains("42"), "\(result.output)")
        }
    }

    @Test("a sampled limit stops a loop inside a coroutine (resume and wrap), and pcall cannot keep it running")
    func sampledLimitInCoroutines() {
        let limit = "100000001"
        let resume = scratchFile("sampled-resume.lua", """
            scenario("resume", function()
              local co = coroutine.create(function() while true do pcall(function() while true do end end) end end)
              coroutine.resume(co)
              while true do end
            end)
            """)
        let result = runRipple(["test", "--instruction-limit", limit, resume])
        #expect(result.status == 1)
        #expect(result.output.contains("instruction limit exceeded (\(limit) instructions; --instruction-limit N, 0 = none)"), "\(result.output)")
        let wrap = scratchFile("sampled-wrap.lua", """
            local f = coroutine.wrap(function() coroutine.yield(1); while true do end end)
            assert(f() == 1)
            local ok, err = pcall(f)
            while true do end
            """)
        let wrapped = runRipple(["run", "--instruction-limit", limit, wrap])
        #expect(wrapped.status == 1)
        #expect(wrapped.output.contains("instruction limit exceeded (\(limit) instructions; --instruction-limit N, 0 = none)"), "\(wrapped.output)")
    }

    @Test("coroutine.resume and coroutine.wrap keep Lua's results, errors and positions while the meter tracks coroutines")
    func coroutinesUnchanged() {
        let file = scratchFile("wrap-errors.lua", """
            local f = coroutine.wrap(function(a) local b = coroutine.yield(a + 1); error("boom " .. b) end)
            print(f(1))
            print(pcall(f, 5))
            print(coroutine.resume(coroutine.create(function(...) return select('#', ...), ... end), 1, nil, 3))
            print(pcall(coroutine.resume, 42))
            print(pcall(function() return coroutine.resume(42) end))
            local g = coroutine.wrap(function() error("in g") end)
            print(pcall(function() return g() end))
            """)
        let result = runRipple(["run", "--instruction-limit", "0", file])
        #expect(result.output == """
            2
            false\t\(file):1: boom 5
            true\t3\t1\tnil\t3
            false\tbad argument #1 to 'coroutine.resume' (thread expected, got number)
            false\t\(file):6: bad argument #1 to 'resume' (thread expected, got number)
            false\t\(file):8: \(file):7: in g

            """, "\(result.output)")
    }
}

extension String {
    func trimmingCharacters() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
