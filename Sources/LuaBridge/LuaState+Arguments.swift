internal import CLua
internal import CLuaShim

/// Argument checks for Swift functions called from Lua. They never raise: they throw
/// ``LuaArgumentError``, which the trampoline turns into `luaL_argerror`'s wording.
///
/// ```swift
/// lua.register(global: "insert") { lua in
///     let n = try lua.integer(1)   // bad argument #1 to 'insert' (number expected, got string)
///     ...
/// }
/// ```
extension LuaState {
    /// The number of arguments (the stack top inside a Swift function).
    public var argumentCount: Int32 { top }

    /// The error `luaL_typeerror` would raise: `<expected> expected, got <typeName>`.
    /// - Parameters:
    ///   - i: The argument position.
    ///   - expected: The expected type name.
    public func typeError(_ i: Int32, expected: String) -> LuaArgumentError {
        LuaArgumentError(argument: i, message: "\(expected) expected, got \(typeName(at: i))")
    }

    /// Whether argument `i` is absent or `nil`.
    /// - Parameter i: The argument position.
    public func isNoneOrNil(_ i: Int32) -> Bool { lua_type(L, i) <= LUA_TNIL }

    /// Argument `i` as a string; numbers are converted (`luaL_checkstring`).
    /// - Parameter i: The argument position.
    /// - Throws: `string expected, got …`.
    public func string(_ i: Int32) throws -> String {
        guard let s = toString(at: i) else { throw typeError(i, expected: "string") }
        return s
    }

    /// Argument `i` as a string, or `nil` if absent or `nil` (`luaL_optstring`).
    /// - Parameter i: The argument position.
    /// - Throws: `string expected, got …`.
    public func optionalString(_ i: Int32) throws -> String? {
        isNoneOrNil(i) ? nil : try string(i)
    }

    /// Argument `i` as an integer (`luaL_checkinteger`): integers, integral floats, numeric strings.
    /// - Parameter i: The argument position.
    /// - Throws: `number has no integer representation` for `1.5`, `number expected, got …` otherwise.
    public func integer(_ i: Int32) throws -> Int {
        var isNumber: Int32 = 0
        let value = lua_tointegerx(L, i, &isNumber)
        if isNumber != 0 { return Int(value) }
        if lua_isnumber(L, i) != 0 {
            throw LuaArgumentError(argument: i, message: "number has no integer representation")
        }
        throw typeError(i, expected: "number")
    }

    /// Argument `i` as an integer, or `nil` if absent or `nil` (`luaL_optinteger`).
    /// - Parameter i: The argument position.
    /// - Throws: As ``integer(_:)``.
    public func optionalInteger(_ i: Int32) throws -> Int? {
        isNoneOrNil(i) ? nil : try integer(i)
    }

    /// Argument `i` as a float (`luaL_checknumber`): numbers and numeric strings.
    /// - Parameter i: The argument position.
    /// - Throws: `number expected, got …`.
    public func number(_ i: Int32) throws -> Double {
        guard let value = toNumber(at: i) else { throw typeError(i, expected: "number") }
        return value
    }

    /// Argument `i` as a float, or `nil` if absent or `nil` (`luaL_optnumber`).
    /// - Parameter i: The argument position.
    /// - Throws: `number expected, got …`.
    public func optionalNumber(_ i: Int32) throws -> Double? {
        isNoneOrNil(i) ? nil : try number(i)
    }

    /// Argument `i`, which must be a boolean (use ``toBoolean(at:)`` for truthiness).
    /// - Parameter i: The argument position.
    /// - Throws: `boolean expected, got …`.
    public func boolean(_ i: Int32) throws -> Bool {
        guard lua_type(L, i) == LUA_TBOOLEAN else { throw typeError(i, expected: "boolean") }
        return lua_toboolean(L, i) != 0
    }

    /// Checks that argument `i` is a table (`luaL_checktype(L, i, LUA_TTABLE)`).
    /// - Parameter i: The argument position.
    /// - Throws: `table expected, got …`.
    public func table(_ i: Int32) throws {
        guard lua_type(L, i) == LUA_TTABLE else { throw typeError(i, expected: "table") }
    }

    /// Argument `i`, which must be a function, as a registry reference.
    /// - Parameter i: The argument position.
    /// - Throws: `function expected, got …`.
    public func function(_ i: Int32) throws -> LuaRef {
        guard lua_type(L, i) == LUA_TFUNCTION else { throw typeError(i, expected: "function") }
        lua_pushvalue(L, i)
        return ref()
    }

    /// Argument `i` as a bridged object of class `T`.
    /// - Parameters:
    ///   - i: The argument position.
    ///   - as: The expected Swift class.
    ///   - className: The Lua class name used in the message.
    /// - Throws: `<className> expected, got …` (`calling 'm' on bad self (…)` for a method's receiver).
    public func object<T: AnyObject>(_ i: Int32, as: T.Type, className: String) throws -> T {
        guard let object = object(at: i) as? T else { throw typeError(i, expected: className) }
        return object
    }
}
