internal import CLua
internal import CLuaShim

/// Holds a Swift function pushed into Lua; its address is upvalue 1 of the trampoline closure.
final class LuaFunctionBox {
    let body: LuaState.Body

    init(_ body: @escaping LuaState.Body) {
        self.body = body
    }
}

/// Installs the Swift callbacks into CLuaShim once per process.
private let callbacksInstalled: Bool = {
    simlua_setcallbacks(dispatchFunction, accessObject, releaseObject)
    simlua_setfastcallbacks(fastGet, fastSet)
    return true
}()

/// Makes sure the C shim knows the Swift callbacks.
func installCallbacks() {
    _ = callbacksInstalled
}

/// Called from `simlua_trampoline`. Must not raise: returns a result count or a SIMLUA_* status.
private func dispatchFunction(_ L: OpaquePointer?, _ box: UnsafeMutableRawPointer?) -> Int32 {
    guard let L, let box else { return SIMLUA_RAISE }
    guard let raw = simlua_getowner(L) else {
        lua_pushstring(L, "Lua state is closed")
        return SIMLUA_RAISE
    }
    return Unmanaged<LuaState>.fromOpaque(raw)._withUnsafeGuaranteedRef { state in
        Unmanaged<LuaFunctionBox>.fromOpaque(box)._withUnsafeGuaranteedRef { function in
            let saved = state.cell.pointee
            state.cell.pointee = L
            defer { state.cell.pointee = saved }
            do {
                return try function.body(state)
            } catch {
                return state.raiseStatus(for: error)
            }
        }
    }
}

/// Called from the class metamethods in CLuaShim. Must not raise. The hot property path: no allocation, and
/// the state, class and object are borrowed without retain/release traffic.
private func accessObject(
    _ L: OpaquePointer?, _ cls: UnsafeMutableRawPointer?, _ object: UnsafeMutableRawPointer?, _ op: Int32,
    _ slot: lua_Integer
) -> Int32 {
    guard let L, let cls, let object else { return SIMLUA_RAISE }
    guard let raw = simlua_getowner(L) else {
        lua_pushstring(L, "Lua state is closed")
        return SIMLUA_RAISE
    }
    return Unmanaged<LuaState>.fromOpaque(raw)._withUnsafeGuaranteedRef { state in
        Unmanaged<LuaClass>.fromOpaque(cls)._withUnsafeGuaranteedRef { luaClass in
            Unmanaged<AnyObject>.fromOpaque(object)._withUnsafeGuaranteedRef { instance in
                let saved = state.cell.pointee
                state.cell.pointee = L
                defer { state.cell.pointee = saved }
                do {
                    return try luaClass.access(instance, op: op, slot: Int(slot), state: state)
                } catch {
                    return state.raiseStatus(for: error)
                }
            }
        }
    }
}

/// Called from `simlua_index` for a property slot: the class's scalar getter, without the Lua state. Returns
/// a SIMLUA_SCALAR_* tag; SIMLUA_SCALAR_SLOW sends the read to ``accessObject``.
private func fastGet(
    _ cls: UnsafeMutableRawPointer?, _ object: UnsafeMutableRawPointer?, _ slot: lua_Integer,
    _ out: UnsafeMutablePointer<simlua_Scalar>?
) -> Int32 {
    guard let cls, let object, let out else { return SIMLUA_SCALAR_SLOW }
    return Unmanaged<LuaClass>.fromOpaque(cls)._withUnsafeGuaranteedRef { luaClass in
        guard let getter = luaClass.scalarGetter else { return SIMLUA_SCALAR_SLOW }
        let value = Unmanaged<AnyObject>.fromOpaque(object)._withUnsafeGuaranteedRef { getter($0, Int(slot)) }
        switch value {
        case .unavailable: return SIMLUA_SCALAR_SLOW
        case .nil: return SIMLUA_SCALAR_NIL
        case .boolean(let b): out.pointee.i = b ? 1 : 0; return SIMLUA_SCALAR_BOOLEAN
        case .integer(let i): out.pointee.i = lua_Integer(i); return SIMLUA_SCALAR_INTEGER
        case .number(let d): out.pointee.n = d; return SIMLUA_SCALAR_NUMBER
        }
    }
}

