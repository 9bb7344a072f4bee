extension ManagedObjectContext {
    /// Processes the changes made since the last call (`processPendingChanges()`): deletions are
    /// propagated by the delete rules, then one ``ObjectsDidChangeNotification`` is posted to every
    /// observer. Does nothing (and posts nothing) when nothing changed.
    ///
    /// Observers are all told even when one fails; the first failure is rethrown afterwards, when the
    /// context is consistent again.
    ///
    /// Derived values affected by the propagation are recomputed first, so their changes are part of
    /// the notification; key-value observers are told (and observers of deleted objects told for the last
    /// time) before the notification is posted.
    public func processPendingChanges() throws {
        try checkQueue("processPendingChanges")
        guard !isPosting, hasPendingChanges else { try throwCallbackError(); return }
        var firstError: Error? = takeCallbackError()
        propagateDeletes()
        if firstError == nil { firstError = takeCallbackError() }  // prepareForDeletion
        do { try flushDerived() } catch { if firstError == nil { firstError = error } }
        if undoManager != nil { do { try recordUndoGroup() } catch { if firstError == nil { firstError = error } } }
        let note = takePendingNotification()
        do { try deliverKeyValueChanges(finalizingDeletions: true) } catch { if firstError == nil { firstError = error } }
        do { try post(note) } catch { if firstError == nil { firstError = error } }
        if let firstError { throw firstError }
    }

    /// Applies the delete rules to every object deleted since the last processing, repeatedly, until
    /// cascades reach a fixed point; each object's `prepareForDeletion` runs just before its rules (a
    /// failure is kept for `processPendingChanges` to rethrow). Deny rules are left for save-time validation.
    func propagateDeletes() {
        var done: Set<ManagedObject> = []
        while true {
            let work = pendingDeleted.subtracting(done).sortedInObjectOrder()
            if work.isEmpty { break }
            for object in work {
                done.insert(object)
                object.fireFault()
                deferCallback(.prepareForDeletion, on: object)
                for (i, relationship) in object.entity.relationships.enumerated() {
                    let targets: [ManagedObject] = relationship.isToMany
                        ? Array(object.toManyValues[i])
                        : (object.toOneValues[i].map { [$0] } ?? [])
                    switch relationship.deleteRule {
                    case .deny, .noAction:
                        continue
                    case .nullify:
                        guard let inverse = object.entity.inverseIndexes[i] else { continue }
                        for target in targets where !target.state.isInvalid {
                            detachInverse(of: object, from: target, inverse: inverse)
                        }
                    case .cascade:
                        for target in targets where !target.state.isInvalid && target.managedObjectContext === self {
                            if let inverse = object.entity.inverseIndexes[i] {
                                detachInverse(of: object, from: target, inverse: inverse)
                            }
                            if !target.state.isDeleted { target.fate = .cascade(from: object.displayName, context: name) }
                            markDeleted(target)
                        }
                    }
                }
            }
        }
    }

    /// Builds the notification for the pending changes and clears them.
    func takePendingNotification() -> ObjectsDidChangeNotification {
        // Only updates (the usual edit): the set algebra below reduces to the updated objects.
        let onlyUpdates = pendingInserted.isEmpty && pendingDeleted.isEmpty && fetchedPendingInserts.isEmpty
            && external.isEmpty && external.refreshedOldValues.isEmpty
        if onlyUpdates {
            // The note is made at the end from its two lists (nothing refreshed: no merge is pending), and the
            // records share the list of updated objects.
            let updated = pendingUpdated.sortedInObjectOrder()
            let records = updated.map { $0.state.takePendingChanges() }
            clearPendingLists()
            return ObjectsDidChangeNotification(context: self, updated: updated,
                                                changes: ObjectChangeRecords(objects: updated, records: records))
        }
        var note = ObjectsDidChangeNotification(context: self)
        // Inserted and deleted in the same event: nobody heard of it, nobody hears of it — unless a fetch
        // returned it meanwhile (a fetched-results controller that fetched it must take it out again).
        // (`pendingInserted` is a list with membership in each object: the intersection walks the deletions.)
        let transient: Set<ManagedObject> = pendingInserted.isEmpty
            ? [] : pendingDeleted.filter { pendingInserted.contains($0) }
        let seen = transient.intersection(fetchedPendingInserts)
        fetchedPendingInserts.removeAll()
        // The transient objects leave the list (it is emptied below); a bulk insert's list is already in
        // object order and becomes the note's list as it is, without a sort or a set.
        for object in transient { pendingInserted.remove(object) }
        note.inserted = external.inserted.isEmpty ? pendingInserted.objectsInObjectOrder()
            : Set(pendingInserted).union(external.inserted).sortedInObjectOrder()
        note.deleted = pendingDeleted.subtracting(transient).union(seen).union(external.deleted).sortedInObjectOrder()
        note.invalidated = external.invalidated.sortedInObjectOrder()
        note.invalidatedAll = external.invalidatedAll
        note.refreshed = external.refreshedKeys.keys.sortedInObjectOrder()
        let updatedNow = pendingUpdated.filter { !pendingInserted.contains($0) && !pendingDeleted.contains($0) }
        note.updated = updatedNow.sortedInObjectOrder()
        // The slot records move into the notification as they are; their names and dictionaries are made
        // only when read.
        if note.refreshed.isEmpty {
            // (The records share the list of updated objects: one array for both.)
            note.changes = ObjectChangeRecords(objects: note.updated, records: note.updated.map { $0.state.takePendingChanges() })
        } else {
            note.changes.reserveCapacity(note.updated.count + note.refreshed.count)
            for object in note.updated { note.changes.append(object, object.state.takePendingChanges()) }
        }
        // An object both updated and refreshed in one event gets the union of the keys.
        for object in note.refreshed {
            let keys = external.refreshedKeys[object] ?? []
            let olds = external.refreshedOldValues[object] ?? [:]
            let entity = object.entity
            note.changes.update(object) { record in
                for key in keys { record.add(key: key, old: olds[key], entity: entity) }
                for (key, value) in olds where !keys.contains(key) { record.add(oldValue: value, forKey: key) }
            }
        }
        external = ExternalChanges()
        for object in transient { forget(object) }
        clearPendingLists()
        return note
    }

    /// Empties the pending lists once their notification was made (the updated objects' records were taken).
    private func clearPendingLists() {
        for object in pendingUpdated {
            object.state.clearPendingChanges()
            object.state.releaseEmptyChangeRecords()
        }
        pendingInserted.removeAll()
        pendingDeleted.removeAll()
        pendingUpdated.removeAllKeepingSmallCapacity()
    }

    /// Unregisters an object that never reached the store: it keeps its values but no context.
    func forget(_ object: ManagedObject) {
        registered[object.objectID] = nil
        inserted.remove(object)
        updated.remove(object)
        deleted.remove(object)
        snapshotted.remove(object)
        object.managedObjectContext = nil
        object.state.isInserted = false
    }

    /// Tells every observer; rethrows the first failure once all were told.
    func post(_ note: ObjectsDidChangeNotification) throws {
        guard !note.isEmpty else { return }
        isPosting = true
        defer { isPosting = false }
        var firstError: Error?
        var live = liveObserverList
        while let observer = live.next() {
            do { try observer.contextObjectsDidChange(note) } catch { if firstError == nil { firstError = error } }
        }
        if let firstError { throw firstError }
    }
}
