import LuaBridge
import Testing

/// The sampled instruction meter (limits above ``LuaState/exactInstructionLimit``): no hook while Lua runs,
/// a CPU-time tick charges the budget, the spent budget arms the hook.
@Suite struct LuaSampledLimitTests {
    static let sampled = LuaState.exactInstructionLimit + 1

    @Test("a sampled limit stops a runaway loop, and the state stays usable for the next call")
    func stopsAndRecovers() throws {
        let lua = try LuaState()
        lua.setInstructionLimit(Self.sampled)
        do {
            try lua.run("while true do end")
            Issue.record("no error")
        } catch let error as LuaError {
            #expect(error.message.contains("instruction limit exceeded"))
        }
        #expect(try lua.eval("local s = 0 for i = 1, 1000 do s = s + i end return s") == "500500")
    }

    @Test("a state called from inside another state's call does not end the outer call's meter")
    func nestedStates() throws {
        let outer = try LuaState()
        let inner = try LuaState()
        outer.setInstructionLimit(Self.sampled)
        inner.setInstructionLimit(Self.sampled)
        outer.register(global: "inner") { _ in
            _ = try? inner.eval("local s = 0 for i = 1, 10 do s = s + i end return s")
            return 0
        }
        do {
            try outer.run("inner() while true do end")
            Issue.record("no error")
        } catch let error as LuaError {
            #expect(error.message.contains("instruction limit exceeded"))
        }
    }

    @Test("after a sampled budget is spent, another state on the same thread runs its coroutines unhindered")
    func spentBudgetDoesNotLeak() throws {
        let spent = try LuaState()
        spent.setInstructionLimit(Self.sampled)
        #expect(throws: LuaError.self) { try spent.run("while true do end") }
        let other = try LuaState()
        #expect(try other.eval("local f = coroutine.wrap(function() coroutine.yield(1) return 2 end) return f() + f()") == "3")
        #expect(try other.eval("return select(2, coroutine.resume(coroutine.create(function() return 5 end)))") == "5")
    }
}
