/// A persistent store coordinator (`NSPersistentStoreCoordinator`): the model, its stores, the
/// numbering of objects shared by every context, and the contexts over it.
///
/// Object numbers are per coordinator, so the same object has the same `Entity#n` name in every
/// context. Adding a store continues each entity's numbering after the largest number saved in it.
///
/// ```swift
/// let coordinator = PersistentStoreCoordinator(managedObjectModel: model)
/// coordinator.addPersistentStore(try PersistentStore(sqlitePath: "/tmp/app.sqlite", model: model))
/// ```
public final class PersistentStoreCoordinator {
    /// The model.
    public let managedObjectModel: ManagedObjectModel
    /// The stores, in the order they were added.
    @exclusivity(unchecked) public private(set) var persistentStores: [PersistentStore] = []
    /// The store tag of the last store removed: the URIs of the objects it held still name it.
    var removedStoreTag: UInt32 = 0
    /// The last number reserved for each of the model's entities, indexed like `managedObjectModel.entities`
    /// (an array slot, so reserving a number hashes nothing).
    @exclusivity(unchecked) private var lastNumbers: [Int]
    /// The same for entity names outside the model (IDs noted from elsewhere).
    @exclusivity(unchecked) private var nextNumber: [String: Int] = [:]
    /// The contexts over this coordinator, in creation order (weakly held).
    @exclusivity(unchecked) private var contextBoxes: [WeakContext] = []
    /// The observers of remote-change notifications (``addRemoteChangeObserver(_:)``).
    @exclusivity(unchecked) var remoteChangeObservers: [RemoteChangeObserverBox] = []
    /// The query generations taken so far (their numbers).
    @exclusivity(unchecked) var queryGenerationCount = 0

    /// Creates a coordinator with no store.
    public init(managedObjectModel: ManagedObjectModel) {
        self.managedObjectModel = managedObjectModel
        self.lastNumbers = Array(repeating: 0, count: managedObjectModel.entities.count)
    }

    /// The index of the model's entity with that name, or nil.
    private func numberIndex(_ entityName: String) -> Int? { managedObjectModel.entity(named: entityName).map(counterIndex) }

    /// The counter an entity's objects are numbered from: with a SQLite store, where an inheritance
    /// hierarchy shares its root entity's table and `Z_PK` is unique per table, the root entity's; else
    /// the entity's own.
    private func counterIndex(_ entity: EntityDescription) -> Int {
        guard entity.superentity != nil, persistentStores.contains(where: { $0.type == .sqlite }) else { return entity.index }
        return StoreLayout.root(of: entity).index
    }

    /// Adds a store and returns it; numbering continues after the largest saved number of each entity.
    @discardableResult
    public func addPersistentStore(_ store: PersistentStore) -> PersistentStore {
        persistentStores.append(store)
        store.coordinator = self
        for entity in managedObjectModel.entities {
            let largest = store.largestNumber(entityName: entity.name)
            let i = counterIndex(entity)
            if largest > lastNumbers[i] { lastNumbers[i] = largest }
        }
        return store
    }

    /// Adds a store, refusing one already added to a coordinator or a file this coordinator already has
    /// open (`addPersistentStore(type:configuration:at:options:)` fails with 134081).
    /// - Throws: `.store` 134081.
    public func addPersistentStore(checking store: PersistentStore) throws {
        if store.coordinator != nil || (store.url != nil && persistentStores.contains { $0.url == store.url }) {
            throw ObjectGraphError(.store, code: 134081,
                "Error Domain=NSCocoaErrorDomain Code=134081 \"Can't add the same store twice\" UserInfo={NSPersistentStoreURL=\(store.url ?? store.identifier)}")
        }
        addPersistentStore(store)
    }

    /// Removes a store (`remove(_:)`): every object saved in it is invalidated in every context over the
    /// coordinator (docs/decisions.md, decision 7). Each context posts one objects-did-change notification with
    /// them in `invalidated`, in context creation order, at once. A SQLite store's file is closed.
    /// - Throws: `.store` when the store is not one of the coordinator's; the first observer failure
    ///   after every context was told.
    public func removePersistentStore(_ store: PersistentStore) throws {
        guard persistentStores.contains(where: { $0 === store }) else {
            throw ObjectGraphError(.store,
                "-[NSPersistentStoreCoordinator removePersistentStore:error:]: The store \(store.identifier) is not one of this coordinator's stores (it was never added, or was removed already).")
        }
        var firstError: Error?
        // Changes made before the removal are processed while the store is still there, so that what they
        // tell (a controller's inserts, say) is about the graph they were made in; the removal's
        // notification then lists only the invalidated objects. An observer's failure here does not stop
        // the removal.
        for context in contexts {
            do {
                try context.performAndWait { try context.processPendingChanges() }
            } catch { if firstError == nil { firstError = error } }
        }
        // (an observer may have removed the store meanwhile)
        guard let index = persistentStores.firstIndex(where: { $0 === store }) else {
            if let firstError { throw firstError }
            return
        }
        persistentStores.remove(at: index)
        removedStoreTag = store.storeTag
        store.coordinator = nil
        for context in contexts {
            do {
                try context.performAndWait { try context.invalidateObjects(storeName: store.identifier) { store.row(for: $0) != nil } }
            } catch { if firstError == nil { firstError = error } }
        }
        store.close()
        if let firstError { throw firstError }
    }

