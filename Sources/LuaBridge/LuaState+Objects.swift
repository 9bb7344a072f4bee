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
        let objectPointer = Unmanaged.passUnretained(object).toOpaque()
        // The common case, an object Lua holds already, in one C call.
        if simlua_pushcachedobject(L, objectPointer, clsPointer) == 1 { return }
        pushMetatable(for: cls, at: clsPointer)
        let cacheSlots = cls.readCache?.slots ?? 0
        if simlua_pushobject(L, objectPointer, clsPointer, lua_Integer(cacheSlots)) == 1 {
            _ = Unmanaged.passRetained(object)  // released by simlua_gc
            if let readCache = cls.readCache, cacheSlots > 0, let block = simlua_toobject(L, -1) {
                // The word lives outside the userdata (CLuaShim/Objects.c); simlua_gc detaches and frees it.
                if !readCache.attach(object, block.pointee.cachetags) { simlua_dropcache(block) }
            }
        }
    }

    /// Pushes the userdata of `object` as ``push(object:class:)`` does, for an object Lua has never been
    /// given (one just created): the identity cache is not searched, only entered. The class must have a
    /// read cache (``LuaClass/ReadCache``) with at least one slot; the object's refusal to attach the new
    /// userdata's word (it holds the word of a userdata already made) sends the push to
    /// ``push(object:class:)``, as does a class without a read cache.
    /// - Parameters:
    ///   - object: The Swift object, not yet pushed.
    ///   - class: Its Lua class.
    public func pushNew(object: AnyObject, class cls: LuaClass) {
        guard let readCache = cls.readCache, readCache.slots > 0 else {
            push(object: object, class: cls)
            return
        }
        // The word lives outside the userdata (CLuaShim/Objects.c); simlua_gc detaches and frees it. It is
        // offered before the userdata is made, so that one C call makes the userdata and enters it.
        guard let word = simlua_newcacheword() else { preconditionFailure("simlua_newcacheword returned no word") }
        guard readCache.attach(object, word) else {
            // The object holds another userdata's word: it was pushed before, so it must be found.
            simlua_freecacheword(word)
            push(object: object, class: cls)
            return
        }
        let clsPointer = Unmanaged.passUnretained(cls).toOpaque()
        pushMetatable(for: cls, at: clsPointer)
        let objectPointer = Unmanaged.passRetained(object).toOpaque()  // released by simlua_gc
        simlua_pushnewobject(L, objectPointer, clsPointer, lua_Integer(readCache.slots), word)
    }

    /// The address of the Swift object behind a bridged userdata at `i`, unretained (the userdata keeps it
    /// alive while it is on the stack), or `nil` for any other value (or a finalized one).
    /// - Parameter i: A stack index.
    public func unretainedObject(at i: Int32) -> UnsafeMutableRawPointer? {
        simlua_toobject(L, i)?.pointee.object
    }

    /// Whether the value at `i` is a live bridged userdata of class `cls` (``object(at:of:)`` without
    /// retaining the object).
    /// - Parameters:
    ///   - i: A stack index.
    ///   - cls: The expected class, as `Unmanaged.passUnretained(cls).toOpaque()`.
    func isObject(at i: Int32, ofClassAt cls: UnsafeMutableRawPointer) -> Bool {
        guard let block = simlua_toobject(L, i) else { return false }
        return block.pointee.cls == cls && block.pointee.object != nil
    }

    /// The Swift object behind a bridged userdata at `i`, or `nil` for any other value (or a finalized one).
    ///
    /// The userdata is recognised by a private tag in its memory block, not by its metatable, so a metatable
    /// moved onto another userdata with `debug.setmetatable` never makes foreign memory pass for an object.
    /// - Parameter i: A stack index.
    public func object(at i: Int32) -> AnyObject? {
        guard let block = simlua_toobject(L, i), let pointer = block.pointee.object else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// The Swift object behind the userdata at `i` if it was pushed with class `cls` (`luaL_testudata`
    /// semantics: the class itself, not just the Swift type), or `nil`.
    /// - Parameters:
    ///   - i: A stack index.
    ///   - cls: The expected class.
    public func object(at i: Int32, of cls: LuaClass) -> AnyObject? {
        guard let block = simlua_toobject(L, i), block.pointee.cls == Unmanaged.passUnretained(cls).toOpaque(),
            let pointer = block.pointee.object
        else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Whether the value at `i` is a bridged userdata whose object was released by a direct call of its
    /// `__gc` (`getmetatable(o).__gc(o)`).
    /// - Parameter i: A stack index.
    public func isFinalizedObject(at i: Int32) -> Bool {
        guard let block = simlua_toobject(L, i) else { return false }
        return block.pointee.object == nil
    }

    /// The class a bridged userdata at `i` was pushed with, or `nil` for any other value (for
    /// introspection such as REPL completion).
    /// - Parameter i: A stack index.
    public func luaClass(at i: Int32) -> LuaClass? {
        guard let block = simlua_toobject(L, i), block.pointee.object != nil, let cls = block.pointee.cls else {
            return nil
        }
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
            if let argument = cls.recordArguments[name] {
                pushRecordFunction(Self.checkingSelf(of: cls, body), recordArgument: argument)
            } else {
                pushFunction(Self.checkingSelf(of: cls, body))
            }
            rawSet(tableAt: methods, key: name)
        }
        for (alias, target) in (methodAliases?(cls.name) ?? [:]).sorted(by: { $0.key < $1.key })
        where cls.methods[alias] == nil && !cls.properties.contains(alias) && cls.methods[target] != nil {
            _ = rawGet(tableAt: methods, key: target)
            rawSet(tableAt: methods, key: alias)
        }

        simlua_pushclassdata(L, clsPointer, lua_Integer(cls.properties.count), cls.name)
        let classData = top
        if let direct = cls.directScalarAccess {
            let indexes = direct.indexes.map { Int64($0) }
            simlua_setdirect(L, classData, direct.get, direct.set, indexes, lua_Integer(indexes.count))
        }
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
            pushFunction { [unowned cls] state in
                guard let object = state.object(at: 1, of: cls) else {
                    if state.isFinalizedObject(at: 1) { throw LuaError(.runtime, "attempt to use a finalized object") }
                    throw state.typeError(1, expected: cls.name)
                }
                state.push(tostring(object))
                return 1
            }
            rawSet(tableAt: mt, key: "__tostring")
        }
        for (name, body) in cls.metamethods.sorted(by: { $0.key < $1.key }) {
            pushFunction(Self.binaryMetamethods.contains(name) ? body : Self.checkingSelf(of: cls, body))
            rawSet(tableAt: mt, key: name)
        }
        lua_settop(L, mt)
        // `getmetatable(o)` answers a copy: plain Lua cannot change how every object of the class behaves (the
        // read-cache word no longer needs the protection: it lives outside the userdata, CLuaShim/Objects.c).
        simlua_protectmetatable(L, mt)
        lua_pushvalue(L, mt)
        lua_rawsetp(L, simlua_registryindex(), clsPointer)
    }

    /// Metamethods whose receiver may be either operand (`5 < p` calls `p`'s `__lt` with `(5, p)`): their
    /// bodies check both arguments themselves.
    static let binaryMetamethods: Set<String> = [
        "__eq", "__lt", "__le", "__concat", "__add", "__sub", "__mul", "__div", "__mod", "__pow", "__idiv",
        "__band", "__bor", "__bxor", "__shl", "__shr",
    ]

    /// Wraps a method or unary metamethod so that argument 1 must be an object of exactly `cls`
    /// (`luaL_testudata` semantics): `calling 'm' on bad self (Customer expected, got Order)` for a method
    /// call, `bad argument #1 to '__len' (RelationshipSet expected, got Customer)` for a direct call.
    static func checkingSelf(of cls: LuaClass, _ body: @escaping Body) -> Body {
        // The class is owned by the state (`classes`) as long as this closure (`functionBoxes`): its address
        // is compared without retaining anything.
        let clsPointer = Unmanaged.passUnretained(cls).toOpaque()
        let name = cls.name
        return { state in
            guard state.isObject(at: 1, ofClassAt: clsPointer) else {
                if state.isFinalizedObject(at: 1) { throw LuaError(.runtime, "attempt to use a finalized object") }
                throw state.typeError(1, expected: name)
            }
            return try body(state)
        }
    }
}
