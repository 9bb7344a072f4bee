extension ManagedObject {
    /// The value for a key: an attribute, a to-one destination (`.object` or `.null`) or a to-many
    /// relationship (`.collection` of `.object`s, in insertion order).
    /// The key `entity`, unless the entity has a property so named, gives the entity's name.
    /// - Throws: `.unknownKey` when the entity has no such property; `.inaccessibleObject` when the
    ///   object was invalidated.
    public func value(forKey key: String) throws -> Value {
        if state.isInvalid { throw ObjectGraphError.unfulfillableFault(self) }
        if state.isConfined, let context = managedObjectContext { try context.checkQueue("reading \(displayName).\(key)") }
        if state.isFault { try fireFaultThrowingCallbackError() }
        if state.isInvalid { throw ObjectGraphError.unfulfillableFault(self) }
        guard let slot = entity.slots[key] else {
            // `entity` (NSManagedObject's own property) reads as the entity's name, so that predicates can
            // say `entity == %@` with a name, or `entity.name == "Manager"`.
            if key == "entity" { return .string(entity.name) }
            if let fetched = entity.fetchedProperty(named: key) {
                guard let context = managedObjectContext else { return .collection([]) }
                return try context.fetchedPropertyValue(self, fetched)
            }
            throw ObjectGraphError(.unknownKey,
                "[<\(entity.name) \(displayName)> valueForUndefinedKey:]: the entity \(entity.name) is not key value coding-compliant for the key \"\(key)\".")
                .naming(key, among: entity.propertyNames)
        }
        if state.deletionSaved {
            // A saved deletion leaves a fault without a context: reads find no data (nil, no members).
            if case .relationship(let i) = slot, entity.relationships[i].isToMany { return .collection([]) }
            return .null
        }
        switch slot {
        case .attribute(let i):
            return attributeValues[i]
        case .relationship(let i):
            if entity.relationships[i].isToMany {
                return .collection(toManyValues[i].map { .object($0) })
            }
            return toOneValues[i].map { .object($0) } ?? .null
        case .derived(let i):
            return derivedValues[i]
        }
    }
}

extension ManagedObject {
    /// The value in a storage slot (the fast path of `value(forKey:)`, for bridges that resolved the
    /// key once).
    @inlinable
    public func value(for slot: PropertySlot) throws -> Value {
        if case .attribute(let i) = slot, isPlainlyReadable { return attributeValues[i] }
        return try slowValue(for: slot)
    }

    /// True when the object is neither a fault nor invalidated.
    @usableFromInline var isPlainlyReadable: Bool { !state.isFault && !state.isInvalid && !state.isConfined && !state.deletionSaved }

    @usableFromInline func slowValue(for slot: PropertySlot) throws -> Value {
        switch slot {
        case .attribute(let i): return try value(forKey: entity.attributes[i].name)
        case .relationship(let i): return try value(forKey: entity.relationships[i].name)
        case .derived(let i): return try value(forKey: entity.derivedProperties[i].name)
        }
    }
}
