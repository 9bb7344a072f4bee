import LuaBridge
import Testing

/// A second class over the same Swift type, to check that receivers are checked by class, not by type.
private func orderClass() -> LuaClass {
    LuaClass(name: "Order", properties: ["name"], methods: ["ping": { lua in lua.push("pong"); return 1 }],
             getter: { object, _, lua in lua.push((object as! DeinitChecker).name) },
             tostring: { object in "Order(\((object as! DeinitChecker).name))" })
}

/// The bridge against hostile Lua: forged upvalues and slots, foreign receivers, foreign userdata,
/// a replaced globals table, callbacks that yield, table errors (docs/reliability.md).
@Suite struct LuaHardeningTests {
    /// A state with a Customer `c` and an Order `o` (two classes over the same Swift type).
    func fixture() throws -> (LuaState, CustomerFixture, LuaClass) {
        let lua = try LuaState()
        let customers = CustomerFixture()
        let orders = orderClass()
        lua.push(object: DeinitChecker(Flag()), class: customers.luaClass)
        lua.setGlobal("c")
        let order = DeinitChecker(Flag())
        order.name = "O1"
        lua.push(object: order, class: orders)
        lua.setGlobal("o")
        return (lua, customers, orders)
    }

    /// Runs `code` and returns the message it raised.
    func raised(_ lua: LuaState, _ code: String) -> String? {
        do { try lua.run(code); return nil } catch { return (error as? LuaError)?.message }
    }

    @Test("metamethods and methods check their receiver's class: luaL_argerror's words, with a position")
    func foreignReceivers() throws {
        let (lua, _, _) = try fixture()
        #expect(raised(lua, "return getmetatable(c).__tostring(o)")
            == "t:1: bad argument #1 to '__tostring' (Customer expected, got Order)")
        #expect(raised(lua, "return getmetatable(c).__index(o, 'name')")
            == "t:1: bad argument #1 to '__index' (Customer expected, got Order)")
        #expect(raised(lua, "getmetatable(c).__newindex(o, 'age', 1)")
            == "t:1: bad argument #1 to '__newindex' (Customer expected, got Order)")
        #expect(raised(lua, "local greet = c.greet; return greet(o, 'Hi')")
            == "t:1: bad argument #1 to 'greet' (Customer expected, got Order)")
        #expect(raised(lua, "local t = setmetatable({}, { __index = { greet = c.greet } }); return t:greet('x')")
            == "t:1: calling 'greet' on bad self (Customer expected, got table)")
        // called from C (tostring, pcall): the position of the nearest Lua code
        #expect(raised(lua, "local f = getmetatable(c).__tostring\nreturn tostring(setmetatable({}, { __tostring = function(t) return f(o) end }))")
            == "t:2: bad argument #1 to 'f' (Customer expected, got Order)")
        #expect(try lua.eval("local ok, e = pcall(getmetatable(c).__tostring, o); return e")
            == "t:1: bad argument #1 to '?' (Customer expected, got Order)")
        #expect(try lua.eval("return tostring(c) .. ' ' .. tostring(o) .. ' ' .. o:ping()") == "Customer(Ann) Order(O1) pong")
    }

    @Test("another library's userdata with a bridged metatable is never read as an object")
    func foreignUserdata() throws {
        let (lua, _, _) = try fixture()
        try lua.run("saved = debug.getmetatable(io.stderr); debug.setmetatable(io.stderr, getmetatable(c))")
        lua.getGlobal("io")
        try lua.getField(tableAt: -1, key: "stderr")
        #expect(lua.object(at: -1) == nil)
        #expect(lua.luaClass(at: -1) == nil)
        lua.setTop(0)
        #expect(raised(lua, "return io.stderr.name") == "t:1: bad argument #1 to 'index' (Customer expected, got Customer)")
        try lua.run("getmetatable(c).__gc(io.stderr); debug.setmetatable(io.stderr, saved); io.stderr:write('')")
        #expect(try lua.eval("return c.name") == "Ann")
    }

    @Test("forged slots and upvalues are refused, and work again once restored")
    func forgedInternals() throws {
        let (lua, _, _) = try fixture()
        #expect(raised(lua, "local _, slots = debug.getupvalue(getmetatable(c).__index, 1); slots.x = 99; return c.x")
            == "t:1: invalid property slot for Customer (the class's slot table was modified)")
        #expect(raised(lua, "c.x = 1") == "t:1: invalid property slot for Customer (the class's slot table was modified)")
        try lua.run("local _, slots = debug.getupvalue(getmetatable(c).__index, 1); slots.x = nil")
        #expect(raised(lua, "debug.setupvalue(getmetatable(c).__index, 3, io.stdout); return c.name")
            == "t:1: invalid Ripple metamethod (its upvalue was replaced)")
        #expect(raised(lua, "debug.setupvalue(getmetatable(c).__index, 1, 5); return c.name")
            == "t:1: invalid Ripple metamethod (its upvalue was replaced)")
        #expect(raised(lua, """
            local key
            for k in pairs(debug.getregistry()) do if type(k) == 'userdata' then key = k break end end
            local greet = getmetatable(o).__index(o, 'ping')
            debug.setupvalue(greet, 1, key)
            return greet(o)
            """) == "t:5: invalid Ripple function (its upvalue was replaced)")
    }

    @Test("a globals table replaced through debug.getregistry() is never indexed raw")
    func replacedGlobals() throws {
        let lua = try LuaState()
        try lua.run("G = _G; debug.getregistry()[2] = 42")
        #expect(lua.getGlobal("print") == .nil)
        #expect(lua.top == 1)
        lua.setTop(0)
        lua.push(1)
        lua.setGlobal("x")
        #expect(lua.top == 0)
        #expect(lua.rawGet(tableAt: 1, key: "k") == .nil)  // not a table: nil, no trap
        lua.setTop(0)
    }

    @Test("a Swift function has room for many pushes; coroutine.yield in a callback names its line")
    func stackAndYield() throws {
        let lua = try LuaState()
        lua.register(global: "many") { lua in
            for i in 0..<70 { lua.push(i) }
            return 70
        }
        lua.register(global: "callback") { lua in
            lua.pushValue(at: 1)
            try lua.pcall(arguments: 0, results: 0)
            return 0
        }
        #expect(try lua.eval("return select('#', many())") == "70")
        #expect(try lua.eval("""
            local co = coroutine.create(function() callback(function() coroutine.yield(1) end) end)
            local ok, e = coroutine.resume(co)
            return e
            """) == "t:1: attempt to yield across a C-call boundary (a callback run by Ripple cannot yield)")
        #expect(raised(lua, "coroutine.yield()") == "t:1: attempt to yield from outside a coroutine")
        #expect(try lua.eval("local f = coroutine.wrap(function() coroutine.yield(1); return 2 end); return f() + f()") == "3")
    }

    @Test("pcallWithStringTraceback keeps a table error object and splits a string's traceback")
    func stringTraceback() throws {
        let lua = try LuaState()
        try lua.load("local t = {code = 7}; T = t; error(t)", chunkName: "=t")
        do {
            try lua.pcallWithStringTraceback(arguments: 0, results: 0)
            Issue.record("no error")
        } catch {
            #expect(error.value != nil)
            #expect(error.traceback == nil)
        }
        try lua.load("error('boom')", chunkName: "=t")
        do {
            try lua.pcallWithStringTraceback(arguments: 0, results: 0)
            Issue.record("no error")
        } catch {
            #expect(error.message == "t:1: boom")
            #expect(error.value == nil)
            #expect(error.traceback?.hasPrefix("stack traceback:") == true)
        }
        #expect(lua.top == 0)
    }
}
