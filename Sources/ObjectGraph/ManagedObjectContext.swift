import Collections

/// The queue a context works on (`NSManagedObjectContextConcurrencyType`).
public enum ConcurrencyType: String, Sendable {
    /// The main queue: the context's objects may be used directly (the view context).
    case mainQueue
    /// A private queue: work must go through `perform` / `performAndWait`.
    case privateQueue
}

/// A managed object context (`NSManagedObjectContext`): a scratch pad of managed objects over a
/// persistent store coordinator.
///
/// Changes are tracked as they are made and announced in batches: `processPendingChanges()` propagates
/// deletions by the delete rules and posts one ``ObjectsDidChangeNotification``; `save()` processes,
/// validates every inserted and updated object, writes to the store and posts ``ContextDidSaveNotification``.
///
/// ```swift
/// let context = ManagedObjectContext(coordinator: coordinator)
/// let ann = try context.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
/// try context.save()
/// ```
///
/// ## Topics
/// - Changing objects: ``insertObject(entityName:values:)``, ``delete(_:)``, ``ManagedObject/setValue(_:forKey:)``
/// - Processing: ``processPendingChanges()``, ``save()``, ``rollback()``, ``reset()``
/// - Fetching: ``fetch(_:)``, ``count(for:)``
public final class ManagedObjectContext {
    /// The queue type.
    public let concurrencyType: ConcurrencyType
    /// The coordinator whose stores the context reads and writes.
    public let persistentStoreCoordinator: PersistentStoreCoordinator
    /// A name for traces (`viewContext`, `background#1`).
    @exclusivity(unchecked) public var name: String

