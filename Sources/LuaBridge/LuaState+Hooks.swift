internal import CLua
internal import CLuaShim

extension LuaState {
    /// Limits each outermost ``pcall(arguments:results:traceback:)`` to about `count` VM instructions; past
    /// it, Lua raises `instruction limit exceeded` (a C count hook). `nil` removes the limit.
    ///
    /// ```swift
    /// lua.setInstructionLimit(1_000_000)
    /// ```
    /// - Parameter count: The budget per outermost call, or `nil`.
    public func setInstructionLimit(_ count: Int?) {
        instructionLimit = count.map { max(1, $0) }
        simlua_setinstructionlimit(L, Int32(clamping: instructionLimit ?? 0))
    }

    /// Makes the running Lua code raise `interrupted!` (`lua.c`'s `laction`/`lstop`).
    ///
    /// Async-signal-safe: only calls `lua_sethook` on the main thread, so it may be called from a `SIGINT`
    /// handler while a call runs. Replaces the instruction-limit hook until the next outermost call.
    public func interrupt() {
        simlua_interrupt(mainL)
    }

    /// Installs (or removes) a `SIGINT` handler that interrupts the code running in this state, as
    /// `lua.c` does around each chunk: the first Ctrl-C raises "interrupted!" inside Lua, a second one
    /// (before the handler is installed again) kills the process.
    public func catchInterrupts(_ enabled: Bool) {
        simlua_catchinterrupts(mainL, enabled ? 1 : 0)
    }

    /// Bytes currently allocated by Lua (`collectgarbage("count")` × 1024).
    public var memoryInUse: Int { Int(simlua_memoryinuse(L)) }

    /// Runs a full garbage collection (`collectgarbage()`), finalizing unreachable userdata.
    public func collectGarbage() {
        simlua_collectgarbage(L)
    }
}
