import LuaBridge
import ObjectGraph

/// A Lua function registered by `ripple.observe`: kept alive by the engine until its token is cancelled.
class LuaObserver {
    unowned let engine: ScriptEngine
    let function: LuaRef
    /// The registration with the context.
    @exclusivity(unchecked) var token: ObservationToken?

    init(engine: ScriptEngine, function: LuaRef) {
        self.engine = engine
        self.function = function
    }

    /// What the observation token prints as: `ObservationToken(<what is observed>)`.
    var observedDescription: String { "?" }

    /// Ends the observation (idempotent) and lets the engine release the observer.
    func cancel() {
        token?.cancel()
        token = nil
        engine.luaObservers[ObjectIdentifier(self)] = nil
    }
}
