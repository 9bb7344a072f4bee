import LuaBridge
import ObjectGraph

/// The keys of one entity's attributes as the record fast path of `ctx:insert` sees them: each attribute's
/// interned Lua key string (its identity), name, index, and rank in sorted key order.
final class InsertRecordKeys {
    let entity: EntityDescription
    /// The entity's model (held, so the identity check below never meets a reused address).
    let model: ManagedObjectModel
    /// The identity of the interned entity name (nil when Lua does not intern a name that long).
    let entityName: UnsafeRawPointer?
    let keys: [(identity: UnsafeRawPointer, name: String, index: Int, rank: Int)]

    init(entity: EntityDescription, state: LuaState) {
        self.entity = entity
        model = entity.model!
        entityName = state.internedKey(entity.name)
        // Ranks follow the order the general path applies keys in (sorted, see `stringKeys`).
        let sorted = entity.propertyNames.sorted()
        var keys: [(UnsafeRawPointer, String, Int, Int)] = []
        for (i, a) in entity.attributes.enumerated() {
            guard let identity = state.internedKey(a.name) else { continue }
            keys.append((identity, a.name, i, sorted.firstIndex(of: a.name)!))
        }
        self.keys = keys
    }
}

extension ScriptEngine {
    /// `ctx:insert(entityName, values)` without the general path's `pairs` snapshot and Swift key strings,
    /// when C could read `values` as a plain record (see `Record.c`) and every key is an attribute of the
    /// entity: the same insertion, with the keys in the same (sorted) order. Returns nil, having changed
    /// nothing, whenever the general path must decide (unknown entity or key, relationship or derived key,
    /// a value that is not a scalar or a string, a table C did not read), so every error keeps its wording.
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
        var values: [(rank: Int, key: String, index: Int, value: Value)] = []
        var complete = true
        let read = state.forEachRecordField(ofTableAt: 3) { identity, field in
            guard complete, let key = keys.keys.first(where: { $0.identity == identity }) else {
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
            values.append((key.rank, key.name, key.index, value))
        }
        guard read, complete else { return nil }
        // At most a few dozen pairs: an insertion sort into key order.
        for i in values.indices.dropFirst() {
            var j = i
            while j > 0 && values[j - 1].rank > values[j].rank {
                values.swapAt(j - 1, j)
                j -= 1
            }
        }
        return try ctx.insertObject(entity: keys.entity, attributes: values.map { ($0.key, $0.index, $0.value) })
    }
}
