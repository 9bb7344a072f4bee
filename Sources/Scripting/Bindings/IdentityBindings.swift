import LuaBridge
import ObjectGraph

/// An `NSManagedObjectID` as Lua sees it. One box per ID (entity, number, temporary or not, store), so `==`
/// and table keys work: the same ID is always the same userdata.
final class ObjectIDBox {
    let id: ManagedObjectID
    let entity: EntityDescription
    init(id: ManagedObjectID, entity: EntityDescription) {
        self.id = id
        self.entity = entity
    }
}

/// The interned ID boxes of an engine.
final class ObjectIDRegistry {
    private struct Key: Hashable {
        let entity: ObjectIdentifier
        let number: Int
        let isTemporary: Bool
        let storeTag: UInt32
    }
    @exclusivity(unchecked) private var boxes: [Key: ObjectIDBox] = [:]
    @exclusivity(unchecked) private var byURI: [String: ObjectIDBox] = [:]
    /// Boxes made since `byURI` was last brought up to date (their URIs are formatted only when a URI is
    /// looked up, so pushing many IDs formats none).
    @exclusivity(unchecked) private var unindexed: [ObjectIDBox] = []

    /// The box of an ID (temporary and permanent IDs of one object are different IDs, as in Core Data).
    func box(for id: ManagedObjectID, entity: EntityDescription) -> ObjectIDBox {
        let key = Key(entity: ObjectIdentifier(entity), number: id.number, isTemporary: id.isTemporaryID, storeTag: id.storeTag)
        if let box = boxes[key] { return box }
        let box = ObjectIDBox(id: id, entity: entity)
        boxes[key] = box
        unindexed.append(box)
        return box
    }

    /// The box already made for the ID with this URI, if any (diffable identifiers carry IDs as URIs).
    func box(forURI uri: String) -> ObjectIDBox? {
        if !unindexed.isEmpty {
            for box in unindexed { byURI[box.id.uriRepresentation] = box }
            unindexed.removeAll()
        }
        return byURI[uri]
    }
}

extension BridgeClasses {
    /// The class of object IDs: `isTemporaryID`, `uriRepresentation`, `entityName`; prints as its URI.
    static func makeObjectID(_ engine: ScriptEngine) -> LuaClass {
        objectIDDeclaration.makeClass { key, writing in undefinedKeyMessage(key, of: "ManagedObjectID", writing: writing) }
    }

    /// `object.objectID`'s values: one per ID (``ObjectIDRegistry``), so `==` and table keys work.
    static let objectIDDeclaration = LuaClassDeclaration<ObjectIDBox>(
        "ManagedObjectID",
        """
        An object ID (`NSManagedObjectID`): one userdata per ID, so `==` and table keys work; prints as its URI.
        An object's temporary ID and its permanent ID (after the save) are different IDs, as in Core Data.
        """,
        properties: [
            .property("isTemporaryID",
                      "True until the object is saved (`x-coredata:///Customer/t52495050-4C45-4000-8000-0000000000001`).",
                      get: { $0.id.isTemporaryID }),
            .property("uriRepresentation",
                      "`x-coredata:///Customer/t<UUID>1` (temporary) or `x-coredata://<store UUID>/Customer/p1` (permanent; the store's `NSStoreUUID`).",
                      get: { $0.id.uriRepresentation }),
            .property("entityName", "The entity of the object it names.", get: { $0.id.entityName }),
        ],
        describe: { $0.id.uriRepresentation })

    /// `ctx:object(id)`, `ctx:existingObject(id)` and `ctx:obtainPermanentIDs(objects)`.
    static func contextIdentityMethods(_ owner: ScriptEngineReference) -> [LuaMethodDeclaration<ManagedObjectContext>] {
        func id(_ ctx: ManagedObjectContext, _ state: LuaState, _ function: String) throws -> ManagedObjectID {
            let box = try owner.get().checkObjectID(state, 2)
            guard ctx.model.entity(named: box.id.entityName) === box.entity else {
                throw ScriptingError("\(function): the object ID \(box.id.uriRepresentation) is not from this context's model")
            }
            return box.id
        }
        return [
            .custom("object", """
                The object with that ID in this context (`object(with:)`): the registered object or a new fault; for an
                ID that names no saved object, a stand-in whose first access fails ("could not fulfill a fault").
                """, parameters: [.init("id", "ManagedObjectID")], returns: "ManagedObject") { ctx, state in
                let object = try ctx.object(with: try id(ctx, state, "object"))
                try owner.get().push(object)
                return 1
            },
            .custom("existingObject", """
                The object with that ID, loaded from the store if needed (`existingObject(with:)`); an error 133000
                when no such object exists (never saved, or deleted since).
                """, parameters: [.init("id", "ManagedObjectID")], returns: "ManagedObject") { ctx, state in
                let object = try ctx.existingObject(with: try id(ctx, state, "existingObject"))
                try owner.get().push(object)
                return 1
            },
            .custom("obtainPermanentIDs", """
                Gives inserted objects their permanent IDs now (`obtainPermanentIDs(for:)`): `objectID.isTemporaryID` is
                false before the save, which keeps those IDs. An error for a deleted object or another context's object
                (nothing changes then); objects already saved are left alone.
                """, parameters: [.init("objects", "ManagedObject[]")]) { ctx, state in
                guard state.type(at: 2) == .table else {
                    throw state.typeError(2, expected: "list of managed objects")
                }
                var objects: [ManagedObject] = []
                for i in 0..<state.rawLength(at: 2) {
                    state.rawGet(tableAt: 2, index: i + 1)
                    defer { state.pop() }
                    guard let object = state.object(at: -1, as: ManagedObject.self) else {
                        throw ScriptingError("obtainPermanentIDs: objects[\(i + 1)] must be a managed object, got \(state.typeName(at: -1))")
                    }
                    objects.append(object)
                }
                try ctx.obtainPermanentIDs(for: objects)
                return 0
            },
        ]
    }
}

