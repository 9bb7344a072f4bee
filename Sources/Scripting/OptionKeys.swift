import LuaBridge

extension ScriptEngine {
    /// Refuses a key an option table does not know, in one message form for every option table:
    /// `unknown key 'unique' in the spec of Customer.name (known keys: default, max, …)`.
    ///
    /// - Parameters:
    ///   - index: The option table.
    ///   - known: The string keys the table may have.
    ///   - positional: How many array items (`t[1]`, `t[2]`, …) it may have.
    ///   - what: What the table is, for the message (`"a fetch request"`).
    ///   - notImplemented: Keys Core Data or UIKit has that Ripple does not implement, each with what to
    ///     say instead of "unknown".
    func checkOptionKeys(ofTableAt index: Int32, known: [String], positional: Int = 0, what: String,
                         notImplemented: [String: String] = [:]) throws {
        let table = state.absoluteIndex(index)
        guard state.type(at: table) == .table else { return }
        let knownSet = Set(known)
        var bad: String?
        try state.forEachPair(inTableAt: table) { key, _ in
            guard bad == nil else { return }
            switch state.type(at: key) {
            case .string:
                let name = state.toString(at: key) ?? ""
                if !knownSet.contains(name) { bad = name }
            case .number:
                if let i = state.toInteger(at: key), state.isInteger(at: key), i >= 1, i <= positional { return }
                bad = state.toString(at: key) ?? "?"
            default:
                bad = "(\(state.typeName(at: key)))"
            }
        }
        guard let bad else { return }
        if let reason = notImplemented[bad] {
            throw ScriptingError("'\(bad)' in \(what) is not implemented by Ripple: \(reason)")
        }
        throw ScriptingError(Self.unknownOptionMessage(bad, in: what, known: known))
    }

    /// The message of an unknown option key.
    static func unknownOptionMessage(_ key: String, in what: String, known: [String]) -> String {
        "unknown key '\(key)' in \(what) (known keys: \(known.sorted().joined(separator: ", ")))"
    }
}
