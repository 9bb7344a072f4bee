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
    static var contextQueryGenerationMethods: [LuaMethodDeclaration<ManagedObjectContext>] { [
        .custom("setQueryGenerationFrom", """
            Pins the context to a query generation (`"current"`, or another context's `queryGenerationToken`), or unpins
            it with nil: a pinned context reads the saved rows as they were until it saves, merges or is reset (SQLite stores).
            """, parameters: [.init("generation", #""current"|QueryGenerationToken|nil"#)]) { ctx, state in
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
    ] }
}
