import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `toEqual` failures on tables point at the difference.
@Suite struct DiffTests {
    @Test("toEqual on two event lists prints a unified diff of the differing elements")
    func sequenceDiff() {
        let file = scratchFile("diff-events.lua", """
            scenario("events", function()
              expect({ "willSave", "didSave inserted: Customer#1", "a", "b", "c", "d" }):toEqual(
                { "willSave", "didSave inserted: Customer#1, Order#1", "a", "b", "c", "d", "e" })
            end)
            """)
        let result = runRipple(["test", file])
        #expect(withoutTimes(result.output).contains("""
                --- expected
                +++ actual
                  "willSave"
                - "didSave inserted: Customer#1, Order#1"
                + "didSave inserted: Customer#1"
                  "a"
                  …
                  "d"
                - "e"
            0 passed, 1 failed
            """), "\(result.output)")
    }

    @Test("toEqual on nested tables names the first differing key path and marks it, luassert-style")
    func nestedDiff() {
        let file = scratchFile("diff-nested.lua", """
            scenario("nested", function()
              expect({ name = "Ann", orders = { { total = 4 }, { total = 5 } } }):toEqual(
                { name = "Ann", orders = { { total = 4 }, { total = 6 } } })
            end)
            """)
        let result = runRipple(["test", file])
        #expect(result.output.contains("""
                first difference at orders[2].total (marked *)
                expected: {name = "Ann", *orders = {[1] = {total = 4}, *[2] = {*total = 6}}}
                actual:   {name = "Ann", *orders = {[1] = {total = 4}, *[2] = {*total = 5}}}
            """), "\(result.output)")
    }
}


/// Golden traces: `expect(ripple.events()):toMatchGolden(name)`.
@Suite struct GoldenTraceTests {
    @Test("a missing golden file is recorded and fails; a match passes; a mismatch prints the diff; RIPPLE_RECORD=1 re-records")
    func golden() {
        let file = scratchFile("golden-trace.lua", """
            local ctx = ripple.container(ripple.model { C = { n = "integer" } }).viewContext
            scenario("trace", function()
              ctx:insert("C", { n = 1 }); ctx:save()
              expect(ripple.events()):toMatchGolden("golden-trace")
            end)
            """)
        let golden = String(file.dropLast(4)) + ".golden"
        unlink(golden)
        let first = runRipple(["test", file])
        #expect(first.status == 1)
        #expect(first.output.contains("expected a golden file \(golden) (recorded now; check it in and run again)"))
        #expect(runRipple(["test", file]).status == 0)
        _ = scratchFile("golden-trace.golden", "[viewContext] willSave\n")
        let mismatch = runRipple(["test", file])
        #expect(mismatch.status == 1)
        #expect(mismatch.output.contains("""
                --- expected
                +++ actual
                + "[viewContext] objectsDidChange inserted: C#1"
                  "[viewContext] willSave"
                + "[viewContext] didSave inserted: C#1"
            """), "\(mismatch.output)")
        let rerecord = runRipple(["test", file], environment: ["RIPPLE_RECORD": "1"])
        #expect(rerecord.status == 0)
        #expect(rerecord.output.hasPrefix("recorded \(golden)\n"))
        #expect(runRipple(["test", file]).status == 0)
    }
}
