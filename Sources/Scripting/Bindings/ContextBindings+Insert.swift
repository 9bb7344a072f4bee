import LuaBridge
import ObjectGraph

/// The keys of one entity's attributes as the record fast path of `ctx:insert` sees them: the identity of
/// each attribute's interned Lua key string, with the attribute's index.
final class InsertRecordKeys {
    let entity: EntityDescription
    /// The entity's model (held, so the identity check below never meets a reused address).
    let model: ManagedObjectModel
    /// The identity of the interned entity name (nil when Lua does not intern a name that long).
    let entityName: UnsafeRawPointer?
    /// The key identity and attribute index of each attribute the fast path can set (index < 64, name
    /// interned by Lua), in memory these keys own (read per field without reference counting).
    let attributeKeys: UnsafeMutableBufferPointer<(identity: UnsafeRawPointer, index: Int)>
    /// The entity's default attribute values (`entity.initialAttributeValues`), owned likewise.
    let defaults: UnsafeMutableBufferPointer<Value>
    /// The Lua class of the entity's objects. Not retained: the engine's `entityClasses` holds it for the
    /// engine's life, and these keys belong to the same engine. Kept `Unmanaged`, so that the fast path
    /// borrows it (an `unowned(unsafe)` property is retained again on every load).
    let luaClass: Unmanaged<LuaClass>
    /// `entity`, borrowed likewise by the fast path (`entity` holds it).
    let unretainedEntity: Unmanaged<EntityDescription>
    /// The identity of `model`, compared without retaining the context's model.
    let modelIdentity: ObjectIdentifier

    init(entity: EntityDescription, state: LuaState, luaClass: LuaClass) {
        self.entity = entity
        model = entity.model!
        entityName = state.internedKey(entity.name)
        var keys: [(identity: UnsafeRawPointer, index: Int)] = []
        // (Transformable attributes keep the Lua value itself: the general path boxes it.)
        for (i, a) in entity.attributes.enumerated() where i < 64 && a.type != .transformable {
            guard let identity = state.internedKey(a.name) else { continue }
            keys.append((identity, i))
        }
        attributeKeys = .allocate(capacity: keys.count)
        _ = attributeKeys.initialize(from: keys)
        defaults = .allocate(capacity: entity.initialAttributeValues.count)
        _ = defaults.initialize(from: entity.initialAttributeValues)
        self.luaClass = .passUnretained(luaClass)
        unretainedEntity = .passUnretained(entity)
        modelIdentity = ObjectIdentifier(model)
    }

    deinit {
        attributeKeys.deallocate()
        defaults.deinitialize()
        defaults.deallocate()
    }
}

/// The record fast path of `ctx:insert(entityName, values)`: no `pairs` snapshot and no Swift key strings,
/// when C could read `values` as a plain record (see `Record.c`) and every key is an attribute of the
/// entity: the same insertion as the general path (values applied in key order), and the new object pushed.
///
/// The `insert` method holds its inserter strongly and calls it before anything else, so the fast path
/// touches neither the engine (weakly referenced elsewhere, so every retain of it takes Swift's slow path)
/// nor the reference count of the context (borrowed from its userdata, which the Lua stack keeps alive).
final class RecordInserter {
    /// The engine, for the entity class on a miss.
    unowned let engine: ScriptEngine
    /// Whether the fast path is taken (tests turn it off to compare it with the general path).
    @exclusivity(unchecked) var isEnabled = true
    /// The record keys of each entity inserted so far.
    @exclusivity(unchecked) var keysByEntity: [ObjectIdentifier: InsertRecordKeys] = [:]
    /// The keys used last (a loop inserting one entity finds them by the entity name's identity).
    @exclusivity(unchecked) var last: InsertRecordKeys?

    init(engine: ScriptEngine) { self.engine = engine }

    /// Inserts and pushes the object of `ctx:insert(entityName, values)` (arguments 1–3 of `state`) and
    /// returns true; returns false, having changed and pushed nothing, whenever the general path must
    /// decide (argument 1 not a context, unknown entity or key, relationship or derived key, a value that is
    /// not a boolean, number or string, a table C did not read), so every error keeps its wording.
    func insert(_ state: LuaState) throws -> Bool {
        guard isEnabled, state.type(at: 2) == .string, state.type(at: 3) == .table,
              let pointer = state.unretainedObject(at: 1) else { return false }
        return try Unmanaged<AnyObject>.fromOpaque(pointer)._withUnsafeGuaranteedRef { object in
            // `is` then `unsafeDowncast`: a conditional cast would hand back a +1 reference (a retain and a
            // release through the context's side table).
            guard object is ManagedObjectContext else { return false }
            return try insert(into: unsafeDowncast(object, to: ManagedObjectContext.self), state)
        }
    }

    /// The keys of the entity named by argument 2 in the model of `ctx`, or nil when the general path must
    /// decide.
    private func keys(in ctx: ManagedObjectContext, _ state: LuaState) throws -> InsertRecordKeys? {
        // The model's identity, read without retaining it (its keys hold it, so a match is that model).
        let modelIdentity = ObjectIdentifier(ctx.persistentStoreCoordinator.managedObjectModel)
        if let last, last.modelIdentity == modelIdentity, let name = last.entityName, state.identity(at: 2) == name {
            return last
        }
        let model = ctx.persistentStoreCoordinator.managedObjectModel
        guard let name = state.toString(at: 2), let entity = model.entity(named: name) else { return nil }
        let keys: InsertRecordKeys
        if let cached = keysByEntity[ObjectIdentifier(entity)], cached.entity === entity {
            keys = cached
        } else {
            // The first insert of an entity may make its Lua class: the room of a general path.
            try state.reserveStack()
            keys = InsertRecordKeys(entity: entity, state: state, luaClass: engine.entityClass(for: entity))
            keysByEntity[ObjectIdentifier(entity)] = keys
        }
        last = keys
        return keys
    }

    /// ``insert(_:)`` once the context is known.
    private func insert(into ctx: ManagedObjectContext, _ state: LuaState) throws -> Bool {
        guard let keys = try keys(in: ctx, state) else { return false }
        // The object's storage: the defaults, then the given values over them (a new buffer, so no copy on
        // write; a default replaced is a `.null` or a value the buffer still owns, released on assignment).
        // (`keys` is used at the end, so the buffers it owns outlive their reads here.)
        let defaults = keys.defaults, table = keys.attributeKeys
        var values: [Value] = []
        values.reserveCapacity(defaults.count)
        for value in defaults { values.append(value) }
        var assigned: UInt64 = 0
        var complete = true
        // The buffer is unique (made above), so it is written in place, without a uniqueness check per field.
        let read = values.withUnsafeMutableBufferPointer { storage in
            state.forEachRecordField(ofTableAt: 3) { identity, field in
                guard complete, let k = table.firstIndex(where: { $0.identity == identity }) else {
                    complete = false
                    return
                }
                let value = Value(recordValue: field)
                let i = table[k].index
                storage[i] = value
                assigned |= 1 << UInt64(i)
            }
        }
        guard read, complete else { return false }
        let object = try keys.unretainedEntity._withUnsafeGuaranteedRef { entity in
            try ctx.insertObject(entity: entity, attributeValues: &values, assigned: assigned)
        }
        // The line of an insertion that leaves the object invalid, for the save's error.
        object.noteInsertion { state.location() }
        // A new object: Lua cannot have its userdata yet.
        keys.luaClass._withUnsafeGuaranteedRef { state.pushNew(object: object, class: $0) }
        return true
    }
}
