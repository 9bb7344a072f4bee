import LuaBridge
import ObjectGraph

extension ScriptEngine {
    /// `ripple.regularExpressionStepLimit([steps])`: the match-step limit of `MATCHES` and attribute
    /// patterns for the rest of this script (``RegularExpressionStepLimit``). Returns the limit in force
    /// before the call; without an argument, only returns it. The limit belongs to the engine: it is applied
    /// to its thread while one of its chunks runs (``withHostWorkBudget(_:)``), so scripts run side by side
    /// by `ripple test -j N` never see each other's.
    func installRegularExpressionLimit(into module: Int32) {
        state.register(in: module, name: "regularExpressionStepLimit") { [unowned self] state in
            let previous = self.regularExpressionStepLimit
            if !state.isNoneOrNil(1) {
                let steps = try state.integer(1)
                guard RegularExpressionStepLimit.isValid(steps) else {
                    throw LuaArgumentError(argument: 1, message: "a multiple of 10000 from 10000 to 1000000000 expected, got \(steps)")
                }
                self.regularExpressionStepLimit = steps
                RegularExpressionStepLimit.current = steps
            }
            state.push(previous)
            return 1
        }
    }
}
