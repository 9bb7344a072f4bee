extension ManagedObjectContext {
    /// The save of an edit (the usual one: objects changed, none inserted or deleted) into a single
    /// in-memory store, when every changed object's row is still the version the object was loaded as:
    /// each row is rewritten where the store keeps it, its version (`Z_OPT`) one more, without the general
    /// path's per-save structures (the save session, the list of rows to write, `SaveOutcome`, the rows
    /// moved into the store's tables).
    ///
    /// The general path (`write()`'s loop over the stores and `resolve`) gives the same rows, versions,
    /// notification and context state for such a save: with every version as loaded there is no conflict
    /// for a merge policy to resolve, without uniqueness constraints there is nothing to check across rows,
    /// without inserted objects nothing is renumbered, and without transformable attributes or persistent
    /// history nothing is transformed or recorded. `UpdatesInPlaceTests` compares the two.
    ///
    /// Returns nil, having changed nothing, when the save is not of that kind: any inserted or deleted
    /// object, another store, a SQLite store (its file may have changed under it), persistent history,
    /// uniqueness constraints or transformable attributes in the model, or a row that is missing or at
    /// another version (a conflict, which the merge policy resolves on the general path).
    func writeUpdatesInPlace(to store: PersistentStore) throws -> ContextDidSaveNotification? {
        guard writesUpdatesInPlace, inserted.isEmpty, deleted.isEmpty, !updated.isEmpty,
              store.type == .inMemory, store.history == nil,
              persistentStoreCoordinator.persistentStores.count == 1,
              !model.uniquenessConstraintsPresent, !model.transformablesPresent else { return nil }
        let objects = updated.sortedInObjectOrder()
        // Every row is checked before any is written, so that nothing is written when one conflicts. (One
        // object is checked as it is written, which changes nothing when it fails.)
        if objects.count > 1 {
            for object in objects {
                guard let version = store.withSavedRow(of: object, { $0.version }),
                      version == object.state.snapshotVersion, version < Int.max else { return nil }
            }
        }
        // The notification's records read the committed values, which the store's rows do not change.
        let records = objects.map(Self.savedChangeRecord(of:))
        for object in objects {
            let written = storeRow(of: object)
            let loaded = object.state.snapshotVersion
            let version = store.withSavedRow(of: object) { row -> Int? in
                guard row.version == loaded, row.version < Int.max else { return nil }
                row.attributes = written.attributes
                row.toOne = written.toOne
                row.toMany = written.toMany
                row.version += 1
                return row.version
            }
            guard let version = version ?? nil else {
                assert(objects.count == 1, "writeUpdatesInPlace: a row changed between its check and its write")
                return nil
            }
            object.state.snapshotVersion = version
        }
        RemoteChangeCenter.storeDidCommit(store)
        savesWrittenInPlace += 1
        let note = ContextDidSaveNotification(context: self, updated: objects,
                                              changes: ObjectChangeRecords(objects: objects, records: records))
        commitSaved(note)
        try performMutation {}   // (what the general path's merge step settles, with nothing to merge)
        return consume note
    }
}