    /// Every object registered in the context, by entity and number (looked up by ID).
    @exclusivity(unchecked) var registered: ObjectRegistry
    /// Inserted since the last save, in insertion order (see ``InsertionOrderedObjects``).
    @exclusivity(unchecked) var inserted = InsertionOrderedObjects.inserted()
    /// Updated since the last save (not inserted, not deleted).
    @exclusivity(unchecked) var updated: Set<ManagedObject> = [] { didSet { trackingEpoch &+= 1 } }
    /// Deleted since the last save (not inserted before the save).
    @exclusivity(unchecked) var deleted: Set<ManagedObject> = []
    /// Inserted since the last processPendingChanges, in insertion order.
    @exclusivity(unchecked) var pendingInserted = InsertionOrderedObjects.pendingInserted()
    /// Deleted since the last processPendingChanges.
    @exclusivity(unchecked) var pendingDeleted: Set<ManagedObject> = []
    /// Changed since the last processPendingChanges.
    @exclusivity(unchecked) var pendingUpdated: Set<ManagedObject> = [] { didSet { trackingEpoch &+= 1 } }
    /// Advances whenever `updated` or `pendingUpdated` change. An object whose `ObjectState.trackedEpoch`
    /// equals it is still in those sets exactly as its last recorded write left it, so the Lua fast
    /// write path may skip the bookkeeping for attributes it already recorded (see `setAttributeIfPlain`).
    var trackingEpoch: UInt64 {
        get { link.trackingEpoch }
        set { link.trackingEpoch = newValue }
    }
    /// What the Lua write fast path of the context's objects reads instead of loading their weak
    /// `managedObjectContext` (see ``ContextLink``).
    let link = ContextLink()
    /// Objects whose committed snapshot was captured since the last save.
    @exclusivity(unchecked) var snapshotted: Set<ManagedObject> = []
    /// Registered observers, weakly held, in registration order.
    @exclusivity(unchecked) var observers: [WeakObserver] = []
    /// True while observers are being told of changes (re-entrant processing is deferred).
    @exclusivity(unchecked) var isPosting = false
    /// True while ``mergeChanges(fromContextDidSave:)-(SavedObjectIDs)`` has not applied its changes yet:
    /// the store (or parent) already holds a save that this context has not merged, so a fresh fetch
    /// would see ahead of the context's objects.
    @exclusivity(unchecked) public internal(set) var isMergingChanges = false
    /// Saved objects whose store row changed behind this context's back and whose change it has not
    /// merged: rows a batch request updated or deleted (batch requests tell no context), and rows another
    /// root context over the coordinator saved (updated or deleted), and, for a child, objects an ancestor
    /// discarded by `rollback()` or `reset()` after the child saved them into it. As in Core Data, this context's
    /// objects and controllers keep the old state until the change is merged
    /// (``mergeChanges(fromContextDidSave:)-(SavedObjectIDs)``, `mergeChanges(fromRemoteContextSave:into:)`);
    /// a fresh fetch, which reads the store, already sees it. Invariant mode leaves these objects out of
    /// its comparison. Emptied by ``reset()``.
    @exclusivity(unchecked) public internal(set) var unmergedStoreChanges = Set<ManagedObjectID>()
    /// Objects inserted in the current event that a fetch returned: if they are deleted before the event
    /// ends, whoever fetched them hears of the deletion.
    @exclusivity(unchecked) var fetchedPendingInserts: Set<ManagedObject> = []
    /// Derived-property propagation and key-value observation state.
    @exclusivity(unchecked) var propagation = PropagationState()
    /// The fetched property values read so far, per object and key (cleared when the object is refreshed).
    @exclusivity(unchecked) var fetchedPropertyCache: [ManagedObject: [String: [ManagedObject]]] = [:]
    /// The parent context of a child context (`parent`): saves go there instead of the store.
    public let parent: ManagedObjectContext?
    /// Merge the changes saved to the parent (or, for a root context, to the coordinator's stores by
    /// other root contexts) automatically (`automaticallyMergesChangesFromParent`). The merge is queued
    /// on this context's queue and runs at the next ``ContextEventLoop/endEvent(_:)`` (`ripple.tick()`).
    @exclusivity(unchecked) public var automaticallyMergesChangesFromParent = false
    /// How a save resolves conflicts with the store (`mergePolicy`); ``MergePolicy/error`` by default,
    /// as in Core Data (`NSErrorMergePolicy`).
    @exclusivity(unchecked) public var mergePolicy: MergePolicy = .error
    /// The undo manager (`undoManager`): nil by default, as on iOS. When set, each processing of the
    /// context's own changes is recorded (one group per processing under `groupsByEvent`).
    public var undoManager: UndoManager? {
        didSet { undoManager?.attach(self) }
    }
    /// The query generation the context is pinned to (`queryGenerationToken`); nil when unpinned.
    @exclusivity(unchecked) public internal(set) var queryGenerationToken: QueryGenerationToken?
    /// The author recorded in the persistent history of this context's saves (`transactionAuthor`).
    @exclusivity(unchecked) public var transactionAuthor: String?
    /// How old cached row data may be before a fault fires from a fresh read (`stalenessInterval`, seconds;
    /// default -1: no limit of the context's own). Ripple keeps no row cache older than the last fetch or
    /// merge: a fault always reads the store's current row, so every value behaves as Core Data's 0.
    @exclusivity(unchecked) public var stalenessInterval: Double = -1
    /// Where the caller is (`file:line` of a script), recorded with deletions for messages; set by the
    /// scripting layer.
    @exclusivity(unchecked) public var callerLocation: (() -> String?)?
    /// Blocks queued by `perform(_:)` and by automatic merges, in order.
    @exclusivity(unchecked) var queuedBlocks: [() throws -> Void] = []
    /// Nesting of `perform` / `performAndWait` blocks running now.
    @exclusivity(unchecked) var performDepth = 0
    /// Changes that come from outside (merges, refreshes, store removal), announced at the next processing.
    @exclusivity(unchecked) var external = ExternalChanges()
    /// The first error of a managed-object class's callback that ran where nothing could throw (a fault
    /// firing, a delete rule, a refresh), rethrown by the public call that caused it.
    @exclusivity(unchecked) var callbackError: Error?
    /// Whether a save of updated objects only may write their rows in place (``writeUpdatesInPlace(to:)``);
    /// tests turn it off to compare the general path's results with it.
    @exclusivity(unchecked) var writesUpdatesInPlace = true
    /// How many saves of this context wrote their rows in place (tests check which path a save took).
    @exclusivity(unchecked) var savesWrittenInPlace = 0

