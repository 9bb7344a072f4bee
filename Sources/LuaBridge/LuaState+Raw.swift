internal import CLua

extension LuaState {
    /// Pops a key and a value (pushed in that order) and stores `t[key] = value` without metamethods
    /// (`lua_rawset`). The key may be any non-nil value, such as a userdata.
    /// - Parameter tableAt: The index of a table (not one of the two popped slots).
    public func rawSet(tableAt t: Int32) {
        lua_rawset(L, absoluteIndex(t))
    }
}

extension LuaState {
    /// The `lua_State *` that Swift code must use now, for C extensions (benchmark helpers, C modules).
    ///
    /// Swift code must never call a Lua API function that can raise on it (Scripts/check-lua-calls.sh):
    /// hand it to C functions that follow the rules of CLuaShim.
    public var unsafeLuaState: OpaquePointer { L }
}
