import LuaBridge
import Testing

/// A record whose `score` is read and written through direct C entries (``LuaClass/DirectScalarAccess``).
final class DirectRecord {
    var score = 1.5
    var label = "x"
    var directReads = 0
    var directWrites = 0
    var closureReads = 0
    var closureWrites = 0
}

@Suite struct LuaClassDirectAccessTests {
    static let get: LuaClass.DirectScalarAccess.Get = { object, index, _, number in
        let r = Unmanaged<DirectRecord>.fromOpaque(object!).takeUnretainedValue()
        guard index == 7 else { return LuaClass.DirectScalarAccess.slowTag }
        r.directReads += 1
        number!.pointee = r.score
        return LuaClass.DirectScalarAccess.numberTag
    }
    static let set: LuaClass.DirectScalarAccess.Set = { object, index, tag, _, number in
        let r = Unmanaged<DirectRecord>.fromOpaque(object!).takeUnretainedValue()
        guard index == 7, tag == LuaClass.DirectScalarAccess.numberTag else { return 0 }
        r.directWrites += 1
        r.score = number
        return 1
    }

    /// Slot 0 `score` has direct entries (with index 7); slot 1 `label` has none and keeps the closures.
    func makeClass() -> LuaClass {
        let cls = LuaClass(
            name: "Direct",
            properties: ["score", "label"],
            getter: { object, slot, lua in
                let r = object as! DirectRecord
                if slot == 0 { lua.push(r.score) } else { lua.push(r.label) }
            },
            setter: { object, slot, lua, value in
                let r = object as! DirectRecord
                if slot == 0 { r.score = try lua.number(value) } else { r.label = try lua.string(value) }
            },
            scalarGetter: { object, slot in
                let r = object as! DirectRecord
                r.closureReads += 1
                return slot == 0 ? .number(r.score) : .unavailable
            },
            scalarSetter: { object, slot, value in
                let r = object as! DirectRecord
                guard slot == 0, case .number(let d) = value else { return false }
                r.closureWrites += 1
                r.score = d
                return true
            })
        cls.directScalarAccess = LuaClass.DirectScalarAccess(indexes: [7, -1], get: Self.get, set: Self.set)
        return cls
    }

    @Test("direct entries replace the scalar closures for their slots; declines take the general path")
    func directEntries() throws {
        let lua = try LuaState()
        let record = DirectRecord()
        lua.push(object: record, class: makeClass())
        lua.setGlobal("r")
        #expect(try lua.eval("local s = 0 for i = 1, 10 do s = s + r.score end return s") == "15.0")
        #expect(record.directReads == 10 && record.closureReads == 0)
        try lua.run("r.score = 2.5")
        #expect(record.score == 2.5 && record.directWrites == 1 && record.closureWrites == 0)
        try lua.run("r.score = 3")  // an integer: declined by the direct entry, stored by the general setter
        #expect(record.score == 3 && record.directWrites == 1 && record.closureWrites == 0)
        try lua.run("r.label = 'y'")
        #expect(try lua.eval("return r.label .. r.label") == "yy")
        #expect(record.closureReads == 2 && record.directReads == 10)
        #expect(throws: LuaError.self) { try lua.run("r.score = 'text'") }
        #expect(record.score == 3)
    }
}
