import LuaBridge
import ObjectGraph

extension BridgeClasses {
    /// The class of containers, declared once (``containerDeclaration(_:)``).
    static func makeContainer(_ engine: ScriptEngine) -> LuaClass {
        containerDeclaration(CoreDataStackEngineReference(engine: engine)).makeClass { key, writing in
            undefinedKeyMessage(key, of: "PersistentContainer", writing: writing)
        }
    }

    /// The class of `container.persistentStoreCoordinator`, declared once (``coordinatorDeclaration(_:)``).
    static func makeCoordinator(_ engine: ScriptEngine) -> LuaClass {
        coordinatorDeclaration(CoreDataStackEngineReference(engine: engine)).makeClass { key, writing in
            undefinedKeyMessage(key, of: "PersistentStoreCoordinator", writing: writing)
        }
    }

    /// `ripple.container(model)`'s containers (`NSPersistentContainer`).
    static func containerDeclaration(_ owner: CoreDataStackEngineReference) -> LuaClassDeclaration<PersistentContainer> {
        LuaClassDeclaration<PersistentContainer>(
            "PersistentContainer", "A persistent container (`NSPersistentContainer`).",
            properties: [
                .custom("viewContext", type: "ManagedObjectContext", "The main-queue context screens use.", get: { container, state in
                    state.push(object: container.viewContext, class: try owner.get().classes.context)
                }),
                .custom("managedObjectModel", type: "ManagedObjectModel", "The container's model.", get: { container, state in
                    state.push(object: container.managedObjectModel, class: try owner.get().classes.model)
                }),
                .custom("persistentStoreCoordinator", type: "PersistentStoreCoordinator", "The coordinator of its stores.",
                        get: { container, state in
                            state.push(object: container.persistentStoreCoordinator, class: try owner.get().classes.coordinator)
                        }),
            ],
            methods: [
                .checked("newBackgroundContext", "A private-queue context on the container's store, named `background#n`; work runs through `perform`.",
                         [], returns: "ManagedObjectContext") { container, state in
                    let engine = try owner.get()
                    let context = container.newBackgroundContext()
                    engine.adopt(context)
                    state.push(object: context, class: engine.classes.context)
                    return 1
                },
                .checked("performBackgroundTask", """
                    Runs `fn(context)` on a new private-queue context (`performBackgroundTask`), queued like `perform`: \
                    it runs at the end of the event (`ripple.tick()`).
                    """, [.function("fn", "fun(context: ManagedObjectContext)")]) { container, state in
                    let engine = try owner.get()
                    let function = try state.function(2)
                    let context = container.newBackgroundContext()
                    engine.adopt(context)
                    context.perform { [unowned engine] in
                        engine.state.push(function)
                        engine.state.push(object: context, class: engine.classes.context)
                        try engine.state.pcall(arguments: 1, results: 0, traceback: false)
                    }
                    return 0
                },
                .method("removePersistentStore", "Removes the store: its objects are invalidated in every context.") { container in
                    guard let store = container.persistentStoreCoordinator.defaultStore else {
                        throw ScriptingError("removePersistentStore: the container has no persistent store")
                    }
                    try container.persistentStoreCoordinator.removePersistentStore(store)
                },
                .checked("addPersistentStore", "Adds a store (`{ store = \"memory\" }` by default, or `{ store = \"sqlite\", path = … }`).",
                         [.table("options", "StoreOptions", optional: true)]) { container, _ in
                    let engine = try owner.get()
                    let store = try engine.readStore(at: 2, model: container.managedObjectModel)
                    try container.persistentStoreCoordinator.addPersistentStore(checking: store)
                    engine.traceRemoteChanges(of: container.persistentStoreCoordinator, store: store)
                    return 0
                },
            ],
            describe: { _ in "PersistentContainer" })
    }

