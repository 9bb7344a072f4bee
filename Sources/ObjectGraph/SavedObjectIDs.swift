/// What a save changed, by object ID (`NSManagedObjectContextDidSaveObjectIDs`): safe to keep and to
/// hand to another context's ``ManagedObjectContext/mergeChanges(fromContextDidSave:)``.
///
/// ```swift
/// let changes = SavedObjectIDs(didSave)
/// viewContext.perform { try viewContext.mergeChanges(fromContextDidSave: changes) }
/// ```
public struct SavedObjectIDs: Sendable {
    /// The name of the context that saved.
    public var contextName: String
    /// Inserted objects, in object order.
    public var inserted: [ManagedObjectID]
    /// Updated objects, in object order.
    public var updated: [ManagedObjectID]
    /// Deleted objects, in object order.
    public var deleted: [ManagedObjectID]
    /// For each updated object: the persistent keys the save wrote, sorted.
    public var changedKeys: [ManagedObjectID: [String]]
    /// False for remote changes (`mergeChanges(fromRemoteContextSave:into:)`): the merge computes the
    /// changed keys of each refreshed object itself.
    public var knowsChangedKeys = true
    /// True for changes made outside this process's view of the store (batch requests, history
    /// transactions, `mergeChanges(fromRemoteContextSave:into:)`): a merge first reloads their rows from
    /// the store file, which another connection may have written.
    public var isRemote = false

    /// Changes made elsewhere, by ID (a batch request's result, another process's save).
    public init(remoteChangesNamed name: String, inserted: [ManagedObjectID], updated: [ManagedObjectID],
                deleted: [ManagedObjectID]) {
        contextName = name
        self.inserted = inserted.map(\.permanent)
        self.updated = updated.map(\.permanent)
        self.deleted = deleted.map(\.permanent)
        changedKeys = [:]
        knowsChangedKeys = false
        isRemote = true
    }

    /// The IDs of a did-save notification.
    public init(_ note: ContextDidSaveNotification) {
        contextName = note.context.name
        inserted = note.inserted.map(\.objectID)
        updated = note.updated.map(\.objectID)
        deleted = note.deleted.map(\.objectID)
        var keys: [ManagedObjectID: [String]] = [:]
        for object in note.updated { if let k = note.changedKeys(of: object) { keys[object.objectID] = k } }
        changedKeys = keys
    }
}

/// Changes that reach a context from outside (merges, refreshes, store removal), announced by its next
/// `processPendingChanges()` next to its own.
struct ExternalChanges {
    var inserted: Set<ManagedObject> = []
    var deleted: Set<ManagedObject> = []
    var invalidated: Set<ManagedObject> = []
    /// Every object the context had from a store was invalidated at once (a store was removed).
    var invalidatedAll = false
    var refreshedKeys: [ManagedObject: [String]] = [:]
    var refreshedOldValues: [ManagedObject: [String: Value]] = [:]

    var isEmpty: Bool {
        inserted.isEmpty && deleted.isEmpty && invalidated.isEmpty && refreshedKeys.isEmpty && !invalidatedAll
    }
}
