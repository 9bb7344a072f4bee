internal import CLua
internal import CLuaShim

extension LuaState {
    /// Limits the memory Lua may hold to `bytes` (`nil` or 0: no limit).
    ///
    /// The state's allocator counts the bytes in use; an allocation made by Lua code (or by C code run
    /// under `lua_pcall`) that would go past the limit is refused, Lua collects garbage and retries, and
    /// if the memory is really in use it raises its memory error (``LuaError/Status/memory``, "not enough
    /// memory") in the code that allocated. Allocations made while Swift code runs are granted (a memory
    /// error must never unwind a Swift frame); the next allocation made by Lua then fails.
    ///
    /// ```swift
    /// lua.setMemoryLimit(64 << 20)
    /// ```
    public func setMemoryLimit(_ bytes: Int?) {
        _ = simlua_setmemorylimit(mainL, max(0, bytes ?? 0))
    }

    /// Whether the memory limit refused an allocation since the last call with `reset`.
    public func memoryLimitWasExceeded(reset: Bool = false) -> Bool {
        simlua_memorylimitexceeded(mainL, reset ? 1 : 0) != 0
    }

    /// The budget set by ``setInstructionLimit(_:)`` (nil: none).
    public var instructionLimitValue: Int? { instructionLimit }
}
