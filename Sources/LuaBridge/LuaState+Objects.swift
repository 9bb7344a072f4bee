internal import CLua
internal import CLuaShim

extension LuaState {
    /// Pushes the userdata standing for `object`.
    ///
    /// The same object always maps to the same userdata while Lua holds it (a weak-valued cache keyed by the
    /// object's identity), so `==` and table keys work. The userdata retains the object; its `__gc` releases
    /// it. An object keeps the class it was first pushed with.
    ///
    /// ```swift
    /// lua.push(object: customer, class: customerClass)
    /// lua.setGlobal("c")
    /// ```
    /// - Parameters:
    ///   - object: The Swift object.
    ///   - class: Its Lua class; the metatable is created on first use.
    public func push(object: AnyObject, class cls: LuaClass) {
        let clsPointer = Unmanaged.passUnretained(cls).toOpaque()
        pushMetatable(for: cls, at: clsPointer)
        let objectPointer = Unmanaged.passUnretained(object).toOpaque()
        if simlua_pushobject(L, objectPointer, clsPointer) == 1 {
            _ = Unmanaged.passRetained(object)  // released by simlua_gc
        }
    }

    /// The Swift object behind a bridged userdata at `i`, or `nil` for any other value (or a finalized one).
    /// - Parameter i: A stack index.
    public func object(at i: Int32) -> AnyObject? {
        let i = absoluteIndex(i)
        guard lua_type(L, i) == LUA_TUSERDATA, lua_rawlen(L, i) == MemoryLayout<simlua_Object>.size,
            lua_getmetatable(L, i) != 0
        else { return nil }
        let isBridged = lua_rawgetp(L, -1, simlua_objectmarker()) == LUA_TBOOLEAN
        lua_settop(L, -3)
        guard isBridged, let raw = lua_touserdata(L, i),
            let pointer = raw.assumingMemoryBound(to: simlua_Object.self).pointee.object
        else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// The class a bridged userdata at `i` was pushed with, or `nil` for any other value (for
    /// introspection such as REPL completion).
    /// - Parameter i: A stack index.
    public func luaClass(at i: Int32) -> LuaClass? {
        let i = absoluteIndex(i)
        guard object(at: i) != nil, let raw = lua_touserdata(L, i),
            let cls = raw.assumingMemoryBound(to: simlua_Object.self).pointee.cls
        else { return nil }
        return Unmanaged<LuaClass>.fromOpaque(cls).takeUnretainedValue()
    }

    /// The Swift object behind a bridged userdata at `i` if it is a `T`.
    /// - Parameters:
    ///   - i: A stack index.
    ///   - as: The expected class.
    public func object<T: AnyObject>(at i: Int32, as: T.Type) -> T? {
        object(at: i) as? T
    }

    /// Pushes the metatable of `cls`, creating it on first use.
    func pushMetatable(for cls: LuaClass, at clsPointer: UnsafeMutableRawPointer) {
        if lua_rawgetp(L, simlua_registryindex(), clsPointer) == LUA_TTABLE { return }
        lua_settop(L, -2)
        classes.append(cls)
        lua_createtable(L, 0, 6)
        let mt = top
        push(cls.name)
        rawSet(tableAt: mt, key: "__name")
        lua_pushboolean(L, 1)
        lua_rawsetp(L, mt, simlua_objectmarker())

        lua_createtable(L, 0, Int32(cls.properties.count))
        let slots = top
        for (slot, property) in cls.properties.enumerated() {
            push(slot)
            rawSet(tableAt: slots, key: property)
        }
        lua_createtable(L, 0, Int32(cls.methods.count))
        let methods = top
        for (name, body) in cls.methods.sorted(by: { $0.key < $1.key }) {
            pushFunction(body)
            rawSet(tableAt: methods, key: name)
        }

        simlua_pushclassdata(L, clsPointer)
        let classData = top
        lua_pushvalue(L, slots)
        lua_pushvalue(L, methods)
        lua_pushvalue(L, classData)
        lua_pushcclosure(L, simlua_index, 3)
        rawSet(tableAt: mt, key: "__index")
        lua_pushvalue(L, slots)
        lua_pushvalue(L, classData)
        lua_pushcclosure(L, simlua_newindex, 2)
        rawSet(tableAt: mt, key: "__newindex")
        lua_pushcclosure(L, simlua_gc, 0)
        rawSet(tableAt: mt, key: "__gc")
        if let tostring = cls.tostring {
            let name = cls.name
            pushFunction { state in
                guard let object = state.object(at: 1) else {
                    throw LuaArgumentError(argument: 1, message: "\(name) expected, got \(state.typeName(at: 1))")
                }
                state.push(tostring(object))
                return 1
            }
            rawSet(tableAt: mt, key: "__tostring")
        }
        for name in cls.metamethods.keys.sorted() {
            pushFunction(cls.metamethods[name]!)
            rawSet(tableAt: mt, key: name)
        }
        lua_settop(L, mt)
        lua_pushvalue(L, mt)
        lua_rawsetp(L, simlua_registryindex(), clsPointer)
    }
}
