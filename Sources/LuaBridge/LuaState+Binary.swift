internal import CLua

extension LuaState {
    /// Loads a precompiled chunk (the output of `string.dump`) and pushes it as a function
    /// (`luaL_loadbufferx`, mode `"b"`: text is refused).
    ///
    /// Only for chunks the program itself produced (scripts are never loaded in binary mode: a malformed
    /// binary chunk can crash the Lua VM). Lua checks the header (version, format, sizes of its integer and
    /// number types); a chunk dumped by another Lua build fails here with ``LuaError/Status/syntax``.
    /// ```swift
    /// try lua.loadBinary(LuaChunk.prelude.bytecode, chunkName: "=prelude")
    /// ```
    /// - Parameters:
    ///   - bytes: The dumped chunk.
    ///   - chunkName: The name used when the chunk carries none (a chunk dumped with its debug information keeps its own).
    /// - Throws: ``LuaError`` with status ``LuaError/Status/syntax`` when the bytes are not a loadable binary chunk.
    public func loadBinary(_ bytes: [UInt8], chunkName: String) throws(LuaError) {
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { luaL_loadbufferx(L, $0.baseAddress, $0.count, chunkName, "b") }
        }
        if status != LUA_OK { throw popError(status, keepingValue: false) }
    }
}
