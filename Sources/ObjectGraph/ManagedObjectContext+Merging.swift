import Collections

extension ManagedObjectContext {
    /// Merges the changes another context saved (`mergeChanges(fromContextDidSave:)`): objects it
    /// inserted appear here (as faults), objects it updated that are registered here are refreshed with
    /// their local changes re-applied, objects it deleted are deleted here. The context's own pending
    /// changes are processed first; then one ``ObjectsDidChangeNotification`` announces the merge:
    /// `inserted`, `refreshed` (with the keys the other save wrote), `deleted`.
    ///
    /// The source must already hold the changes: the store for a root context, the parent for a child.
    public func mergeChanges(fromContextDidSave changes: SavedObjectIDs) throws {
        try checkQueue("mergeChanges(fromContextDidSave:)")
        if changes.isRemote && parent == nil {
            try persistentStoreCoordinator.reloadRows(changes.inserted + changes.updated + changes.deleted)
        }
        // An observer's failure while processing must not drop the merge: the merge happens, every
        // notification is posted, and the first failure is rethrown at the end.
        var firstError: Error?
        if !unmergedStoreChanges.isEmpty {
            unmergedStoreChanges.subtract(changes.inserted + changes.updated + changes.deleted)
        }
        isMergingChanges = true
        do { try processPendingChanges() } catch { firstError = error }
        do { try performMutation {
            for id in changes.inserted where registered[id] == nil {
                if let object = materialize(id) { external.inserted.insert(object) }
            }
            for id in changes.updated {
                guard let object = registered[id], !object.state.isDeleted, !object.state.isInserted else { continue }
                refreshNow(object, mergeChanges: true, reportedKeys: changes.knowsChangedKeys ? (changes.changedKeys[id] ?? []) : nil)
            }
            for id in changes.deleted {
                guard let object = registered[id] else { continue }
                removeMergedDeletion(object)
            }
        } } catch { if firstError == nil { firstError = error } }
        isMergingChanges = false
        do { try processPendingChanges() } catch { if firstError == nil { firstError = error } }
        if let firstError { throw firstError }
    }

    /// Merges a did-save notification (see ``mergeChanges(fromContextDidSave:)-(SavedObjectIDs)``).
    public func mergeChanges(fromContextDidSave note: ContextDidSaveNotification) throws {
        try mergeChanges(fromContextDidSave: SavedObjectIDs(note))
    }

    /// Refreshes an object from its source, the store or the parent (`refresh(_:mergeChanges:)`).
    /// With `mergeChanges` false, unsaved changes are discarded and the object turns into a fault; with
    /// true, the saved values are reloaded and the unsaved changes re-applied on top. The object is
    /// announced in `refreshed` (with the keys whose value changed) at the next processing.
    public func refresh(_ object: ManagedObject, mergeChanges: Bool) throws {
        try checkQueue("refresh")
        if let other = object.managedObjectContext, other !== self {
            throw otherContextError(object, .refresh)
        }
        guard object.managedObjectContext === self, !object.state.isInvalid, !object.state.isInserted else { return }
        try performMutation { refreshNow(object, mergeChanges: mergeChanges, reportedKeys: nil) }
        try throwCallbackError()  // willTurnIntoFault, didTurnIntoFault
    }

    /// Refreshes every registered object that is neither inserted nor deleted, keeping unsaved changes
    /// (`refreshAllObjects()`), in object order.
    public func refreshAllObjects() throws {
        try checkQueue("refreshAllObjects")
        try performMutation {
            for object in registeredObjects where !object.state.isInserted && !object.state.isDeleted {
                refreshNow(object, mergeChanges: true, reportedKeys: nil)
            }
        }
    }