    /// A container's coordinator (`NSPersistentStoreCoordinator`): the model and the stores.
    static func coordinatorDeclaration(_ owner: CoreDataStackEngineReference) -> LuaClassDeclaration<PersistentStoreCoordinator> {
        let store = LuaCheckedParameter.object("store", "PersistentStore", as: PersistentStore.self)
        /// The store argument at `index` (the declaration has checked it).
        func storeArgument(_ state: LuaState, _ index: Int32) throws -> PersistentStore {
            let store = try state.object(index, as: PersistentStore.self, className: "PersistentStore")
            return store
        }
        return LuaClassDeclaration<PersistentStoreCoordinator>(
            "PersistentStoreCoordinator", "The coordinator of a container (`NSPersistentStoreCoordinator`): the model and the stores.",
            properties: [
                .custom("managedObjectModel", type: "ManagedObjectModel", "The coordinator's model.", get: { c, state in
                    state.push(object: c.managedObjectModel, class: try owner.get().classes.model)
                }),
                .custom("persistentStores", type: "PersistentStore[]", "The stores, in the order they were added.", get: { c, state in
                    let engine = try owner.get()
                    state.newTable(arrayCount: Int32(c.persistentStores.count), recordCount: 0)
                    for (i, store) in c.persistentStores.enumerated() {
                        state.push(object: store, class: engine.classes.store)
                        state.rawSet(tableAt: -2, index: i + 1)
                    }
                }),
            ],
            methods: [
                .checked("managedObjectID", """
                    The object ID a URI names (`managedObjectID(forURIRepresentation:)`): `x-coredata://<store UUID>/Customer/p1` \
                    or `x-coredata:///Customer/t<UUID>1`; nil when the URI is not one of this coordinator's.
                    """, [.value("uri", String.self)], returns: "ManagedObjectID?") { c, state in
                    let uri = try state.string(2)
                    if let id = c.managedObjectID(forURIRepresentation: uri), let entity = c.managedObjectModel.entity(named: id.entityName) {
                        try owner.get().push(objectID: id, entity: entity)
                    } else {
                        state.pushNil()
                    }
                    return 1
                },
                .checked("currentPersistentHistoryToken", """
                    The token of the last transaction of the first store with `persistentHistoryTracking`, nil when none \
                    tracks history or nothing was saved.
                    """, [], returns: "PersistentHistoryToken?") { c, _ in
                    try owner.get().push(token: c.persistentStores.first { $0.persistentHistoryTracking }?.currentPersistentHistoryToken)
                    return 1
                },
                .checked("persistentStore", "The store at a file path (`persistentStore(for:)`), or nil.",
                         [.value("url", String.self)], returns: "PersistentStore?") { c, state in
                    let url = try state.string(2)
                    if let store = c.persistentStores.first(where: { $0.url == url }) {
                        state.push(object: store, class: try owner.get().classes.store)
                    } else {
                        state.pushNil()
                    }
                    return 1
                },
                .checked("addPersistentStore", """
                    Adds a store (`{ store = "memory" }` by default) and returns it; refused when its data does not fit the model.
                    """, [.table("options", "StoreOptions", optional: true)], returns: "PersistentStore") { c, state in
                    let engine = try owner.get()
                    let store = try engine.readStore(at: 2, model: c.managedObjectModel, migratesByDefault: false)
                    try c.addPersistentStore(checking: store)
                    engine.traceRemoteChanges(of: c, store: store)
                    state.push(object: store, class: engine.classes.store)
                    return 1
                },
                .checked("metadataForPersistentStore", """
                    The store's metadata (`metadataForPersistentStore:`): `NSStoreType`, `NSStoreUUID` and, for a SQLite store, \
                    what its `Z_METADATA` holds (`NSStoreModelVersionHashes` entity → 32-byte string, …).
                    """, [store], returns: "table<string, any>") { _, state in
                    push(propertyList: .dictionary(try storeArgument(state, 2).metadata), state)
                    return 1
                },
                .checked("setMetadata", """
                    Replaces the store's metadata (`setMetadata(_:for:)`); a SQLite store writes it to its file at once. \
                    `NSStoreType` and `NSStoreUUID` stay the store's own. The metadata holds strings, numbers, booleans and \
                    tables (a string replacing data stays data).
                    """, [.table("metadata", "table<string, any>"), store]) { _, state in
                    let target = try storeArgument(state, 3)
                    guard case .dictionary(let values) = try propertyList(state, at: 2, like: .dictionary(target.metadata), key: "metadata", depth: 0) else {
                        throw ScriptingError("setMetadata: the metadata must be a table with string keys")
                    }
                    try target.setMetadata(values)
                    return 0
                },
                .checked("removePersistentStore", "Removes a store: its objects are invalidated in every context.", [store]) { c, state in
                    try c.removePersistentStore(try storeArgument(state, 2))
                    return 0
                },
            ],
            describe: { "PersistentStoreCoordinator(\($0.persistentStores.count) stores)" })
    }
}
