import LuaBridge
import Testing

@Suite struct LuaStateTests {
    @Test("push and read values without raising")
    func pushAndRead() throws {
        let lua = try LuaState()
        lua.push(42)
        lua.push(1.5)
        lua.push("héllo")
        lua.push(true)
        lua.pushNil()
        lua.push(bytes: [0x61, 0x00, 0x62])
        #expect(lua.top == 6)
        #expect(lua.type(at: 1) == .number && lua.isInteger(at: 1))
        #expect(lua.toInteger(at: 1) == 42)
        #expect(lua.toNumber(at: 2) == 1.5)
        #expect(lua.toInteger(at: 2) == nil)
        #expect(lua.toString(at: 3) == "héllo")
        #expect(lua.toString(at: 1) == "42")
        #expect(lua.type(at: 1) == .number)  // the slot was not converted in place
        #expect(lua.toBoolean(at: 4) && !lua.toBoolean(at: 5))
        #expect(lua.toBytes(at: 6) == [0x61, 0x00, 0x62])
        #expect(lua.type(at: 7) == .none)
        #expect(lua.typeName(at: 7) == "no value")
        #expect(lua.typeName(at: 5) == "nil")
        lua.pop(2)
        #expect(lua.top == 4)
    }

    @Test("raw tables and raw globals")
    func rawTablesAndGlobals() throws {
        let lua = try LuaState()
        lua.newTable()
        lua.push("v")
        lua.rawSet(tableAt: -2, key: "k")
        lua.push(10)
        lua.rawSet(tableAt: -2, index: 1)
        #expect(lua.rawLength(at: -1) == 1)
        #expect(lua.rawGet(tableAt: -1, key: "k") == .string)
        #expect(lua.toString(at: -1) == "v")
        lua.pop()
        #expect(lua.rawGet(tableAt: -1, index: 1) == .number)
        lua.pop()
        lua.setGlobal("T")
        try lua.run("setmetatable(_G, {__newindex = function() error('no globals') end, __index = function() return 'meta' end})")
        lua.push(5)
        lua.setGlobal("fresh")  // raw: bypasses __newindex
        #expect(lua.getGlobal("fresh") == .number)
        #expect(lua.getGlobal("missing") == .nil)  // raw: bypasses __index
        #expect(try lua.eval("return T.k .. T[1] .. fresh .. missing") == "v105meta")
    }

    @Test("protected field access honours metamethods and reports errors")
    func protectedAccess() throws {
        let lua = try LuaState()
        try lua.run("""
            P = setmetatable({}, {
              __index = function(t, k) return k .. '!' end,
              __newindex = function(t, k, v) if k == 'bad' then error('no ' .. k) end rawset(t, k, v) end,
              __len = function() return 99 end})
            """)
        lua.getGlobal("P")
        #expect(try lua.getField(tableAt: -1, key: "x") == .string)
        #expect(lua.toString(at: -1) == "x!")
        lua.pop()
        lua.push(3)
        try lua.setField(tableAt: -2, key: "good")
        #expect(lua.rawGet(tableAt: -1, key: "good") == .number)
        lua.pop()
        lua.push(4)
        #expect(throws: LuaError.self) { try lua.setField(tableAt: -2, key: "bad") }
        do {
            lua.push(4)
            try lua.setField(tableAt: -2, key: "bad")
        } catch {
            #expect(error.message == "t:3: no bad")
        }
        try lua.length(at: -1)
        #expect(lua.toInteger(at: -1) == 99)
        lua.pop()
        lua.push(1)
        #expect(throws: LuaError.self) { try lua.getTable(at: -1) }  // indexes the number 1
        #expect(lua.top == 1)
    }

    @Test("toStringMeta honours __tostring and turns its errors into LuaError")
    func toStringMeta() throws {
        let lua = try LuaState()
        try lua.run("""
            A = setmetatable({}, {__tostring = function() return 'I am A' end})
            B = setmetatable({}, {__tostring = function() error('bad tostring') end})
            C = setmetatable({}, {__name = 'Thing'})
            """)
        lua.getGlobal("A")
        #expect(try lua.toStringMeta(at: -1) == "I am A")
        lua.getGlobal("B")
        do {
            _ = try lua.toStringMeta(at: -1)
            Issue.record("no error")
        } catch {
            #expect(error.message == "t:2: bad tostring")
        }
        lua.getGlobal("C")
        #expect(try lua.toStringMeta(at: -1).hasPrefix("Thing: 0x"))
        lua.push(2.0)
        #expect(try lua.toStringMeta(at: -1) == "2.0")
        #expect(lua.top == 4)
    }

