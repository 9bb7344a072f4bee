internal import CLua
internal import CLuaShim

/// A value of a record field read by C (see ``LuaState/forEachRecordField(ofTableAt:_:)``).
public enum LuaRecordValue {
    /// A boolean.
    case boolean(Bool)
    /// An integer.
    case integer(Int64)
    /// A float.
    case number(Double)
    /// A string's bytes, valid only during the callback.
    case string(UnsafeBufferPointer<UInt8>)
}

extension LuaRecordValue {
    /// The value C read (`simlua_readvalue`); a string's bytes stay the Lua string's.
    @inline(__always)
    init(_ v: simlua_Value) {
        switch v.type {
        case LUA_TBOOLEAN: self = .boolean(v.i != 0)
        case LUA_TNUMBER: self = v.isinteger != 0 ? .integer(Int64(v.i)) : .number(v.n)
        default:
            let bytes = v.s.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }
            self = .string(UnsafeBufferPointer(start: bytes, count: v.len))
        }
    }
}

/// The registry key of the table anchoring interned keys.
private nonisolated(unsafe) var anchorKey: UInt8 = 0

extension LuaState {
    /// Pushes a Swift function as a Lua function whose argument `recordArgument` C reads as a record before
    /// the function runs: a table of at most 32 pairs, every key a string, every value a boolean, a
    /// number or a string. The function reads it with ``forEachRecordField(ofTableAt:_:)`` without any
    /// Lua call, table snapshot or Swift string per key. Otherwise as ``pushFunction(_:)``, except that the
    /// function has only Lua's 20 stack slots until it calls ``reserveStack()``.
    /// - Parameters:
    ///   - body: The function.
    ///   - recordArgument: The argument position of the table.
    public func pushRecordFunction(_ body: @escaping Body, recordArgument: Int32) {
        let box = LuaFunctionBox(body)
        functionBoxes.append(box)
        simlua_pushrecordfunction(L, Unmanaged.passUnretained(box).toOpaque(), recordArgument)
    }

    /// Reserves the room every other Swift function called from Lua is given before it runs (80 slots on top
    /// of its arguments, enough for the deepest value the bridge converts). A record function
    /// (``pushRecordFunction(_:recordArgument:)``) only has Lua's 20: it calls this before a path that
    /// converts values or pushes more than its result.
    /// - Throws: ``LuaError`` "stack overflow (no room to call into Ripple)" when the stack cannot grow.
    public func reserveStack() throws {
        guard simlua_checkstack(L) != 0 else { throw LuaError(.runtime, "stack overflow (no room to call into Ripple)") }
    }

    /// Calls `body` with each field of the record C read from the table at `index` (in table order), and
    /// returns true; returns false, calling nothing, when the running function is not a record function,
    /// the table is another one, or the table is not a plain record (then use the general path).
    ///
    /// Keys come as the identity of their string: compare them with ``internedKey(_:)`` (a key too long for
    /// Lua to intern matches no identity it returns, since those strings are kept alive).
    /// - Parameters:
    ///   - index: The stack index of the table (the record argument of the running function).
    ///   - body: Called with the key's identity and the value.
    public func forEachRecordField(ofTableAt index: Int32,
                                   _ body: (UnsafeRawPointer, LuaRecordValue) throws -> Void) rethrows -> Bool {
        guard let record = simlua_currentrecord(), record.pointee.L == L, record.pointee.count >= 0,
              let table = record.pointee.table, lua_type(L, index) == LUA_TTABLE, lua_topointer(L, index) == table
        else { return false }
        return try Self.forEachField(of: record, body)
    }

    /// Calls `body` with each field of a record C read.
    private static func forEachField(of record: UnsafePointer<simlua_Record>,
                                     _ body: (UnsafeRawPointer, LuaRecordValue) throws -> Void) rethrows -> Bool {
        let count = Int(record.pointee.count)
        guard let fields = simlua_recordfields(record) else { return false }
        for i in 0..<count {
            let field = fields + i
            guard let key = field.pointee.key else { continue }
            try body(key, LuaRecordValue(field.pointee.v))
        }
        return true
    }

    /// The identity of the interned Lua string `name`, kept alive for the life of the state (so a key of
    /// a record with that identity is that string), or nil when Lua does not intern strings that long.
    /// - Parameter name: The key.
    public func internedKey(_ name: String) -> UnsafeRawPointer? {
        guard name.utf8.count <= 40 else { return nil }
        if lua_rawgetp(L, simlua_registryindex(), &anchorKey) != LUA_TTABLE {
            lua_settop(L, -2)
            lua_createtable(L, 0, 0)
            lua_pushvalue(L, -1)
            lua_rawsetp(L, simlua_registryindex(), &anchorKey)
        }
        push(name)
        let key = lua_topointer(L, -1)
        lua_pushboolean(L, 1)
        lua_rawset(L, -3)
        lua_settop(L, -2)
        return key
    }
}
