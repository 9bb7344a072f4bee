import LuaBridge
import ObjectGraph

extension BridgeClasses {
    /// The class of query generation tokens (opaque; `tostring` shows the generation's number).
    static func makeQueryGenerationToken(_ engine: ScriptEngine) -> LuaClass {
        queryGenerationTokenDeclaration.makeClass { key, writing in
            undefinedKeyMessage(key, of: "QueryGenerationToken", writing: writing)
        }
    }

    /// A context's `queryGenerationToken`.
    static let queryGenerationTokenDeclaration = LuaClassDeclaration<QueryGenerationToken>(
        "QueryGenerationToken", "A query generation (`NSQueryGenerationToken`): opaque; `tostring` shows its number.",
        describe: { $0.description })

    /// `ctx:setQueryGenerationFrom("current" | token | nil)` (`setQueryGenerationFrom(_:)`).
    static func contextQueryGenerationMethods(_ engine: ScriptEngine) -> [String: LuaState.Body] {
        [
            "setQueryGenerationFrom": { state in
                guard let ctx = state.object(at: 1, as: ManagedObjectContext.self) else {
                    throw LuaArgumentError(argument: 1, message: "ManagedObjectContext expected, got \(state.typeName(at: 1))")
                }
                switch state.type(at: 2) {
                case .nil, .none:
                    try ctx.setQueryGenerationFrom(nil)
                case .string where state.toString(at: 2) == "current":
                    try ctx.setQueryGenerationFrom(.current)
                default:
                    guard let token = state.object(at: 2, as: QueryGenerationToken.self) else {
                        let shown = state.type(at: 2) == .string ? "'\(state.toString(at: 2) ?? "")'" : state.typeName(at: 2)
                        throw LuaArgumentError(argument: 2, message: "\"current\", a QueryGenerationToken or nil expected, got \(shown)")
                    }
                    try ctx.setQueryGenerationFrom(.token(token))
                }
                return 0
            },
        ]
    }
}
