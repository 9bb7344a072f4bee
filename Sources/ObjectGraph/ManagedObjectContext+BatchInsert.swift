/// The insertion of a batch insert request: rows checked in one pass and written in one store save.
extension ManagedObjectContext {
    /// The store rows of `objects`, or nil when one of them has a key that is not a persistent attribute,
    /// a value that does not convert, or lacks a required value (the general path then words the error).
    func batchRows(_ objects: BatchInsertObjects, of entity: EntityDescription) -> [StoreRow]? {
        // Each distinct key is looked up once.
        var columns: [Int] = []
        columns.reserveCapacity(objects.keys.count)
        for key in objects.keys {
            guard case .attribute(let i)? = entity.slots[key], !entity.attributes[i].isTransient else { return nil }
            columns.append(i)
        }
        let types = entity.attributeTypes
        let template = entity.attributes.map { $0.isTransient ? .null : ($0.defaultValue ?? .null) }
        let required = entity.attributes.indices.filter { !entity.attributes[$0].isTransient && !entity.attributes[$0].isOptional }
        let toOne = [ManagedObjectID?](repeating: nil, count: entity.relationships.count)
        let toMany = [[ManagedObjectID]](repeating: [], count: entity.relationships.count)
        var rows: [StoreRow] = []
        rows.reserveCapacity(objects.count)
        var start = 0
        let fields = objects.fields
        for end in objects.ends {
            var attributes = template
            for k in start..<end {
                let field = fields[k]
                let i = columns[Int(field.key)]
                switch (types[i], field.value) {
                case (.string, .string), (.integer, .integer), (.double, .double), (.boolean, .bool):
                    attributes[i] = field.value
                default:
                    guard let converted = Self.convert(field.value, to: types[i]) else { return nil }
                    attributes[i] = converted
                }
            }
            for i in required where attributes[i].isNull { return nil }
            rows.append(StoreRow(attributes: attributes, toOne: toOne, toMany: toMany, version: 1))
            start = end
        }
        return rows
    }

    /// Writes new rows of `entity` to `store` in one save, numbered after every number taken, and returns
    /// their IDs in order.
    func batchWrite(_ rows: [StoreRow], of entity: EntityDescription, into store: PersistentStore) throws -> [ManagedObjectID] {
        let coordinator = persistentStoreCoordinator
        var affected: [ManagedObjectID] = []
        try store.save(author: transactionAuthor, contextName: name, model: model) { session in
            var n = max(try session.largestNumber(entity), coordinator.lastReservedNumber(entity.name))
            var writes: [(ManagedObjectID, StoreRow)] = []
            writes.reserveCapacity(rows.count)
            for row in rows {
                n += 1
                writes.append((ManagedObjectID(entityName: entity.name, number: n, isTemporaryID: false), row))
            }
            affected = writes.map(\.0)
            return (writes, [])
        }
        if let last = affected.last { coordinator.noteTakenNumber(last.number, entityName: entity.name) }
        return affected
    }
}
