internal import CLua
internal import CLuaShim

extension LuaState {
    // MARK: Metamethod-aware access (protected)

    /// Pushes `t[key]` honouring `__index`, run under `lua_pcall`.
    /// - Parameters:
    ///   - tableAt: The index of the indexed value (any type with `__index`).
    ///   - key: The key.
    /// - Returns: The type of the pushed value.
    /// - Throws: ``LuaError`` if indexing fails (nothing is pushed then).
    @discardableResult
    public func getField(tableAt t: Int32, key: String) throws(LuaError) -> LuaType {
        let t = absoluteIndex(t)
        push(key)
        return try getTable(at: t)
    }

    /// Pops a value and does `t[key] = value` honouring `__newindex`, under `lua_pcall`.
    /// - Parameters:
    ///   - tableAt: The index of the indexed value.
    ///   - key: The key.
    /// - Throws: ``LuaError`` if the assignment fails.
    public func setField(tableAt t: Int32, key: String) throws(LuaError) {
        let t = absoluteIndex(t)
        push(key)
        lua_rotate(L, -2, 1)
        try setTable(at: t)
    }

    /// Replaces the key on top with `t[key]` honouring `__index` (`lua_gettable` under `lua_pcall`).
    /// - Parameter t: The index of the indexed value.
    /// - Returns: The type of the pushed value.
    /// - Throws: ``LuaError``; the key is popped either way.
    @discardableResult
    public func getTable(at t: Int32) throws(LuaError) -> LuaType {
        let status = simlua_gettable(L, t)
        if status != LUA_OK { throw popError(status) }
        return type(at: -1)
    }

    /// Pops a key and a value (value on top) and does `t[key] = value` honouring `__newindex`.
    /// - Parameter t: The index of the indexed value.
    /// - Throws: ``LuaError``; key and value are popped either way.
    public func setTable(at t: Int32) throws(LuaError) {
        let status = simlua_settable(L, t)
        if status != LUA_OK { throw popError(status) }
    }

    /// What `print`/`tostring` show for the value at `i` (`luaL_tolstring`: `__tostring`, `__name`, …).
    /// - Parameter i: A stack index.
    /// - Throws: ``LuaError`` if `__tostring` fails or returns a non-string.
    public func toStringMeta(at i: Int32) throws(LuaError) -> String {
        let status = simlua_tostring(L, i)
        if status != LUA_OK { throw popError(status) }
        defer { lua_settop(L, -2) }
        return stringValue(at: -1)
    }

    /// Pushes the length of the value at `i` as the `#` operator computes it (with `__len`).
    /// - Parameter i: A stack index.
    /// - Throws: ``LuaError`` if the value has no length.
    public func length(at i: Int32) throws(LuaError) {
        let status = simlua_len(L, i)
        if status != LUA_OK { throw popError(status) }
    }

    /// Calls `body` for each raw key/value pair of the table at `tableAt`, in a fixed order: number keys
    /// ascending, then string keys in byte order, then `false`, `true`, then other keys (tables, functions,
    /// userdata: in the table's own order).
    ///
    /// The pairs are snapshotted by `lua_next` in C under `lua_pcall`, then walked with raw reads. During
    /// `body` the key and value are at the given indices; the stack above them is reset after each call.
    /// `lua_next`'s order depends on Lua's string-hash seed, which differs from run to run: walking it
    /// would let a script's effects and messages (which unknown key is named first, the order attributes
    /// are set in) differ between two runs of one script.
    ///
    /// ```swift
    /// try lua.forEachPair(inTableAt: -1) { key, value in print(lua.toString(at: key) ?? "?") }
    /// ```
    /// - Parameters:
    ///   - tableAt: The index of a table.
    ///   - body: Receives the stack indices of a key and its value.
    /// - Throws: ``LuaError`` if the value is not a table, or what `body` throws.
    public func forEachPair(inTableAt tableAt: Int32, _ body: (_ key: Int32, _ value: Int32) throws -> Void) throws {
        let t = absoluteIndex(tableAt)
        guard lua_type(L, t) == LUA_TTABLE else {
            throw LuaError(.runtime, "table expected, got \(typeName(at: t))")
        }
        let status = simlua_pairs(L, t)
        if status != LUA_OK { throw popError(status) }
        let snapshot = top
        defer { lua_settop(L, snapshot - 1) }
        let count = rawLength(at: snapshot)
        for i in orderedKeySlots(snapshot: snapshot, count: count) {
            lua_rawgeti(L, snapshot, lua_Integer(i))
            lua_rawgeti(L, snapshot, lua_Integer(i + 1))
            try body(snapshot + 1, snapshot + 2)
            lua_settop(L, snapshot)
        }
    }

