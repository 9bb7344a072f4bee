import LuaBridge
import Testing

/// A value the host is asked to call that is not callable: Lua's own error ("attempt to call a number
/// value") would have no position; the bridge's has the position of the Lua code that caused the call,
/// or names what the value is (``LuaState/checkCallable(at:_:)``).
@Suite struct LuaCallableTests {
    @Test("pcall of a number from a Swift function: an error placed at the Lua caller")
    func pcallOfANumber() throws {
        let lua = try LuaState()
        lua.register(global: "callIt") { lua in
            lua.pushValue(at: 1)
            try lua.pcall(arguments: 0, results: 0)
            return 0
        }
        #expect(try lua.eval("local ok, e = pcall(function() callIt(42) end) return e")
                    == "t:1: attempt to call a number value (a value Ripple was given to call)")
        // functions and callable tables are called; the stack is as it was after a refused call
        #expect(try lua.eval("local n = 0; callIt(function() n = n + 1 end); callIt(setmetatable({}, { __call = function() n = n + 10 end })); return n") == "11")
        #expect(try lua.eval("local ok = pcall(callIt, 'x'); return select('#', callIt(print))") == "0")
    }

    @Test("checkCallable names the value and its type")
    func checkCallable() throws {
        let lua = try LuaState()
        lua.register(global: "check") { lua in
            try lua.checkCallable(at: 1, "viewDidLoad of <ViewController \"Form\">")
            return 0
        }
        #expect(try lua.eval("local ok, e = pcall(check, 7) return e")
                    == "t:1: viewDidLoad of <ViewController \"Form\"> is a number, not a function")
        #expect(try lua.eval("local ok, e = pcall(check, {}) return e")
                    == "t:1: viewDidLoad of <ViewController \"Form\"> is a table, not a function")
        #expect(try lua.eval("local ok, e = pcall(check, print) return tostring(ok)") == "true")
    }
}
