extension ManagedObject {
    /// Sets a property (`setValue(_:forKey:)`): an attribute, a to-one relationship (`.object` or
    /// `.null`) or a whole to-many relationship (`.collection`). Inverses are updated immediately.
    /// - Throws: `.unknownKey`, `.wrongType`, or `.inaccessibleObject` for a deleted or removed object.
    public func setValue(_ value: Value, forKey key: String) throws {
        guard let context = try writableContext() else { return }
        try context.performMutation { try context.setValue(value, forKey: key, of: self) }
    }

    /// Adds an object to a to-many relationship (`mutableSetValue(forKey:).add(_:)`).
    public func addObject(_ object: ManagedObject, toRelationship key: String) throws {
        guard let context = try writableContext() else { return }
        try context.performMutation { try context.addObject(object, toRelationship: key, of: self) }
    }

    /// Removes an object from a to-many relationship (`mutableSetValue(forKey:).remove(_:)`).
    public func removeObject(_ object: ManagedObject, fromRelationship key: String) throws {
        guard let context = try writableContext() else { return }
        try context.performMutation { try context.removeObject(object, fromRelationship: key, of: self) }
    }

    private func writableContext() throws -> ManagedObjectContext? {
        if state.isInvalid { throw ObjectGraphError.unfulfillableFault(self) }
        guard let context = managedObjectContext else { throw ObjectGraphError.removedFromContext(self) }
        if state.isConfined { try context.checkQueue("changing \(displayName)") }
        return context
    }

    /// True when the object was inserted and not yet saved.
    public var isInserted: Bool { state.isInserted && !state.isDeleted }
    /// True when the object has unsaved changes to its properties (and is not inserted or deleted).
    public var isUpdated: Bool { managedObjectContext?.updated.contains(self) ?? false }
    /// True when the object is marked for deletion (`isDeleted`: "will be deleted during the next save").
    /// False again once the deletion is saved, as Apple documents it may be "after the object has been
    /// deleted"; the object then has no context (`managedObjectContext` is nil) and is a fault.
    public var isDeleted: Bool { state.isDeleted && !state.deletionSaved }
    /// True when the object no longer belongs to a context: reset, store removed, or deleted and saved.
    public var isInvalidated: Bool { state.isInvalid }
    /// True when the object is inserted, updated or deleted.
    public var hasChanges: Bool {
        guard managedObjectContext != nil else { return false }
        return state.isInserted || state.isDeleted || isUpdated
    }

    /// The persistent properties whose value differs from the last saved one (`changedValues()`),
    /// with their current values. For an inserted object: every persistent property that is set.
    public func changedValues() -> [String: Value] { changedValuesSnapshot() }

    func changedValuesSnapshot() -> [String: Value] {
        var result: [String: Value] = [:]
        let entity = self.entity
        if state.isInserted {
            for (i, a) in entity.attributes.enumerated() where !a.isTransient && !attributeValues[i].isNull {
                result[a.name] = attributeValues[i]
            }
            for (i, r) in entity.relationships.enumerated() {
                if r.isToMany {
                    if !toManyValues[i].isEmpty { result[r.name] = .collection(toManyValues[i].map { .object($0) }) }
                } else if let target = toOneValues[i] {
                    result[r.name] = .object(target)
                }
            }
            return result
        }
        guard let attributes = state.committedAttributes else { return [:] }
        for (i, a) in entity.attributes.enumerated() where !a.isTransient && attributes[i] != attributeValues[i] {
            result[a.name] = attributeValues[i]
        }
        for (i, r) in entity.relationships.enumerated() {
            if r.isToMany {
                if let committed = state.committedToMany?[i], Set(committed) != Set(toManyValues[i]) {
                    result[r.name] = .collection(toManyValues[i].map { .object($0) })
                }
            } else if let committed = state.committedToOne?[i], committed !== toOneValues[i] {
                result[r.name] = toOneValues[i].map { .object($0) } ?? .null
            }
        }
        return result
    }

    /// The persistent properties changed since the context last processed its pending changes (the
    /// last `objectsDidChange`), with the value each had **before** this event
    /// (`changedValuesForCurrentEvent()` — Apple documents it as the keys and old values). A key set back
    /// to the value it had at the start of the event is left out, as are transient attributes and derived
    /// properties. A nil old value (a to-one that pointed nowhere, an attribute without value) is `.null`.
    public func changedValuesForCurrentEvent() -> [String: Value] {
        var result: [String: Value] = [:]
        guard managedObjectContext != nil, !state.isInvalid else { return result }
        let olds = state.pendingOld
        for (k, n) in state.pendingSlots.enumerated() {
            let old = olds[k]
            let slot = entity.slot(number: n)
            let key = entity.propertyName(slotNumber: n)
            switch slot {
            case .derived:
                continue
            case .attribute(let i):
                if entity.attributes[i].isTransient || attributeValues[i] == old { continue }
            case .relationship(let i):
                if entity.relationships[i].isToMany {
                    guard case .collection(let members) = old else { continue }
                    let before = Set(members.compactMap { $0.objectValue.map(ObjectIdentifier.init) })
                    if before == Set(toManyValues[i].map(ObjectIdentifier.init)) { continue }
                } else if old.objectValue === toOneValues[i] {
                    continue
                }
            }
            result[key] = old
        }
        return result
    }

    /// True when a persistent attribute or relationship differs from its last saved value
    /// (`hasPersistentChangedValues`): `changedValues()` is not empty. Transient attributes and derived
    /// properties do not count; an inserted object counts when it has a persistent value set.
    public var hasPersistentChangedValues: Bool {
        guard managedObjectContext != nil, !state.isInvalid else { return false }
        return !changedValuesSnapshot().isEmpty
    }

    /// The last saved values of some keys (`committedValues(forKeys:)`); all persistent keys when nil.
    /// An inserted object has no committed values.
    public func committedValues(forKeys keys: [String]?) throws -> [String: Value] {
        if state.isInserted { return [:] }
        let names = keys ?? entity.storedPropertyNames
        var result: [String: Value] = [:]
        for key in names {
            guard let slot = entity.slots[key] else { throw ObjectGraphError.unknownKey(key, entity: entity, object: self) }
            switch slot {
            case .derived:
                continue
            case .attribute(let i):
                if entity.attributes[i].isTransient { continue }
                result[key] = state.committedAttributes?[i] ?? attributeValues[i]
            case .relationship(let i):
                if entity.relationships[i].isToMany {
                    let members = state.committedToMany?[i] ?? toManyValues[i]
                    result[key] = .collection(members.map { .object($0) })
                } else {
                    let target = state.committedToOne != nil ? state.committedToOne![i] : toOneValues[i]
                    result[key] = target.map { .object($0) } ?? .null
                }
            }
        }
        return result
    }
}
