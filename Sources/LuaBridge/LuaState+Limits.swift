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

    /// Also counts the host's memory against the limit set by ``setMemoryLimit(_:)``: the process heap's
    /// bytes beyond Lua's own and beyond what the process held when this is called (attribute values and
    /// strings copied into objects, rows, snapshots…), looked at every 1 MB or 32,768 allocations of Lua's.
    /// Lua's next allocation past the limit is then refused as usual. The heap is the process's: use it
    /// when one state runs in the process at a time (the `ripple` command line). Returns false where the
    /// heap cannot be measured (not glibc 2.33+) or with no limit set.
    @discardableResult
    public func countHostMemory(_ on: Bool = true) -> Bool {
        simlua_countheap(mainL, on ? 1 : 0) != 0
    }

    /// The host's bytes counted against the memory limit at the last look (0 unless ``countHostMemory(_:)``).
    public var hostMemoryInUse: Int { Int(simlua_hostmemory(mainL)) }

    /// Whether the memory limit refused an allocation since the last call with `reset`.
    public func memoryLimitWasExceeded(reset: Bool = false) -> Bool {
        simlua_memorylimitexceeded(mainL, reset ? 1 : 0) != 0
    }

    /// The budget set by ``setInstructionLimit(_:)`` (nil: none).
    public var instructionLimitValue: Int? { instructionLimit }
}

extension LuaState {
    /// Where Lua's pattern functions (`string.find`, `match`, `gmatch`, `gsub`, run by CLuaShim's own matcher
    /// in every state) charge their steps: `charge(units)` is called every 4,096 steps on the thread running
    /// the match and returns 0, or the budget's limit once it is spent (the match then stops with
    /// `instruction limit exceeded: …` at the caller's file:line). It must not raise or call into Lua. Set it
    /// once per process; nil: steps are counted but charged nowhere.
    ///
    /// ```swift
    /// LuaState.setPatternWorkCharge { units in 0 }   // never stops a match
    /// ```
    public static func setPatternWorkCharge(_ charge: (@convention(c) (Int64) -> Int64)?) {
        simlua_setworkcharge(charge)
    }
}
