import ObjectGraph
import Scripting
import Testing

/// `ripple.regularExpressionStepLimit` belongs to the engine that set it: it is in force on the thread only
/// while that engine's chunks run, so engines sharing a thread (a `ripple test` worker runs file after
/// file) never see each other's.
@Suite struct RegularExpressionStepLimitTests {
    @Test("a limit set by one engine is restored after its chunk and never seen by another engine")
    func perEngine() throws {
        let a = try ScriptEngine()
        try a.run("assert(ripple.regularExpressionStepLimit(100000) == 10000000)")
        #expect(RegularExpressionStepLimit.current == RegularExpressionStepLimit.defaultSteps)
        let b = try ScriptEngine()
        try b.run("assert(ripple.regularExpressionStepLimit() == 10000000)")
        try a.run("""
            assert(ripple.regularExpressionStepLimit() == 100000)
            local ctx = ripple.container(ripple.model { C = { name = "string" } }).viewContext
            ctx:insert("C", { name = string.rep("a", 28) })
            local ok, message = pcall(ctx.fetch, ctx, { entity = "C", predicate = "name MATCHES '(a+)+b'" })
            assert(not ok and message:find("needed more than 100000 steps on a string of 28 characters", 1, true), message)
            """)
        #expect(RegularExpressionStepLimit.current == RegularExpressionStepLimit.defaultSteps)
        #expect(RegularExpressionStepLimit.isValid(10_000) && RegularExpressionStepLimit.isValid(1_000_000_000))
        #expect(!RegularExpressionStepLimit.isValid(0) && !RegularExpressionStepLimit.isValid(15_000)
                && !RegularExpressionStepLimit.isValid(1_000_010_000))
    }
}
