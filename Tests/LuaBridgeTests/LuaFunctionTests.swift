import LuaBridge
import Testing

@Suite struct LuaFunctionTests {
    @Test("a Swift throw is caught by Lua pcall with the chunk:line: prefix")
    func swiftThrowCaughtByLuaPcall() throws {
        let lua = try LuaState()
        lua.register(global: "fail") { _ in throw MessageError("boom") }
        #expect(try lua.eval("local ok, e = pcall(function() fail() end) return e") == "t:1: boom")
        #expect(try lua.eval("local ok, e = pcall(function() fail() end) return e", chunk: "t") == "[string \"t\"]:1: boom")
    }

    @Test("results and arguments pass through the trampoline")
    func resultsAndArguments() throws {
        let lua = try LuaState()
        lua.register(global: "add") { lua in
            lua.push(try lua.integer(1) + lua.integer(2))
            lua.push(try lua.string(3))
            return 2
        }
        #expect(try lua.eval("local a, b = add(2, 3, 'x') return a .. b") == "5x")
        #expect(try lua.eval("return add(2, '4', 7)") == "6")
    }

    @Test("argument errors use luaL_argerror's exact wording")
    func argumentErrorWording() throws {
        let lua = try LuaState()
        lua.register(global: "insert") { lua in _ = try lua.integer(1); return 0 }
        #expect(
            try lua.eval("local ok, e = pcall(function() insert('x') end) return e")
                == "t:1: bad argument #1 to 'insert' (number expected, got string)")
        #expect(
            try lua.eval("local ok, e = pcall(function() insert(1.5) end) return e")
                == "t:1: bad argument #1 to 'insert' (number has no integer representation)")
        #expect(
            try lua.eval("local ok, e = pcall(function() insert() end) return e")
                == "t:1: bad argument #1 to 'insert' (number expected, got no value)")
    }

    @Test("argument helpers report Lua's type names")
    func argumentHelpers() throws {
        let lua = try LuaState()
        lua.register(global: "check") { lua in
            switch try lua.string(1) {
            case "string": _ = try lua.string(2)
            case "table": try lua.table(2)
            case "boolean": _ = try lua.boolean(2)
            case "function": _ = try lua.function(2)
            case "number": _ = try lua.number(2)
            default: lua.push(try lua.optionalString(2) ?? "none"); return 1
            }
            return 0
        }
        let cases: [(String, String)] = [
            ("check('string')", "bad argument #2 to 'check' (string expected, got no value)"),
            ("check('table', nil)", "bad argument #2 to 'check' (table expected, got nil)"),
            ("check('boolean', 0)", "bad argument #2 to 'check' (boolean expected, got number)"),
            ("check('function', {})", "bad argument #2 to 'check' (function expected, got table)"),
            ("check('number', 'x')", "bad argument #2 to 'check' (number expected, got string)"),
            ("check('opt', io.stdout)", "bad argument #2 to 'check' (string expected, got FILE*)"),
        ]
        for (call, expected) in cases {
            #expect(try lua.eval("local ok, e = pcall(function() \(call) end) return e") == "t:1: " + expected)
        }
        #expect(try lua.eval("return check('opt')") == "none")
    }

    @Test("a table error object crosses Swift pcall and is re-raised unchanged")
    func tableErrorRoundTrip() throws {
        let lua = try LuaState()
        lua.register(global: "callit") { lua in
            lua.pushValue(at: 1)
            try lua.pcall(arguments: 0, results: 0)
            return 0
        }
        let code = """
            local E = setmetatable({}, {__tostring = function() return "E!" end})
            local ok, e = pcall(callit, function() error(E) end)
            return tostring(ok) .. " " .. tostring(rawequal(e, E))
            """
        #expect(try lua.eval(code) == "false true")
    }

    @Test("Lua→Swift→Lua→Swift errors keep the innermost position")
    func nestedErrors() throws {
        let lua = try LuaState()
        lua.register(global: "outer") { lua in
            lua.pushValue(at: 1)
            try lua.pcall(arguments: 0, results: 0)
            return 0
        }
        lua.register(global: "wrap") { lua in
            lua.pushValue(at: 1)
            do {
                try lua.pcall(arguments: 0, results: 0)
            } catch let error as LuaError {
                throw MessageError("wrapped <\(error.message)>")
            }
            return 0
        }
        lua.register(global: "inner") { _ in throw MessageError("inner") }
        let code = """
            local ok1, e1 = pcall(function()
              outer(function()
                inner()
              end)
            end)
            local ok2, e2 = pcall(function()
              wrap(function() inner() end)
            end)
            return e1 .. " | " .. e2
            """
        #expect(try lua.eval(code) == "t:3: inner | t:7: wrapped <t:7: inner>")
    }

    @Test("a Lua error reaches Swift pcall as LuaError with the original value")
    func luaErrorInSwift() throws {
        let lua = try LuaState()
        lua.register(global: "fail") { _ in throw MessageError("boom") }
        try lua.load("local t = {}\nfail()", chunkName: "=s")
        do {
            try lua.pcall(arguments: 0, results: 0)
            Issue.record("no error")
        } catch {
            #expect(error.status == .runtime)
            #expect(error.message == "s:2: boom")
            #expect(error.traceback == nil)
            #expect(error.value != nil)
        }
        try lua.load("error({code = 7})", chunkName: "=s")
        do {
            try lua.pcall(arguments: 0, results: 0)
        } catch {
            #expect(error.message == "(error object is a table value)")
            lua.push(error.value!)
            #expect(lua.rawGet(tableAt: -1, key: "code") == .number)
            #expect(lua.toInteger(at: -1) == 7)
        }
        #expect(lua.top == 2)
    }

    @Test("functions registered in a table")
    func registerInTable() throws {
        let lua = try LuaState()
        lua.newTable()
        lua.register(in: -1, name: "hello") { lua in lua.push("hi " + (try lua.string(1))); return 1 }
        lua.setGlobal("m")
        #expect(try lua.eval("return m.hello('there')") == "hi there")
    }

    @Test("Swift functions and properties work inside coroutines")
    func coroutines() throws {
        let lua = try LuaState()
        lua.register(global: "twice") { lua in
            lua.push(try lua.integer(1) * 2)
            return 1
        }
        lua.register(global: "fail") { _ in throw MessageError("in coroutine") }
        let code = """
            local co = coroutine.wrap(function(a)
              local b = coroutine.yield(twice(a))
              return twice(b)
            end)
            local first = co(5)
            local second = co(21)
            local ok, e = coroutine.resume(coroutine.create(function() fail() end))
            return first .. " " .. second .. " " .. e
            """
        #expect(try lua.eval(code) == "10 42 t:7: in coroutine")
    }
}
