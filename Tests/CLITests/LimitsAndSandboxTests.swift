import Testing

/// `--instruction-limit`, `--memory-limit` and the sandbox: one policy for `run`, `test` and `repl`.
@Suite struct LimitsAndSandboxTests {
    static let spin = scratchFile("spin.lua", """
        scenario("spins", function() while true do end end)
        """)
    static let hog = scratchFile("hog.lua", """
        scenario("hogs", function()
          local t = {}
          for i = 1, 1e8 do t[i] = string.rep("x", 200) .. i end
        end)
        scenario("runs after", function() expect(#string.rep("y", 1000)):toBe(1000) end)
        """)
    static let holes = scratchFile("holes.lua", """
        scenario("io", function() expect(io):toBeNil() end)
        scenario("os", function()
          for _, k in ipairs { "execute", "remove", "rename", "exit", "tmpname", "getenv" } do expect(os[k]):toBeNil() end
          expect(os.time).never:toBeNil()
        end)
        scenario("string.dump", function() expect(string.dump):toBeNil() end)
        scenario("debug", function() expect(debug):toBeNil() end)
        scenario("C modules", function() expect(package.loadlib):toBeNil(); expect(package.cpath):toBe("") end)
        scenario("dofile, loadfile", function() expect(dofile):toBeNil(); expect(loadfile):toBeNil() end)
        scenario("binary load", function()
          expect(function() load("\\27Lua", "x", "b") end):toRaise("only text chunks are allowed in the sandbox")
          expect(select(2, load("\\27Lua"))):toContain("attempt to load a binary chunk")
          expect(load("return 1 + 1")()):toBe(2)
          -- without an env argument the chunk sees the globals (an explicit nil used to be passed: Lua 5.4's
          -- pm.lua failed in the sandbox with "attempt to index a nil value (upvalue '_ENV')")
          expect(load("return string.rep('a', 2)", "chunk")()):toBe("aa")
          expect(load("return x", "chunk", "t", { x = 3 })()):toBe(3)
        end)
        scenario("require outside the folder", function()
          expect(function() require("..secret") end):toRaise("the sandbox only loads Lua files under the script's folder")
          expect(function() require("io") end):toRaise("module 'io' not found")
        end)
        scenario("require under the folder", function() expect(require("sandboxhelper").answer):toBe(42) end)
        scenario("ripple.sandbox is read-only", function()
          expect(ripple.sandbox):toBe(true)
          expect(function() ripple.sandbox = false end):toRaise("ripple.sandbox is read-only")
          expect(ripple.sandbox):toBe(true)
        end)
        """)
    static let helper = scratchFile("sandboxhelper.lua", "return { answer = 42 }\n")
    static let open = scratchFile("open.lua", """
        scenario("unsandboxed", function() expect(ripple.sandbox):toBe(false); expect(io.open).never:toBeNil() end)
        """)

    @Test("--instruction-limit stops a runaway loop with the limit and the flag named, in run and test")
    func instructionLimit() {
        for command in ["run", "test"] {
            let result = runRipple([command, "--instruction-limit", "100000", Self.spin])
            #expect(result.status == 1)
            #expect(result.output.contains("instruction limit exceeded (100000 instructions; --instruction-limit N, 0 = none)"))
        }
    }

    static let hostWork = scratchFile("hostwork.lua", """
        local model = ripple.model { Item = { n = "integer" } }
        local ctx = ripple.container(model).viewContext
        for i = 1, 3000 do ctx:insert("Item", { n = (i * 7919) % 3001 }) end
        ctx:save()
        scenario("sorting in Swift spends the budget", function()
          for _ = 1, 20 do ctx:fetch { entity = "Item", sortDescriptors = { "n" } } end
        end)
        scenario("the budget is the file's, as for Lua instructions", function() ctx:fetch { entity = "Item" } end)
        """)

    @Test("--instruction-limit also bounds host work: twenty sorted fetches of 3,000 objects stop a script whose Lua alone fits")
    func hostWorkLimit() {
        for command in ["run", "test"] {
            let result = runRipple([command, "--instruction-limit", "200000", Self.hostWork])
            #expect(result.status == 1)
            #expect(result.output.contains(
                "instruction limit exceeded: host work (fetches, sorts, regular expressions, descriptions, snapshots, observers, saves, derived properties) reached the budget of 200000 units (--instruction-limit N, 0 = none)"))
            #expect(result.output.contains("hostwork.lua:8: instruction limit exceeded: host work"))
        }
        #expect(runRipple(["run", "--instruction-limit", "0", Self.hostWork]).status == 0)
    }

    @Test("--memory-limit: a clear error naming the flag, the host intact, the next scenario runs")
    func memoryLimit() {
        let result = runRipple(["test", "--memory-limit", "32", Self.hog])
        #expect(result.status == 1)
        #expect(withoutTimes(result.output) == """
            ✘ \(Self.hog) › hogs
                memory limit exceeded: the script holds more than 32 MB (--memory-limit MB, 0 = none)
            ✔ \(Self.hog) › runs after
            1 passed, 0 failed, 1 error

            """)
    }

    @Test("limit flags: bad values are usage errors, and repl accepts them")
    func limitFlags() {
        #expect(runRipple(["test", "--memory-limit", "-1", Self.spin]).status == 64)
        #expect(runRipple(["run", "--instruction-limit", "99999999999", Self.spin]).status == 64)
        #expect(runRipple(["test", "--sandbox", "--no-sandbox", Self.spin]).status == 64)
        let repl = runRipple(["repl", "--instruction-limit", "10000", "--sandbox"], input: "while true do end\nprint(io)\n")
        #expect(repl.output.contains("instruction limit exceeded"))
        #expect(repl.output.contains("nil"))
    }

    @Test("ripple test is sandboxed by default: every hole is closed")
    func sandboxHoles() {
        _ = Self.helper
        let result = runRipple(["test", Self.holes])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("10 passed, 0 failed, 0 errors ("))
    }

    @Test("ripple run is not sandboxed unless asked; ripple test --no-sandbox opens it")
    func sandboxSwitches() {
        #expect(runRipple(["run", Self.open]).status == 0)
        #expect(runRipple(["test", "--no-sandbox", Self.open]).status == 0)
        #expect(runRipple(["test", Self.open]).status == 1)
        _ = Self.helper
        let sandboxedRun = runRipple(["run", "--sandbox", Self.holes])
        #expect(sandboxedRun.status == 0, "\(sandboxedRun.output)")
    }
}
