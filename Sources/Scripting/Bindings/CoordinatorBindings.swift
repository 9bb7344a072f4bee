import LuaBridge
import ObjectGraph

extension BridgeClasses {
    /// The class of `container.persistentStoreCoordinator`: `managedObjectModel`, `persistentStores`,
    /// `coordinator:managedObjectID(uri)`, `coordinator:persistentStore(url)`,
    /// `coordinator:addPersistentStore(options)`, `coordinator:removePersistentStore(store)`.
    static func makeCoordinator(_ engine: ScriptEngine) -> LuaClass {
        let properties = ["managedObjectModel", "persistentStores"]
        func coordinator(_ state: LuaState) throws -> PersistentStoreCoordinator {
            guard let c = state.object(at: 1, as: PersistentStoreCoordinator.self) else {
                throw LuaArgumentError(argument: 1, message: "PersistentStoreCoordinator expected, got \(state.typeName(at: 1))")
            }
            return c
        }
        return LuaClass(
            name: "PersistentStoreCoordinator",
            properties: properties,
            methods: [
                "managedObjectID": { [unowned engine] state in
                    let c = try coordinator(state)
                    let uri = try state.string(2)
                    if let id = c.managedObjectID(forURIRepresentation: uri),
                       let entity = c.managedObjectModel.entity(named: id.entityName) {
                        engine.push(objectID: id, entity: entity)
                    } else {
                        state.pushNil()
                    }
                    return 1
                },
                "currentPersistentHistoryToken": { [unowned engine] state in
                    let c = try coordinator(state)
                    engine.push(token: c.persistentStores.first { $0.persistentHistoryTracking }?.currentPersistentHistoryToken)
                    return 1
                },
                "persistentStore": { [unowned engine] state in
                    let c = try coordinator(state)
                    let url = try state.string(2)
                    if let store = c.persistentStores.first(where: { $0.url == url }) {
                        state.push(object: store, class: engine.classes.store)
                    } else {
                        state.pushNil()
                    }
                    return 1
                },
                "addPersistentStore": { [unowned engine] state in
                    let c = try coordinator(state)
                    let store = try engine.readStore(at: 2, model: c.managedObjectModel)
                    try c.addPersistentStore(checking: store)
                    engine.traceRemoteChanges(of: c, store: store)
                    state.push(object: store, class: engine.classes.store)
                    return 1
                },
                "removePersistentStore": { state in
                    let c = try coordinator(state)
                    guard let store = state.object(at: 2, as: PersistentStore.self) else {
                        throw LuaArgumentError(argument: 2, message: "PersistentStore expected, got \(state.typeName(at: 2))")
                    }
                    try c.removePersistentStore(store)
                    return 0
                },
            ],
            getter: { [unowned engine] target, slot, state in
                let c = target as! PersistentStoreCoordinator
                if slot == 0 {
                    state.push(object: c.managedObjectModel, class: engine.classes.model)
                } else {
                    state.newTable(arrayCount: Int32(c.persistentStores.count), recordCount: 0)
                    for (i, store) in c.persistentStores.enumerated() {
                        state.push(object: store, class: engine.classes.store)
                        state.rawSet(tableAt: -2, index: i + 1)
                    }
                }
            },
            setter: { _, slot, _, _ in throw ScriptingError("\(properties[slot]) is read-only") },
            index: { _, key, _ in throw ScriptingError(undefinedKeyMessage(key, of: "PersistentStoreCoordinator")) },
            newIndex: { _, key, _, _ in
                throw ScriptingError(undefinedKeyMessage(key, of: "PersistentStoreCoordinator", writing: true))
            },
            tostring: { target in
                "PersistentStoreCoordinator(\((target as! PersistentStoreCoordinator).persistentStores.count) stores)"
            }
        )
    }

    /// The class of persistent stores: `type` (`"InMemory"` or `"SQLite"`, Core Data's store type
    /// names), `url` (the file path, nil in memory), `identifier`.
    static func makeStore(_ engine: ScriptEngine) -> LuaClass {
        let properties = ["type", "url", "identifier"]
        return LuaClass(
            name: "PersistentStore",
            properties: properties,
            getter: { target, slot, state in
                let store = target as! PersistentStore
                switch slot {
                case 0: state.push(store.type == .sqlite ? "SQLite" : "InMemory")
                case 1: if let url = store.url { state.push(url) } else { state.pushNil() }
                default: state.push(store.identifier)
                }
            },
            setter: { _, slot, _, _ in throw ScriptingError("\(properties[slot]) is read-only") },
            index: { _, key, _ in throw ScriptingError(undefinedKeyMessage(key, of: "PersistentStore")) },
            newIndex: { _, key, _, _ in throw ScriptingError(undefinedKeyMessage(key, of: "PersistentStore", writing: true)) },
            tostring: { target in
                let store = target as! PersistentStore
                return "PersistentStore(\(store.type == .sqlite ? "SQLite" : "InMemory") \(store.identifier))"
            }
        )
    }
}
