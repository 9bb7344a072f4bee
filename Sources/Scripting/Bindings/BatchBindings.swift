import LuaBridge
import ObjectGraph

/// A batch request as Lua holds it (`ripple.batchDeleteRequest { … }` and friends).
final class BatchRequestBox {
    let request: BatchRequest
    let kind: String
    init(_ request: BatchRequest, kind: String) {
        self.request = request
        self.kind = kind
    }
}

extension ScriptEngine {
    /// Result type names per request, as Apple spells them.
    static let batchResultTypes: [String: [String: BatchResultType]] = [
        "batchDeleteRequest": ["resultTypeStatusOnly": .statusOnly, "resultTypeObjectIDs": .objectIDs, "resultTypeCount": .count],
        "batchUpdateRequest": ["statusOnlyResultType": .statusOnly, "updatedObjectIDsResultType": .objectIDs,
                               "updatedObjectsCountResultType": .count],
        "batchInsertRequest": ["statusOnly": .statusOnly, "objectIDs": .objectIDs, "count": .count],
    ]

    /// Registers `ripple.batchDeleteRequest`, `ripple.batchUpdateRequest`, `ripple.batchInsertRequest`
    /// and `ripple.mergeChanges(changes, contexts)`.
    func installBatchRequests(into module: Int32) {
        let module = state.absoluteIndex(module)
        for kind in ["batchDeleteRequest", "batchUpdateRequest", "batchInsertRequest"] {
            state.register(in: module, name: kind) { [unowned self] state in
                state.push(object: BatchRequestBox(try self.readBatchRequest(kind), kind: kind), class: self.classes.batchRequest)
                return 1
            }
        }
        state.register(in: module, name: "mergeChanges") { [unowned self] state in
            try self.mergeRemoteChanges(state)
            return 0
        }
    }

    private func readBatchRequest(_ kind: String) throws -> BatchRequest {
        try state.table(1)
        let what = "the options of ripple.\(kind)"
        let extra: [String]
        switch kind {
        case "batchDeleteRequest": extra = ["predicate", "arguments", "objectIDs", "fetchLimit", "fetchOffset", "sortDescriptors"]
        case "batchUpdateRequest": extra = ["predicate", "arguments", "propertiesToUpdate"]
        default: extra = ["objects", "dictionaryHandler", "managedObjectHandler"]
        }
        try checkOptionKeys(ofTableAt: 1, known: ["entity", "resultType"] + extra, what: what)
        if kind == "batchDeleteRequest" {
            let byIDs = state.rawGet(tableAt: 1, key: "objectIDs") != .nil
            state.pop()
            if byIDs { return try readDeleteByIDs() }
        }
        guard state.rawGet(tableAt: 1, key: "entity") == .string, let entity = state.toString(at: -1) else {
            state.pop()
            throw ScriptingError("a batch request needs an entity name (entity = \"…\")")
        }
        state.pop()
        var resultType = BatchResultType.statusOnly
        let names = Self.batchResultTypes[kind]!
        if state.rawGet(tableAt: 1, key: "resultType") != .nil {
            defer { state.pop() }
            guard state.type(at: -1) == .string, let name = state.toString(at: -1), let type = names[name] else {
                throw ScriptingError("resultType of ripple.\(kind) must be one of \(names.keys.sorted().joined(separator: ", ")), got \(state.toString(at: -1).map { "'\($0)'" } ?? state.typeName(at: -1))")
            }
            resultType = type
        } else {
            state.pop()
        }
        let reader = FetchRequestReader(engine: self)
        switch kind {
        case "batchDeleteRequest":
            var request = BatchRequest(entityName: entity, predicate: try reader.readPredicate(1), action: .delete, resultType: resultType)
            request.fetchLimit = try reader.readInt(1, "fetchLimit") ?? 0
            request.fetchOffset = try reader.readInt(1, "fetchOffset") ?? 0
            request.sortDescriptors = try reader.readSortDescriptors(1)
            return request
        case "batchUpdateRequest":
            guard state.rawGet(tableAt: 1, key: "propertiesToUpdate") == .table else {
                state.pop()
                throw ScriptingError("a batch update request needs propertiesToUpdate = { key = value, … }")
            }
            let values: [String: Value]
            do {
                values = try dictionary(at: -1)
                state.pop()
            } catch {
                state.pop()
                throw error
            }
            let predicate = try reader.readPredicate(1)
            return BatchRequest(entityName: entity, predicate: predicate, action: .update(propertiesToUpdate: values),
                                resultType: resultType)
        default:
            if state.rawGet(tableAt: 1, key: "objects") != .table {
                state.pop()
                try pushObjectsFromHandler()
            }
            defer { state.pop() }
            let objects = try readBatchObjects(at: -1)
            // Without the record reader (tests comparing the paths), the general form of the request.
            return BatchRequest(entityName: entity, action: !batchInsertReadsRecords ? .insert(objects: objects.dictionaries)
                                                                                     : .insertObjects(objects),
                                resultType: resultType)
        }
    }