    /// Reloads rows from the files of SQLite stores (another connection may have written or deleted
    /// them since they were loaded); numbering moves past the numbers found.
    func reloadRows(_ ids: [ManagedObjectID]) throws {
        for store in persistentStores where store.openFile != nil {
            try store.reload(ids)
        }
        for id in ids { noteTakenNumber(id.number, entityName: id.entityName) }
    }

    /// The store new objects are saved to (the first one).
    public var defaultStore: PersistentStore? { persistentStores.first }

    /// The store holding an object's row, if any.
    func store(holding id: ManagedObjectID) -> PersistentStore? {
        persistentStores.first { $0.row(for: id) != nil }
    }

    /// The saved row of an object, from whichever store holds it.
    func row(for id: ManagedObjectID) -> StoreRow? {
        for store in persistentStores { if let row = store.row(for: id) { return row } }
        return nil
    }

    /// The IDs of every saved object of an entity, in object order, across stores.
    func objectIDs(entityName: String) -> [ManagedObjectID] {
        if persistentStores.count == 1 { return persistentStores[0].objectIDs(entityName: entityName) }
        return persistentStores.flatMap { $0.objectIDs(entityName: entityName) }.sorted { $0.number < $1.number }
    }

    /// The number the next object of an entity would get, minus one.
    func lastReservedNumber(_ entityName: String) -> Int {
        if let i = numberIndex(entityName) { return lastNumbers[i] }
        return nextNumber[entityName, default: 0]
    }

    /// Moves an entity's numbering past a number taken in a store (by another connection).
    func noteTakenNumber(_ number: Int, entityName: String) {
        if let i = numberIndex(entityName) {
            if number > lastNumbers[i] { lastNumbers[i] = number }
        } else if number > nextNumber[entityName, default: 0] {
            nextNumber[entityName] = number
        }
    }

    /// Reserves the next object number of an entity.
    /// - Throws: ``ObjectGraphError/numberingExhausted(_:)`` when the entity's numbers reached
    ///   ``ManagedObjectID/largestNumber`` (nothing is reserved).
    func reserveNumber(for entity: EntityDescription) throws -> Int {
        if lastNumbers.indices.contains(entity.index) && managedObjectModel.entities[entity.index] === entity {
            let i = counterIndex(entity)
            guard lastNumbers[i] < ManagedObjectID.largestNumber else { throw ObjectGraphError.numberingExhausted(entity.name) }
            lastNumbers[i] += 1
            return lastNumbers[i]
        }
        guard let j = numberIndex(entity.name) else {
            let last = nextNumber[entity.name, default: 0]
            guard last < ManagedObjectID.largestNumber else { throw ObjectGraphError.numberingExhausted(entity.name) }
            nextNumber[entity.name] = last + 1
            return last + 1
        }
        guard lastNumbers[j] < ManagedObjectID.largestNumber else { throw ObjectGraphError.numberingExhausted(entity.name) }
        lastNumbers[j] += 1
        return lastNumbers[j]
    }

    /// The first of `count` new numbers of an entity after `largest` and every number reserved.
    /// - Throws: ``ObjectGraphError/numberingExhausted(_:)`` when the last would pass
    ///   ``ManagedObjectID/largestNumber``.
    func firstNewNumber(after largest: Int, count: Int, entityName: String) throws -> Int {
        let last = max(largest, lastReservedNumber(entityName))
        guard last >= 0, count >= 0, last <= ManagedObjectID.largestNumber - max(count, 1) else {
            throw ObjectGraphError.numberingExhausted(entityName)
        }
        return last + 1
    }

    /// The live contexts over this coordinator, in creation order.
    var contexts: [ManagedObjectContext] {
        let live = contextBoxes.compactMap(\.context)
        if live.count != contextBoxes.count { contextBoxes.removeAll { $0.context == nil } }
        return live
    }

    /// Whether a live context satisfies `predicate`, without making the array of ``contexts``.
    func containsContext(where predicate: (ManagedObjectContext) -> Bool) -> Bool {
        for box in contextBoxes { if let context = box.context, predicate(context) { return true } }
        return false
    }

    /// Registers a new context.
    func register(_ context: ManagedObjectContext) {
        contextBoxes.append(WeakContext(context))
    }
}

/// A weak reference to a context.
final class WeakContext {
    weak var context: ManagedObjectContext?
    init(_ context: ManagedObjectContext) { self.context = context }
}
