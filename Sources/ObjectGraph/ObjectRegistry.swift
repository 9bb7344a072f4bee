/// The objects registered in a context, by entity and number (what `registered[id]` was as a
/// `[ManagedObjectID: ManagedObject]`).
///
/// Each entity of the model has a ``DenseNumberTable``: a dense array indexed by object number (numbers
/// are handed out in order by the coordinator, so a context that inserts or fetches an entity's objects
/// fills it from the start) and an overflow dictionary for numbers far past its end (a context that only
/// sees a few objects with large numbers). A registration costs one array slot (8 bytes, no hashing)
/// instead of a 40-byte dictionary bucket hashing the ID; an ID's entity is found by comparing names
/// (small models) or by the model's name table.
struct ObjectRegistry {
    /// The model whose entities index `tables`.
    private let model: ManagedObjectModel
    /// One table per entity, indexed like `model.entities`: slot `n - 1` of its dense range holds the
    /// object numbered `n`.
    private var tables: [DenseNumberTable<ManagedObject>]

    /// An empty registry for the model's entities.
    init(model: ManagedObjectModel) {
        self.model = model
        self.tables = Array(repeating: DenseNumberTable(), count: model.entities.count)
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
            return tables[i][id.number]
        }
        set {
            guard let i = entityIndex(id.entityName) else {
                precondition(newValue == nil, "ObjectRegistry: an object of an entity outside the context's model")
                return
            }
            tables[i][id.number] = newValue
        }
    }

    /// Registers the object under its own ID, found by its entity's index (no name lookup).
    mutating func register(_ object: ManagedObject) {
        let i = object.entity.index
        precondition(tables.indices.contains(i) && model.entities[i] === object.entity,
                     "ObjectRegistry: an object of an entity outside the context's model")
        tables[i].set(object, at: object.number)
    }

    /// Every registered object, in no particular order.
    var values: [ManagedObject] {
        var result: [ManagedObject] = []
        for table in tables { result.append(contentsOf: table.values) }
        return result
    }

    /// Unregisters every object.
    mutating func removeAll() {
        tables = Array(repeating: DenseNumberTable(), count: model.entities.count)
    }
}