extension ScriptEngine {
    /// Pushes an object's ID as its interned userdata.
    func push(objectID object: ManagedObject) {
        state.push(object: classes.objectIDs.box(for: object.objectID, entity: object.entity), class: classes.objectID)
    }

    /// Pushes an ID of an entity as its interned userdata.
    func push(objectID id: ManagedObjectID, entity: EntityDescription) {
        state.push(object: classes.objectIDs.box(for: id, entity: entity), class: classes.objectID)
    }

    /// Pushes a list of IDs of a model as a sequence of interned userdata.
    func push(objectIDs ids: [ManagedObjectID], model: ManagedObjectModel) {
        state.newTable(arrayCount: Int32(ids.count), recordCount: 0)
        var last: EntityDescription?   // runs of one entity look it up once
        for (i, id) in ids.enumerated() {
            if let known = last, known.name == id.entityName {
                push(objectID: id, entity: known)
            } else if let entity = model.entity(named: id.entityName) {
                last = entity
                push(objectID: id, entity: entity)
            } else {
                state.push(id.uriRepresentation)
            }
            state.rawSet(tableAt: -2, index: i + 1)
        }
    }

    /// The object ID argument at `index`.
    func checkObjectID(_ state: LuaState, _ index: Int32) throws -> ObjectIDBox {
        let box = try state.object(index, as: ObjectIDBox.self, className: "ManagedObjectID")
        return box
    }

    /// A predicate argument: a managed object ID becomes a stand-in that equals the object in any context;
    /// a sequence is read item by item the same way; anything else is an ordinary value.
    func predicateArgument(at index: Int32) throws -> Value {
        if let box = state.object(at: index, as: ObjectIDBox.self) {
            return ManagedObject.reference(to: box.id, entity: box.entity).map { .object($0) } ?? .null
        }
        if state.type(at: index) == .table {
            let table = state.absoluteIndex(index)
            var hasIDs = false
            for i in 0..<state.rawLength(at: table) {
                state.rawGet(tableAt: table, index: i + 1)
                if state.object(at: -1, as: ObjectIDBox.self) != nil { hasIDs = true }
                state.pop()
                if hasIDs { break }
            }
            if hasIDs {
                var items: [Value] = []
                for i in 0..<state.rawLength(at: table) {
                    state.rawGet(tableAt: table, index: i + 1)
                    defer { state.pop() }
                    items.append(try predicateArgument(at: -1))
                }
                return .collection(items)
            }
        }
        return try value(at: index)
    }
}

/// The one message form of an unknown key read or written on a Ripple object (a context, a container,
/// an ID, a controller…), KVC's: `[<ManagedObjectContext viewContext> valueForUndefinedKey:]: this class
/// is not key value coding-compliant for the key "mergePolicyX".` Managed objects say "the entity …".
func undefinedKeyMessage(_ key: String, of className: String, instance: String? = nil, writing: Bool = false) -> String {
    let who = instance.map { "<\(className) \($0)>" } ?? "<\(className)>"
    return "[\(who) \(writing ? "setValue:forUndefinedKey:" : "valueForUndefinedKey:")]: this class is not key value coding-compliant for the key \"\(key)\"."
}

extension ScriptEngine {
    /// Pushes a fetch result: objects, IDs, `{ count }`, or dictionaries (to-one values as IDs).
    func push(_ result: FetchResult, model: ManagedObjectModel) {
        switch result {
        case .objects(let objects): push(objects)
        case .objectIDs(let ids): push(objectIDs: ids, model: model)
        case .count(let n):
            state.newTable(arrayCount: 1, recordCount: 0)
            state.push(n)
            state.rawSet(tableAt: -2, index: 1)
        case .dictionaries(let rows):
            state.newTable(arrayCount: Int32(rows.count), recordCount: 0)
            for (i, row) in rows.enumerated() {
                state.newTable(arrayCount: 0, recordCount: Int32(row.count))
                for key in row.keys.sorted() {
                    if case .object(let o) = row[key]! { push(objectID: o) } else { push(row[key]!) }
                    state.rawSet(tableAt: -2, key: key)
                }
                state.rawSet(tableAt: -2, index: i + 1)
            }
        }
    }
}
