internal import CLua
internal import CLuaShim

extension LuaState {
    /// A reference to a new weak slot holding the value at `index`: the slot keeps the value only while
    /// something else does (a weak-valued table), and a userdata leaves it before its finalizer runs. Used
    /// with ``pushCallback(_:of:receiverIn:object:)`` to find an object's userdata again without looking it
    /// up in the identity cache. Nothing is left on the stack.
    ///
    /// ```swift
    /// lua.push(object: controller, class: controllerClass)
    /// let slot = lua.weakSlot(holdingValueAt: -1)
    /// ```
    /// - Parameter index: A stack index.
    /// - Returns: The slot's reference.
    public func weakSlot(holdingValueAt index: Int32) -> LuaRef {
        simlua_newweakslot(L, index)
        return ref()
    }

    /// The fast path of calling `table[key](receiver, …)`, for a callback called on every change: pushes
    /// the function and the receiver's userdata, in one C call that reads raw and cannot raise, when the
    /// table holds a function under `key` itself and the weak `slot` (``weakSlot(holdingValueAt:)``) holds
    /// a live userdata of `object`. Otherwise nothing is pushed and `false` is returned: the caller takes
    /// its general path (an inherited method, a callable table, a missing function, a receiver Lua
    /// dropped), which raises and names what it must.
    ///
    /// ```swift
    /// if lua.pushCallback(name, of: delegate, receiverIn: slot, object: ObjectIdentifier(controller)) {
    ///     lua.push(1)
    ///     try lua.pcallFunction(arguments: 2, results: 0)
    /// }
    /// ```
    /// - Parameters:
    ///   - key: The key's reference (an interned string kept in the registry).
    ///   - table: The reference of the table that holds the callbacks.
    ///   - slot: The receiver's weak slot.
    ///   - object: The identity of the Swift object the receiver's userdata must wrap (only compared).
    /// - Returns: Whether the function and the receiver were pushed.
    @inline(__always)
    public func pushCallback(_ key: LuaRef, of table: LuaRef, receiverIn slot: LuaRef, object: ObjectIdentifier) -> Bool {
        let identity = ObjectIdentifier(self)
        precondition(key.stateIdentity == identity && table.stateIdentity == identity && slot.stateIdentity == identity,
                     "LuaBridge: LuaRef pushed into another state")
        return simlua_pushcallback(L, table.reference, key.reference, slot.reference,
                                   UnsafeRawPointer(bitPattern: UInt(bitPattern: object))) == 1
    }

    /// Makes the weak slot `slot` hold the value at `index` instead of its value (raw, nothing raises).
    /// - Parameters:
    ///   - slot: A reference made by ``weakSlot(holdingValueAt:)``.
    ///   - index: A stack index.
    public func setWeakSlot(_ slot: LuaRef, toValueAt index: Int32) {
        precondition(slot.stateIdentity == ObjectIdentifier(self), "LuaBridge: LuaRef pushed into another state")
        let index = lua_absindex(L, index)
        guard lua_rawgeti(L, simlua_registryindex(), lua_Integer(slot.reference)) == LUA_TTABLE else {
            lua_settop(L, -2)
            return
        }
        lua_pushvalue(L, index)
        lua_rawseti(L, -2, 1)
        lua_settop(L, -2)
    }

    /// ``pcall(arguments:results:traceback:)`` without a traceback, for a value known to be a Lua function
    /// (``pushCallback(_:of:receiverIn:object:)`` pushed it): the check that it can be called is one type
    /// test. The instruction budget, the errors and what is popped are those of `pcall`.
    /// - Parameters:
    ///   - arguments: The number of arguments on top of the function.
    ///   - results: The number of results to keep, or ``multipleResults``.
    /// - Throws: ``LuaError``, keeping the error object in ``LuaError/value``.
    public func pcallFunction(arguments: Int32, results: Int32) throws(LuaError) {
        guard lua_type(L, -1 - arguments) == LUA_TFUNCTION else {
            try pcall(arguments: arguments, results: results)
            return
        }
        if callDepth == 0, let limit = instructionLimit { beginInstructionBudget(limit) }
        callDepth += 1
        let status = simlua_pcall(L, arguments, results, 0)
        callDepth -= 1
        if callDepth == 0, instructionLimit != nil { endInstructionBudget() }  // an exhausted budget must not leak out
        if status != LUA_OK { throw popError(status, splittingTraceback: false, keepingValue: true) }
    }

    /// A reference to the metatable of `cls` (made now if it was not), for
    /// ``pushUnshared(object:class:metatable:)``.
    /// - Parameter cls: A class.
    /// - Returns: The reference; it keeps the metatable, which the state keeps anyway.
    public func metatableRef(for cls: LuaClass) -> LuaRef {
        pushMetatable(for: cls, at: Unmanaged.passUnretained(cls).toOpaque())
        return ref()
    }

    /// ``pushUnshared(object:class:)`` with the class's metatable read through `metatable`
    /// (``metatableRef(for:)``): an array read instead of a hash lookup by the class's address. The userdata
    /// is the same: a new one of `cls`, outside the identity cache, retaining `object`.
    ///
    /// ```swift
    /// let mt = lua.metatableRef(for: boxClass)
    /// lua.pushUnshared(object: Box(value), class: boxClass, metatable: mt)
    /// ```
    /// - Parameters:
    ///   - object: The Swift object, made for this push.
    ///   - cls: Its Lua class.
    ///   - metatable: The reference ``metatableRef(for:)`` returned for `cls`.
    public func pushUnshared(object: AnyObject, class cls: LuaClass, metatable: LuaRef) {
        precondition(metatable.stateIdentity == ObjectIdentifier(self), "LuaBridge: LuaRef pushed into another state")
        let objectPointer = Unmanaged.passUnretained(object).toOpaque()
        guard simlua_pushunsharedwith(L, objectPointer, Unmanaged.passUnretained(cls).toOpaque(), metatable.reference) == 1 else {
            pushUnshared(object: object, class: cls)
            return
        }
        _ = Unmanaged.passRetained(object)  // released by simlua_gc
    }
}
