/// A query generation (`NSQueryGenerationToken`): the saved rows of a coordinator's stores as they were at
/// one moment. A context pinned to it (``ManagedObjectContext/setQueryGenerationFrom(_:)``) fetches and
/// fulfils faults from those rows, not from what other contexts saved since, until it saves, merges, is
/// reset or is given another generation — Core Data's "stable view of the store".
///
/// ```swift
/// try reader.setQueryGenerationFrom(.current)
/// try writer.save()                      // the reader still sees the rows as they were
/// try reader.setQueryGenerationFrom(.current)   // advance
/// ```
public final class QueryGenerationToken: CustomStringConvertible {
    /// The coordinator whose stores the generation belongs to.
    weak var coordinator: PersistentStoreCoordinator?
    /// The generation's number on its coordinator (1, 2, … in the order generations were taken).
    public let number: Int
    /// Each store's rows at that moment (the row tables are values: taking them copies nothing until the
    /// store writes).
    let snapshots: [(store: ObjectIdentifier, rows: [String: RowTable])]

    init(coordinator: PersistentStoreCoordinator, number: Int, snapshots: [(store: ObjectIdentifier, rows: [String: RowTable])]) {
        self.coordinator = coordinator
        self.number = number
        self.snapshots = snapshots
    }

    /// `QueryGenerationToken(2)`.
    public var description: String { "QueryGenerationToken(\(number))" }

    /// An object's row in the generation.
    func row(for id: ManagedObjectID) -> StoreRow? {
        for snapshot in snapshots { if let row = snapshot.rows[id.entityName]?[id.number] { return row } }
        return nil
    }

    /// The IDs of an entity's saved objects in the generation, in object order.
    func objectIDs(entityName: String) -> [ManagedObjectID] {
        var numbers: [Int] = []
        for snapshot in snapshots { numbers += snapshot.rows[entityName]?.numbers ?? [] }
        if snapshots.count > 1 { numbers.sort() }
        return numbers.map { ManagedObjectID(entityName: entityName, number: $0, isTemporaryID: false) }
    }
}

/// Which generation a context reads (`setQueryGenerationFrom(_:)`'s argument).
public enum QueryGeneration {
    /// `NSQueryGenerationToken.current`: the stores' rows now.
    case current
    /// A generation another context is pinned to.
    case token(QueryGenerationToken)
}

extension PersistentStoreCoordinator {
    /// A new generation of the stores' current rows.
    /// - Throws: `.invalidOperation` when a store is not a SQLite store: Core Data offers query generations
    ///   on SQLite stores only.
    func currentQueryGeneration() throws -> QueryGenerationToken {
        for store in persistentStores where store.type != .sqlite {
            throw ObjectGraphError(.invalidOperation,
                "Query generations are only supported by SQLite stores; the store \(store.identifier) is an in-memory store.")
        }
        queryGenerationCount += 1
        return QueryGenerationToken(coordinator: self, number: queryGenerationCount,
                                    snapshots: persistentStores.map { (ObjectIdentifier($0), $0.rows) })
    }
}

extension ManagedObjectContext {
    /// Pins the context to a query generation, or unpins it with nil (`setQueryGenerationFrom(_:)`).
    /// A pinned context keeps reading the same saved rows until it saves, merges changes, is reset or
    /// is given another generation; then it moves to the current one.
    /// - Throws: `.invalidOperation` for a child context (its parent is its source), a token of another
    ///   coordinator, or a store that is not SQLite.
    public func setQueryGenerationFrom(_ generation: QueryGeneration?) throws {
        try checkQueue("setQueryGenerationFrom")
        guard let generation else { queryGenerationToken = nil; return }
        guard parent == nil else {
            throw ObjectGraphError(.invalidOperation,
                "\(name) is a child context: it reads its parent, and only a context of a coordinator can be pinned to a query generation.")
        }
        switch generation {
        case .current:
            queryGenerationToken = try persistentStoreCoordinator.currentQueryGeneration()
        case .token(let token):
            guard token.coordinator === persistentStoreCoordinator else {
                throw ObjectGraphError(.invalidOperation,
                    "\(token) belongs to another persistent store coordinator: a context can only be pinned to a generation of its own stores.")
            }
            queryGenerationToken = token
        }
    }

    /// A pinned context moves to the current generation (after a save, a merge, a reset).
    func advanceQueryGeneration() {
        guard queryGenerationToken != nil else { return }
        queryGenerationToken = try? persistentStoreCoordinator.currentQueryGeneration()
    }
}
