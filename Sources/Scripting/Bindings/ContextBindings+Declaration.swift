import LuaBridge
import ObjectGraph

/// How the closures of a class declaration reach their engine: unowned (the engine holds the classes made
/// from the declaration, so it outlives every call), and not at all in the declarations made for the
/// annotations, whose closures never run.
struct ScriptEngineReference {
    /// The engine; nil in a declaration made for the annotations.
    unowned let engine: ScriptEngine?

    /// A reference to `engine`, or to none.
    init(_ engine: ScriptEngine? = nil) { self.engine = engine }

    /// The engine, or an error in a declaration made for the annotations.
    func get() throws -> ScriptEngine {
        guard let engine else { throw ScriptingError("this class declaration has no engine (it describes the API only)") }
        return engine
    }
}

extension ConcurrencyType: LuaValueConvertible {
    /// `string`.
    public static var luaTypeName: String { "string" }
    /// `"mainQueue"|"privateQueue"`.
    public static var luaAnnotationType: String { #""mainQueue"|"privateQueue""# }
    /// A string naming a concurrency type (numbers are not names).
    public init?(lua state: LuaState, at index: Int32) {
        guard state.type(at: index) == .string, let name = state.toString(at: index), let type = Self(rawValue: name) else {
            return nil
        }
        self = type
    }
    /// Pushes the name.
    public func push(to state: LuaState) { state.push(rawValue) }
    /// `"mainQueue" or "privateQueue" expected, got "x"` for another string, Lua's wording otherwise.
    public static func argumentMessage(_ state: LuaState, at index: Int32) -> String {
        guard state.type(at: index) == .string else { return "string expected, got \(state.typeName(at: index))" }
        return "\"mainQueue\" or \"privateQueue\" expected, got \"\(state.toString(at: index) ?? "")\""
    }
}

extension BridgeClasses {
    /// The class of contexts, declared once in ``contextDeclaration(_:)``: its record fast path for the values
    /// table of `insert` (read by C, `insertFromRecord`) is set here.
    static func makeContext(_ engine: ScriptEngine) -> LuaClass {
        let cls = contextDeclaration(ScriptEngineReference(engine)).makeClass { ctx, key, writing in
            undefinedKeyMessage(key, of: "ManagedObjectContext", instance: ctx.name, writing: writing)
        }
        cls.recordArguments["insert"] = 3
        return cls
    }

    /// The context class as the annotations see it (its closures are never run).
    static let contextDeclarationForAnnotations = contextDeclaration(ScriptEngineReference())

