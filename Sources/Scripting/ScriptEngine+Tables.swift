import LuaBridge

extension ScriptEngine {
    /// The keys of a table, which must all be strings, sorted (Lua's own order is not deterministic).
    ///
    /// When several keys are not strings, the error names the type that sorts first, so the same table
    /// always gives the same message (Lua's iteration order changes from run to run).
    /// - Parameter what: what a key names, for the error message (`"entity name"`).
    func stringKeys(ofTableAt index: Int32, what: String) throws -> [String] {
        var keys: [String] = []
        var badTypes: [String] = []
        try state.forEachPair(inTableAt: index) { key, _ in
            guard state.type(at: key) == .string, let name = state.toString(at: key) else {
                badTypes.append(state.typeName(at: key))
                return
            }
            keys.append(name)
        }
        if let first = badTypes.min() { throw ScriptingError("\(what) must be a string, got \(first)") }
        return keys.sorted()
    }
}
