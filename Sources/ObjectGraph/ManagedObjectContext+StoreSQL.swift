extension ManagedObjectContext {
    /// Whether a SQLite store answers fetches of this context's coordinator (at least one of its stores
    /// is a SQLite store).
    var hasSQLiteStore: Bool {
        persistentStoreCoordinator.persistentStores.contains { $0.type == .sqlite }
    }

    /// Refuses what a SQLite store has no SQL for, as Core Data does: a block predicate
    /// (`unimplemented SQL generation for predicate : (BLOCKPREDICATE)`) and a transient attribute in
    /// the predicate (`keypath nick not found in entity Customer`). Nothing is checked without a SQLite store.
    /// - Throws: `.invalidFetchRequest`.
    func checkPredicateForSQL(_ request: FetchRequest, entity: EntityDescription) throws {
        guard let predicate = request.predicate, hasSQLiteStore else { return }
        if predicate.containsBlock {
            throw ObjectGraphError(.invalidFetchRequest,
                "unimplemented SQL generation for predicate : (\(predicate.predicateFormat)) (a SQLite store has no SQL for a block predicate)")
        }
        for path in predicate.keyPaths {
            let first = path.split(separator: ".", maxSplits: 1).first.map(String.init) ?? path
            if let attribute = entity.attribute(named: first), attribute.isTransient {
                throw ObjectGraphError(.invalidFetchRequest,
                    "keypath \(first) not found in entity \(entity.name) (\(first) is a transient property: a SQLite store has no column for it)")
            }
        }
    }

    /// Which candidates of a fetch a SQLite store answers with SQL (nil when none can be): saved objects
    /// without unsaved changes here (or in a parent context), of a SQLite store. Inserted and updated
    /// objects are evaluated in memory on their current values, as Core Data does with pending changes
    /// (without `includesPendingChanges` too: Ripple's predicates always read current values).
    func storeAnswersWithSQL(_ request: FetchRequest) -> ((ManagedObject) -> Bool)? {
        let stores = persistentStoreCoordinator.persistentStores
        guard request.predicate != nil, stores.contains(where: { $0.type == .sqlite }) else { return nil }
        let allSQLite = stores.allSatisfy { $0.type == .sqlite }
        let coordinator = persistentStoreCoordinator
        return { [self] object in
            if object.state.isInserted || updated.contains(object) || !sourceIsUnchanged(object.objectID) { return false }
            return allSQLite || coordinator.store(holding: object.objectID.permanent)?.type == .sqlite
        }
    }

    /// Whether the parent contexts (if any) hold no unsaved change of the object: its values are the store's.
    private func sourceIsUnchanged(_ id: ManagedObjectID) -> Bool {
        guard let parent else { return true }
        return parent.performAndWait {
            if let o = parent.registered[id], o.state.isInserted || parent.updated.contains(o) { return false }
            return parent.sourceIsUnchanged(id)
        }
    }

    /// Whether a fetch of `request` from a SQLite store and in-memory evaluation disagree on the object:
    /// in memory it matches, yet SQL would not return its row (a comparison with a nil value). A fetched
    /// results controller evaluates changed objects in memory, as Core Data's does, so it may keep such an
    /// object that a fresh fetch after the save leaves out; the invariant check leaves these objects out.
    public func storeAndMemoryDisagree(on object: ManagedObject, for request: FetchRequest) -> Bool {
        guard let predicate = request.predicate, hasSQLiteStore, !object.state.isInvalid, !object.state.isDeleted else {
            return false
        }
        do {
            return try predicate.evaluate(with: object, substitutionVariables: request.substitutionVariables)
                && !predicate.evaluateAsSQL(with: object, substitutionVariables: request.substitutionVariables)
        } catch {
            return false
        }
    }
}