    /// The positions of the keys of a pair snapshot `{k1, v1, k2, v2, …}` at `snapshot`, in the order of
    /// ``forEachPair(inTableAt:_:)``.
    private func orderedKeySlots(snapshot: Int32, count: Int) -> [Int] {
        // String keys are compared in place: the snapshot table keeps them alive while the order is made.
        enum Key: Comparable {
            case integer(Int64), float(Double), string(UnsafePointer<CChar>, Int), boolean(Bool), other(Int)
            private var rank: Int {
                switch self {
                case .integer, .float: return 0
                case .string: return 1
                case .boolean: return 2
                case .other: return 3
                }
            }
            static func < (a: Key, b: Key) -> Bool {
                switch (a, b) {
                case let (.integer(x), .integer(y)): return x < y
                case let (.integer(x), .float(y)): return Double(x) < y
                case let (.float(x), .integer(y)): return x < Double(y)
                case let (.float(x), .float(y)): return x < y
                case let (.string(x, m), .string(y, n)):
                    for k in 0..<min(m, n) where x[k] != y[k] {
                        return UInt8(bitPattern: x[k]) < UInt8(bitPattern: y[k])
                    }
                    return m < n
                case let (.boolean(x), .boolean(y)): return !x && y
                case let (.other(x), .other(y)): return x < y
                default: return a.rank < b.rank
                }
            }
        }
        if count <= 2 { return count == 2 ? [1] : [] }   // one pair (or none): nothing to order
        var keys: [(slot: Int, key: Key)] = []
        keys.reserveCapacity(count / 2)
        var i = 1
        while i < count {
            lua_rawgeti(L, snapshot, lua_Integer(i))
            let key: Key
            switch lua_type(L, -1) {
            case LUA_TNUMBER:
                key = lua_isinteger(L, -1) != 0 ? .integer(lua_tointegerx(L, -1, nil)) : .float(lua_tonumberx(L, -1, nil))
            case LUA_TSTRING:
                var length = 0
                if let bytes = lua_tolstring(L, -1, &length) { key = .string(bytes, length) } else { key = .other(i) }
            case LUA_TBOOLEAN:
                key = .boolean(lua_toboolean(L, -1) != 0)
            default:
                key = .other(i)
            }
            lua_settop(L, snapshot)
            keys.append((i, key))
            i += 2
        }
        // Already in order (a sequence, a single key): nothing to sort.
        if zip(keys, keys.dropFirst()).allSatisfy({ $0.key < $1.key }) { return keys.map(\.slot) }
        return keys.sorted { $0.key < $1.key }.map(\.slot)
    }

    // MARK: Loading and calling

