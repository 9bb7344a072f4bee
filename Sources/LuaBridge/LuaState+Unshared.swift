internal import CLua
internal import CLuaShim

extension LuaState {
    /// Pushes a new userdata for `object`, an object made for this one push and never pushed again (a value
    /// box, such as an index path): unlike ``push(object:class:)``, the identity cache is neither searched
    /// nor entered, so the push and the userdata's collection cost less. The userdata retains the object
    /// and behaves as any other of its class (``object(at:)``, its metamethods, its `__gc`).
    ///
    /// ```swift
    /// lua.pushUnshared(object: Box(value), class: boxClass)
    /// ```
    /// - Parameters:
    ///   - object: The Swift object, made for this push.
    ///   - class: Its Lua class; the metatable is created on first use.
    public func pushUnshared(object: AnyObject, class cls: LuaClass) {
        let clsPointer = Unmanaged.passUnretained(cls).toOpaque()
        let objectPointer = Unmanaged.passUnretained(object).toOpaque()
        if simlua_pushunsharedobject(L, objectPointer, clsPointer) == 0 {
            // The class's first push: make its metatable, then the userdata.
            pushMetatable(for: cls, at: clsPointer)
            lua_settop(L, -2)
            guard simlua_pushunsharedobject(L, objectPointer, clsPointer) == 1 else {
                preconditionFailure("LuaBridge: the metatable of \(cls.name) was not registered")
            }
        }
        _ = Unmanaged.passRetained(object)  // released by simlua_gc
    }

    /// Pushes `t[key]` without metamethods, `key` being the value of a reference (a string kept in the
    /// registry is pushed without hashing its text again, as ``rawGet(tableAt:key:)`` with a `String` does);
    /// `nil` if the value at `tableAt` is not a table.
    /// - Parameters:
    ///   - tableAt: The index of a table.
    ///   - key: A reference made by this state.
    /// - Returns: The type of the pushed value.
    @discardableResult
    public func rawGet(tableAt t: Int32, key: LuaRef) -> LuaType {
        guard lua_type(L, t) == LUA_TTABLE else { lua_pushnil(L); return .nil }
        let t = lua_absindex(L, t)
        push(key)
        return LuaType(code: lua_rawget(L, t))
    }
}
