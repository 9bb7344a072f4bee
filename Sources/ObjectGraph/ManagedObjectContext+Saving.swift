extension ManagedObjectContext {
    /// Saves (`save()`): processes pending changes, tells observers the context will save, runs the
    /// `willSave` callbacks of managed-object classes (``ManagedObjectCallback``), validates
    /// every inserted and updated object and every deny rule, writes the changes to the store as one
    /// batch, gives inserted objects permanent IDs, runs the `didSave` callbacks
    /// (and turns saved deletions into faults), and posts ``ContextDidSaveNotification``.
    ///
    /// A save with no changes does nothing. When validation fails nothing is written and the context
    /// keeps its changes; the error lists every problem at once (code 1560 when there are several).
    public func save() throws {
        try checkQueue("save")
        try processUntilQuiet()
        guard hasChanges else { return }
        var firstError: Error?
        var live = liveObserverList
        while let observer = live.next() {
            do { try observer.contextWillSave(self) } catch { if firstError == nil { firstError = error } }
        }
        if let firstError { throw firstError }
        try processUntilQuiet()
        try runWillSaveCallbacks()
        guard hasChanges else { return }
        if parent == nil && model.hasStoreDerivedAttributes {
            // The store computes derived attributes as it saves: their new values are part of this save.
            try computeStoreDerivedAttributes()
            try processUntilQuiet()
        }
        try WorkBudget.charge((inserted.count + updated.count + deleted.count) * WorkBudget.unitsPerValidatedObject)
        if let error = try validationError() { throw error }
        var didSaveError: Error?
        let note: ContextDidSaveNotification
        if let parent {
            (note, didSaveError) = try pushToParent(parent)
        } else {
            note = try write()
            // The other root contexts over the coordinator learn of it only by merging it. (The list of IDs
            // is made only when this context has unmerged changes or another root context exists: a save
            // with one context builds no array for it.)
            let otherRoots = persistentStoreCoordinator.containsContext { $0 !== self && $0.parent == nil }
            if otherRoots || !unmergedStoreChanges.isEmpty {
                let changed = (note.updated + note.deleted).map(\.objectID.permanent)
                if !unmergedStoreChanges.isEmpty { unmergedStoreChanges.subtract(changed) }  // its rows are its own again
                if !changed.isEmpty && otherRoots {
                    for context in persistentStoreCoordinator.contexts where context !== self && context.parent == nil {
                        context.unmergedStoreChanges.formUnion(changed)
                    }
                }
            }
        }
        if let error = runDidSaveCallbacks(note), didSaveError == nil { didSaveError = error }
        var saved = liveObserverList
        while let observer = saved.next() {
            do { try observer.contextDidSave(note) } catch { if didSaveError == nil { didSaveError = error } }
        }
        scheduleAutomaticMerges(note)
        if let didSaveError { throw didSaveError }
    }

    /// Queues a merge of a save on every other context that merges automatically and saves to the same
    /// place: the same parent, or (root contexts) the same coordinator.
    /// The IDs of the save are only gathered when some context merges them (a bulk save with no such
    /// context builds no per-object ID list).
    private func scheduleAutomaticMerges(_ note: ContextDidSaveNotification) {
        // (Most saves have no such context: then no list of the coordinator's contexts is made.)
        guard persistentStoreCoordinator.containsContext(where: {
            $0 !== self && $0.automaticallyMergesChangesFromParent && $0.parent === parent
        }) else { return }
        var changes: SavedObjectIDs?
        for context in persistentStoreCoordinator.contexts
        where context !== self && context.automaticallyMergesChangesFromParent && context.parent === parent {
            let saved = changes ?? SavedObjectIDs(note)
            changes = saved
            context.perform { [unowned context] in try context.mergeChanges(fromContextDidSave: saved) }
        }
    }

    /// Processes pending changes until observers stop making new ones.
    func processUntilQuiet() throws {
        var rounds = 0
        while hasPendingChanges {
            rounds += 1
            if rounds > Self.dirtyAttemptLimit { throw Self.stillDirtyError }
            try processPendingChanges()
        }
    }

    /// After a save was accepted (by the store or by the parent context): inserted objects are no longer
    /// inserted, committed snapshots are dropped, deleted objects leave the context, the change sets empty.
    func commitSaved(_ note: ContextDidSaveNotification) {
        // (The inserted objects are no longer inserted and the list empties, in one pass when the note's
        // list is the context's own.)
        inserted.removeAll(visiting: note.inserted) { $0.state.isInserted = false }
        for object in snapshotted { clearSnapshot(object) }
        snapshotted.removeAllKeepingSmallCapacity()
        for object in note.deleted {
            forgetFetchedProperties(of: object)
            registered[object.objectID] = nil
            object.managedObjectContext = nil
            object.state.deletionSaved = true
        }
        updated.removeAllKeepingSmallCapacity()
        deleted.removeAllKeepingSmallCapacity()
        advanceQueryGeneration()   // a save moves a pinned context to the current generation
    }

    /// The row the store keeps for an object (transient attributes are not saved).
    func storeRow(of object: ManagedObject) -> StoreRow {
        let entity = object.entity
        var attributes = object.attributeValues
        for i in entity.transientAttributeIndexes { attributes[i] = .null }
        if entity.relationships.isEmpty { return StoreRow(attributes: attributes, toOne: [], toMany: []) }
        var toOne: [ManagedObjectID?] = []
        var toMany: [[ManagedObjectID]] = []
        for (i, r) in entity.relationships.enumerated() {
            if r.isToMany {
                toOne.append(nil)
                toMany.append(object.toManyValues[i].filter { !$0.state.isDeleted }.map(\.objectID.permanent))
            } else {
                let target = object.toOneValues[i].flatMap { $0.state.isDeleted ? nil : $0 }
                toOne.append(target?.objectID.permanent)
                toMany.append([])
            }
        }
        return StoreRow(attributes: attributes, toOne: toOne, toMany: toMany)
    }

    func clearSnapshot(_ object: ManagedObject) {
        object.state.committedAttributes = nil
        object.state.committedToOne = nil
        object.state.committedToMany = nil
        object.state.releaseEmptyChangeRecords()
    }
}

extension ManagedObjectID {
    /// The permanent form of the ID.
    var permanent: ManagedObjectID {
        var id = self
        id.isTemporaryID = false
        return id
    }
}

extension Set {
    /// Empties the set; a small table is kept for the next event (one edit and save then allocates no
    /// table), a large one is freed.
    mutating func removeAllKeepingSmallCapacity() {
        if isEmpty && capacity <= 128 { return }   // (an empty small set stays as it is: no walk over its table)
        removeAll(keepingCapacity: capacity <= 128)
    }
}
