import LuaBridge
import ObjectGraph

extension ScriptEngine {
    /// The wording of an error a binding throws, for ``LuaState/errorMessage``: an unknown key, key path
    /// or entity (``ObjectGraphError/unknownName``) gets the nearest known name —
    /// `keypath firstname not found in entity Person (did you mean 'firstName'?)`. Nil (the error's own
    /// description) otherwise.
    static func errorMessage(_ error: any Error) -> String? {
        guard let error = error as? ObjectGraphError, let unknown = error.unknownName,
              !error.message.contains("did you mean") else { return nil }
        let hint = LuaNameSuggestion.didYouMean(unknown.name, among: unknown.known)
        return hint.isEmpty ? nil : error.message + hint
    }
}
