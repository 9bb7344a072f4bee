extension ManagedObjectContext {
    // MARK: - Reading through the source (the store, or the parent of a child context)

    /// The saved row of an object as this context's source sees it: the coordinator's stores for a root
    /// context, the parent's current (possibly unsaved) values for a child context.
    func sourceRow(for id: ManagedObjectID) -> StoreRow? {
        guard let parent else {
            if let generation = queryGenerationToken { return generation.row(for: id) }
            return persistentStoreCoordinator.row(for: id)
        }
        return parent.performAndWait { parent.rowForChild(id) }
    }

    /// The IDs of every object of an entity the source has, in object order.
    func sourceObjectIDs(entityName: String) -> [ManagedObjectID] {
        guard let parent else {
            if let generation = queryGenerationToken { return generation.objectIDs(entityName: entityName) }
            return persistentStoreCoordinator.objectIDs(entityName: entityName)
        }
        return parent.performAndWait { parent.liveObjectIDs(entityName: entityName) }
    }

    /// The ID as the source knows it (temporary for an object the parent inserted and has not saved).
    func sourceObjectID(_ id: ManagedObjectID) -> ManagedObjectID {
        guard let parent else { return id.permanent }
        return parent.performAndWait { parent.registered[id]?.objectID ?? parent.sourceObjectID(id) }
    }

    /// The values a child context sees for an object: this context's current ones.
    func rowForChild(_ id: ManagedObjectID) -> StoreRow? {
        guard let object = registered[id] ?? materialize(id), !object.state.isDeleted, !object.state.isInvalid else {
            return nil
        }
        object.fireFault()
        return storeRow(of: object)
    }

    /// Every live object of an entity in this context (saved in its source and not deleted here, or
    /// inserted here), in object order.
    func liveObjectIDs(entityName: String) -> [ManagedObjectID] {
        var ids: [ManagedObjectID] = []
        var seen = Set<Int>()
        for id in sourceObjectIDs(entityName: entityName) {
            seen.insert(id.number)
            if let object = registered[id], object.state.isDeleted { continue }
            ids.append(id)
        }
        for object in inserted where object.entity.name == entityName && !seen.contains(object.number) {
            ids.append(object.objectID)
        }
        return ids.sorted { $0.number < $1.number }
    }

    // MARK: - Saving into the parent

    /// A child's save: its changes become unsaved changes of the parent (one level up only); nothing
    /// reaches the store until the root context saves.
    ///
    /// Once the parent holds the changes the save has happened, even when what runs after them in the
    /// parent fails (a derived property's function or a key-value observer raising while the parent
    /// settles): the child commits, and that failure is returned as `lateError` for `save()` to raise after
    /// the did-save notification. (Before, the child kept its inserted objects, and saving again pushed
    /// them a second time: two instances of one object in the parent.)
    func pushToParent(_ parent: ManagedObjectContext) throws -> (note: ContextDidSaveNotification, lateError: Error?) {
        let note = didSaveNotificationOfPendingChanges()
        var lateError: Error?
        try parent.performAndWait {
            var received = false
            do {
                try parent.performMutation {
                    try parent.receive(note)
                    received = true
                }
            } catch where received {
                lateError = error
            }
        }
        commitSaved(note)
        return (note, lateError)
    }

    /// Applies a child's saved changes as this context's own pending changes.
    func receive(_ note: ContextDidSaveNotification) throws {
        var created: [(ManagedObject, ManagedObject)] = []
        var reinserted: [ManagedObject] = []
        for child in note.inserted {
            // One instance per object ID in a context (uniquing): an object the parent has already (a push
            // that failed halfway, then the same save again) takes the child's values as changes.
            if registered[child.objectID] != nil {
                reinserted.append(child)
                continue
            }
            let object = ManagedObject(entity: child.entity, objectID: child.objectID, context: self)
            object.state.isInserted = true
            registered.register(object)
            inserted.insert(object)
            pendingInserted.insert(object)
            for (i, a) in child.entity.attributes.enumerated() where !a.isTransient {
                object.attributeValues[i] = child.attributeValues[i]
            }
            for i in object.entity.derivedProperties.indices { markDerivedDirty(object, i) }
            created.append((child, object))
        }
        for (child, object) in created {
            for (i, r) in child.entity.relationships.enumerated() {
                let value: Value = r.isToMany ? toManyValue(child, i) : toOneValue(child, i)
                if case .null = value { continue }
                try setValue(try counterpart(of: value), forKey: r.name, of: object)
            }
        }
        for child in note.updated {
            guard let object = registered[child.objectID] ?? materialize(child.objectID) else { continue }
            for key in note.changedKeys(of: child) ?? [] {
                try setValue(try counterpart(of: try child.value(forKey: key)), forKey: key, of: object)
            }
        }
        for child in reinserted {
            // (deleted here since: the parent's deletion stands)
            guard let object = registered[child.objectID], !object.state.isDeleted else { continue }
            for a in child.entity.attributes where !a.isTransient {
                try setValue(try child.value(forKey: a.name), forKey: a.name, of: object)
            }
            for r in child.entity.relationships {
                try setValue(try counterpart(of: try child.value(forKey: r.name)), forKey: r.name, of: object)
            }
        }
        for child in note.deleted {
            guard let object = registered[child.objectID] ?? materialize(child.objectID) else { continue }
            markDeleted(object)
        }
    }

    /// A child's value with its objects replaced by this context's instances of them.
    private func counterpart(of value: Value) throws -> Value {
        switch value {
        case .object(let o):
            return .object(try counterpart(of: o))
        case .collection(let items):
            return .collection(try items.map { try counterpart(of: $0) })
        default:
            return value
        }
    }

    private func counterpart(of object: ManagedObject) throws -> ManagedObject {
        if let mine = registered[object.objectID] ?? materialize(object.objectID) { return mine }
        throw ObjectGraphError(.inaccessibleObject, code: 133000,
            "Attempt to access an object not found in store: \(object.objectID.uriRepresentation)")
    }
}
