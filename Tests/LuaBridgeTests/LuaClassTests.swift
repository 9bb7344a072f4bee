import LuaBridge
import Testing

/// A bridged class over ``DeinitChecker``: properties `name`, `age`, method `greet`, fallbacks for `extra*`
/// keys and a writable `tag`.
final class CustomerFixture {
    var tags: [String: String] = [:]
    lazy var luaClass = LuaClass(
        name: "Customer",
        properties: ["name", "age"],
        methods: [
            "greet": { lua in
                let customer = try lua.object(1, as: DeinitChecker.self, className: "Customer")
                lua.push("\(try lua.string(2)), \(customer.name)")
                return 1
            }
        ],
        getter: { object, slot, lua in
            let customer = object as! DeinitChecker
            if slot == 0 { lua.push(customer.name) } else { lua.push(customer.age) }
        },
        setter: { object, slot, lua, value in
            let customer = object as! DeinitChecker
            if slot == 0 { customer.name = try lua.string(value) } else { customer.age = try lua.integer(value) }
        },
        index: { [unowned self] _, key, lua in
            if key.hasPrefix("extra") {
                lua.push("fallback:" + key)
                return true
            }
            if let tag = self.tags[key] {
                lua.push(tag)
                return true
            }
            return false
        },
        newIndex: { [unowned self] _, key, lua, value in
            guard key == "tag" else { return false }
            self.tags[key] = try lua.string(value)
            return true
        },
        tostring: { object in "Customer(\((object as! DeinitChecker).name))" }
    )
}

@Suite struct LuaClassTests {
    @Test("properties, methods, fallbacks and unknown keys")
    func propertiesAndMethods() throws {
        let lua = try LuaState()
        let fixture = CustomerFixture()
        let customer = DeinitChecker(Flag())
        lua.push(object: customer, class: fixture.luaClass)
        lua.setGlobal("c")
        #expect(try lua.eval("c.age = c.age + 1 return c.name .. ':' .. c.age") == "Ann:42")
        #expect(customer.age == 42)
        try lua.run("c.name = 'Bob'")
        #expect(customer.name == "Bob")
        #expect(try lua.eval("return c:greet('Hi')") == "Hi, Bob")
        #expect(try lua.eval("return c.extraThing") == "fallback:extraThing")
        #expect(try lua.eval("return tostring(c.nope) .. tostring(c[1])") == "nilnil")
        try lua.run("c.tag = 'vip'")
        #expect(fixture.tags == ["tag": "vip"])
        #expect(try lua.eval("return c.tag") == "vip")
        #expect(try lua.eval("return tostring(c)") == "Customer(Bob)")
        #expect(
            try lua.eval("local ok, e = pcall(function() c.bogus = 1 end) return e")
                == "t:1: attempt to set unknown key 'bogus' on Customer")
        #expect(
            try lua.eval("local ok, e = pcall(function() c[1] = 1 end) return e")
                == "t:1: attempt to set unknown key of type number on Customer")
        lua.getGlobal("c")
        #expect(lua.typeName(at: -1) == "Customer")
        #expect(try lua.toStringMeta(at: -1) == "Customer(Bob)")
        #expect(lua.object(at: -1) === customer)
        #expect(lua.object(at: -1, as: DeinitChecker.self) === customer)
        #expect(lua.object(at: -1, as: Flag.self) == nil)
        lua.getGlobal("io")
        #expect(lua.object(at: -1) == nil)
    }

    @Test("bad self and bad arguments to methods use Lua's wording")
    func badSelf() throws {
        let lua = try LuaState()
        let fixture = CustomerFixture()
        let customer = DeinitChecker(Flag())
        lua.push(object: customer, class: fixture.luaClass)
        lua.setGlobal("c")
        #expect(
            try lua.eval("local t = {greet = c.greet} local ok, e = pcall(function() return t:greet('x') end) return e")
                == "t:1: calling 'greet' on bad self (Customer expected, got table)")
        #expect(
            try lua.eval("local ok, e = pcall(function() return c.greet('x') end) return e")
                == "t:1: bad argument #1 to 'greet' (Customer expected, got string)")
        #expect(
            try lua.eval("local ok, e = pcall(function() return c:greet() end) return e")
                == "t:1: bad argument #1 to 'greet' (string expected, got no value)")
    }

    @Test("the same object maps to the same userdata and is released after collection")
    func identityAndCollection() throws {
        let lua = try LuaState()
        let fixture = CustomerFixture()
        let flag = Flag()
        var customer: DeinitChecker? = DeinitChecker(flag)
        lua.push(object: customer!, class: fixture.luaClass)
        lua.push(object: customer!, class: fixture.luaClass)
        #expect(lua.rawEqual(-1, -2))
        lua.setGlobal("a")
        lua.setGlobal("b")
        #expect(try lua.eval("local t = {} t[a] = 'x' return tostring(rawequal(a, b)) .. t[b]") == "truex")
        customer = nil
        lua.collectGarbage()
        #expect(!flag.value)  // Lua still holds it
        try lua.run("a, b = nil, nil")
        lua.collectGarbage()
        #expect(flag.value)
        // A new object pushed after collection gets a fresh userdata.
        let other = DeinitChecker(Flag())
        lua.push(object: other, class: fixture.luaClass)
        lua.collectGarbage()
        #expect(lua.object(at: -1) === other)
    }

    @Test("objects, function boxes and classes are released when the state is deinitialised")
    func releasedWithState() throws {
        let objectFlag = Flag()
        let boxFlag = Flag()
        var lua: LuaState? = try LuaState()
        let fixture = CustomerFixture()
        do {
            let customer = DeinitChecker(objectFlag)
            lua!.push(object: customer, class: fixture.luaClass)
            lua!.setGlobal("c")
            let captured = DeinitChecker(boxFlag)
            lua!.register(global: "f") { _ in _ = captured; return 0 }
        }
        lua!.push("x")
        let ref = lua!.ref()
        #expect(!objectFlag.value && !boxFlag.value)
        lua = nil
        #expect(objectFlag.value)
        #expect(boxFlag.value)
        _ = ref  // unref after close is a no-op
    }

    @Test("property access reads no Swift key: unknown non-string keys are nil")
    func nonStringKeys() throws {
        let lua = try LuaState()
        let plain = LuaClass(name: "Plain", properties: ["x"], getter: { _, slot, lua in lua.push(slot * 10) })
        lua.push(object: DeinitChecker(Flag()), class: plain)
        lua.setGlobal("p")
        #expect(try lua.eval("return tostring(p.x) .. tostring(p.y) .. tostring(p[true])") == "0nilnil")
        #expect(
            try lua.eval("local ok, e = pcall(function() p.x = 1 end) return e")
                == "t:1: attempt to set read-only property 'x' of Plain")
        #expect(try lua.eval("return (tostring(p):gsub('0x%x+', 'ADDR'))") == "Plain: ADDR")
    }
}
