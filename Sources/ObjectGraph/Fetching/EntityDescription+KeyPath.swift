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
        if try validateASCIIKeyPath(keyPath) { return }
        try validateKeyPathComponents(keyPath)
    }

    /// ``validateKeyPath(_:)`` for any key path: splits it into `Character`-separated keys.
    func validateKeyPathComponents(_ keyPath: String) throws {
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

extension EntityDescription {
    /// ``validateKeyPath(_:)`` for an all-ASCII key path, reading its keys as bytes (no array of keys);
    /// a key equal to the previous one on the same entity reuses its relationship's destination instead
    /// of looking it up again (a self-referencing path repeats one key). Same checks, order and errors as
    /// ``validateKeyPathComponents(_:)``. Returns false, having checked nothing, for any other path.
    func validateASCIIKeyPath(_ keyPath: String) throws -> Bool {
        var entity: EntityDescription? = self
        var previousKey = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        var previousEntity: EntityDescription?
        var previousDestination: EntityDescription?
        return try KeyPathEvaluator.forEachASCIIComponent(of: keyPath) { bytes in
            if bytes.first == UInt8(ascii: "@") {
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
            guard let slot = current.slots[String(decoding: bytes, as: UTF8.self)] else {
                throw ObjectGraphError(.unknownKey, "keypath \(keyPath) not found in entity \(name)")
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
