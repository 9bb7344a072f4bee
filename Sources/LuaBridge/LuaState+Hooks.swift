internal import CLua
internal import CLuaShim

extension LuaState {
    /// Limits each outermost ``pcall(arguments:results:traceback:)`` to about `count` VM instructions; past
    /// it, Lua raises `instruction limit exceeded`. `nil` removes the limit.
    ///
    /// Up to ``exactInstructionLimit`` the count is exact (a count hook, which makes plain Lua loops about
    /// 2.5× slower: Lua 5.4 traps every instruction once a count hook is set). Above it no hook runs: a
    /// timer on the thread's CPU clock ticks every 10 ms of CPU time and each tick that finds Lua running
    /// (not Swift) charges 10 ms at ``nanosecondsPerSampledInstruction`` ns an instruction; when the
    /// budget is spent the tick arms the hook, which raises at the next instruction.
    ///
    /// ```swift
    /// lua.setInstructionLimit(1_000_000)
    /// ```
    /// - Parameter count: The budget per outermost call, or `nil`.
    public func setInstructionLimit(_ count: Int?) {
        instructionLimit = count.map { max(1, $0) }
    }

    /// The largest instruction budget counted exactly; larger ones are sampled by CPU time.
    public static let exactInstructionLimit = Int(SIMLUA_EXACTLIMIT)
    /// What a sampled budget charges for a nanosecond of Lua CPU time, inverted: one instruction per this
    /// many nanoseconds.
    public static let nanosecondsPerSampledInstruction = Int(SIMLUA_NSPERINSTR)

    /// Starts the budget of an outermost call.
    func beginInstructionBudget(_ limit: Int) {
        _ = simlua_setinstructionlimit(L, Int64(limit))
    }

    /// Ends the budget of an outermost call: the sampled meter stops, a hook armed by a spent budget goes.
    func endInstructionBudget() {
        simlua_endinstructionlimit(L)
    }

    /// Makes the running Lua code raise `interrupted!` (`lua.c`'s `laction`/`lstop`).
    ///
    /// Async-signal-safe: only calls `lua_sethook` on the main thread, so it may be called from a `SIGINT`
    /// handler while a call runs. An exact instruction limit's hook is replaced until the next outermost call.
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
