internal import CLua
internal import CLuaShim

/// A Lua 5.4 state: owns a `lua_State`, closing it in `deinit`.
///
/// Every method is safe to call from Swift: nothing here can `longjmp` across Swift frames. Operations that
/// may run metamethods are protected and throw ``LuaError``; raw accessors never run metamethods. Globals
/// are read and written raw. Swift functions called from Lua go through one C trampoline (see
/// ``pushFunction(_:)``).
///
/// ```swift
/// let lua = try LuaState()
/// try lua.load("return 1 + 2", chunkName: "=example")
/// try lua.pcall(arguments: 0, results: 1)
/// lua.toInteger(at: -1)   // 3
/// ```
///
/// Not `Sendable`: use a state from one thread only (``interrupt()`` is the exception).
///
/// ## Topics
/// - Stack: ``top``, ``setTop(_:)``, ``pop(_:)``, ``type(at:)``, ``push(_:)-(String)``, ``toString(at:)``
/// - Tables: ``newTable(arrayCount:recordCount:)``, ``rawGet(tableAt:key:)``, ``getField(tableAt:key:)``
/// - Calls: ``load(_:chunkName:)``, ``pcall(arguments:results:traceback:)``, ``register(global:_:)``
/// - Objects: ``LuaClass``, ``push(object:class:)``, ``object(at:)``
public final class LuaState {
    /// A Swift function callable from Lua: reads its arguments at `1...top`, pushes its results and returns
    /// their count. Throw ``LuaArgumentError`` for bad arguments, a ``LuaError`` with a value to re-raise a Lua
    /// error object, or any other error to raise its description with the calling position prefixed.
    public typealias Body = (LuaState) throws -> Int32

    /// Pass as `results` to ``pcall(arguments:results:traceback:)`` to keep all results (`LUA_MULTRET`).
    public static let multipleResults: Int32 = -1

    /// How an error thrown by a Swift function called from Lua is worded when it becomes a Lua error:
    /// return a message, or nil for `String(describing:)` (the default). A front end sets it to add what
    /// its error types carry (a "did you mean" for an unknown name).
    public var errorMessage: ((any Error) -> String?)?

    /// Other names of a class's methods (by the class's name: alias → the method it stands for), set by a
    /// front end from one table. Each alias is a second key in the class's method table, bound to the same
    /// function; aliases are not suggested in "did you mean" (the method's own name is).
    public var methodAliases: ((_ className: String) -> [String: String])?

    /// The main thread.
    let mainL: OpaquePointer
    /// The thread currently running Swift code (a coroutine while a Swift function runs inside one). Kept
    /// behind a pointer so hot paths pay no exclusivity checks.
    let cell: UnsafeMutablePointer<OpaquePointer>
    /// Boxes of every Swift function pushed into this state; released after `lua_close`.
    var functionBoxes: [LuaFunctionBox] = []
    /// Classes whose metatables were created in this state; released after `lua_close`.
    var classes: [LuaClass] = []
    /// Nesting of ``pcall(arguments:results:traceback:)``; the instruction budget restarts at depth 0.
    var callDepth = 0
    /// The budget set by ``setInstructionLimit(_:)``.
    var instructionLimit: Int?

    /// The `lua_State` the current Swift code must use.
    @inline(__always) var L: OpaquePointer { cell.pointee }

    /// Creates a state with the aborting allocator and the printing panic handler.
    ///
    /// - Parameter openingStandardLibraries: Opens the standard libraries (`luaL_openlibs`, run under
    ///   `lua_pcall`) when `true`.
    /// - Throws: ``LuaError`` if the state cannot be created or a library fails to open.
    public init(openingStandardLibraries: Bool = true) throws {
        installCallbacks()
        guard let L = simlua_newstate() else {
            throw LuaError(.memory, "cannot create Lua state: not enough memory")
        }
        mainL = L
        cell = .allocate(capacity: 1)
        cell.initialize(to: L)
        simlua_setowner(L, Unmanaged.passUnretained(self).toOpaque())
        if openingStandardLibraries {
            let status = simlua_openlibs(L)
            if status != LUA_OK { throw popError(status) }
        }
    }

    deinit {
        simlua_setowner(mainL, nil)  // Swift functions run by finalizers now fail cleanly
        let limiter = simlua_limiter(mainL)
        lua_close(mainL)
        simlua_freelimiter(limiter)
        cell.deinitialize(count: 1)
        cell.deallocate()
    }

    // MARK: Stack

    /// The index of the top element, i.e. the number of elements on the stack (`lua_gettop`).
    public var top: Int32 { lua_gettop(L) }

