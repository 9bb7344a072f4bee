import Testing

/// Lua's pattern functions (`string.find`, `match`, `gmatch`, `gsub`) run on Ripple's own matcher
/// (Sources/CLuaShim/Patterns.c): Lua 5.4's semantics, checked by the Lua 5.4 test suite's `pm.lua`
/// (Tests/Fixtures/Lua), and a step budget charged to the instruction limit, so a catastrophic pattern stops
/// with the limit's error at its file:line and the run goes on (docs/reliability.md).
@Suite struct PatternMatcherTests {
    static let pm = packageRoot + "/Tests/Fixtures/Lua/pm.lua"

    static let catastrophic = scratchFile("pattern-catastrophic.lua", """
        local model = ripple.model { Item = { name = "string" } }
        local ctx = ripple.container(model).viewContext
        local item = ctx:insert("Item", { name = "kept" })
        scenario("a catastrophic pattern", function()
          string.find(("a"):rep(30), ("a?"):rep(30) .. ("a"):rep(30))
        end)
        scenario("the objects are intact", function() expect(item.name):toBe("kept") end)
        """)
    static let after = scratchFile("pattern-after.lua", """
        scenario("runs after", function() expect(("a,b"):gsub(",", ";")):toBe("a;b") end)
        """)

    @Test("Lua 5.4's pm.lua passes on Ripple's matcher, in ripple run and in the sandbox")
    func luaTestSuite() {
        for extra in [[], ["--sandbox"]] {
            let result = runRipple(["run"] + extra + [Self.pm])
            #expect(result.status == 0, "\(result.output.suffix(2000))")
            #expect(result.output == "testing pattern matching\n+\n+\n+\n+\nbig strings\nOK\n")
        }
    }

    @Test("a catastrophic pattern fails at its file:line with the instruction limit; the file goes on, the next file runs")
    func catastrophicPatternStops() {
        let result = runRipple(["test", "-j", "1", "--instruction-limit", "1000000", Self.catastrophic, Self.after])
        #expect(result.output.contains(
            "pattern-catastrophic.lua:5: instruction limit exceeded: host work (here Lua pattern matching) reached the budget of 1000000 units (--instruction-limit N, 0 = none)"),
            "\(result.output)")
        #expect(result.output.contains("✔ \(Self.catastrophic) › the objects are intact"))
        #expect(result.output.contains("✔ \(Self.after) › runs after"))
        #expect(result.output.contains("2 passed, 0 failed, 1 error"))
    }

    @Test("ripple run: the error is an ordinary Lua error, placed even when pcall calls the function directly")
    func placedErrors() {
        let script = scratchFile("pattern-placed.lua", """
            print(pcall(string.find, ("a"):rep(30), ("a?"):rep(30) .. ("a"):rep(30)))
            print(pcall(string.find, "a", "%"))
            print(pcall(string.gsub, "alo", ".", "%2"))
            print(pcall(string.gsub, "alo", "."))
            print(pcall(string.rep("(", 40).match, "x", string.rep("(", 40)))
            print(pcall(string.match, string.rep("a", 300), string.rep(".?", 300)))
            """)
        let result = runRipple(["run", "--instruction-limit", "1000000", script])
        #expect(result.status == 0, "\(result.output)")
        let placed = script
        #expect(result.output == """
            false\tpattern-placed.lua:1: instruction limit exceeded: host work (here Lua pattern matching) reached the budget of 1000000 units (--instruction-limit N, 0 = none)
            false\tpattern-placed.lua:2: malformed pattern (ends with '%')
            false\tpattern-placed.lua:3: invalid capture index %2
            false\tpattern-placed.lua:4: bad argument #3 to '?' (string/function/table expected, got no value)
            false\tpattern-placed.lua:5: too many captures
            false\tpattern-placed.lua:6: pattern too complex

            """.split(separator: "pattern-placed.lua", omittingEmptySubsequences: false).joined(separator: placed))
    }

    @Test("a gmatch iterator whose upvalues were replaced refuses to run")
    func forgedGmatch() {
        let script = scratchFile("pattern-forged.lua", """
            local it = ("a b"):gmatch("%a")
            print(it())
            local saved = select(2, debug.getupvalue(it, 3))
            debug.setupvalue(it, 3, io.stdout)
            print(pcall(it))
            debug.setupvalue(it, 3, saved)
            debug.setupvalue(it, 1, "other")
            print(pcall(it))
            debug.setupvalue(it, 1, "a b")
            print(it())
            """)
        let result = runRipple(["run", script])
        #expect(result.status == 0, "\(result.output)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "a")
        #expect(lines.dropFirst().prefix(2).allSatisfy { $0.hasSuffix("invalid gmatch iterator (its upvalue was replaced)") })
        // the original put back (a short string: the same interned string), the iterator goes on
        #expect(lines.last == "b")
    }
}
