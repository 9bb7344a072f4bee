import LuaBridge
import ObjectGraph

/// A did-save notification kept for `ctx:mergeChangesFromContextDidSave(note)`: the IDs of what a save
/// changed, carried by the didSave table as `note.notification`.
final class SavedChangesBox {
    let changes: SavedObjectIDs
    init(_ changes: SavedObjectIDs) { self.changes = changes }
}

extension BridgeClasses {
    /// The concurrency, merge and refresh methods of the context class.
    static func contextQueueMethods(_ owner: ScriptEngineReference) -> [LuaMethodDeclaration<ManagedObjectContext>] {
        [
            .custom("perform", "Queues `fn` on the context's queue; it runs at the next `ripple.tick()`.",
                    parameters: [.init("fn", "fun()")]) { ctx, state in
                let engine = try owner.get()
                let function = try state.function(2)
                ctx.perform { [unowned engine] in
                    engine.state.push(function)
                    try engine.state.pcall(arguments: 0, results: 0, traceback: false)
                }
                return 0
            },
            .custom("performAndWait", "Runs `fn` on the context's queue now and returns its result.",
                    parameters: [.init("fn", "fun(): any")], returns: "any") { ctx, state in
                _ = try state.function(2)
                try ctx.performAndWait {
                    state.pushValue(at: 2)
                    try state.pcall(arguments: 0, results: 1, traceback: false)
                }
                return 1
            },
            .custom("mergeChangesFromContextDidSave", "Merges the changes a `didSave` observer received from another context.",
                    parameters: [.init("note", "DidSaveNotification|ContextDidSaveNotification|PersistentHistoryTransaction")]) { ctx, state in
                var box = state.object(at: 2, as: SavedChangesBox.self)
                if box == nil && state.type(at: 2) == .table {
                    state.rawGet(tableAt: 2, key: "notification")
                    box = state.object(at: -1, as: SavedChangesBox.self)
                    state.pop()
                }
                guard let box else {
                    throw state.typeError(2, expected: "didSave notification")
                }
                try ctx.mergeChanges(fromContextDidSave: box.changes)
                return 0
            },
            .custom("refresh", "Reloads an object's saved values, keeping unsaved ones when `mergeChanges` is true.",
                    parameters: [.init("object", "ManagedObject"), .init("mergeChanges", "boolean")]) { ctx, state in
                let object = try owner.get().checkObject(state, 2, "refresh")
                try ctx.refresh(object, mergeChanges: state.toBoolean(at: 3))
                return 0
            },
            .method("refreshAllObjects", "Refreshes every object of the context.") { try $0.refreshAllObjects() },
            .custom("newChildContext", "A child context whose saves go to this context, named `child#n` (main queue by default).",
                    parameters: [.init("concurrencyType", #""mainQueue"|"privateQueue"|nil"#)],
                    returns: "ManagedObjectContext") { ctx, state in
                let engine = try owner.get()
                let type = try state.argument(2, as: ConcurrencyType?.self) ?? .mainQueue
                engine.childCount += 1
                let child = ManagedObjectContext(parent: ctx, concurrencyType: type, name: "child#\(engine.childCount)")
                engine.adopt(child)
                state.push(object: child, class: engine.classes.context)
                return 1
            },
        ]
    }
}

extension ScriptEngine {
    /// Reads `{ store = "memory" | "sqlite", path = "…" }` (or nothing: in memory) and opens the store.
    /// `migratesByDefault`: whether `migratePersistentStoresAutomatically` and `inferMappingModelAutomatically`
    /// default to true (a container's store description) or false (`coordinator:addPersistentStore`, as
    /// `addPersistentStore` without options).
    func readStore(at index: Int32, model: ManagedObjectModel, migratesByDefault: Bool = true) throws -> PersistentStore {
        guard state.type(at: index) == .table else {
            if state.type(at: index) == .nil || state.type(at: index) == .none { return PersistentStore() }
            throw state.typeError(index, expected: "options table")
        }
        try checkOptionKeys(ofTableAt: index, known: ["store", "path", "busyTimeout", "persistentHistoryTracking",
                                                      "remoteChangeNotificationPost"] + Self.migrationOptionKeys,
                            what: "the store options")
        let migration = try readMigrationOptions(at: index, model: model, default: migratesByDefault)
        var remoteChanges = false
        if state.rawGet(tableAt: index, key: "remoteChangeNotificationPost") != .nil {
            defer { state.pop() }
            guard state.type(at: -1) == .boolean else {
                throw ScriptingError("remoteChangeNotificationPost must be a boolean, got \(state.typeName(at: -1))")
            }
            remoteChanges = state.toBoolean(at: -1)
        } else {
            state.pop()
        }
        var tracking = false
        if state.rawGet(tableAt: index, key: "persistentHistoryTracking") != .nil {
            defer { state.pop() }
            guard state.type(at: -1) == .boolean else {
                throw ScriptingError("persistentHistoryTracking must be a boolean, got \(state.typeName(at: -1))")
            }
            tracking = state.toBoolean(at: -1)
        } else {
            state.pop()
        }
        let store = try openStore(at: index, model: model, migration: migration)
        store.persistentHistoryTracking = tracking
        store.remoteChangeNotificationPost = remoteChanges
        return store
    }

    private func openStore(at index: Int32, model: ManagedObjectModel, migration: StoreMigrationOptions) throws -> PersistentStore {
        var type = "memory"
        if state.rawGet(tableAt: index, key: "store") == .string { type = state.toString(at: -1) ?? "memory" }
        state.pop()
        var path: String?
        if state.rawGet(tableAt: index, key: "path") == .string { path = state.toString(at: -1) }
        state.pop()
        var busyTimeout = 5000
        if state.rawGet(tableAt: index, key: "busyTimeout") != .nil {
            defer { state.pop() }
            guard state.isInteger(at: -1), let n = state.toInteger(at: -1), n >= 0, n <= Int64(Int32.max) else {
                throw ScriptingError("busyTimeout must be a non-negative integer (milliseconds), got \(state.toString(at: -1) ?? state.typeName(at: -1))")
            }
            busyTimeout = Int(n)
        } else {
            state.pop()
        }
        switch type {
        case "memory", "inMemory":
            return PersistentStore()
        case "sqlite":
            guard let path else { throw ScriptingError("a sqlite store needs a path: { store = \"sqlite\", path = \"…\" }") }
            return try PersistentStore(sqlitePath: try sandboxedStorePath(path), model: model, busyTimeout: busyTimeout,
                                       migration: migration)
        default:
            throw ScriptingError("unknown store type '\(type)' (expected \"memory\" or \"sqlite\")")
        }
    }

    /// The didSave table: `inserted`, `updated`, `deleted` (objects of the saving context), `context`,
    /// `changedKeys[obj]`, and `notification` (what `mergeChangesFromContextDidSave` needs).
    func pushDidSave(_ note: ContextDidSaveNotification) {
        state.newTable()
        let table = state.absoluteIndex(-1)
        push(note.inserted); state.rawSet(tableAt: table, key: "inserted")
        push(note.updated); state.rawSet(tableAt: table, key: "updated")
        push(note.deleted); state.rawSet(tableAt: table, key: "deleted")
        state.push(object: note.context, class: classes.context); state.rawSet(tableAt: table, key: "context")
        state.newTable()
        for object in note.updated {
            push(object)
            push(strings: note.changedKeys(of: object) ?? [])
            state.rawSet(tableAt: -3)
        }
        state.rawSet(tableAt: table, key: "changedKeys")
        state.newTable()
        for object in note.updated {
            push(object)
            pushDictionary(note.oldValues(of: object) ?? [:])
            state.rawSet(tableAt: -3)
        }
        state.rawSet(tableAt: table, key: "oldValues")
        state.push(object: SavedChangesBox(SavedObjectIDs(note)), class: classes.savedChanges)
        state.rawSet(tableAt: table, key: "notification")
    }
}
