import LuaBridge
import Testing

/// `pushCallback(_:of:receiverIn:object:)`, `weakSlot(holdingValueAt:)`, `setWeakSlot(_:toValueAt:)` and
/// `pcallFunction(arguments:results:)`: the fast path of a callback called on every change pushes exactly
/// what the general path would, and pushes nothing (leaving the stack as it was) in every case the general
/// path must handle.
@Suite struct LuaCallbackFastPathTests {
    let plainClass = LuaClass(name: "Plain", properties: ["name"],
                              getter: { object, _, lua in lua.push((object as! DeinitChecker).name) })

    /// A state with `delegate = { f = function(c, x) ... end }` and the references the fast path reads.
    func fixture(_ lua: LuaState, _ code: String) throws -> (table: LuaRef, key: LuaRef) {
        try lua.run(code)
        lua.setTop(0)
        _ = lua.getGlobal("delegate")
        let table = lua.ref()
        lua.push("f")
        let key = lua.ref()
        return (table, key)
    }

    @Test("a function the table holds and a live receiver: both pushed, and the call gets that receiver")
    func hit() throws {
        let lua = try LuaState()
        let (table, key) = try fixture(lua, "delegate = { f = function(c, x) seen = c.name .. ' ' .. x end }")
        let object = DeinitChecker(Flag())
        lua.push(object: object, class: plainClass)
        lua.setGlobal("owner")
        _ = lua.getGlobal("owner")
        let slot = lua.weakSlot(holdingValueAt: -1)
        lua.setTop(0)
        #expect(lua.pushCallback(key, of: table, receiverIn: slot, object: ObjectIdentifier(object)))
        #expect(lua.top == 2)
        _ = lua.getGlobal("owner")
        #expect(lua.rawEqual(2, 3))
        lua.setTop(2)
        lua.push(7)
        try lua.pcallFunction(arguments: 2, results: 0)
        #expect(lua.top == 0)
        #expect(try lua.eval("return seen") == "Ann 7")
    }

    @Test("every case for the general path pushes nothing: missing, inherited, callable table, other object, empty slot")
    func misses() throws {
        let lua = try LuaState()
        let (table, key) = try fixture(lua, """
            delegate = setmetatable({}, { __index = { f = function() end } })
            """)
        let object = DeinitChecker(Flag()), other = DeinitChecker(Flag())
        lua.push(object: object, class: plainClass)
        lua.setGlobal("owner")
        _ = lua.getGlobal("owner")
        let slot = lua.weakSlot(holdingValueAt: -1)
        lua.setTop(0)
        lua.push(true)  // something below, which must stay
        // Inherited through __index: not read raw.
        #expect(!lua.pushCallback(key, of: table, receiverIn: slot, object: ObjectIdentifier(object)))
        #expect(lua.top == 1)
        // A callable table.
        try lua.run("rawset(delegate, 'f', setmetatable({}, { __call = function() end }))")
        lua.push(true)
        #expect(!lua.pushCallback(key, of: table, receiverIn: slot, object: ObjectIdentifier(object)))
        #expect(lua.top == 1)
        // A plain function, but the slot holds another object's userdata.
        try lua.run("rawset(delegate, 'f', function() end)")
        lua.push(true)
        #expect(!lua.pushCallback(key, of: table, receiverIn: slot, object: ObjectIdentifier(other)))
        #expect(lua.top == 1)
        #expect(lua.pushCallback(key, of: table, receiverIn: slot, object: ObjectIdentifier(object)))
        #expect(lua.top == 3)
        lua.setTop(1)
        // The receiver collected: the slot is empty.
        try lua.run("owner = nil collectgarbage() collectgarbage()")
        lua.push(true)
        #expect(!lua.pushCallback(key, of: table, receiverIn: slot, object: ObjectIdentifier(object)))
        #expect(lua.top == 1)
        // Refilled by the general path's push.
        lua.push(object: other, class: plainClass)
        lua.setWeakSlot(slot, toValueAt: -1)
        lua.setTop(1)
        #expect(lua.pushCallback(key, of: table, receiverIn: slot, object: ObjectIdentifier(other)))
        #expect(lua.top == 3)
    }

    @Test("a receiver finalized by a direct call of its __gc is not pushed again")
    func finalized() throws {
        let lua = try LuaState()
        let (table, key) = try fixture(lua, "delegate = { f = function() end }")
        let object = DeinitChecker(Flag())
        lua.push(object: object, class: plainClass)
        lua.setGlobal("owner")
        _ = lua.getGlobal("owner")
        let slot = lua.weakSlot(holdingValueAt: -1)
        lua.setTop(0)
        try lua.run("getmetatable(owner).__gc(owner)")
        lua.setTop(0)
        #expect(!lua.pushCallback(key, of: table, receiverIn: slot, object: ObjectIdentifier(object)))
        #expect(lua.top == 0)
    }

    @Test("pcallFunction: errors keep their value, the instruction budget applies, a non-function is refused")
    func protectedCall() throws {
        let lua = try LuaState()
        try lua.run("function boom(x) error('boom ' .. x) end function spin() while true do end end")
        lua.setTop(0)
        _ = lua.getGlobal("boom")
        lua.push(1)
        #expect(throws: LuaError.self) { try lua.pcallFunction(arguments: 1, results: 0) }
        #expect(lua.top == 0)
        do {
            _ = lua.getGlobal("boom")
            lua.push(2)
            try lua.pcallFunction(arguments: 1, results: 0)
        } catch {
            #expect(error.message == "t:1: boom 2")
        }
        lua.setInstructionLimit(1000)
        _ = lua.getGlobal("spin")
        do {
            try lua.pcallFunction(arguments: 0, results: 0)
            Issue.record("the loop was not stopped")
        } catch {
            #expect(error.message.contains("instruction limit exceeded"))
        }
        lua.setInstructionLimit(nil)
        #expect(lua.top == 0)
        lua.push(42)
        do {
            try lua.pcallFunction(arguments: 0, results: 0)
            Issue.record("a number was called")
        } catch {
            #expect(error.message == "attempt to call a number value (a value Ripple was given to call)")
        }
        #expect(lua.top == 0)
    }
}
