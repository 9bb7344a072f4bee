extension ManagedObjectContext {
    /// Discards every unsaved change (`rollback()`).
    ///
    /// Pending changes are processed first (so observers have seen them), then inserted objects are
    /// removed, deleted objects come back and updated objects return to their last saved values.
    /// One ``ObjectsDidChangeNotification`` describes the reversal: removed insertions as deleted,
    /// restored deletions as inserted, restored values as updated with the keys that changed.
    public func rollback() throws {
        try checkQueue("rollback")
        defer { undoManager?.removeAllActions() }
        var firstError: Error?
        do { try processPendingChanges() } catch { firstError = error }
        var note = ObjectsDidChangeNotification(context: self)
        let wasInserted = inserted.objectsInObjectOrder()
        let wasDeleted = deleted.sortedInObjectOrder()
        let restored = snapshotted.sortedInObjectOrder()
        noteDiscardedBehindDescendants(wasInserted.map(\.objectID) + wasDeleted.map(\.objectID) + restored.map(\.objectID))
        let tracksDerived = model.hasDerivedProperties
        var restoredKeys: [(ManagedObject, String)] = []
        if tracksDerived {
            // Dependents reached through the graph as it is now…
            for object in restored {
                for key in rolledBackKeys(of: object) {
                    derivedInputChanged(object, key: key)
                    restoredKeys.append((object, key))
                }
            }
        }
        for object in restored {
            var record = PropertyChanges()
            let entity = object.entity
            if let attributes = object.state.committedAttributes {
                for i in entity.attributes.indices where attributes[i] != object.attributeValues[i] {
                    record.add(slot: entity.slotNumber(.attribute(i)), old: object.attributeValues[i])
                }
                object.attributeValues = attributes
            }
            if let toOne = object.state.committedToOne {
                for (i, r) in entity.relationships.enumerated() where !r.isToMany && toOne[i] !== object.toOneValues[i] {
                    record.add(slot: entity.slotNumber(.relationship(i)), old: toOneValue(object, i))
                }
                object.toOneValues = toOne
            }
            if let toMany = object.state.committedToMany {
                for (i, r) in entity.relationships.enumerated() where r.isToMany && toMany[i] != object.toManyValues[i] {
                    record.add(slot: entity.slotNumber(.relationship(i)), old: toManyValue(object, i))
                }
                object.toManyValues = toMany
            }
            clearSnapshot(object)
            if !record.isEmpty && !object.state.isDeleted && !object.state.isInserted {
                note.updated.append(object)
                note.changes.append(object, record)
            }
        }
        snapshotted.removeAll()
        for object in wasInserted {
            forget(object)
            object.state.isDeleted = true
            note.deleted.append(object)
        }
        for object in wasDeleted {
            object.fate = nil
            object.state.isDeleted = false
            note.inserted.append(object)
        }
        inserted.removeAll()
        updated.removeAll()
        deleted.removeAll()
        if tracksDerived {
            // …and as it is after the rollback; restored deletions recompute everything.
            for (object, key) in restoredKeys where object.managedObjectContext === self {
                derivedInputChanged(object, key: key)
            }
            for object in wasDeleted {
                for i in object.entity.derivedProperties.indices { markDerivedDirty(object, i) }
            }
            do { try flushDerived() } catch { if firstError == nil { firstError = error } }
            mergePendingDerivedChanges(into: &note)
        }
        note.updated = note.updated.sortedInObjectOrder()
        do { try deliverKeyValueChanges(finalizingDeletions: true) } catch { if firstError == nil { firstError = error } }
        do { try post(note) } catch { if firstError == nil { firstError = error } }
        if let firstError { throw firstError }
    }

    /// A rollback or reset of a parent discards changes its children saved into it; a child keeps the
    /// objects as it saved them (Core Data's child does not hear of it), while its fetches, which read
    /// through the parent, no longer see them. Like rows changed in the store behind a context, these
    /// objects go into every descendant's ``unmergedStoreChanges`` (invariant mode leaves them out of its
    /// comparison) until the descendant merges them or is reset.
    func noteDiscardedBehindDescendants(_ ids: [ManagedObjectID]) {
        guard !ids.isEmpty else { return }
        for context in persistentStoreCoordinator.contexts where context !== self {
            var ancestor = context.parent
            while let a = ancestor, a !== self { ancestor = a.parent }
            if ancestor === self { context.unmergedStoreChanges.formUnion(ids) }
        }
    }

    /// The keys whose current value differs from the committed snapshot.
    private func rolledBackKeys(of object: ManagedObject) -> [String] {
        var keys: [String] = []
        let entity = object.entity
        if let attributes = object.state.committedAttributes {
            for (i, a) in entity.attributes.enumerated() where attributes[i] != object.attributeValues[i] { keys.append(a.name) }
        }
        if let toOne = object.state.committedToOne {
            for (i, r) in entity.relationships.enumerated() where !r.isToMany && toOne[i] !== object.toOneValues[i] {
                keys.append(r.name)
            }
        }
        if let toMany = object.state.committedToMany {
            for (i, r) in entity.relationships.enumerated() where r.isToMany && toMany[i] != object.toManyValues[i] {
                keys.append(r.name)
            }
        }
        return keys
    }

    /// Moves derived changes recorded since the last processing into a notification being built.
    private func mergePendingDerivedChanges(into note: inout ObjectsDidChangeNotification) {
        for object in pendingUpdated.sortedInObjectOrder() {
            defer { object.state.clearPendingChanges() }
            guard object.managedObjectContext === self, !object.state.isDeleted, !object.state.isInserted,
                  object.state.hasPendingChanges else { continue }
            if note.changes.index(of: object) == nil { note.updated.append(object) }
            let pending = object.state.takePendingChanges()
            note.changes.update(object) { $0.merge(pending, entity: object.entity) }
        }
        pendingUpdated.removeAll()
    }

    /// Forgets every object (`reset()`): pending and unsaved changes are discarded, every registered
    /// object becomes inaccessible, and one notification with `invalidatedAll` is posted. Objects
    /// fetched afterwards are new instances loaded from the store.
    public func reset() throws {
        try checkQueue("reset")
        // The loaded objects of classes with fault callbacks hear that they turn into faults: before, while
        // they can still be read, and after.
        let faulting = model.hasManagedObjectClasses
            ? registeredObjects.filter { !$0.state.isFault && $0.entity.managedObjectClass != nil } : []
        var callbackFailure: Error? = takeCallbackError()
        for object in faulting {
            do { try runCallback(.willTurnIntoFault, on: object) } catch { if callbackFailure == nil { callbackFailure = error } }
        }
        undoManager?.removeAllActions()
        external = ExternalChanges()
        unmergedStoreChanges.removeAll()
        advanceQueryGeneration()   // a reset moves a pinned context to the current generation
        let all = Array(registered.values)
        noteDiscardedBehindDescendants((inserted.objectsInObjectOrder() + updated + deleted.sortedInObjectOrder()).map(\.objectID))
        for object in all {
            object.fate = .reset(context: name)
            object.state.isInvalid = true
            object.managedObjectContext = nil
        }
        registered.removeAll()
        inserted.removeAll()
        updated.removeAll()
        deleted.removeAll()
        pendingInserted.removeAll()
        fetchedPendingInserts.removeAll()
        pendingDeleted.removeAll()
        pendingUpdated.removeAll()
        snapshotted.removeAll()
        fetchedPropertyCache.removeAll()
        propagation.dirty.removeAll()
        propagation.dirtySet.removeAll()
        var firstError: Error? = callbackFailure
        for object in faulting {
            do { try runCallback(.didTurnIntoFault, on: object) } catch { if firstError == nil { firstError = error } }
        }
        do { try deliverKeyValueChanges(finalizingDeletions: true) } catch { if firstError == nil { firstError = error } }
        var note = ObjectsDidChangeNotification(context: self)
        note.invalidatedAll = true
        do { try post(note) } catch { if firstError == nil { firstError = error } }
        if let firstError { throw firstError }
    }
}
