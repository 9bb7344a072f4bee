import LuaBridge
import Testing

@Suite struct LuaHooksTests {
    @Test("the instruction limit stops runaway scripts and the state stays usable")
    func instructionLimit() throws {
        let lua = try LuaState()
        lua.setInstructionLimit(100_000)
        for code in ["while true do end", "while true do pcall(function() while true do end end) end"] {
            do {
                try lua.run(code)
                Issue.record("no error for \(code)")
            } catch let error as LuaError {
                #expect(error.message.contains("instruction limit exceeded"))
            }
        }
        #expect(try lua.eval("local s = 0 for i = 1, 1000 do s = s + i end return s") == "500500")
        lua.setInstructionLimit(nil)
        #expect(try lua.eval("local s = 0 for i = 1, 200000 do s = s + 1 end return s") == "200000")
    }

    @Test("interrupt raises interrupted! in running code")
    func interrupt() throws {
        let lua = try LuaState()
        lua.register(global: "stop") { lua in lua.interrupt(); return 0 }
        do {
            try lua.run("stop() while true do end")
            Issue.record("no error")
        } catch let error as LuaError {
            #expect(error.message.hasSuffix("interrupted!"))
        }
        #expect(try lua.eval("return 1 + 1") == "2")
    }
}
