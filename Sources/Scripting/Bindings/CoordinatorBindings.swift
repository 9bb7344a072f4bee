import LuaBridge
import ObjectGraph

extension BridgeClasses {
    /// The class of `container.persistentStoreCoordinator`: `managedObjectModel`, `persistentStores`,
    /// `coordinator:managedObjectID(uri)`, `coordinator:persistentStore(url)`,
    /// `coordinator:addPersistentStore(options)`, `coordinator:removePersistentStore(store)`,
    /// `coordinator:metadataForPersistentStore(store)`.
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
                    let store = try engine.readStore(at: 2, model: c.managedObjectModel, migratesByDefault: false)
                    try c.addPersistentStore(checking: store)
                    engine.traceRemoteChanges(of: c, store: store)
                    state.push(object: store, class: engine.classes.store)
                    return 1
                },
                "metadataForPersistentStore": { state in
                    _ = try coordinator(state)
                    guard let store = state.object(at: 2, as: PersistentStore.self) else {
                        throw LuaArgumentError(argument: 2, message: "PersistentStore expected, got \(state.typeName(at: 2))")
                    }
                    Self.push(propertyList: .dictionary(store.metadata), state)
                    return 1
                },
                "setMetadata": { state in
                    _ = try coordinator(state)
                    guard state.type(at: 2) == .table else {
                        throw LuaArgumentError(argument: 1, message: "table expected, got \(state.typeName(at: 2))")
                    }
                    guard let store = state.object(at: 3, as: PersistentStore.self) else {
                        throw LuaArgumentError(argument: 2, message: "PersistentStore expected, got \(state.typeName(at: 3))")
                    }
                    guard case .dictionary(let values) = try Self.propertyList(state, at: 2, like: .dictionary(store.metadata), key: "metadata", depth: 0) else {
                        throw ScriptingError("setMetadata: the metadata must be a table with string keys")
                    }
                    try store.setMetadata(values)
                    return 0
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

    /// Pushes a property list value: strings, numbers and booleans as themselves, data as a byte string,
    /// dates as seconds since 2001 (as property lists keep them), arrays as sequences, dictionaries as tables.
    static func push(propertyList value: PropertyListValue, _ state: LuaState) {
        switch value {
        case .string(let s): state.push(s)
        case .integer(let i): state.push(i)
        case .real(let d), .date(let d): state.push(d)
        case .bool(let b): state.push(b)
        case .data(let bytes): state.push(bytes: bytes)
        case .array(let items):
            state.newTable(arrayCount: Int32(clamping: items.count), recordCount: 0)
            for (i, item) in items.enumerated() {
                push(propertyList: item, state)
                state.rawSet(tableAt: -2, index: i + 1)
            }
        case .dictionary(let d):
            state.newTable(arrayCount: 0, recordCount: Int32(clamping: d.count))
            for key in d.keys.sorted() {
                state.push(key)
                push(propertyList: d[key]!, state)
                state.rawSet(tableAt: -3)
            }
        }
    }

    /// The property list value of the Lua value at `index`: strings (data when not UTF-8, or when `like`, the
    /// value it replaces, is data), integers, numbers, booleans; a table is an array when it is a non-empty
    /// sequence, else a dictionary with string keys.
    /// - Throws: naming the key of a value no property list can hold, or a table nested deeper than 32.
    static func propertyList(_ state: LuaState, at index: Int32, like: PropertyListValue?, key: String, depth: Int) throws -> PropertyListValue {
        let index = state.absoluteIndex(index)
        switch state.type(at: index) {
        case .string:
            let bytes = state.toBytes(at: index) ?? []
            if case .data? = like { return .data(bytes) }
            if let text = String(validating: bytes, as: UTF8.self) { return .string(text) }
            return .data(bytes)
        case .number:
            if state.isInteger(at: index), let i = state.toInteger(at: index) { return .integer(i) }
            return .real(state.toNumber(at: index) ?? 0)
        case .boolean:
            return .bool(state.toBoolean(at: index))
        case .table:
            guard depth < 32 else { throw ScriptingError("setMetadata: \(key) is nested deeper than 32 tables") }
            let count = state.rawLength(at: index)
            var pairs: [(String, PropertyListValue)] = []
            var items: [PropertyListValue] = []
            var isArray = count > 0
            try state.forEachPair(inTableAt: index) { k, v in
                if state.type(at: k) == .string, let name = state.toString(at: k) {
                    isArray = false
                    var previous: PropertyListValue?
                    if case .dictionary(let d)? = like { previous = d[name] }
                    pairs.append((name, try propertyList(state, at: v, like: previous, key: key + "." + name, depth: depth + 1)))
                } else if state.type(at: k) == .number, state.isInteger(at: k), let i = state.toInteger(at: k), i >= 1, i <= Int64(count) {
                    var previous: PropertyListValue?
                    if case .array(let a)? = like, Int(i) <= a.count { previous = a[Int(i) - 1] }
                    items.append(try propertyList(state, at: v, like: previous, key: key + "[\(i)]", depth: depth + 1))
                } else {
                    throw ScriptingError("setMetadata: \(key) has a key of type \(state.typeName(at: k)); property list dictionaries have string keys")
                }
            }
            if isArray && items.count == count { return .array(items) }
            if !items.isEmpty { throw ScriptingError("setMetadata: \(key) mixes array items and string keys") }
            var d: [String: PropertyListValue] = [:]
            for (k, v) in pairs { d[k] = v }
            return .dictionary(d)
        default:
            throw ScriptingError("setMetadata: \(key) is a \(state.typeName(at: index)); property lists hold strings, numbers, booleans and tables")
        }
    }

    /// The class of persistent stores: `type` (`"InMemory"` or `"SQLite"`, Core Data's store type
    /// names), `url` (the file path, nil in memory), `identifier`.
    static func makeStore(_ engine: ScriptEngine) -> LuaClass {
        storeDeclaration.makeClass { key, writing in undefinedKeyMessage(key, of: "PersistentStore", writing: writing) }
    }

    /// A coordinator's stores (`NSPersistentStore`).
    static let storeDeclaration = LuaClassDeclaration<PersistentStore>(
        "PersistentStore", "A persistent store (`NSPersistentStore`).",
        properties: [
            .custom("type", type: #""InMemory"|"SQLite""#, "Core Data's store type name.", get: { store, state in
                state.push(store.type == .sqlite ? "SQLite" : "InMemory")
            }),
            .property("url", "The SQLite file path, nil in memory.", get: { $0.url }),
            .property("identifier", "The store's unique identifier (in its metadata).", get: { $0.identifier }),
        ],
        describe: { "PersistentStore(\($0.type == .sqlite ? "SQLite" : "InMemory") \($0.identifier))" })
}
