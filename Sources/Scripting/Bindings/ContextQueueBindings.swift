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
    static func contextQueueMethods(_ engine: ScriptEngine) -> [String: LuaState.Body] {
        func context(_ state: LuaState) throws -> ManagedObjectContext {
            guard let c = state.object(at: 1, as: ManagedObjectContext.self) else {
                throw LuaArgumentError(argument: 1, message: "ManagedObjectContext expected, got \(state.typeName(at: 1))")
            }
            return c
        }
        return [
            "perform": { [unowned engine] state in
                let ctx = try context(state)
                let function = try state.function(2)
                ctx.perform { [unowned engine] in
                    engine.state.push(function)
                    try engine.state.pcall(arguments: 0, results: 0, traceback: false)
                }
                return 0
            },
            "performAndWait": { state in
                let ctx = try context(state)
                _ = try state.function(2)
                try ctx.performAndWait {
                    state.pushValue(at: 2)
                    try state.pcall(arguments: 0, results: 1, traceback: false)
                }
                return 1
            },
            "mergeChangesFromContextDidSave": { state in
                let ctx = try context(state)
                var box = state.object(at: 2, as: SavedChangesBox.self)
                if box == nil && state.type(at: 2) == .table {
                    state.rawGet(tableAt: 2, key: "notification")
                    box = state.object(at: -1, as: SavedChangesBox.self)
                    state.pop()
                }
                guard let box else {
                    throw LuaArgumentError(argument: 2, message: "didSave notification expected, got \(state.typeName(at: 2))")
                }
                try ctx.mergeChanges(fromContextDidSave: box.changes)
                return 0
            },
            "refresh": { [unowned engine] state in
                let ctx = try context(state)
                let object = try engine.checkObject(state, 2, "refresh")
                try ctx.refresh(object, mergeChanges: state.toBoolean(at: 3))
                return 0
            },
            "refreshAllObjects": { state in
                try context(state).refreshAllObjects()
                return 0
            },
            "newChildContext": { [unowned engine] state in
                let ctx = try context(state)
                var type = ConcurrencyType.mainQueue
                if state.type(at: 2) == .string {
                    let name = state.toString(at: 2) ?? ""
                    guard let t = ConcurrencyType(rawValue: name) else {
                        throw LuaArgumentError(argument: 2, message: "\"mainQueue\" or \"privateQueue\" expected, got \"\(name)\"")
                    }
                    type = t
                } else if !state.isNoneOrNil(2) {
                    throw LuaArgumentError(argument: 2, message: "string expected, got \(state.typeName(at: 2))")
                }
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
            throw LuaArgumentError(argument: index, message: "options table expected, got \(state.typeName(at: index))")
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
