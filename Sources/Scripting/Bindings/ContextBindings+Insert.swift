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
    /// Key identities of the attributes the fast path can set (index < 64, name interned by Lua) …
    let identities: [UnsafeRawPointer]
    /// … and their attribute indexes.
    let indexes: [Int]

    init(entity: EntityDescription, state: LuaState) {
        self.entity = entity
        model = entity.model!
        entityName = state.internedKey(entity.name)
        var identities: [UnsafeRawPointer] = [], indexes: [Int] = []
        for (i, a) in entity.attributes.enumerated() where i < 64 {
            guard let identity = state.internedKey(a.name) else { continue }
            identities.append(identity)
            indexes.append(i)
        }
        self.identities = identities
        self.indexes = indexes
    }
}

extension ScriptEngine {
    /// `ctx:insert(entityName, values)` without the general path's `pairs` snapshot and Swift key strings,
    /// when C could read `values` as a plain record (see `Record.c`) and every key is an attribute of the
    /// entity: the same insertion (values applied in key order, as the general path applies them). Returns
    /// nil, having changed nothing, whenever the general path must decide (unknown entity or key,
    /// relationship or derived key, a value that is not a boolean, number or string, a table C did not
    /// read), so every error keeps its wording.
    func insertFromRecord(_ ctx: ManagedObjectContext, _ state: LuaState) throws -> ManagedObject? {
        guard state.type(at: 2) == .string, state.type(at: 3) == .table else { return nil }
        let keys: InsertRecordKeys
        if let last = lastInsertKeys, last.model === ctx.model,
           let name = last.entityName, state.identity(at: 2) == name {
            keys = last
        } else {
            guard let name = state.toString(at: 2), let entity = ctx.model.entity(named: name) else { return nil }
            if let cached = insertKeys[ObjectIdentifier(entity)], cached.entity === entity {
                keys = cached
            } else {
                keys = InsertRecordKeys(entity: entity, state: state)
                insertKeys[ObjectIdentifier(entity)] = keys
            }
            lastInsertKeys = keys
        }
        var values = keys.entity.initialAttributeValues
        var assigned: UInt64 = 0
        var complete = true
        let read = keys.identities.withUnsafeBufferPointer { identities in
            state.forEachRecordField(ofTableAt: 3) { identity, field in
                guard complete, let k = identities.firstIndex(of: identity) else {
                    complete = false
                    return
                }
                let value: Value
                switch field {
                case .boolean(let b): value = .bool(b)
                case .integer(let i): value = .integer(i)
                case .number(let d): value = .double(d)
                case .string(let bytes): value = .string(String(decoding: bytes, as: UTF8.self))
                }
                let i = keys.indexes[k]
                values[i] = value
                assigned |= 1 << UInt64(i)
            }
        }
        guard read, complete else { return nil }
        return try ctx.insertObject(entity: keys.entity, attributeValues: &values, assigned: assigned)
    }
}