    /// Compiles a text chunk and pushes it as a function (`luaL_loadbufferx`, mode `"t"`).
    ///
    /// ```swift
    /// try lua.load("return ...", chunkName: "=stdin")
    /// ```
    /// - Parameters:
    ///   - code: Lua source.
    ///   - chunkName: `"@file.lua"` for files, `"=name"` for literal names, otherwise shown as `[string "…"]`.
    /// - Throws: ``LuaError`` with status ``LuaError/Status/syntax``; check ``LuaError/isIncompleteInput``.
    public func load(_ code: String, chunkName: String) throws(LuaError) {
        var code = code
        let status = code.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { luaL_loadbufferx(L, $0.baseAddress, $0.count, chunkName, "t") }
        }
        if status != LUA_OK { throw popError(status, keepingValue: false) }
    }

    /// Compiles a Lua source file and pushes it as a function, with chunk name `"@path"`.
    /// - Parameter path: The file path.
    /// - Throws: ``LuaError`` with status ``LuaError/Status/file`` (`cannot open <path>: <reason>`) or
    ///   ``LuaError/Status/syntax``.
    public func loadFile(_ path: String) throws(LuaError) {
        let status = luaL_loadfilex(L, path, "t")
        if status != LUA_OK { throw popError(status, keepingValue: false) }
    }

    /// Calls the function below the `arguments` values on top, in protected mode (`lua_pcall`).
    ///
    /// At the outermost level, this restarts the budget of ``setInstructionLimit(_:)`` (before and after).
    ///
    /// ```swift
    /// lua.getGlobal("f"); lua.push(1)
    /// try lua.pcall(arguments: 1, results: 1)
    /// ```
    /// - Parameters:
    ///   - arguments: The number of arguments on top of the function.
    ///   - results: The number of results to keep, or ``multipleResults``.
    ///   - traceback: Uses `lua.c`'s message handler: the error becomes a string with a traceback, split into
    ///     ``LuaError/message`` and ``LuaError/traceback``.
    /// - Throws: ``LuaError``; function and arguments are popped either way. Without `traceback` the error
    ///   keeps the original error object in ``LuaError/value``.
    public func pcall(arguments: Int32, results: Int32, traceback: Bool = false) throws(LuaError) {
        try refuseUncallable(arguments: arguments)
        if callDepth == 0, let limit = instructionLimit { beginInstructionBudget(limit) }
        callDepth += 1
        let status = simlua_pcall(L, arguments, results, traceback ? 1 : 0)
        callDepth -= 1
        if callDepth == 0, instructionLimit != nil { endInstructionBudget() }  // an exhausted budget must not leak out
        if status != LUA_OK { throw popError(status, splittingTraceback: traceback, keepingValue: !traceback) }
    }

    /// Calls like ``pcall(arguments:results:traceback:)`` with a traceback, except that an error object that
    /// is not a string (a table raised on purpose) gets none and is kept in ``LuaError/value``, so that
    /// throwing the error from a Swift function re-raises it unchanged.
    /// - Parameters:
    ///   - arguments: The number of arguments on top of the function.
    ///   - results: The number of results to keep, or ``multipleResults``.
    /// - Throws: ``LuaError``: for a string error, message and traceback split and no value; otherwise the
    ///   object in ``LuaError/value``.
    public func pcallWithStringTraceback(arguments: Int32, results: Int32) throws(LuaError) {
        try refuseUncallable(arguments: arguments)
        if callDepth == 0, let limit = instructionLimit { beginInstructionBudget(limit) }
        callDepth += 1
        let status = simlua_pcall(L, arguments, results, 2)
        callDepth -= 1
        if callDepth == 0, instructionLimit != nil { endInstructionBudget() }  // an exhausted budget must not leak out
        if status != LUA_OK {
            let isString = lua_type(L, -1) == LUA_TSTRING
            throw popError(status, splittingTraceback: isString, keepingValue: !isString)
        }
    }

    /// Before a call from the host: a value that cannot be called is popped with its arguments and refused.
    /// Lua's own "attempt to call a number value" has no position when the host calls; this error, thrown
    /// from a Swift function, gets the position of the Lua code that caused the call.
    private func refuseUncallable(arguments: Int32) throws(LuaError) {
        guard !isCallable(at: -1 - arguments) else { return }
        let type = typeName(at: -1 - arguments)
        lua_settop(L, -2 - arguments)
        throw LuaError(.runtime, "attempt to call a \(type) value (a value Ripple was given to call)")
    }

    /// Pops the error object left by a failed call and converts it.
    func popError(_ status: Int32, splittingTraceback: Bool = false, keepingValue: Bool = true) -> LuaError {
        var message: String
        let code = lua_type(L, -1)
        if code == LUA_TSTRING || code == LUA_TNUMBER {
            message = toString(at: -1) ?? ""
        } else {
            simlua_describe(L, -1)
            message = stringValue(at: -1)
            lua_settop(L, -2)
        }
        var traceback: String?
        if splittingTraceback {
            (message, traceback) = splitTraceback(message)
        }
        var value: LuaRef?
        if keepingValue {
            lua_pushvalue(L, -1)
            value = ref()
        }
        lua_settop(L, -2)
        return LuaError(code: status, message: message, traceback: traceback, value: value)
    }
}

/// Splits `msghandler` output at the last `"\nstack traceback:"`.
private func splitTraceback(_ text: String) -> (String, String?) {
    let marker = Array("\nstack traceback:".utf8)
    let bytes = Array(text.utf8)
    var i = bytes.count - marker.count
    while i >= 0 {
        if bytes[i..<(i + marker.count)].elementsEqual(marker) {
            return (String(decoding: bytes[..<i], as: UTF8.self), String(decoding: bytes[(i + 1)...], as: UTF8.self))
        }
        i -= 1
    }
    return (text, nil)
}
