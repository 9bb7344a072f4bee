extension EntityDescription {
    /// Checks a key path against the model without reading any object: every key must be a property of
    /// the entity reached so far, and collection operators must be known.
    ///
    /// Evaluation alone cannot see an unknown key behind an empty to-many relationship
    /// (`ANY orders.foo == 1` on a customer without orders); a fetch request checks its key paths here
    /// first, as a SQL store does when it builds its query.
    ///
    /// ```swift
    /// try customerEntity.validateKeyPath("orders.@sum.total")   // fine
    /// try customerEntity.validateKeyPath("orders.foo")          // keypath orders.foo not found in entity Customer
    /// ```
    ///
    /// - Throws: `.unknownKey` with Core Data's fetch wording: `keypath orders.foo not found in entity
    ///   Customer`. Keys after an attribute (`name.length`) are not checked: the attribute's value decides.
    public func validateKeyPath(_ keyPath: String) throws {
        try validateKeyPath(keyPath, splittingCharacters: false)
    }

    /// ``validateKeyPath(_:)`` reading the path's keys as bytes (``KeyPathEvaluator/forEachComponent(of:splittingCharacters:_:)``:
    /// an all-ASCII path without making a string per key, unless `splittingCharacters`, which the tests set
    /// to drive the `Character` split on the same paths). A key equal to the previous one on the same entity
    /// reuses its relationship's destination instead of looking it up again (a self-referencing path
    /// repeats one key).
    func validateKeyPath(_ keyPath: String, splittingCharacters: Bool) throws {
        var entity: EntityDescription? = self
        var previousKey = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        var previousEntity: EntityDescription?
        var previousDestination: EntityDescription?
        try KeyPathEvaluator.forEachComponent(of: keyPath, splittingCharacters: splittingCharacters) { bytes in
            // `hasPrefix("@")` as `String` sees it: "@" and a combining mark are one character, not "@".
            if bytes.first == UInt8(ascii: "@"),
               bytes.count == 1 || bytes[1] < 0x80 || String(decoding: bytes, as: UTF8.self).hasPrefix("@") {
                let key = String(decoding: bytes, as: UTF8.self)
                guard KeyPathEvaluator.collectionOperators.contains(key) else {
                    throw ObjectGraphError(.unknownKey,
                        "[<NSSet> valueForKeyPath:]: this class does not implement the \(key.dropFirst()) operation.")
                }
                return key != "@count"
            }
            guard let current = entity else { return false }
            if let previousEntity, previousEntity === current, let previousDestination,
               KeyPathEvaluator.sameBytes(bytes, previousKey) {
                entity = previousDestination
                return true
            }
            let key = String(decoding: bytes, as: UTF8.self)
            guard let slot = current.slots[key] else {
                // `entity` / `entity.name`: the object's entity name (see `ManagedObject.value(forKey:)`).
                if key == "entity" {
                    entity = nil
                    previousDestination = nil
                    return true
                }
                throw ObjectGraphError(.unknownKey, "keypath \(keyPath) not found in entity \(name)")
                    .naming(String(decoding: bytes, as: UTF8.self), among: current.propertyNames)
            }
            switch slot {
            case .attribute, .derived:
                entity = nil
                previousDestination = nil
            case .relationship(let i):
                guard i < current.destinations.count else { return false }
                entity = current.destinations[i]
                previousKey = bytes
                previousEntity = current
                previousDestination = entity
            }
            return true
        }
    }
}

extension FetchRequest {
    /// Checks the key paths of the predicate and of the sort descriptors against the fetched entity.
    ///
    /// ```swift
    /// try request.validate(for: model.requireEntity(named: request.entityName))
    /// ```
    ///
    /// - Throws: `.invalidFetchRequest` for a negative limit or offset; `.unknownKey` (see
    ///   ``EntityDescription/validateKeyPath(_:)``) for a key path the entity does not have.
    public func validate(for entity: EntityDescription) throws {
        try validate()
        for keyPath in predicate?.keyPaths ?? [] { try entity.validateKeyPath(keyPath) }
        for descriptor in sortDescriptors { try entity.validateKeyPath(descriptor.key) }
    }
}