/// Called from `simlua_newindex` for a property slot and a scalar value: the class's scalar setter. Returns
/// 1 when stored, 0 to send the write to ``accessObject``.
private func fastSet(
    _ cls: UnsafeMutableRawPointer?, _ object: UnsafeMutableRawPointer?, _ slot: lua_Integer,
    _ value: UnsafePointer<simlua_Scalar>?
) -> Int32 {
    guard let cls, let object, let value else { return 0 }
    return Unmanaged<LuaClass>.fromOpaque(cls)._withUnsafeGuaranteedRef { luaClass in
        guard let setter = luaClass.scalarSetter else { return 0 }
        let scalar: LuaScalar
        switch value.pointee.tag {
        case SIMLUA_SCALAR_NIL: scalar = .nil
        case SIMLUA_SCALAR_BOOLEAN: scalar = .boolean(value.pointee.i != 0)
        case SIMLUA_SCALAR_INTEGER: scalar = .integer(Int64(value.pointee.i))
        case SIMLUA_SCALAR_NUMBER: scalar = .number(value.pointee.n)
        default: return 0
        }
        return Unmanaged<AnyObject>.fromOpaque(object)._withUnsafeGuaranteedRef { setter($0, Int(slot), scalar) }
            ? 1 : 0
    }
}

/// Called from `simlua_gc`: detaches the object's read-cache word, if any, and drops the retain taken when
/// the userdata was created.
private func releaseObject(
    _ object: UnsafeMutableRawPointer?, _ cls: UnsafeMutableRawPointer?, _ word: UnsafeMutablePointer<UInt64>?
) {
    guard let object else { return }
    if let cls, let word {
        Unmanaged<LuaClass>.fromOpaque(cls)._withUnsafeGuaranteedRef { luaClass in
            Unmanaged<AnyObject>.fromOpaque(object)._withUnsafeGuaranteedRef { luaClass.readCache?.detach($0, word) }
        }
    }
    Unmanaged<AnyObject>.fromOpaque(object).release()
}

extension LuaState {
    /// Pushes a Swift function as a Lua function.
    ///
    /// The function runs through the C trampoline: errors it throws are raised by C after the Swift frames
    /// have returned. The box holding `body` is retained by the state until it is deinitialised.
    ///
    /// ```swift
    /// lua.pushFunction { lua in
    ///     let n = try lua.integer(1)
    ///     lua.push(n * 2)
    ///     return 1
    /// }
    /// ```
    /// - Parameter body: Reads arguments at `1...top`, pushes results, returns their count.
    public func pushFunction(_ body: @escaping Body) {
        let box = LuaFunctionBox(body)
        functionBoxes.append(box)
        simlua_pushfunction(L, Unmanaged.passUnretained(box).toOpaque())
    }

    /// Registers a Swift function as the global `name` (raw set on `_G`).
    ///
    /// ```swift
    /// lua.register(global: "double") { lua in lua.push(try lua.integer(1) * 2); return 1 }
    /// ```
    /// - Parameters:
    ///   - name: The global's name.
    ///   - body: The function (see ``pushFunction(_:)``).
    public func register(global name: String, _ body: @escaping Body) {
        pushFunction(body)
        setGlobal(name)
    }

    /// Registers a Swift function as field `name` of the table at `tableAt` (raw set).
    /// - Parameters:
    ///   - tableAt: The index of a table.
    ///   - name: The field name.
    ///   - body: The function (see ``pushFunction(_:)``).
    public func register(in tableAt: Int32, name: String, _ body: @escaping Body) {
        let t = absoluteIndex(tableAt)
        pushFunction(body)
        rawSet(tableAt: t, key: name)
    }

    /// Pushes what the trampoline must raise for `error` and returns the matching SIMLUA_* status.
    func raiseStatus(for error: Error) -> Int32 {
        if let error = error as? LuaArgumentError {
            lua_pushinteger(L, lua_Integer(error.argument))
            push(error.message)
            return SIMLUA_ARGERROR
        }
        if let error = error as? LuaError, let value = error.value, value.state === self {
            push(value)
            return SIMLUA_RAISE
        }
        push(errorMessage?(error) ?? String(describing: error))
        return SIMLUA_RAISE_WHERE
    }
}
