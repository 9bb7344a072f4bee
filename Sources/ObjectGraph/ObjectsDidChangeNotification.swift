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
    /// For each updated or refreshed object, what changed, by property slot: the records the
    /// context kept while the changes were made. ``changedKeys`` and ``oldValues`` are built from them when read.
    public var changes = ObjectChangeRecords()
    /// A dictionary set through ``changedKeys`` (it then replaces the keys of ``changes``).
    private var keysSet: [ManagedObject: [String]]?
    /// A dictionary set through ``oldValues`` (it then replaces the old values of ``changes``).
    private var oldValuesSet: [ManagedObject: [String: Value]]?

    /// For each updated or refreshed object: the keys that changed, sorted. Built from ``changes`` when
    /// read (read ``changedKeys(of:)`` for one object).
    public var changedKeys: [ManagedObject: [String]] {
        get { keysSet ?? changes.keyDictionary() }
        set { keysSet = newValue }
    }
    /// For each updated object: the value of each changed key before the change. Built from ``changes``
    /// when read (read ``oldValues(of:)`` for one object).
    public var oldValues: [ManagedObject: [String: Value]] {
        get { oldValuesSet ?? changes.oldValueDictionary() }
        set { oldValuesSet = newValue }
    }

    /// The keys an object changed, sorted (its entry of ``changedKeys``), or nil when it has none.
    public func changedKeys(of object: ManagedObject) -> [String]? {
        if let keysSet { return keysSet[object] }
        return changes[object]?.keys(in: object.entity)
    }

    /// The old values of an object's changed keys (its entry of ``oldValues``), or nil when it has none.
    public func oldValues(of object: ManagedObject) -> [String: Value]? {
        if let oldValuesSet { return oldValuesSet[object] }
        return changes[object]?.oldValueDictionary(in: object.entity)
    }

    /// An object's record of changed keys: its entry of ``changes``, or, when ``changedKeys`` was set as a
    /// dictionary, a record of those keys by name. Nil when it has none.
    public func propertyChanges(of object: ManagedObject) -> PropertyChanges? {
        if let keysSet { return keysSet[object].map { PropertyChanges(keys: $0, old: nil) } }
        return changes[object]
    }

    /// True when ``changedKeys`` was set as a dictionary: its lists are then the keys as given (not sorted
    /// by ``PropertyChanges/keys(in:)``), and ``propertyChanges(of:)`` holds them by name.
    public var changedKeysWereSet: Bool { keysSet != nil }

    /// Creates an empty notification for a context.
    public init(context: ManagedObjectContext) { self.context = context }

    /// A notification of updated objects only, with their records.
    @inline(__always)
    init(context: ManagedObjectContext, updated: [ManagedObject], changes: ObjectChangeRecords) {
        self.context = context
        self.updated = updated
        self.changes = changes
    }

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
    /// For each updated object, the persistent properties the save wrote with the value each had at the
    /// last save or fetch, by property slot. ``changedKeys`` and ``oldValues`` are built from them when read.
    public var changes = ObjectChangeRecords()
    /// A dictionary set through ``changedKeys`` (it then replaces the keys of ``changes``).
    private var keysSet: [ManagedObject: [String]]?
    /// A dictionary set through ``oldValues`` (it then replaces the old values of ``changes``).
    private var oldValuesSet: [ManagedObject: [String: Value]]?

    /// For each updated object: the persistent keys that the save wrote, sorted. Built from ``changes``
    /// when read (read ``changedKeys(of:)`` for one object).
    public var changedKeys: [ManagedObject: [String]] {
        get { keysSet ?? changes.keyDictionary() }
        set { keysSet = newValue }
    }
    /// For each updated object: the value each of those keys had at the last save or fetch
    /// (`committedValues(forKeys:)` before the save), as `changedValuesForCurrentEvent` lets an app see.
    /// Built from ``changes`` when read (read ``oldValues(of:)`` for one object).
    public var oldValues: [ManagedObject: [String: Value]] {
        get { oldValuesSet ?? changes.oldValueDictionary() }
        set { oldValuesSet = newValue }
    }

    /// The keys the save wrote for an object, sorted (its entry of ``changedKeys``), or nil.
    public func changedKeys(of object: ManagedObject) -> [String]? {
        if let keysSet { return keysSet[object] }
        return changes[object]?.keys(in: object.entity)
    }

    /// The committed values of an object's saved keys (its entry of ``oldValues``), or nil.
    public func oldValues(of object: ManagedObject) -> [String: Value]? {
        if let oldValuesSet { return oldValuesSet[object] }
        return changes[object]?.oldValueDictionary(in: object.entity)
    }

    /// An object's record of saved keys: its entry of ``changes``, or, when ``changedKeys`` was set as a
    /// dictionary, a record of those keys by name. Nil when it has none.
    public func propertyChanges(of object: ManagedObject) -> PropertyChanges? {
        if let keysSet { return keysSet[object].map { PropertyChanges(keys: $0, old: nil) } }
        return changes[object]
    }

    /// True when ``changedKeys`` was set as a dictionary: its lists are then the keys as given (not sorted
    /// by ``PropertyChanges/keys(in:)``), and ``propertyChanges(of:)`` holds them by name.
    public var changedKeysWereSet: Bool { keysSet != nil }

    /// A notification of updated objects only, with their records.
    @inline(__always)
    init(context: ManagedObjectContext, updated: [ManagedObject], changes: ObjectChangeRecords) {
        self.context = context
        self.updated = updated
        self.changes = changes
    }

    /// Removes an object's entry from every view (an update a merge policy dropped).
    mutating func removeChanges(of object: ManagedObject) {
        changes[object] = nil
        keysSet?[object] = nil
    }

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