    /// Reloads an object's values from its source. `reportedKeys` (a merge) replaces the computed list
    /// of changed keys in the notification.
    func refreshNow(_ object: ManagedObject, mergeChanges: Bool, reportedKeys: [String]?) {
        if object.state.isFault {
            noteRefreshed(object, keys: reportedKeys ?? [], old: [:])
            return
        }
        guard let row = sourceRow(for: object.objectID) else { return }
        let turnsIntoFault = !mergeChanges && !object.state.isDeleted
        if turnsIntoFault { deferCallback(.willTurnIntoFault, on: object) }
        object.state.snapshotVersion = row.version
        let entity = object.entity
        let local = mergeChanges ? object.changedValuesSnapshot() : [:]
        var attributes = row.attributes
        for (i, a) in entity.attributes.enumerated() where a.isTransient { attributes[i] = object.attributeValues[i] }
        var toOne = object.toOneValues
        var toMany = object.toManyValues
        for (i, r) in entity.relationships.enumerated() {
            if r.isToMany {
                toMany[i] = OrderedSet(row.toMany[i].compactMap { registered[$0] ?? materialize($0) })
            } else {
                toOne[i] = row.toOne[i].flatMap { registered[$0] ?? materialize($0) }
            }
        }
        let savedAttributes = attributes, savedToOne = toOne, savedToMany = toMany
        for (key, value) in local {
            switch entity.slots[key] {
            case .attribute(let i)?: attributes[i] = value
            case .relationship(let i)?:
                if entity.relationships[i].isToMany {
                    toMany[i] = OrderedSet(value.collectionObjects)
                } else {
                    toOne[i] = value.objectValue
                }
            default: break
            }
        }
        var keys: [String] = []
        var old: [String: Value] = [:]
        for (i, a) in entity.attributes.enumerated() where attributes[i] != object.attributeValues[i] {
            keys.append(a.name)
            old[a.name] = object.attributeValues[i]
        }
        for (i, r) in entity.relationships.enumerated() {
            let changed = r.isToMany ? toMany[i] != object.toManyValues[i] : toOne[i] !== object.toOneValues[i]
            if changed {
                keys.append(r.name)
                old[r.name] = r.isToMany ? toManyValue(object, i) : toOneValue(object, i)
            }
        }
        let tracksDerived = !entity.derived.triggers.isEmpty
        if tracksDerived { for key in keys { derivedInputChanged(object, key: key) } }
        object.attributeValues = attributes
        object.toOneValues = toOne
        object.toManyValues = toMany
        if tracksDerived { for key in keys { derivedInputChanged(object, key: key) } }
        if local.isEmpty {
            clearSnapshot(object)
            snapshotted.remove(object)
            updated.remove(object)
        } else {
            object.state.committedAttributes = savedAttributes
            object.state.committedToOne = savedToOne
            object.state.committedToMany = savedToMany
            snapshotted.insert(object)
        }
        if turnsIntoFault {
            object.state.isFault = true
        }
        noteRefreshed(object, keys: reportedKeys ?? keys.sorted(), old: old)
        if turnsIntoFault { deferCallback(.didTurnIntoFault, on: object) }
    }

    private func noteRefreshed(_ object: ManagedObject, keys: [String], old: [String: Value]) {
        var all = external.refreshedKeys[object] ?? []
        for key in keys where !all.contains(key) { all.append(key) }
        external.refreshedKeys[object] = all.sorted()
        var values = external.refreshedOldValues[object] ?? [:]
        for (key, value) in old where values[key] == nil { values[key] = value }
        external.refreshedOldValues[object] = values
    }

    /// An object deleted by another context's save: it leaves this context (as a saved deletion does)
    /// and registered objects pointing at it let go of it.
    func removeMergedDeletion(_ object: ManagedObject) {
        if !object.state.isFault {
            for (i, r) in object.entity.relationships.enumerated() {
                guard let inverse = object.entity.inverseIndexes[i] else { continue }
                let targets = r.isToMany ? Array(object.toManyValues[i]) : (object.toOneValues[i].map { [$0] } ?? [])
                for target in targets where !target.state.isFault && target.managedObjectContext === self {
                    if target.entity.relationships[inverse].isToMany {
                        target.toManyValues[inverse].remove(object)
                    } else if target.toOneValues[inverse] === object {
                        target.toOneValues[inverse] = nil
                    }
                }
            }
        }
        object.state.isDeleted = true
        if object.fate == nil { object.fate = .deletedElsewhere(context: name) }
        unregister(object)
        external.deleted.insert(object)
    }

    /// Invalidates the registered objects whose ID matches (their store was removed). Pending changes
    /// are processed first, so the notification that follows lists only them, in `invalidated`, with
    /// `invalidatedAll` set: Apple documents a store removal as invalidating all objects at once, which
    /// fetched-results controllers answer by waiting for `performFetch()`.
    /// An observer's failure while the pending changes are processed does not stop the invalidation: it
    /// is rethrown once the invalidation was posted.
    func invalidateObjects(storeName removedStoreName: String = "", where matches: (ManagedObjectID) -> Bool) throws {
        var firstError: Error?
        do { try processPendingChanges() } catch { firstError = error }
        for object in registeredObjects where !object.state.isInserted && matches(object.objectID) {
            object.state.isInvalid = true
            object.fate = .storeRemoved(store: removedStoreName)
            unregister(object)
            external.invalidated.insert(object)
        }
        external.invalidatedAll = true
        do { try processPendingChanges() } catch { if firstError == nil { firstError = error } }
        if let firstError { throw firstError }
    }

    /// Removes an object from every set of the context and from the context.
    func unregister(_ object: ManagedObject) {
        registered[object.objectID] = nil
        inserted.remove(object)
        updated.remove(object)
        deleted.remove(object)
        pendingInserted.remove(object)
        pendingDeleted.remove(object)
        pendingUpdated.remove(object)
        snapshotted.remove(object)
        external.refreshedKeys[object] = nil
        external.refreshedOldValues[object] = nil
        object.managedObjectContext = nil
    }
}

extension Value {
    /// The objects of a collection value.
    var collectionObjects: [ManagedObject] {
        if case .collection(let items) = self { return items.compactMap(\.objectValue) }
        return []
    }
}