    /// Creates a root context over a coordinator.
    public init(coordinator: PersistentStoreCoordinator, concurrencyType: ConcurrencyType = .mainQueue,
                name: String = "context") {
        self.persistentStoreCoordinator = coordinator
        self.concurrencyType = concurrencyType
        self.name = name
        self.parent = nil
        self.registered = ObjectRegistry(model: coordinator.managedObjectModel)
        link.coordinator = coordinator
        coordinator.register(self)
    }

    /// Creates a child context (`parent = …`): it reads through its parent, and its saves push its changes
    /// one level up, into the parent, which must save them in turn to reach the store.
    ///
    /// ```swift
    /// let editor = ManagedObjectContext(parent: container.viewContext, concurrencyType: .mainQueue, name: "editor")
    /// ```
    public init(parent: ManagedObjectContext, concurrencyType: ConcurrencyType = .mainQueue, name: String = "child") {
        self.persistentStoreCoordinator = parent.persistentStoreCoordinator
        self.concurrencyType = concurrencyType
        self.name = name
        self.parent = parent
        self.registered = ObjectRegistry(model: parent.persistentStoreCoordinator.managedObjectModel)
        link.coordinator = parent.persistentStoreCoordinator
        persistentStoreCoordinator.register(self)
    }

    deinit {
        // Objects that outlive the context must never match a recorded epoch again.
        link.trackingEpoch = 0
    }

    /// The model of the coordinator.
    public var model: ManagedObjectModel { persistentStoreCoordinator.managedObjectModel }

    // MARK: - Observers

    /// Registers an observer (held weakly); returns a token whose `cancel()` removes it.
    public func addObserver(_ observer: ContextObserver) -> ObservationToken {
        let box = WeakObserver(observer)
        observers.append(box)
        return ObservationToken { [weak self, weak box] in
            guard let self, let box else { return }
            self.observers.removeAll { $0 === box }
        }
    }

    /// The live observers, in registration order.
    var liveObservers: [ContextObserver] {
        let live = observers.compactMap(\.observer)
        if live.count != observers.count { observers.removeAll { $0.observer == nil } }
        return live
    }

    /// ``liveObservers`` without an array (one allocation per notification, three per save, before): up to
    /// four held in place, the rest in an array. Each observer alive now is held until the list is dropped.
    var liveObserverList: LiveObserverList {
        var list = LiveObserverList()
        for box in observers {
            if let observer = box.observer { list.append(observer) }
        }
        if list.count != observers.count { observers.removeAll { $0.observer == nil } }
        return list
    }

    // MARK: - State

    /// Objects inserted since the last save, in object order.
    public var insertedObjects: [ManagedObject] { inserted.objectsInObjectOrder() }
    /// Objects updated since the last save, in object order.
    public var updatedObjects: [ManagedObject] { updated.sortedInObjectOrder() }
    /// Objects deleted since the last save, in object order.
    public var deletedObjects: [ManagedObject] { deleted.sortedInObjectOrder() }
    /// Every registered object, in object order.
    public var registeredObjects: [ManagedObject] { registered.values.sortedInObjectOrder() }

    /// True when there are unsaved insertions, updates or deletions.
    public var hasChanges: Bool { !inserted.isEmpty || !updated.isEmpty || !deleted.isEmpty }

    /// True when changes were made since the last `processPendingChanges()`.
    public var hasPendingChanges: Bool {
        !pendingInserted.isEmpty || !pendingDeleted.isEmpty || !pendingUpdated.isEmpty || !external.isEmpty
    }

