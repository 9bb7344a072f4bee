/// One saved record of a persistent store: attribute values and relationship targets by object ID.
public struct StoreRow {
    /// Persistent attribute values, indexed like the entity's attributes (transient ones are `.null`).
    public var attributes: [Value]
    /// To-one destinations, indexed like the entity's relationships (nil for to-many slots).
    public var toOne: [ManagedObjectID?]
    /// To-many members, indexed like the entity's relationships (empty for to-one slots).
    public var toMany: [[ManagedObjectID]]
}

/// The kind of a persistent store (`NSInMemoryStoreType`, `NSSQLiteStoreType`).
public enum PersistentStoreType: String, Sendable {
    /// Rows live in memory and vanish with the process.
    case inMemory
    /// Rows live in a SQLite file.
    case sqlite
}

/// A persistent store (`NSPersistentStore`): the saved rows of every entity.
///
/// The in-memory store keeps rows in dictionaries keyed by object number; fetching candidates returns
/// them in object order. Saves are applied as one batch, so a failed save leaves the store unchanged.
public final class PersistentStore {
    /// The store type.
    public let type: PersistentStoreType
    /// An identifier for messages (`"memory"` or the file path).
    public let identifier: String
    /// Rows by entity name, then object number.
    var rows: [String: [Int: StoreRow]] = [:]

    /// Creates an empty store.
    public init(type: PersistentStoreType = .inMemory, identifier: String = "memory") {
        self.type = type
        self.identifier = identifier
    }

    /// The row of an object, if saved.
    public func row(for id: ManagedObjectID) -> StoreRow? { rows[id.entityName]?[id.number] }

    /// The IDs of every saved object of an entity, in object order.
    public func objectIDs(entityName: String) -> [ManagedObjectID] {
        guard let table = rows[entityName] else { return [] }
        return table.keys.sorted().map { ManagedObjectID(entityName: entityName, number: $0, isTemporaryID: false) }
    }

    /// The number of saved objects of an entity.
    public func count(entityName: String) -> Int { rows[entityName]?.count ?? 0 }

    /// Applies a save: rows to write (inserted or updated) and IDs to delete.
    public func apply(writes: [(ManagedObjectID, StoreRow)], deletes: [ManagedObjectID]) throws {
        for (id, row) in writes { rows[id.entityName, default: [:]][id.number] = row }
        for id in deletes { rows[id.entityName]?[id.number] = nil }
    }
}

/// A persistent store coordinator (`NSPersistentStoreCoordinator`): the model, its stores, and the
/// numbering of objects shared by every context.
public final class PersistentStoreCoordinator {
    /// The model.
    public let managedObjectModel: ManagedObjectModel
    /// The stores, in the order they were added.
    public private(set) var persistentStores: [PersistentStore] = []
    /// The next object number of each entity.
    private var nextNumber: [String: Int] = [:]

    /// Creates a coordinator with no store.
    public init(managedObjectModel: ManagedObjectModel) {
        self.managedObjectModel = managedObjectModel
    }

    /// Adds a store and returns it.
    @discardableResult
    public func addPersistentStore(_ store: PersistentStore) -> PersistentStore {
        persistentStores.append(store)
        return store
    }

    /// The store new objects are saved to (the first one).
    public var defaultStore: PersistentStore? { persistentStores.first }

    /// Reserves the next object number of an entity.
    func reserveNumber(for entity: EntityDescription) -> Int {
        let n = nextNumber[entity.name, default: 0] + 1
        nextNumber[entity.name] = n
        return n
    }
}
