import LuaBridge
import ObjectGraph

/// The shared Lua classes of the module.
package final class BridgeClasses {
    unowned let engine: ScriptEngine
    init(engine: ScriptEngine) { self.engine = engine }

    lazy var model = BridgeClasses.makeModel(engine)
    lazy var container = BridgeClasses.makeContainer(engine)
    lazy var context = BridgeClasses.makeContext(engine)
    lazy var relationshipSet = BridgeClasses.makeRelationshipSet(engine)
    lazy var token = BridgeClasses.makeToken(engine)
    lazy var fetchedResultsController = BridgeClasses.makeFetchedResultsController(engine)
    lazy var indexPath = BridgeClasses.makeIndexPath(engine)
    lazy var objectID = BridgeClasses.makeObjectID(engine)
    lazy var objectIDs = ObjectIDRegistry()
    lazy var coordinator = BridgeClasses.makeCoordinator(engine)
    lazy var store = BridgeClasses.makeStore(engine)
    lazy var batchRequest = BridgeClasses.makeBatchRequest(engine)
    lazy var undoManager = BridgeClasses.makeUndoManager(engine)
    lazy var historyToken = BridgeClasses.makeHistoryToken(engine)
    lazy var queryGenerationToken = BridgeClasses.makeQueryGenerationToken(engine)
    lazy var historyRequest = BridgeClasses.historyRequestDeclaration.makeClass { key, writing in
        writing ? nil : undefinedKeyMessage(key, of: "PersistentHistoryChangeRequest")
    }
    lazy var historyTokens = HistoryTokenRegistry()
    lazy var savedChanges = BridgeClasses.savedChangesDeclaration.makeClass { key, writing in
        undefinedKeyMessage(key, of: "ContextDidSaveNotification", writing: writing)
    }
}

extension BridgeClasses {
    /// The classes declared once with ``LuaClassDeclaration``: their annotations, `:help` and completeness
    /// checks come from these declarations.
    package static let declarations: [any LuaClassDescribing] = [
        undoManagerDeclaration, indexPathDeclaration, tokenDeclaration, historyTokenDeclaration, batchRequestDeclaration,
        storeDeclaration, LuaPresentationController.declaration, ScriptedSearchController.declaration, ScriptedSearchController.searchBarDeclaration,
        LuaNavigationItem.declaration, contextDeclarationForAnnotations,
    ]

    /// The core methods of the context class: insertion, deletion, processing, saving, fetching.
    static func contextCoreMethods(_ owner: ScriptEngineReference) -> [LuaMethodDeclaration<ManagedObjectContext>] {
        let inserter = owner.engine?.recordInserter
        let hook = owner.engine?.reportHook
        return [
            .receiverUnread("insert", "Inserts an object with its defaults, then `values`; returns it.",
                            parameters: [.init("entity", "string"), .init("values", "table<string, any>?")],
                            returns: "ManagedObject") { state in
                if let inserter, try inserter.insert(state) { return 1 }  // pushed the new object
                try state.reserveStack()  // a record function's general path (see `pushRecordFunction`)
                let engine = try owner.get()
                let ctx = try state.object(1, as: ManagedObjectContext.self, className: "ManagedObjectContext")
                let entityName = try state.string(2)
                var values: [(String, Value)] = []
                if state.type(at: 3) == .table {
                    let keys = try engine.stringKeys(ofTableAt: 3, what: "property name")
                    values.reserveCapacity(keys.count)
                    let entity = ctx.persistentStoreCoordinator.managedObjectModel.entity(named: entityName)
                    for key in keys {
                        state.rawGet(tableAt: 3, key: key)
                        defer { state.pop() }
                        // A transformable attribute keeps the Lua value itself (see ValueTransformerBindings).
                        if let entity, case .attribute(let i)? = entity.slots[key], entity.attributes[i].type == .transformable {
                            values.append((key, engine.boxedValue(at: -1)))
                        } else {
                            values.append((key, try engine.value(at: -1)))
                        }
                    }
                } else if state.type(at: 3) != .nil && state.type(at: 3) != .none {
                    throw state.typeError(3, expected: "table")
                }
                let object = try ctx.insertObject(entityName: entityName, values: values)
                object.noteInsertion { state.location() }  // kept only when the new object is invalid
                engine.push(object)
                return 1
            },
            .custom("delete", "Marks an object deleted; delete rules apply when changes are processed.",
                    parameters: [.init("object", "ManagedObject")]) { ctx, state in
                try ctx.delete(try owner.get().checkObject(state, 2, "delete"))
                return 0
            },
            .custom("processPendingChanges", "Propagates deletions and derived values, then posts one `objectsDidChange`.") { ctx, state in
                try ctx.processPendingChanges()
                if let report = hook?.recorder, report.hasPendingChanges {
                    report.step(kind: "processPendingChanges", label: ctx.name + ":processPendingChanges()",
                                location: state.location(level: 1))
                }
                return 0
            },
            .custom("save", "Processes, posts `willSave`, validates everything, writes, posts `didSave`.") { ctx, state in
                try ctx.save()
                hook?.recorder?.step(kind: "save", label: ctx.name + ":save()", location: state.location(level: 1))
                return 0
            },
            .method("rollback", "Discards unsaved changes and posts what was undone.") { try $0.rollback() },
            .method("reset", "Forgets every object (`invalidatedAll`); fetch again to get fresh ones.") { try $0.reset() },
            .custom("fetch", "Runs a fetch request; returns an array of objects.", parameters: [.init("request", "FetchRequest")],
                    returns: "ManagedObject[]") { ctx, _ in
                let engine = try owner.get()
                let request = try FetchRequestReader(engine: engine).read(at: 2)
                engine.push(try ctx.execute(request), model: ctx.model)
                return 1
            },
            .custom("count", "The number of objects a fetch request would return.", parameters: [.init("request", "FetchRequest")],
                    returns: "integer") { ctx, state in
                let request = try FetchRequestReader(engine: try owner.get()).read(at: 2)
                state.push(try ctx.count(for: request))
                return 1
            },
        ]
    }
}