    /// `NSManagedObjectContext`: its properties and its core methods here; the queue, identity, batch, undo and
    /// query-generation methods come from the member lists of their own files.
    static func contextDeclaration(_ owner: ScriptEngineReference) -> LuaClassDeclaration<ManagedObjectContext> {
        func objects(_ name: String, _ doc: String, _ get: @escaping (ManagedObjectContext) -> [ManagedObject])
            -> LuaPropertyDeclaration<ManagedObjectContext> {
            .custom(name, type: "ManagedObject[]", doc, get: { ctx, _ in try owner.get().push(get(ctx)) })
        }
        let mergePolicies = MergePolicy.allCases.map(\.rawValue)
        return LuaClassDeclaration<ManagedObjectContext>(
            "ManagedObjectContext", "A managed object context (`NSManagedObjectContext`).",
            properties: [
                objects("insertedObjects", "Inserted objects, in object order.") { $0.insertedObjects },
                objects("updatedObjects", "Updated objects, in object order.") { $0.updatedObjects },
                objects("deletedObjects", "Deleted objects, in object order.") { $0.deletedObjects },
                objects("registeredObjects", "Every object the context holds, in object order.") { $0.registeredObjects },
                .property("hasChanges", "Whether there are unsaved changes.", get: { $0.hasChanges }),
                .property("name", "`viewContext`, `background#n` or `child#n`.", get: { $0.name }),
                .property("concurrencyType", "The queue the context runs on.", get: { $0.concurrencyType }),
                .property("derivedRecomputationCount", "How many times derived properties were recomputed.",
                          get: { $0.derivedRecomputationCount }),
                .property("automaticallyMergesChangesFromParent", "Merge the parent's (or the store's) saves at the next tick.",
                          get: { $0.automaticallyMergesChangesFromParent }, set: { $0.automaticallyMergesChangesFromParent = $1 }),
                .custom("parent", type: "ManagedObjectContext?", "The parent context, or nil.", get: { ctx, state in
                    if let parent = ctx.parent { state.push(object: parent, class: try owner.get().classes.context) } else { state.pushNil() }
                }),
                .custom("mergePolicy", type: mergePolicies.map { "\"\($0)\"" }.joined(separator: "|"),
                        "How a save resolves conflicts with the store (default `\"error\"`).",
                        get: { ctx, state in state.push(ctx.mergePolicy.rawValue) },
                        set: { ctx, state, index in
                            guard state.type(at: index) == .string, let name = state.toString(at: index),
                                  let policy = MergePolicy(rawValue: name) else {
                                let shown = state.type(at: index) == .string ? "'\(state.toString(at: index) ?? "")'" : state.typeName(at: index)
                                throw ScriptingError("mergePolicy must be one of \(mergePolicies.joined(separator: ", ")), got \(shown)")
                            }
                            ctx.mergePolicy = policy
                        }),
                .custom("undoManager", type: "UndoManager?", "Records undo groups when set (`ripple.undoManager()`; nil by default).",
                        get: { ctx, state in
                            if let undo = ctx.undoManager { state.push(object: undo, class: try owner.get().classes.undoManager) } else { state.pushNil() }
                        },
                        set: { ctx, state, index in
                            if state.type(at: index) == .nil {
                                ctx.undoManager = nil
                                return
                            }
                            guard let undo = state.object(at: index, as: UndoManager.self) else {
                                throw ScriptingError("undoManager must be an UndoManager (ripple.undoManager()) or nil, got \(state.typeName(at: index))")
                            }
                            ctx.undoManager = undo
                        }),
                .custom("transactionAuthor", type: "string?", "The author of this context's saves in the persistent history.",
                        get: { ctx, state in
                            if let author = ctx.transactionAuthor { state.push(author) } else { state.pushNil() }
                        },
                        set: { ctx, state, index in
                            switch state.type(at: index) {
                            case .nil: ctx.transactionAuthor = nil
                            case .string: ctx.transactionAuthor = state.toString(at: index)
                            default: throw ScriptingError("transactionAuthor must be a string or nil, got \(state.typeName(at: index))")
                            }
                        }),
                .custom("queryGenerationToken", type: "QueryGenerationToken?",
                        "The query generation the context is pinned to; nil when unpinned.", get: { ctx, state in
                            if let token = ctx.queryGenerationToken {
                                state.push(object: token, class: try owner.get().classes.queryGenerationToken)
                            } else {
                                state.pushNil()
                            }
                        }),
                .custom("stalenessInterval", type: "number", """
                    Seconds cached row data may be used before a fault reads the store again (default -1). Ripple keeps \
                    no older row cache: every value behaves as 0.
                    """, get: { ctx, state in state.push(ctx.stalenessInterval) },
                    set: { ctx, state, index in
                        guard state.type(at: index) == .number, let seconds = state.toNumber(at: index), !seconds.isNaN else {
                            throw ScriptingError("stalenessInterval must be a number (seconds), got \(state.typeName(at: index))")
                        }
                        ctx.stalenessInterval = seconds
                    }),
            ],
            methods: contextCoreMethods(owner) + contextQueueMethods(owner) + contextIdentityMethods(owner)
                + contextBatchMethods(owner) + contextUndoMethods + contextQueryGenerationMethods,
            describe: { "ManagedObjectContext(\($0.name))" })
    }
}
