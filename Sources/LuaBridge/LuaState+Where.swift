internal import CLua

extension LuaState {
    /// `file:line` of the Lua function `level` levels up the call stack — 1 is the Lua code that called
    /// the running Swift function — or nil when there is none (or it is not Lua code). Uses
    /// `lua_getstack`/`lua_getinfo`, which never raise.
    public func location(level: Int32 = 1) -> String? {
        var ar = lua_Debug()
        guard lua_getstack(L, level, &ar) == 1, lua_getinfo(L, "Sl", &ar) != 0, ar.currentline > 0 else { return nil }
        let source = withUnsafeBytes(of: ar.short_src) { raw -> String in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
        return "\(source):\(ar.currentline)"
    }
}
