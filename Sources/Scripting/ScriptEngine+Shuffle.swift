import LuaBridge

extension ScriptEngine {
    /// With ``TestSelection/shuffleSeed``: turns the loaded chunk on top of the stack into
    /// `ripple._runShuffled, chunk, seed`, so that the file runs as `_runShuffled(chunk, seed)` inside the
    /// same outermost call (one instruction budget for the file): the top level runs first, queueing its
    /// scenarios, then they run in an order shuffled with the seed (SplitMix64 and Fisher–Yates in the
    /// prelude, the same order on every platform).
    func pushShuffleDriver() {
        _ = state.getGlobal("ripple")
        _ = state.rawGet(tableAt: -1, key: "_runShuffled")  // chunk, ripple, driver
        state.remove(at: -2)                                // chunk, driver
        state.insert(at: -2)                                // driver, chunk
        state.push(Int64(bitPattern: selection.shuffleSeed ?? 0))
    }
}
