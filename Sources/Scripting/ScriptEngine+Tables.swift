import LuaBridge

extension ScriptEngine {
    /// The keys of a table, which must all be strings, sorted (Lua's own order is not deterministic).
    /// - Parameter what: what a key names, for the error message (`"entity name"`).
    func stringKeys(ofTableAt index: Int32, what: String) throws -> [String] {
        var keys: [String] = []
        try state.forEachPair(inTableAt: index) { key, _ in
            guard state.type(at: key) == .string, let name = state.toString(at: key) else {
                throw ScriptingError("\(what) must be a string, got \(state.typeName(at: key))")
            }
            keys.append(name)
        }
        return keys.sorted()
    }
}
