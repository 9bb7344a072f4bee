import LuaBridge
import Testing

/// A record with one number and one string, for the scalar fast paths.
final class ScalarRecord {
    var score = 1.5
    var label = "x"
    var fastReads = 0
    var fastWrites = 0
}

@Suite struct LuaClassScalarTests {
    /// Slot 0 `score` takes the fast paths; slot 1, a 45-character name (not an interned short string, so
    /// never cached), declines them and goes through the general getter and setter.
    static let longKey = String(repeating: "k", count: 45)

    func makeClass() -> LuaClass {
        LuaClass(
            name: "Record",
            properties: ["score", Self.longKey],
            getter: { object, slot, lua in
                let r = object as! ScalarRecord
                if slot == 0 { lua.push(r.score) } else { lua.push(r.label) }
            },
            setter: { object, slot, lua, value in
                let r = object as! ScalarRecord
                if slot == 0 { r.score = try lua.number(value) } else { r.label = try lua.string(value) }
            },
            scalarGetter: { object, slot in
                let r = object as! ScalarRecord
                guard slot == 0 else { return .unavailable }
                r.fastReads += 1
                return .number(r.score)
            },
            scalarSetter: { object, slot, value in
                let r = object as! ScalarRecord
                guard slot == 0, case .number(let d) = value else { return false }
                r.fastWrites += 1
                r.score = d
                return true
            })
    }

    @Test("scalar fast paths, their fallbacks and the key cache")
    func fastPaths() throws {
        let lua = try LuaState()
        let record = ScalarRecord()
        lua.push(object: record, class: makeClass())
        lua.setGlobal("r")
        #expect(try lua.eval("local s = 0 for i = 1, 10 do s = s + r.score end return s") == "15.0")
        #expect(record.fastReads == 10)
        try lua.run("r.score = 2.5")
        #expect(record.score == 2.5 && record.fastWrites == 1)
        try lua.run("r.score = 3")  // an integer: declined by the fast setter, stored by the general one
        #expect(record.score == 3 && record.fastWrites == 1)
        try lua.run("r['\(Self.longKey)'] = 'y'")
        #expect(try lua.eval("return r['\(Self.longKey)'] .. r['\(Self.longKey)']") == "yy")
        #expect(try lua.eval("return tostring(r.nope)") == "nil")
        #expect(throws: LuaError.self) { try lua.run("r.score = 'text'") }
    }
}
