/// A position in a store's persistent history (`NSPersistentHistoryToken`): opaque, ordered.
public struct PersistentHistoryToken: Comparable, Hashable, CustomStringConvertible, Sendable {
    /// The transaction number (1, 2, … in the order the store committed them).
    public let value: Int
    /// The store's identifier.
    public let storeIdentifier: String

    /// Orders tokens of one store.
    public static func < (a: Self, b: Self) -> Bool { a.value < b.value }

    /// `PersistentHistoryToken(3)`.
    public var description: String { "PersistentHistoryToken(\(value))" }
}

/// The date of history transactions. Ripple has no wall clock (every run must print the same trace): a
/// transaction's `timestamp` is ``epoch`` plus its number in seconds — one second apart, in commit order.
public enum PersistentHistoryClock {
    /// 2026-01-01 00:00:00 UTC, in seconds since 1970.
    public static let epoch: Double = 1_767_225_600
    /// The timestamp of the transaction numbered `token`.
    public static func timestamp(ofTransaction token: Int) -> Double { epoch + Double(token) }
}

/// One change of a history transaction (`NSPersistentHistoryChange`).
public struct PersistentHistoryChange: Sendable {
    /// What happened (`NSPersistentHistoryChangeType`).
    public enum ChangeType: String, Sendable { case insert, update, delete }
    /// What happened.
    public var changeType: ChangeType
    /// The object.
    public var changedObjectID: ManagedObjectID
    /// For updates: the properties written, sorted.
    public var updatedProperties: [String]
    /// For deletions: the last values of the attributes marked `preservesValueInHistoryOnDeletion`
    /// (`tombstone`); nil values are left out. Empty otherwise.
    public var tombstone: [String: Value] = [:]
}

/// One committed save or batch request of a store (`NSPersistentHistoryTransaction`).
public struct PersistentHistoryTransaction: Sendable {
    /// The transaction's token.
    public var token: PersistentHistoryToken
    /// The `transactionAuthor` of the context that saved (nil when none was set).
    public var author: String?
    /// The name of the context that saved.
    public var contextName: String
    /// The changes, in object order.
    public var changes: [PersistentHistoryChange]
    /// When the transaction was committed (``PersistentHistoryClock``), seconds since 1970.
    public var timestamp: Double { PersistentHistoryClock.timestamp(ofTransaction: token.value) }

    /// The changes as a did-save notification's IDs (`objectIDNotification()`), to merge into a context.
    public func objectIDNotification() -> SavedObjectIDs {
        var ids = SavedObjectIDs(remoteChangesNamed: contextName,
                                 inserted: changes.filter { $0.changeType == .insert }.map(\.changedObjectID),
                                 updated: changes.filter { $0.changeType == .update }.map(\.changedObjectID),
                                 deleted: changes.filter { $0.changeType == .delete }.map(\.changedObjectID))
        for change in changes where change.changeType == .update { ids.changedKeys[change.changedObjectID] = change.updatedProperties }
        ids.knowsChangedKeys = true
        ids.isRemote = true
        return ids
    }
}

/// The history a store keeps when `persistentHistoryTracking` is on.
final class PersistentHistory {
    var transactions: [PersistentHistoryTransaction] = []
    var lastToken = 0
    /// The largest token deleted so far (0: none).
    var deletedThrough = 0
}

/// A history request (`NSPersistentHistoryChangeRequest`).
public enum PersistentHistoryRequest {
    /// `fetchHistory(after:)`: the transactions after a token (nil: all).
    case fetchAfter(PersistentHistoryToken?)
    /// `fetchHistory(after: Date)`: the transactions committed after a date (seconds since 1970).
    case fetchAfterDate(Double)
    /// `fetchHistory(withFetch:)`: the transactions a predicate on the transaction entity
    /// (``PersistentHistoryTransaction/entity``: `author`, `contextName`, `timestamp`) accepts, in order.
    case fetch(Predicate)
    /// `deleteHistory(before:)`: removes the transactions before a token.
    case deleteBefore(PersistentHistoryToken)
}