    /// The `dictionaryHandler` / `managedObjectHandler` forms of `ripple.batchInsertRequest`
    /// (`NSBatchInsertRequest(entity:dictionaryHandler:)`, `…managedObjectHandler:`): the handler is called with
    /// a fresh table to fill, again and again, until it returns true; the table of that last call is not
    /// inserted, as in Core Data. Pushes the list of the filled tables (the `objects` form's list).
    private func pushObjectsFromHandler() throws {
        let handlers = ["dictionaryHandler", "managedObjectHandler"].filter { name in
            defer { state.pop() }
            return state.rawGet(tableAt: 1, key: name) != .nil
        }
        guard handlers.count == 1, let name = handlers.first else {
            throw ScriptingError(handlers.isEmpty
                ? "a batch insert request needs objects = { { key = value, … }, … }, a dictionaryHandler or a managedObjectHandler"
                : "a batch insert request takes one of objects, dictionaryHandler and managedObjectHandler, not both handlers")
        }
        state.rawGet(tableAt: 1, key: name)
        guard state.type(at: -1) == .function else {
            defer { state.pop() }
            throw ScriptingError("\(name) of ripple.batchInsertRequest must be a function, got \(state.typeName(at: -1))")
        }
        let handler = state.absoluteIndex(-1)
        state.newTable()
        let list = state.absoluteIndex(-1)
        var count = 0
        while true {
            state.pushValue(at: handler)
            state.newTable()
            state.pushValue(at: -1)
            state.insert(at: -3)                       // list, handler…, entry, handler, entry
            do {
                try state.pcall(arguments: 1, results: 1)
            } catch {
                state.setTop(handler - 1)
                throw error
            }
            let stop = state.toBoolean(at: -1)
            state.pop()
            if stop {
                state.pop()                            // the last table is not inserted
                break
            }
            count += 1
            state.rawSet(tableAt: list, index: count)
        }
        state.remove(at: handler)                      // leaves the list on top
    }

    /// `ripple.batchDeleteRequest { objectIDs = ids, resultType = … }` (`NSBatchDeleteRequest(objectIDs:)`):
    /// the entity comes from the IDs; `entity`, `predicate` and the fetch options cannot be combined with it.
    private func readDeleteByIDs() throws -> BatchRequest {
        for key in ["entity", "predicate", "arguments", "fetchLimit", "fetchOffset", "sortDescriptors"] {
            defer { state.pop() }
            if state.rawGet(tableAt: 1, key: key) != .nil {
                throw ScriptingError("ripple.batchDeleteRequest takes objectIDs or a fetch request (entity, predicate, …), not both: remove '\(key)'")
            }
        }
        guard state.rawGet(tableAt: 1, key: "objectIDs") == .table else {
            defer { state.pop() }
            throw ScriptingError("objectIDs of ripple.batchDeleteRequest must be a list of object IDs, got \(state.typeName(at: -1))")
        }
        defer { state.pop() }
        let list = state.absoluteIndex(-1)
        var ids: [ManagedObjectID] = []
        for i in 0..<state.rawLength(at: list) {
            state.rawGet(tableAt: list, index: i + 1)
            defer { state.pop() }
            if let box = state.object(at: -1, as: ObjectIDBox.self) {
                ids.append(box.id)
            } else if let object = state.object(at: -1, as: ManagedObject.self) {
                ids.append(object.objectID)
            } else {
                throw ScriptingError("objectIDs[\(i + 1)] must be an object ID or a managed object, got \(state.typeName(at: -1))")
            }
        }
        var resultType = BatchResultType.statusOnly
        let names = Self.batchResultTypes["batchDeleteRequest"]!
        if state.rawGet(tableAt: 1, key: "resultType") != .nil {
            defer { state.pop() }
            guard state.type(at: -1) == .string, let name = state.toString(at: -1), let type = names[name] else {
                throw ScriptingError("resultType of ripple.batchDeleteRequest must be one of \(names.keys.sorted().joined(separator: ", ")), got \(state.toString(at: -1).map { "'\($0)'" } ?? state.typeName(at: -1))")
            }
            resultType = type
        } else {
            state.pop()
        }
        return try BatchRequest.deleting(objectIDs: ids, resultType: resultType)
    }

    /// The string-keyed values of a table.
    func dictionary(at index: Int32) throws -> [String: Value] {
        let table = state.absoluteIndex(index)
        var values: [String: Value] = [:]
        for key in try stringKeys(ofTableAt: table, what: "property name") {
            state.rawGet(tableAt: table, key: key)
            defer { state.pop() }
            values[key] = try value(at: -1)
        }
        return values
    }