    /// Sets the top (`lua_settop`): removes elements, or pads with `nil`.
    /// - Parameter n: The new top; negative values count from the top (`-1` leaves the stack unchanged).
    public func setTop(_ n: Int32) { lua_settop(L, n) }

    /// Pops `n` elements.
    /// - Parameter n: How many elements to remove.
    public func pop(_ n: Int32 = 1) { lua_settop(L, -n - 1) }

    /// Converts an acceptable index into an absolute one (`lua_absindex`).
    /// - Parameter i: A stack index, possibly negative.
    /// - Returns: The equivalent positive index.
    public func absoluteIndex(_ i: Int32) -> Int32 { lua_absindex(L, i) }

    /// Ensures room for `n` more elements (`lua_checkstack`); a Swift function called from Lua has room for
    /// 20 without asking.
    /// - Parameter n: The number of extra slots needed.
    /// - Returns: `false` if the stack cannot grow that much.
    @discardableResult
    public func checkStack(_ n: Int32) -> Bool { lua_checkstack(L, n) != 0 }

    /// Moves the top element to position `i`, shifting the elements above up (`lua_insert`).
    /// - Parameter i: The destination index.
    public func insert(at i: Int32) { lua_rotate(L, i, 1) }

    /// Removes the element at `i`, shifting the elements above down (`lua_remove`).
    /// - Parameter i: The index to remove.
    public func remove(at i: Int32) {
        lua_rotate(L, i, -1)
        lua_settop(L, -2)
    }

    /// The type of the value at `i`; ``LuaType/none`` for a non-valid index.
    /// - Parameter i: A stack index.
    public func type(at i: Int32) -> LuaType { LuaType(code: lua_type(L, i)) }

    /// The type name used in error messages, like `luaL_typeerror`: a userdata's `__name` metafield if it is a
    /// string, `"light userdata"`, or the plain type name (`"no value"` for a non-valid index).
    /// - Parameter i: A stack index.
    public func typeName(at i: Int32) -> String {
        let i = absoluteIndex(i)
        let code = lua_type(L, i)
        if lua_getmetatable(L, i) != 0 {
            push("__name")
            let isString = lua_rawget(L, -2) == LUA_TSTRING
            defer { lua_settop(L, -3) }
            if isString { return stringValue(at: -1) }
        }
        if code == LUA_TLIGHTUSERDATA { return "light userdata" }
        return LuaType(code: code).name
    }

    /// Whether the value at `i` can be called: a function, or a value whose metatable has a `__call` field
    /// (read raw, so no metamethod runs).
    /// - Parameter i: A stack index.
    public func isCallable(at i: Int32) -> Bool {
        let i = absoluteIndex(i)
        if lua_type(L, i) == LUA_TFUNCTION { return true }
        guard lua_getmetatable(L, i) != 0 else { return false }
        push("__call")
        let callable = lua_rawget(L, -2) != LUA_TNIL
        lua_settop(L, -3)
        return callable
    }

    /// Throws, before a call from the host, when the value at `i` cannot be called: the message names what
    /// it is (`viewDidLoad of <ViewController "Form"> is a number, not a function`). Thrown from a Swift
    /// function called from Lua, the error gets the position of the Lua code that caused the call.
    /// - Parameters:
    ///   - i: A stack index (the function about to be called).
    ///   - what: What the value is, e.g. `viewDidLoad of <ViewController "Form">`.
    public func checkCallable(at i: Int32, _ what: @autoclosure () -> String) throws(LuaError) {
        guard !isCallable(at: i) else { return }
        throw LuaError(.runtime, "\(what()) is \(article(typeName(at: i))), not a function")
    }

    private func article(_ name: String) -> String {
        if name == "nil" { return "nil" }
        return (name.first.map { "aeiouAEIOU".contains($0) } ?? false ? "an " : "a ") + name
    }

    /// Whether the values at `a` and `b` are primitively equal (`lua_rawequal`).
    /// - Parameters:
    ///   - a: A stack index.
    ///   - b: Another stack index.
    public func rawEqual(_ a: Int32, _ b: Int32) -> Bool { lua_rawequal(L, a, b) != 0 }

    // MARK: Pushing

    /// Pushes `nil`.
    public func pushNil() { lua_pushnil(L) }

    /// Pushes a boolean.
    /// - Parameter b: The value.
    public func push(_ b: Bool) { lua_pushboolean(L, b ? 1 : 0) }

