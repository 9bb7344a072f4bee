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
        var entity: EntityDescription? = self
        for component in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
            let key = String(component)
            if key.hasPrefix("@") {
                guard KeyPathEvaluator.collectionOperators.contains(key) else {
                    throw ObjectGraphError(.unknownKey,
                        "[<NSSet> valueForKeyPath:]: this class does not implement the \(key.dropFirst()) operation.")
                }
                if key == "@count" { return }
                continue
            }
            guard let current = entity else { return }
            guard let slot = current.slots[key] else {
                throw ObjectGraphError(.unknownKey, "keypath \(keyPath) not found in entity \(name)")
            }
            switch slot {
            case .attribute, .derived: entity = nil
            case .relationship(let i):
                guard i < current.destinations.count else { return }
                entity = current.destinations[i]
            }
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
