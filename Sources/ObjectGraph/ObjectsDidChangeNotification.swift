/// The payload of `NSManagedObjectContextObjectsDidChange`, posted by `processPendingChanges()`.
///
/// Every array is in object order (entity name, then object number), so traces are deterministic.
/// `changedKeys` and `oldValues` describe each updated object: the keys that changed in this event
/// (sorted) and the value each had before the event's first change.
public struct ObjectsDidChangeNotification {
    /// The context that posted the notification.
    public unowned let context: ManagedObjectContext
    /// Objects inserted since the last notification.
    public var inserted: [ManagedObject] = []
    /// Objects whose properties changed since the last notification.
    public var updated: [ManagedObject] = []
    /// Objects deleted since the last notification (including deletions propagated by cascade).
    public var deleted: [ManagedObject] = []
    /// Objects refreshed from their store or parent (merges, `refresh(_:mergeChanges:)`).
    public var refreshed: [ManagedObject] = []
    /// Objects removed from the context (a store was removed); treat them as deleted.
    public var invalidated: [ManagedObject] = []
    /// True when the context was reset: every object it held is gone.
    public var invalidatedAll = false
    /// For each updated or refreshed object: the keys that changed, sorted.
    public var changedKeys: [ManagedObject: [String]] = [:]
    /// For each updated object: the value of each changed key before the change.
    public var oldValues: [ManagedObject: [String: Value]] = [:]

    /// Creates an empty notification for a context.
    public init(context: ManagedObjectContext) { self.context = context }

    /// True when the notification carries nothing.
    public var isEmpty: Bool {
        inserted.isEmpty && updated.isEmpty && deleted.isEmpty && refreshed.isEmpty && invalidated.isEmpty
            && !invalidatedAll
    }
}

/// The payload of `NSManagedObjectContextDidSave`.
public struct ContextDidSaveNotification {
    /// The context that saved.
    public unowned let context: ManagedObjectContext
    /// Objects inserted by the save, in object order.
    public var inserted: [ManagedObject] = []
    /// Objects updated by the save, in object order.
    public var updated: [ManagedObject] = []
    /// Objects deleted by the save, in object order.
    public var deleted: [ManagedObject] = []
    /// For each updated object: the persistent keys that the save wrote, sorted.
    public var changedKeys: [ManagedObject: [String]] = [:]
    /// For each updated object: the value each of those keys had at the last save or fetch
    /// (`committedValues(forKeys:)` before the save), as `changedValuesForCurrentEvent` lets an app see.
    public var oldValues: [ManagedObject: [String: Value]] = [:]

    /// Creates an empty notification for a context.
    public init(context: ManagedObjectContext) { self.context = context }
}

/// Something that watches a context, shaped like GRDB's `TransactionObserver`.
///
/// Observers are held weakly by the context and called synchronously, in registration order. An
/// observer that fails records its error (the context cannot be interrupted half-way); the context's
/// public entry point rethrows the first recorded error once its own state is consistent again.
public protocol ContextObserver: AnyObject {
    /// Called at the end of `processPendingChanges()` when registered objects changed.
    func contextObjectsDidChange(_ notification: ObjectsDidChangeNotification) throws
    /// Called at the start of `save()`, after pending changes were processed. Throwing cancels the save.
    func contextWillSave(_ context: ManagedObjectContext) throws
    /// Called after a successful save.
    func contextDidSave(_ notification: ContextDidSaveNotification) throws
}

extension ContextObserver {
    /// Default: nothing.
    public func contextWillSave(_ context: ManagedObjectContext) throws {}
    /// Default: nothing.
    public func contextDidSave(_ notification: ContextDidSaveNotification) throws {}
}