    // MARK: - Inserting and deleting

    /// Inserts a new object of an entity (`NSEntityDescription.insertNewObject(forEntityName:into:)`),
    /// with its default values and then `values` applied.
    /// - Throws: `.unknownEntity`, `.unknownKey` or `.wrongType`; on error nothing is inserted.
    @discardableResult
    public func insertObject(entityName: String, values: [(String, Value)] = []) throws -> ManagedObject {
        try checkQueue("insert")
        return try performMutation { try insertObjectNow(entityName: entityName, values: values) }
    }

    private func insertObjectNow(entityName: String, values: [(String, Value)]) throws -> ManagedObject {
        let entity = try model.requireEntity(named: entityName)
        if entity.isAbstract { throw ObjectGraphError.abstractEntity(entity) }
        // Check every value before anything changes, so a bad value inserts nothing. Each key is looked up
        // once; attributes convert here (`coerce` is only asked again to word the error).
        var checked: [(key: String, slot: PropertySlot, value: Value)] = []
        checked.reserveCapacity(values.count)
        for (key, value) in values {
            guard let slot = entity.slots[key] else { throw ObjectGraphError.unknownKey(key, entity: entity, object: nil) }
            if case .attribute(let i) = slot, entity.isStoreDerivedAttribute(at: i) {
                throw ObjectGraphError.derivedAttributeWrite(key, entity: entity, objectName: nil)
            }
            if case .attribute(let i) = slot, let converted = Self.convert(value, to: entity.attributes[i].type) {
                checked.append((key, slot, converted))
            } else {
                checked.append((key, slot, try coerce(value, forKey: key, of: entity, objectName: nil)))
            }
        }
        return try insertChecked(entity, checked)
    }

    /// Inserts a new object of one of the model's entities from a full array of attribute values (a
    /// scripting bridge that read the keys itself): exactly ``insertObject(entityName:values:)`` with the
    /// assigned attributes as `(name, value)` pairs in name order, without looking the entity or any key up.
    /// - Parameters:
    ///   - entity: An entity of this context's model.
    ///   - values: Indexed like `entity.attributes`: the given value where `assigned` has the attribute's
    ///     bit, the default (`entity.initialAttributeValues`) elsewhere. Converted in place (passed `inout`
    ///     so that no copy is made), it becomes the object's storage.
    ///   - assigned: Bit `i` set when attribute `i` (< 64) was given a value.
    /// - Throws: `.wrongType`; on error nothing is inserted.
    @discardableResult
    public func insertObject(entity: EntityDescription, attributeValues values: inout [Value],
                             assigned: UInt64) throws -> ManagedObject {
        try checkQueue("insert")
        precondition(model.entities.indices.contains(entity.index) && model.entities[entity.index] === entity
                     && values.count == entity.attributes.count,
                     "insertObject(entity:attributeValues:assigned:) with an entity of another model")
        if entity.isAbstract { throw ObjectGraphError.abstractEntity(entity) }
        for i in entity.attributeIndexesByName where i < 64 && assigned & (1 << UInt64(i)) != 0 && entity.isStoreDerivedAttribute(at: i) {
            throw ObjectGraphError.derivedAttributeWrite(entity.attributes[i].name, entity: entity, objectName: nil)
        }
        return try performMutation {
            // Convert in key order, so the first value that cannot convert is the one the general path
            // would report (`coerce` words the error).
            for i in entity.attributeIndexesByName where i < 64 && assigned & (1 << UInt64(i)) != 0 {
                // Values already of the attribute's type (what `convert` returns unchanged) stay in place.
                switch (entity.attributeTypes[i], values[i]) {
                case (_, .null), (.string, .string), (.integer, .integer), (.double, .double), (.boolean, .bool): continue
                default: break
                }
                if let converted = Self.convert(values[i], to: entity.attributeTypes[i]) {
                    values[i] = converted
                } else {
                    values[i] = try coerce(values[i], forKey: entity.attributes[i].name, of: entity, objectName: nil)
                }
            }
            if entity.derived.triggers.isEmpty && propagation.observations.isEmpty && !Self.awakensFromInsert(entity) {
                return try insertChecked(entity, [], attributeValues: values)
            }
            var checked: [(key: String, slot: PropertySlot, value: Value)] = []
            for i in entity.attributeIndexesByName where i < 64 && assigned & (1 << UInt64(i)) != 0 {
                checked.append((entity.attributes[i].name, .attribute(i), values[i]))
            }
            return try insertChecked(entity, checked)
        }
    }