    /// Pushes an integer.
    /// - Parameter i: The value.
    public func push(_ i: Int) { lua_pushinteger(L, lua_Integer(i)) }

    /// Pushes an integer.
    /// - Parameter i: The value.
    public func push(_ i: Int64) { lua_pushinteger(L, lua_Integer(i)) }

    /// Pushes a float.
    /// - Parameter d: The value.
    public func push(_ d: Double) { lua_pushnumber(L, d) }

    /// Pushes a string (its UTF-8 bytes; embedded zeros are kept).
    /// - Parameter s: The value.
    public func push(_ s: String) {
        var s = s
        s.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
    }

    /// Pushes a string made of arbitrary bytes.
    /// - Parameter bytes: The bytes.
    public func push(bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
    }

    /// Pushes a copy of the value at `i` (`lua_pushvalue`).
    /// - Parameter i: A stack index.
    public func pushValue(at i: Int32) { lua_pushvalue(L, i) }

    // MARK: Reading

    /// Whether the value at `i` is an integer (not a float, not a string).
    /// - Parameter i: A stack index.
    public func isInteger(at i: Int32) -> Bool { lua_isinteger(L, i) != 0 }

    /// The value at `i` as an integer (`lua_tointegerx`): integers, floats with an exact integer value and
    /// strings convertible to one; otherwise `nil`.
    /// - Parameter i: A stack index.
    public func toInteger(at i: Int32) -> Int64? {
        var isNumber: Int32 = 0
        let value = lua_tointegerx(L, i, &isNumber)
        return isNumber != 0 ? Int64(value) : nil
    }

    /// The value at `i` as a float (`lua_tonumberx`): numbers and numeric strings; otherwise `nil`.
    /// - Parameter i: A stack index.
    public func toNumber(at i: Int32) -> Double? {
        var isNumber: Int32 = 0
        let value = lua_tonumberx(L, i, &isNumber)
        return isNumber != 0 ? value : nil
    }

    /// The truthiness of the value at `i`: `false` only for `false`, `nil` and no value.
    /// - Parameter i: A stack index.
    public func toBoolean(at i: Int32) -> Bool { lua_toboolean(L, i) != 0 }

    /// The string at `i`, or a number converted as Lua does (`10`, `1.5`), without changing the stack slot;
    /// `nil` for other types (no `__tostring`: see ``toStringMeta(at:)``). Invalid UTF-8 is repaired.
    /// - Parameter i: A stack index.
    public func toString(at i: Int32) -> String? {
        switch lua_type(L, i) {
        case LUA_TSTRING:
            return stringValue(at: i)
        case LUA_TNUMBER:
            lua_pushvalue(L, i)  // lua_tolstring converts in place: convert a copy
            defer { lua_settop(L, -2) }
            return stringValue(at: -1)
        default:
            return nil
        }
    }

    /// The string at `i` when it is a Lua string whose bytes are valid UTF-8, without any repair; `nil` for
    /// other types and for a string whose bytes are not UTF-8 (read those exactly with ``toBytes(at:)``).
    /// Decoding valid UTF-8 keeps every byte, so `Array(s.utf8)` gives back the Lua string's bytes.
    /// - Parameter i: A stack index.
    public func toValidUTF8String(at i: Int32) -> String? {
        guard lua_type(L, i) == LUA_TSTRING else { return nil }
        var length = 0
        guard let p = lua_tolstring(L, i, &length) else { return nil }
        return String(validating: UnsafeRawBufferPointer(start: p, count: length), as: UTF8.self)
    }

    /// The bytes of the string (or converted number) at `i`, or `nil` for other types.
    /// - Parameter i: A stack index.
    public func toBytes(at i: Int32) -> [UInt8]? {
        let code = lua_type(L, i)
        guard code == LUA_TSTRING || code == LUA_TNUMBER else { return nil }
        lua_pushvalue(L, i)
        defer { lua_settop(L, -2) }
        var length = 0
        guard let p = lua_tolstring(L, -1, &length) else { return nil }
        return Array(UnsafeRawBufferPointer(start: p, count: length))
    }