    @Test("forEachPair walks a snapshot of the raw pairs")
    func pairs() throws {
        let lua = try LuaState()
        try lua.run("return {10, 20, x = 'y'}")
        var seen: [String] = []
        try lua.forEachPair(inTableAt: 1) { key, value in
            seen.append("\(lua.toString(at: key)!)=\(lua.toString(at: value)!)")
        }
        #expect(seen.sorted() == ["1=10", "2=20", "x=y"])
        #expect(lua.top == 1)
        lua.push(1)
        #expect(throws: LuaError.self) { try lua.forEachPair(inTableAt: -1) { _, _ in } }
    }

    @Test("forEachPair walks keys in a fixed order: numbers, strings by bytes, false, true, then the rest")
    func pairsOrder() throws {
        // Lua's own order (lua_next) follows a string-hash seed that changes between runs.
        let lua = try LuaState()
        try lua.run("""
            local t = { [true] = 'T', zeta = 1, [false] = 'F', alpha = 2, ['Beta'] = 3, [2.5] = 'f', \
            [-7] = 'n', [3] = 'c', [math.maxinteger] = 'max', ['é'] = 4, [''] = 5 }
            for i = 1, 40 do t['k' .. i] = i end
            return t
            """)
        var keys: [String] = []
        try lua.forEachPair(inTableAt: 1) { key, _ in
            keys.append(lua.type(at: key) == .boolean ? String(lua.toBoolean(at: key)) : lua.toString(at: key)!)
        }
        let strings = ["", "Beta", "alpha"] + (1...40).map { "k\($0)" }.sorted() + ["zeta", "é"]
        #expect(keys == ["-7", "2.5", "3", String(Int64.max)] + strings + ["false", "true"])
        #expect(lua.top == 1)
    }

    @Test("references keep values alive outside the stack")
    func references() throws {
        let lua = try LuaState()
        lua.push("kept")
        let ref = lua.ref()
        #expect(lua.top == 0)
        lua.collectGarbage()
        lua.push(ref)
        #expect(lua.toString(at: -1) == "kept")
        lua.pushNil()
        #expect(lua.ref().isNil)
    }

    @Test("pcall with traceback splits message and stack traceback")
    func traceback() throws {
        let lua = try LuaState()
        try lua.load("local x = nil\nx()", chunkName: "=t")
        do {
            try lua.pcall(arguments: 0, results: 0, traceback: true)
            Issue.record("no error")
        } catch {
            #expect(error.message == "t:2: attempt to call a nil value (local 'x')")
            #expect(error.traceback?.hasPrefix("stack traceback:\n") == true)
            #expect(error.description.contains("\nstack traceback:\n"))
            #expect(error.value == nil)
        }
        try lua.load("error(setmetatable({}, {__tostring = function() return 'custom' end}))", chunkName: "=t")
        do {
            try lua.pcall(arguments: 0, results: 0, traceback: true)
        } catch {
            #expect(error.message == "custom")
        }
        try lua.load("error({})", chunkName: "=t")
        do {
            try lua.pcall(arguments: 0, results: 0, traceback: true)
        } catch {
            #expect(error.message == "(error object is a table value)")
        }
        #expect(lua.top == 0)
    }

    @Test("incomplete input is detected like lua.c")
    func incompleteInput() throws {
        let lua = try LuaState()
        do {
            try lua.load("function f()", chunkName: "=stdin")
            Issue.record("no error")
        } catch {
            #expect(error.status == .syntax)
            #expect(error.message == "stdin:1: 'end' expected near <eof>")
            #expect(error.isIncompleteInput)
        }
        do {
            try lua.load("x = = 1", chunkName: "=stdin")
            Issue.record("no error")
        } catch {
            #expect(error.message == "stdin:1: unexpected symbol near '='")
            #expect(!error.isIncompleteInput)
        }
        #expect(lua.top == 0)
    }

    @Test("loadFile reports unreadable files")
    func loadFile() throws {
        let lua = try LuaState()
        do {
            try lua.loadFile("/nonexistent/x.lua")
            Issue.record("no error")
        } catch {
            #expect(error.status == .file)
            #expect(error.message == "cannot open /nonexistent/x.lua: No such file or directory")
        }
    }

    @Test("memoryInUse is positive")
    func memory() throws {
        let lua = try LuaState()
        #expect(lua.memoryInUse > 1000)
    }
}