    /// Inserts an object whose values were checked and converted (see `insertObjectNow`).
    /// `attributeValues`, when given, are the object's converted attribute values (only with no `checked`
    /// values and when values may be stored directly).
    private func insertChecked(_ entity: EntityDescription,
                               _ checked: [(key: String, slot: PropertySlot, value: Value)],
                               attributeValues: [Value]? = nil) throws -> ManagedObject {
        let number = try persistentStoreCoordinator.reserveNumber(for: entity)
        let object = ManagedObject(entity: entity,
                                   objectID: ManagedObjectID(entityName: entity.name, number: number, isTemporaryID: true),
                                   context: self, attributeValues: attributeValues)
        object.state.isInserted = true
        registered.register(object)
        inserted.insert(object)
        pendingInserted.insert(object)
        // The class's awakeFromInsert sees the defaults; the given values are applied after it, as the code
        // that inserts an object sets its values after `insertNewObject` returns. When it fails the insertion
        // stands (the values are applied) and its error is rethrown.
        var awakeError: Error?
        if attributeValues == nil && Self.awakensFromInsert(entity) {
            do { try runCallback(.awakeFromInsert, on: object) } catch { awakeError = error }
        }
        // A new object's attributes are stored directly when nothing can watch them change: its insertion
        // is what this event reports (the per-key old values `willChange` records are never read for an
        // object inserted in the same event), no key-value observer can know it yet, and no derived
        // property depends on the entity. Relationships always take the full path (inverses).
        let direct = entity.derived.triggers.isEmpty && propagation.observations.isEmpty
        for (key, slot, value) in checked {
            if direct, case .attribute(let i) = slot {
                object.attributeValues[i] = value
            } else {
                try setValue(value, forKey: key, of: object, checked: true)
            }
        }
        for i in entity.derivedProperties.indices { markDerivedDirty(object, i) }
        if let awakeError { throw awakeError }
        return object
    }

    /// Whether the entity's class has an `awakeFromInsert`.
    static func awakensFromInsert(_ entity: EntityDescription) -> Bool {
        entity.managedObjectClass?.implements(.awakeFromInsert) == true
    }

