import LuaBridge
import Testing

/// `pushNew(object:class:)` (the push of an object just created, which skips the identity cache lookup)
/// against `push(object:class:)`: the same userdata afterwards, the same retain and release, and the general
/// path when the object was pushed before after all.
@Suite struct LuaNewObjectPushTests {
    /// A class over ``DeinitChecker`` with a read cache whose word the fixture's dictionary holds per object.
    final class Fixture {
        var words: [ObjectIdentifier: UnsafeMutablePointer<UInt64>] = [:]
        lazy var luaClass = LuaClass(
            name: "Cached",
            properties: ["name"],
            getter: { object, _, lua in lua.push((object as! DeinitChecker).name) },
            readCache: LuaClass.ReadCache(
                slots: 1,
                attach: { [unowned self] object, word in
                    let id = ObjectIdentifier(object)
                    guard self.words[id] == nil || self.words[id] == word else { return false }
                    self.words[id] = word
                    return true
                },
                detach: { [unowned self] object, word in
                    if self.words[ObjectIdentifier(object)] == word { self.words[ObjectIdentifier(object)] = nil }
                })
        )
        let plainClass = LuaClass(name: "Plain", properties: ["name"],
                                  getter: { object, _, lua in lua.push((object as! DeinitChecker).name) })
    }

    @Test("a new object's userdata is found by later pushes, attached, and released once when collected")
    func newObject() throws {
        let lua = try LuaState()
        let fixture = Fixture()
        let flag = Flag()
        do {
            let object = DeinitChecker(flag)
            lua.pushNew(object: object, class: fixture.luaClass)
            lua.setGlobal("a")
            lua.push(object: object, class: fixture.luaClass)
            lua.setGlobal("b")
            #expect(try lua.eval("return tostring(rawequal(a, b)) .. ' ' .. a.name") == "true Ann")
            #expect(fixture.words.count == 1)
        }
        try lua.run("a, b = nil, nil collectgarbage() collectgarbage()")
        #expect(flag.value)
        #expect(fixture.words.isEmpty)
    }

    @Test("an object pushed before goes through the general push: the same userdata, retained once")
    func pushedBefore() throws {
        let lua = try LuaState()
        let fixture = Fixture()
        let flag = Flag()
        do {
            let object = DeinitChecker(flag)
            lua.push(object: object, class: fixture.luaClass)
            lua.setGlobal("a")
            lua.pushNew(object: object, class: fixture.luaClass)
            lua.setGlobal("b")
            #expect(try lua.eval("return tostring(rawequal(a, b))") == "true")
        }
        try lua.run("a, b = nil, nil collectgarbage() collectgarbage()")
        #expect(flag.value)
        #expect(fixture.words.isEmpty)
    }

    @Test("a class without a read cache takes the general push")
    func plainClass() throws {
        let lua = try LuaState()
        let fixture = Fixture()
        let flag = Flag()
        do {
            let object = DeinitChecker(flag)
            lua.pushNew(object: object, class: fixture.plainClass)
            lua.setGlobal("a")
            lua.push(object: object, class: fixture.plainClass)
            lua.setGlobal("b")
            #expect(try lua.eval("return tostring(rawequal(a, b)) .. ' ' .. b.name") == "true Ann")
        }
        try lua.run("a, b = nil, nil collectgarbage() collectgarbage()")
        #expect(flag.value)
    }

    @Test("a __gc called by hand on a new object's userdata releases it once; a later push makes another")
    func finalizedByHand() throws {
        let lua = try LuaState()
        let fixture = Fixture()
        let flag = Flag()
        var object: DeinitChecker? = DeinitChecker(flag)
        lua.pushNew(object: object!, class: fixture.luaClass)
        lua.setGlobal("a")
        try lua.run("getmetatable(a).__gc(a) getmetatable(a).__gc(a)")
        #expect(fixture.words.isEmpty)
        #expect(throws: LuaError.self) { try lua.run("return a.name") }
        lua.push(object: object!, class: fixture.luaClass)
        lua.setGlobal("b")
        #expect(try lua.eval("return tostring(rawequal(a, b)) .. ' ' .. b.name") == "false Ann")
        object = nil
        #expect(!flag.value)  // b holds it
        try lua.run("a, b = nil, nil collectgarbage() collectgarbage()")
        #expect(flag.value)
    }
}