    /// Decodes the string at `i`, which must be a string.
    func stringValue(at i: Int32) -> String {
        var length = 0
        guard let p = lua_tolstring(L, i, &length) else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: p, count: length), as: UTF8.self)
    }

    // MARK: Raw tables

    /// Pushes a new empty table (`lua_createtable`).
    /// - Parameters:
    ///   - arrayCount: Preallocated sequence slots.
    ///   - recordCount: Preallocated hash slots.
    public func newTable(arrayCount: Int32 = 0, recordCount: Int32 = 0) {
        lua_createtable(L, arrayCount, recordCount)
    }

    /// Pushes `t[key]` without metamethods, `t` being the table at `tableAt` (`nil` if it is not a table).
    /// - Parameters:
    ///   - tableAt: The index of a table.
    ///   - key: The key.
    /// - Returns: The type of the pushed value.
    @discardableResult
    public func rawGet(tableAt t: Int32, key: String) -> LuaType {
        guard type(at: t) == .table else { lua_pushnil(L); return .nil }
        let t = absoluteIndex(t)
        push(key)
        return LuaType(code: lua_rawget(L, t))
    }

    /// Pops a value and stores it as `t[key]` without metamethods.
    /// - Parameters:
    ///   - tableAt: The index of a table.
    ///   - key: The key.
    public func rawSet(tableAt t: Int32, key: String) {
        let t = requireTable(t)
        push(key)
        lua_rotate(L, -2, 1)
        lua_rawset(L, t)
    }

    /// Pushes `t[index]` without metamethods (`nil` if the value at `tableAt` is not a table).
    /// - Parameters:
    ///   - tableAt: The index of a table.
    ///   - index: The integer key.
    /// - Returns: The type of the pushed value.
    @discardableResult
    public func rawGet(tableAt t: Int32, index: Int) -> LuaType {
        guard type(at: t) == .table else { lua_pushnil(L); return .nil }
        let t = absoluteIndex(t)
        return LuaType(code: lua_rawgeti(L, t, lua_Integer(index)))
    }

    /// Pops a value and stores it as `t[index]` without metamethods.
    /// - Parameters:
    ///   - tableAt: The index of a table.
    ///   - index: The integer key.
    public func rawSet(tableAt t: Int32, index: Int) {
        let t = requireTable(t)
        lua_rawseti(L, t, lua_Integer(index))
    }

    /// The raw length (`lua_rawlen`): `#` without `__len` for tables, the byte count for strings, the block
    /// size for userdata, 0 otherwise.
    /// - Parameter i: A stack index.
    public func rawLength(at i: Int32) -> Int { Int(lua_rawlen(L, i)) }

    /// Pushes the global `name`, read raw from `_G`.
    /// - Parameter name: The global's name.
    /// - Returns: The type of the pushed value.
    @discardableResult
    public func getGlobal(_ name: String) -> LuaType {
        // The registry is reachable through debug.getregistry(): never assume _G is still a table.
        guard lua_rawgeti(L, simlua_registryindex(), lua_Integer(LUA_RIDX_GLOBALS)) == LUA_TTABLE else {
            lua_settop(L, -2)
            lua_pushnil(L)
            return .nil
        }
        push(name)
        let code = lua_rawget(L, -2)
        remove(at: -2)
        return LuaType(code: code)
    }

    /// Pops a value and stores it as the global `name`, written raw into `_G`.
    /// - Parameter name: The global's name.
    public func setGlobal(_ name: String) {
        guard lua_rawgeti(L, simlua_registryindex(), lua_Integer(LUA_RIDX_GLOBALS)) == LUA_TTABLE else {
            lua_settop(L, -3)  // _G was replaced through debug.getregistry(): nowhere to store the value
            return
        }
        push(name)
        lua_pushvalue(L, -3)
        lua_rawset(L, -3)
        lua_settop(L, -3)
    }

    /// The absolute index of the table at `t`; traps if it is not a table (raw access to a non-table
    /// would corrupt memory).
    func requireTable(_ t: Int32) -> Int32 {
        precondition(lua_type(L, t) == LUA_TTABLE, "LuaBridge: raw table access on a \(typeName(at: t))")
        return lua_absindex(L, t)
    }

    /// An address identifying the table, function, userdata or thread at `i` (`lua_topointer`), for cycle
    /// detection; `nil` for other values.
    /// - Parameter i: A stack index.
    public func identity(at i: Int32) -> UnsafeRawPointer? { lua_topointer(L, i) }

    // MARK: References

    /// Pops the top value into the registry and returns a reference to it (`luaL_ref`).
    public func ref() -> LuaRef {
        LuaRef(state: self, reference: luaL_ref(L, simlua_registryindex()))
    }

    /// Pushes the value of a reference created by this state.
    /// - Parameter ref: The reference.
    public func push(_ ref: LuaRef) {
        precondition(ref.stateIdentity == ObjectIdentifier(self), "LuaBridge: LuaRef pushed into another state")
        lua_rawgeti(L, simlua_registryindex(), lua_Integer(ref.reference))
    }
}