extension PersistentStore {
    /// The token of the store's last transaction (`currentPersistentHistoryToken`), nil without tracking
    /// or before the first transaction.
    public var currentPersistentHistoryToken: PersistentHistoryToken? {
        guard let history else { return nil }
        let last = openFile.map { (try? $0.lastHistoryToken()) ?? 0 } ?? history.lastToken
        guard last > 0 else { return nil }
        return PersistentHistoryToken(value: last, storeIdentifier: identifier)
    }

    /// Records a transaction (called with the rows as they were before it): in memory, or for a SQLite
    /// store in the file, inside the save's write transaction.
    func recordHistory(writes: [(ManagedObjectID, StoreRow)], deletes: [ManagedObjectID],
                       before: (ManagedObjectID) -> StoreRow?, author: String?, contextName: String,
                       model: ManagedObjectModel) throws {
        guard let history, !(writes.isEmpty && deletes.isEmpty) else { return }
        let changes = Self.historyChanges(writes: writes, deletes: deletes, before: before, model: model)
        if let file = openFile {
            _ = try file.appendHistory(author: author, contextName: contextName, changes: changes)
            return
        }
        history.lastToken += 1
        history.transactions.append(PersistentHistoryTransaction(
            token: PersistentHistoryToken(value: history.lastToken, storeIdentifier: identifier),
            author: author, contextName: contextName, changes: changes))
    }

    static func historyChanges(writes: [(ManagedObjectID, StoreRow)], deletes: [ManagedObjectID],
                               before: (ManagedObjectID) -> StoreRow?, model: ManagedObjectModel) -> [PersistentHistoryChange] {
        var changes: [PersistentHistoryChange] = []
        for (id, row) in writes {
            guard let old = before(id) else {
                changes.append(.init(changeType: .insert, changedObjectID: id, updatedProperties: []))
                continue
            }
            var keys: [String] = []
            if let entity = model.entity(named: id.entityName) {
                for (i, a) in entity.attributes.enumerated() where !a.isTransient && old.attributes[i] != row.attributes[i] { keys.append(a.name) }
                for (i, r) in entity.relationships.enumerated() {
                    let changed = r.isToMany ? Set(old.toMany[i]) != Set(row.toMany[i]) : old.toOne[i] != row.toOne[i]
                    if changed { keys.append(r.name) }
                }
            }
            changes.append(.init(changeType: .update, changedObjectID: id, updatedProperties: keys.sorted()))
        }
        for id in deletes {
            var change = PersistentHistoryChange(changeType: .delete, changedObjectID: id, updatedProperties: [])
            if let entity = model.entity(named: id.entityName), let old = before(id) {
                for (i, a) in entity.attributes.enumerated() where a.preservesValueInHistoryOnDeletion && !a.isTransient {
                    if !old.attributes[i].isNull { change.tombstone[a.name] = old.attributes[i] }
                }
            }
            changes.append(change)
        }
        changes.sort { ($0.changedObjectID.entityName, $0.changedObjectID.number) < ($1.changedObjectID.entityName, $1.changedObjectID.number) }
        return changes
    }

    /// Runs a history request: the transactions after a token, or the number deleted.
    /// - Throws: 134301 (`NSPersistentHistoryTokenExpiredError`) for a token older than the history kept;
    ///   `.store` when tracking is off.
    static func expired(_ token: PersistentHistoryToken?, _ deletedThrough: Int) -> ObjectGraphError {
        ObjectGraphError(.store, code: 134301,
            "Error Domain=NSCocoaErrorDomain Code=134301 \"The persistent history token has expired: the history after it was deleted.\" UserInfo={token=\(token.map(\.description) ?? "nil"), deletedThrough=\(deletedThrough)}")
    }

