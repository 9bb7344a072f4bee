/// The objects registered in a context, by entity and number (what `registered[id]` was as a
/// `[ManagedObjectID: ManagedObject]`).
///
/// Each entity of the model has a dense array indexed by object number (numbers are handed out in order
/// by the coordinator, so a context that inserts or fetches an entity's objects fills it from the start)
/// and an overflow dictionary for numbers far past its end (a context that only sees a few objects with
/// large numbers). A registration costs one array slot (8 bytes, no hashing) instead of a 40-byte
/// dictionary bucket hashing the ID; an ID's entity is found by comparing names (small models) or by
/// the model's name table.
///
/// Invariant: the object registered under a number is in the dense slot when the number is in the dense
/// range and that slot is set, otherwise in the overflow dictionary; a number is never in both.
struct ObjectRegistry {
    /// The model whose entities index `tables`.
    private let model: ManagedObjectModel
    /// One table per entity, indexed like `model.entities`.
    private var tables: [Table]

    /// One entity's registrations.
    private struct Table {
        /// Slot `n - 1` holds the object numbered `n`, or nil.
        var dense: [ManagedObject?] = []
        /// Objects whose number is outside the dense range (or was when they were registered).
        var overflow: [Int: ManagedObject] = [:]

        func object(_ number: Int) -> ManagedObject? {
            if number >= 1 && number <= dense.count, let object = dense[number - 1] { return object }
            return overflow.isEmpty ? nil : overflow[number]
        }

        mutating func set(_ number: Int, _ object: ManagedObject?) {
            guard let object else {
                if number >= 1 && number <= dense.count { dense[number - 1] = nil }
                if !overflow.isEmpty { overflow[number] = nil }
                return
            }
            if number >= 1 && number <= dense.count {
                dense[number - 1] = object
            } else if number > dense.count && number - dense.count <= Swift.max(16, dense.count) {
                // Grow the dense range by at most its own size, so it stays within twice the numbers seen.
                if number - dense.count > 1 {
                    dense.append(contentsOf: repeatElement(nil, count: number - dense.count - 1))
                }
                dense.append(object)
            } else {
                overflow[number] = object
                return
            }
            if !overflow.isEmpty { overflow[number] = nil }
        }
    }

    /// An empty registry for the model's entities.
    init(model: ManagedObjectModel) {
        self.model = model
        self.tables = Array(repeating: Table(), count: model.entities.count)
    }

    /// The index of the ID's entity in the model, or nil when the model has no such entity.
    private func entityIndex(_ name: String) -> Int? {
        let entities = model.entities
        if entities.count <= 8 {
            for (i, entity) in entities.enumerated() where entity.name == name { return i }
            return nil
        }
        return model.entity(named: name)?.index
    }

    /// The object registered under the ID (equal IDs: same entity name and number), or nil; setting
    /// registers or unregisters.
    subscript(id: ManagedObjectID) -> ManagedObject? {
        get {
            guard let i = entityIndex(id.entityName) else { return nil }
            return tables[i].object(id.number)
        }
        set {
            guard let i = entityIndex(id.entityName) else {
                precondition(newValue == nil, "ObjectRegistry: an object of an entity outside the context's model")
                return
            }
            tables[i].set(id.number, newValue)
        }
    }

    /// Registers the object under its own ID, found by its entity's index (no name lookup).
    mutating func register(_ object: ManagedObject) {
        let i = object.entity.index
        precondition(tables.indices.contains(i) && model.entities[i] === object.entity,
                     "ObjectRegistry: an object of an entity outside the context's model")
        tables[i].set(object.number, object)
    }

    /// Every registered object, in no particular order.
    var values: [ManagedObject] {
        var result: [ManagedObject] = []
        for table in tables {
            for case let object? in table.dense { result.append(object) }
            result.append(contentsOf: table.overflow.values)
        }
        return result
    }

    /// Unregisters every object.
    mutating func removeAll() {
        tables = Array(repeating: Table(), count: model.entities.count)
    }
}
