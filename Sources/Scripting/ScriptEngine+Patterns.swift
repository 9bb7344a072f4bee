import LuaBridge
import ObjectGraph

extension ScriptEngine {
    /// Makes Lua's pattern functions (`string.find`, `match`, `gmatch`, `gsub`, run by Ripple's own matcher)
    /// charge their steps to the running script's host-work budget (``WorkBudget/current``, set from the
    /// instruction limit by ``withHostWorkBudget(_:)``), so a catastrophic pattern stops with the limit's
    /// error at its file:line instead of running for hours in C. Installed once, by the first engine.
    static let patternStepsCharged: Void = {
        LuaState.setPatternWorkCharge { units in
            guard let budget = WorkBudget.current else { return 0 }
            do {
                try budget.charge(Int(units))
                return 0
            } catch {
                return Int64(budget.limit)
            }
        }
    }()
}