    /// Reads history from the file, its failures as Cocoa errors.
    private func fileHistory<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let failure as SQLiteStoreFile.SQLiteFailure {
            throw SQLiteStoreFile.cocoaError(failure, path: identifier, waited: openFile?.busyTimeout ?? 0, action: "reading the persistent history")
        }
    }

    /// The transactions a date or a fetch request selects. A date with nothing after it (one in the
    /// future) and a predicate nothing satisfies (an unknown author) select nothing: an empty result.
    static func select(_ all: [PersistentHistoryTransaction], _ request: PersistentHistoryRequest) throws -> [PersistentHistoryTransaction] {
        switch request {
        case .fetchAfterDate(let date):
            return all.filter { $0.timestamp > date }
        case .fetch(let predicate):
            return try all.filter { try predicate.evaluate(with: PersistentHistoryTransaction.evaluationObject(for: $0)) }
        default:
            return all
        }
    }

    func execute(_ request: PersistentHistoryRequest) throws -> [PersistentHistoryTransaction] {
        guard let history else {
            throw ObjectGraphError(.store, code: 134091,
                "Persistent history tracking is not enabled for the store \(identifier): add it with persistentHistoryTracking = true (NSPersistentHistoryTrackingKey).")
        }
        if let file = openFile {
            switch request {
            case .fetchAfterDate, .fetch:
                let all = try fileHistory { try file.historyTransactions(after: 0, storeIdentifier: identifier) }
                return try Self.select(all, request)
            case .fetchAfter(let token):
                let after = token?.value ?? 0
                let deletedThrough = try fileHistory { try file.historyDeletedThrough() }
                if after < deletedThrough { throw Self.expired(token, deletedThrough) }
                return try fileHistory { try file.historyTransactions(after: after, storeIdentifier: identifier) }
            case .deleteBefore(let token):
                let gone = try fileHistory { try file.historyTransactions(after: 0, storeIdentifier: identifier) }
                    .filter { $0.token.value < token.value }
                try file.transaction { try file.deleteHistory(before: token.value) }
                return gone
            }
        }
        switch request {
        case .fetchAfterDate, .fetch:
            return try Self.select(history.transactions, request)
        case .fetchAfter(let token):
            let after = token?.value ?? 0
            if after < history.deletedThrough {
                throw ObjectGraphError(.store, code: 134301,
                    "Error Domain=NSCocoaErrorDomain Code=134301 \"The persistent history token has expired: the history after it was deleted.\" UserInfo={token=\(token.map(\.description) ?? "nil"), deletedThrough=\(history.deletedThrough)}")
            }
            return history.transactions.filter { $0.token.value > after }
        case .deleteBefore(let token):
            let gone = history.transactions.filter { $0.token.value < token.value }
            history.transactions.removeAll { $0.token.value < token.value }
            history.deletedThrough = max(history.deletedThrough, token.value - 1)
            return gone
        }
    }
}

extension PersistentHistoryTransaction {
    /// The transaction entity a history fetch request's predicate reads (`NSPersistentHistoryTransaction.entityDescription`):
    /// `author` (string, nil when none), `contextName` (string), `timestamp` (date).
    public static let entity: EntityDescription = {
        let entity = EntityDescription(name: "Transaction", attributes: [
            AttributeDescription(name: "author", type: .string, isOptional: true),
            AttributeDescription(name: "contextName", type: .string, isOptional: true),
            AttributeDescription(name: "timestamp", type: .date),
        ])
        // The model completes the entity (its slots), so that key paths resolve as in any fetch.
        return (try? ManagedObjectModel(entities: [entity]))?.entity(named: "Transaction") ?? entity
    }()

    /// A detached object of ``entity`` holding the transaction's values, for predicate evaluation.
    static func evaluationObject(for transaction: PersistentHistoryTransaction) -> ManagedObject {
        ManagedObject(entity: entity, objectID: ManagedObjectID(entityName: "Transaction", number: transaction.token.value, isTemporaryID: false),
                      context: nil, attributeValues: [transaction.author.map { .string($0) } ?? .null,
                                                      .string(transaction.contextName), .date(transaction.timestamp)])
    }
}

extension ManagedObjectContext {
    /// Runs a history request against the coordinator's first store with history tracking
    /// (`execute(NSPersistentHistoryChangeRequest)`): the transactions after a token, or those deleted.
    public func execute(_ request: PersistentHistoryRequest) throws -> [PersistentHistoryTransaction] {
        try checkQueue("executeRequest")
        guard let store = persistentStoreCoordinator.persistentStores.first(where: { $0.history != nil })
            ?? persistentStoreCoordinator.defaultStore else {
            throw ObjectGraphError(.store, code: 134020, "This NSPersistentStoreCoordinator has no persistent stores.")
        }
        return try store.execute(request)
    }
}