    /// `ripple.mergeChanges({ inserted = ids, updated = ids, deleted = ids }, { ctx, … })`.
    private func mergeRemoteChanges(_ state: LuaState) throws {
        try state.table(1)
        try state.table(2)
        try checkOptionKeys(ofTableAt: 1, known: ["inserted", "updated", "deleted"], what: "the changes of ripple.mergeChanges")
        func ids(_ key: String) throws -> [ManagedObjectID] {
            defer { state.pop() }
            let type = state.rawGet(tableAt: 1, key: key)
            if type == .nil { return [] }
            guard type == .table else { throw ScriptingError("\(key) must be a list of object IDs, got \(state.typeName(at: -1))") }
            let list = state.absoluteIndex(-1)
            var result: [ManagedObjectID] = []
            for i in 0..<state.rawLength(at: list) {
                state.rawGet(tableAt: list, index: i + 1)
                defer { state.pop() }
                if let box = state.object(at: -1, as: ObjectIDBox.self) {
                    result.append(box.id)
                } else if let object = state.object(at: -1, as: ManagedObject.self) {
                    result.append(object.objectID)
                } else {
                    throw ScriptingError("\(key)[\(i + 1)] must be an object ID or a managed object, got \(state.typeName(at: -1))")
                }
            }
            return result
        }
        let changes = SavedObjectIDs(remoteChangesNamed: "remote", inserted: try ids("inserted"), updated: try ids("updated"),
                                     deleted: try ids("deleted"))
        var contexts: [ManagedObjectContext] = []
        for i in 0..<state.rawLength(at: 2) {
            state.rawGet(tableAt: 2, index: i + 1)
            defer { state.pop() }
            guard let context = state.object(at: -1, as: ManagedObjectContext.self) else {
                throw ScriptingError("contexts[\(i + 1)] must be a ManagedObjectContext, got \(state.typeName(at: -1))")
            }
            contexts.append(context)
        }
        try ManagedObjectContext.mergeChanges(fromRemoteContextSave: changes, into: contexts)
    }
}

extension BridgeClasses {
    /// The class of batch requests (opaque; run them with `ctx:execute(request)`).
    static func makeBatchRequest(_ engine: ScriptEngine) -> LuaClass {
        batchRequestDeclaration.makeClass { key, writing in undefinedKeyMessage(key, of: "BatchRequest", writing: writing) }
    }

    /// What `ripple.batchDeleteRequest`, `batchUpdateRequest` and `batchInsertRequest` make.
    static let batchRequestDeclaration = LuaClassDeclaration<BatchRequestBox>(
        "BatchRequest",
        "A batch request made by `ripple.batchDeleteRequest`, `ripple.batchUpdateRequest` or `ripple.batchInsertRequest` (read-only).",
        properties: [
            .property("entityName", "The entity it works on.", get: { $0.request.entityName }),
            .property("resultType", "Its result type, as Apple spells it for the request's kind.", get: { box in
                ScriptEngine.batchResultTypes[box.kind]?.first { $0.value == box.request.resultType }?.key ?? ""
            }),
        ],
        describe: { "\($0.kind)(\($0.request.entityName))" })

    /// `ctx:execute(request)` → `{ result = true | ids | count }` (`NSBatchDeleteResult.result`, …).
    static func contextBatchMethods(_ owner: ScriptEngineReference) -> [LuaMethodDeclaration<ManagedObjectContext>] {
        [
            .custom("execute", """
                Runs a batch request or a history request against the store, leaving every context as it is:
                `{ result = true | ids | count }` (batch) or `{ result = transactions }` (history).
                """, parameters: [.init("request", "BatchRequest|PersistentHistoryChangeRequest")],
                returns: "BatchResult|PersistentHistoryResult") { ctx, state in
                let engine = try owner.get()
                if let history = state.object(at: 2, as: HistoryRequestBox.self) {
                    let transactions = try ctx.execute(history.request)
                    state.newTable(arrayCount: 0, recordCount: 1)
                    engine.push(transactions: transactions, model: ctx.model)
                    state.rawSet(tableAt: -2, key: "result")
                    return 1
                }
                guard let box = state.object(at: 2, as: BatchRequestBox.self) else {
                    throw state.typeError(2, expected: "BatchRequest or PersistentHistoryChangeRequest")
                }
                let result = try ctx.execute(box.request)
                state.newTable(arrayCount: 0, recordCount: 1)
                switch result {
                case .status(let ok): state.push(ok)
                case .count(let n): state.push(n)
                case .objectIDs(let ids): engine.push(objectIDs: ids, model: ctx.model)
                }
                state.rawSet(tableAt: -2, key: "result")
                return 1
            },
        ]
    }
}