    /// Inserts a new object from a dictionary of values (keys are applied in sorted order).
    @discardableResult
    public func insertObject(entityName: String, values: [String: Value]) throws -> ManagedObject {
        try insertObject(entityName: entityName, values: values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    /// Marks an object deleted (`delete(_:)`). Relationships are handled by their delete rules when
    /// pending changes are processed; an object inserted and deleted before a save is simply forgotten.
    /// - Throws: `.inaccessibleObject` for an object of another context or one already removed.
    public func delete(_ object: ManagedObject) throws {
        try checkQueue("delete")
        try checkAccess(object, forWriting: false, use: .delete)
        if !object.state.isDeleted { object.fate = .deleted(context: name, at: callerLocation?()) }
        markDeleted(object)
    }

    func markDeleted(_ object: ManagedObject) {
        guard !object.state.isDeleted else { return }
        object.state.isDeleted = true
        pendingDeleted.insert(object)
        updated.remove(object)
        if object.state.isInserted {
            inserted.remove(object)
        } else {
            deleted.insert(object)
        }
    }

    /// The registered object with that ID, materialising it from the store when needed
    /// (`existingObject(with:)`).
    /// - Throws: `.inaccessibleObject` 133000 (`NSManagedObjectReferentialIntegrityError`) when no such
    ///   object exists (never saved, or deleted since), or the ID names a store the coordinator does not have.
    public func existingObject(with id: ManagedObjectID) throws -> ManagedObject {
        try checkQueue("existingObjectWithID")
        if persistentStoreCoordinator.holdsStore(of: id), let object = registered[id] { return object }
        if !persistentStoreCoordinator.holdsStore(of: id) {
            // An ID of a store this coordinator does not have: not found, whatever its number.
            throw ObjectGraphError(.inaccessibleObject, code: 133000,
                "Error Domain=NSCocoaErrorDomain Code=133000 \"Attempt to access an object not found in store.\" UserInfo={objectID=\(id.uriRepresentation)}")
        }
        if let object = materialize(id) { return object }
        throw ObjectGraphError(.inaccessibleObject, code: 133000,
            "Error Domain=NSCocoaErrorDomain Code=133000 \"Attempt to access an object not found in store.\" UserInfo={objectID=\(id.uriRepresentation)}")
    }

    /// The registered object with that ID, if it is registered.
    public func registeredObject(for id: ManagedObjectID) -> ManagedObject? { registered[id] }

    // MARK: - Access checks

    /// Fails when the object cannot be used through this context.
    func checkAccess(_ object: ManagedObject, forWriting: Bool, use: ContextUse = .access) throws {
        if object.state.isInvalid { throw ObjectGraphError.unfulfillableFault(object) }
        guard object.managedObjectContext === self else {
            if object.managedObjectContext == nil { throw ObjectGraphError.removedFromContext(object) }
            throw otherContextError(object, use)
        }
        if object.state.isFault { try object.fireFaultThrowingCallbackError() }
        if object.state.isInvalid { throw ObjectGraphError.unfulfillableFault(object) }
        if forWriting && object.state.isDeleted {
            throw ObjectGraphError(.inaccessibleObject,
                "Mutating a managed object \(object.displayName) <\(object.objectID.uriRepresentation)> after it has been deleted from its context." + object.fateSuffix)
        }
    }
}

/// A weak reference to an observer.
/// The live observers of one notification, held strongly while it is delivered (see
/// `ManagedObjectContext.liveObserverList`): read them with `next()` on a `var`, in registration order.
struct LiveObserverList {
    private var first: (ContextObserver?, ContextObserver?, ContextObserver?, ContextObserver?) = (nil, nil, nil, nil)
    private var more: [ContextObserver] = []
    /// The number of observers held.
    private(set) var count = 0
    private var position = 0

    mutating func append(_ observer: ContextObserver) {
        switch count {
        case 0: first.0 = observer
        case 1: first.1 = observer
        case 2: first.2 = observer
        case 3: first.3 = observer
        default: more.append(observer)
        }
        count += 1
    }

    /// The next observer, or nil after the last.
    mutating func next() -> ContextObserver? {
        guard position < count else { return nil }
        defer { position += 1 }
        switch position {
        case 0: return first.0
        case 1: return first.1
        case 2: return first.2
        case 3: return first.3
        default: return more[position - 4]
        }
    }
}

final class WeakObserver {
    weak var observer: ContextObserver?
    init(_ observer: ContextObserver) { self.observer = observer }
}

/// A registration that can be cancelled (`DatabaseCancellable`).
public final class ObservationToken {
    @exclusivity(unchecked) private var onCancel: (() -> Void)?
    /// Creates a token that runs `onCancel` once when cancelled.
    public init(onCancel: @escaping () -> Void) { self.onCancel = onCancel }
    /// Removes the registration (idempotent).
    public func cancel() {
        onCancel?()
        onCancel = nil
    }
}

extension Sequence where Element == ManagedObject {
    /// The objects in object order: entity name, then object number.
    ///
    /// Each object's (entity index, number) is read once into a flat key array, which is sorted (or only
    /// checked, when the objects already come in order); comparisons never touch the objects.
    public func sortedInObjectOrder() -> [ManagedObject] {
        let objects = Array(self)
        guard objects.count > 1 else { return objects }
        var keys: [(entity: Int, number: Int, position: Int)] = []
        keys.reserveCapacity(objects.count)
        var inOrder = true
        for (position, object) in objects.enumerated() {
            let key = (entity: object.entity.index, number: object.number, position: position)
            if inOrder, let last = keys.last, (last.entity, last.number) > (key.entity, key.number) { inOrder = false }
            keys.append(key)
        }
        if inOrder { return objects }
        if let placed = Self.placedByNumber(objects, keys) { return placed }
        keys.sort { a, b in (a.entity, a.number, a.position) < (b.entity, b.number, b.position) }
        return keys.map { objects[$0.position] }
    }
}

extension Sequence where Element == ManagedObject {
    /// Objects of one entity whose numbers are dense (the objects a bulk insert or fetch deals with): each
    /// placed at its number's position, in O(N) instead of a sort. Nil when the objects are of several
    /// entities, their numbers are sparse, or two share a number (objects of different contexts).
    fileprivate static func placedByNumber(_ objects: [ManagedObject],
                                           _ keys: [(entity: Int, number: Int, position: Int)]) -> [ManagedObject]? {
        guard objects.count >= 64, let first = keys.first else { return nil }
        var low = first.number, high = first.number
        for key in keys {
            guard key.entity == first.entity else { return nil }
            low = Swift.min(low, key.number)
            high = Swift.max(high, key.number)
        }
        let span = high - low + 1
        guard span <= 2 * objects.count else { return nil }
        var slots = [Int](repeating: -1, count: span)
        for key in keys {
            guard slots[key.number - low] < 0 else { return nil }
            slots[key.number - low] = key.position
        }
        var result: [ManagedObject] = []
        result.reserveCapacity(objects.count)
        for position in slots where position >= 0 { result.append(objects[position]) }
        return result
    }
}

extension ObjectGraphError {
    /// KVC's `setValue:forUndefinedKey:` wording, which is what setting a read-only (derived) property gives.
    static func readOnlyKey(_ key: String, entity: EntityDescription, objectName: String?) -> ObjectGraphError {
        let who = objectName.map { "<\(entity.name) \($0)>" } ?? "<\(entity.name)>"
        return ObjectGraphError(.invalidOperation,
            "[\(who) setValue:forUndefinedKey:]: the entity \(entity.name) is not key value coding-compliant for the key \"\(key)\" (derived properties are read-only).")
    }

    /// A write of a derived attribute the store computes at save (read-only).
    static func derivedAttributeWrite(_ key: String, entity: EntityDescription, objectName: String?) -> ObjectGraphError {
        let who = objectName.map { "<\(entity.name) \($0)>" } ?? "<\(entity.name)>"
        return ObjectGraphError(.invalidOperation,
            "[\(who) setValue:forKey:]: \(entity.name).\(key) is a derived attribute: its value is computed when the context saves and cannot be set.")
    }

    /// Core Data's `valueForUndefinedKey:` wording.
    /// Inserting an object of an abstract entity: Core Data's `NSInternalInconsistencyException`.
    static func abstractEntity(_ entity: EntityDescription) -> ObjectGraphError {
        ObjectGraphError(.invalidOperation,
            "Cannot create an instance of abstract entity \(entity.name); insert one of its sub-entities (\(entity.subentities.map(\.name).joined(separator: ", ")))")
    }

    static func unknownKey(_ key: String, entity: EntityDescription, object: ManagedObject?) -> ObjectGraphError {
        let who = object.map { "<\(entity.name) \($0.displayName)>" } ?? "<\(entity.name)>"
        return ObjectGraphError(.unknownKey,
            "[\(who) valueForUndefinedKey:]: the entity \(entity.name) is not key value coding-compliant for the key \"\(key)\".")
            .naming(key, among: entity.propertyNames)
    }
}
