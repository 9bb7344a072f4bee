import Collections

/// A managed object (`NSManagedObject`): one record of an entity, registered in a context.
///
/// Values are read and written by key (`value(forKey:)`, `setValue(_:forKey:)`); to-many relationships
/// are live ordered sets changed with `addObject(_:toRelationship:)` / `removeObject(_:fromRelationship:)`.
/// Inverses are kept in sync immediately; everything else (delete propagation, notifications) happens
/// when the context processes its pending changes.
///
/// ```swift
/// let ann = try context.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
/// try ann.setValue(.string("Anna"), forKey: "name")
/// try ann.value(forKey: "name")     // .string("Anna")
/// ```
public final class ManagedObject: Hashable, CustomStringConvertible {
    /// The entity of the object.
    public let entity: EntityDescription
    /// The object's ID: temporary until the first save, permanent afterwards. Built from the entity's name,
    /// the object's number and `state.isTemporaryID` (the object stores one word for it, not the ID's four).
    public internal(set) var objectID: ManagedObjectID {
        get {
            ManagedObjectID(entityName: entity.name, number: number, isTemporaryID: state.isTemporaryID,
                            storeTag: state.isTemporaryID ? 0 : link.coordinator?.storeTag(entityName: entity.name, number: number) ?? 0)
        }
        set {
            precondition(newValue.entityName == entity.name, "ManagedObject: an ID of another entity")
            number = newValue.number
            state.isTemporaryID = newValue.isTemporaryID
        }
    }
    /// The object's number within its entity (`objectID.number`).
    private(set) var number: Int
    /// The context the object is registered in, or nil once it was removed from it.
    public internal(set) weak var managedObjectContext: ManagedObjectContext? {
        didSet { link = managedObjectContext?.link ?? link.detachedLink }
    }
    /// The link of the context (``ContextLink/detached`` once removed from it): the Lua write fast path
    /// reads it instead of loading the weak context (a weak load retains and releases the context through
    /// its side table, a fifth of a property write).
    var link: ContextLink

    /// Attribute values, indexed like `entity.attributes`. Not checked for exclusivity at run time: it is
    /// the hot storage of every property access (docs/performance.md), and only this module touches it.
    @exclusivity(unchecked) @usableFromInline var attributeValues: [Value] { didSet { readCacheWord?.pointee = 0 } }
    /// To-one destinations, indexed like `entity.relationships` (nil for to-many slots).
    var toOneValues: [ManagedObject?] {
        get { relationshipValues?.toOne ?? [] }
        set { if newValue.isEmpty && relationshipValues == nil { return }; relationshipStorage().toOne = newValue }
        _modify { yield &relationshipStorage().toOne }
    }
    /// To-many members, indexed like `entity.relationships` (empty for to-one slots).
    var toManyValues: [OrderedSet<ManagedObject>] {
        get { relationshipValues?.toMany ?? [] }
        set { if newValue.isEmpty && relationshipValues == nil { return }; relationshipStorage().toMany = newValue }
        _modify { yield &relationshipStorage().toMany }
    }
    /// The two arrays above, boxed: allocated when the entity has relationships, so an object of an
    /// entity without any pays one pointer instead of two.
    private var relationshipValues: RelationshipValues?

    /// The box of relationship values, allocated on first use.
    private func relationshipStorage() -> RelationshipValues {
        if let relationshipValues { return relationshipValues }
        let box = RelationshipValues()
        relationshipValues = box
        return box
    }
    /// Bookkeeping owned by the context. Not checked for exclusivity at run time (read on every access).
    @exclusivity(unchecked) var state = ObjectState() { didSet { readCacheWord?.pointee = 0 } }
    /// The word a bridge's read cache gave the object (``attachReadCache(_:)``): zeroed on every change of
    /// `attributeValues` or `state`, the only things ``readableAttribute(at:)`` depends on.
    @exclusivity(unchecked) var readCacheWord: UnsafeMutablePointer<UInt64>?
    /// Derived values, indexed like `entity.derivedProperties` (empty for entities without any).
    var derivedValues: [Value] {
        get { extras?.derivedValues ?? [] }
        set { if newValue.isEmpty && extras == nil { return }; extraFields().derivedValues = newValue }
        _modify { yield &extraFields().derivedValues }
    }
    /// How the object was deleted or invalidated, for messages (nil while it is alive).
    var fate: ObjectFate? {
        get { extras?.fate }
        set { if newValue == nil && extras == nil { return }; extraFields().fate = newValue }
    }
    /// The batch of a fault left by a fetch with `fetchBatchSize` (nil otherwise).
    var faultBatch: FaultBatch? {
        get { extras?.faultBatch }
        set { if newValue == nil && extras == nil { return }; extraFields().faultBatch = newValue }
    }
    /// How many times each derived value was computed, indexed like `entity.derivedProperties`.
    var derivedCounts: [Int] {
        get { extras?.derivedCounts ?? [] }
        set { if newValue.isEmpty && extras == nil { return }; extraFields().derivedCounts = newValue }
        _modify { yield &extraFields().derivedCounts }
    }
    /// The rarely used fields above, boxed: an object of an entity without derived properties that is
    /// alive and not a batch fault (nearly all of them) pays one pointer for the four.
    private var extras: ObjectExtras?

    /// The box of rarely used fields, allocated on first use.
    private func extraFields() -> ObjectExtras {
        if let extras { return extras }
        let box = ObjectExtras()
        extras = box
        return box
    }

    /// (`context` is borrowed: the object keeps it weakly, so an owned argument only cost the caller a
    /// retain and this initialiser a release, each through the context's side table. Spelled `__shared`:
    /// `borrowing` forbids the implicit copy that storing it weakly and reading its link make.)
    init(entity: EntityDescription, objectID: ManagedObjectID, context: __shared ManagedObjectContext?,
         attributeValues: [Value]? = nil) {
        precondition(objectID.entityName == entity.name, "ManagedObject: an ID of another entity")
        self.entity = entity
        self.number = objectID.number
        self.managedObjectContext = context
        self.link = context?.link ?? ContextLink.detached
        self.attributeValues = attributeValues ?? entity.initialAttributeValues
        let relationshipCount = entity.relationships.count
        if relationshipCount > 0 {
            let box = RelationshipValues()
            box.toOne = Array(repeating: nil, count: relationshipCount)
            box.toMany = Array(repeating: [], count: relationshipCount)
            self.relationshipValues = box
        }
        let derivedCount = entity.derivedProperties.count
        if derivedCount > 0 {
            let box = ObjectExtras()
            box.derivedValues = Array(repeating: .null, count: derivedCount)
            box.derivedCounts = Array(repeating: 0, count: derivedCount)
            self.extras = box
        }
        self.state.isConfined = context?.concurrencyType == .privateQueue
        self.state.isTemporaryID = objectID.isTemporaryID
    }

    /// `Entity#n`: the entity name and the object's number, as traces print it.
    public var displayName: String { objectID.displayName }

    /// The display name.
    public var description: String { displayName }

    /// Identity equality.
    public static func == (lhs: ManagedObject, rhs: ManagedObject) -> Bool { lhs === rhs }

    /// Identity hash.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The identity's one-word hash, as sets and dictionaries ask for it: `ObjectIdentifier`'s own (a single
    /// seeded word), without the general path's hasher set-up and finalisation. Objects are hashed on every
    /// insert (the `inserted` and pending sets), change and save.
    public func _rawHashValue(seed: Int) -> Int { ObjectIdentifier(self)._rawHashValue(seed: seed) }
}

/// Per-object bookkeeping of the owning context.
struct ObjectState {
    /// Inserted since the last save.
    var isInserted = false
    /// Deleted (pending or processed) since the last save.
    var isDeleted = false
    /// Removed from its context (reset, store removal, saved deletion): any access fails.
    var isInvalid = false
    /// Values have not been loaded from the store yet.
    var isFault = false
    /// The object belongs to a private-queue context: every access checks the context's queue.
    var isConfined = false
    /// The object's ID is temporary (`objectID.isTemporaryID`).
    var isTemporaryID = false
    /// Its deletion was saved by its context: it is a fault without a context, reads give nil (see
    /// ``ManagedObject/isDeleted``); an undo that brings it back clears it.
    var deletionSaved = false
    /// The context's `inserted` and `pendingInserted` lists this object is in (``InsertionOrderedObjects``'s
    /// member and listed bits). Kept next to the flags above, in their word's spare byte.
    var insertionListBits: UInt8 = 0
    /// The version (`Z_OPT`) of the store row the values were loaded from or last saved as (0: none).
    var snapshotVersion = 0
    /// The change records below, boxed: allocated on an object's first recorded change, so an object that
    /// was only inserted or fetched pays one pointer for them instead of five words.
    private var changes: ObjectChanges?
    /// Attribute values at the last save or fetch, captured on the first change after it.
    var committedAttributes: [Value]? {
        get { changes?.committedAttributes }
        set { if newValue == nil && changes == nil { return }; changeRecords().committedAttributes = newValue }
        _modify { yield &changeRecords().committedAttributes }
    }
    /// To-one destinations at the last save, captured on the first change after it.
    var committedToOne: [ManagedObject?]? {
        get { changes?.committedToOne }
        set { if newValue == nil && changes == nil { return }; changeRecords().committedToOne = newValue }
        _modify { yield &changeRecords().committedToOne }
    }
    /// To-many members at the last save, captured on the first change after it.
    var committedToMany: [OrderedSet<ManagedObject>]? {
        get { changes?.committedToMany }
        set { if newValue == nil && changes == nil { return }; changeRecords().committedToMany = newValue }
        _modify { yield &changeRecords().committedToMany }
    }
    /// Keys changed since the last processPendingChanges, with the value each had before the first change.
    var pendingOldValues: [String: Value] {
        get { changes?.pendingOldValues ?? [:] }
        set { if newValue.isEmpty && changes == nil { return }; changeRecords().pendingOldValues = newValue }
        _modify { yield &changeRecords().pendingOldValues }
    }
    /// Keys changed in the current event, in order of first change.
    var pendingKeys: [String] {
        get { changes?.pendingKeys ?? [] }
        set { if newValue.isEmpty && changes == nil { return }; changeRecords().pendingKeys = newValue }
        _modify { yield &changeRecords().pendingKeys }
    }
    /// The context's `trackingEpoch` when `recordedAttributes` was last brought up to date (0: never).
    var trackedEpoch: UInt64 = 0
    /// Attributes (index < 64) whose change is already recorded in this event, valid while
    /// `trackedEpoch` equals the context's `trackingEpoch`.
    var recordedAttributes: UInt64 = 0

    /// The box of change records, allocated on first use.
    private mutating func changeRecords() -> ObjectChanges {
        if let changes { return changes }
        let box = ObjectChanges()
        changes = box
        return box
    }

    /// Frees the box of change records when it holds nothing (after processing or a save).
    mutating func releaseEmptyChangeRecords() {
        if let box = changes, box.committedAttributes == nil, box.committedToOne == nil, box.committedToMany == nil,
           box.pendingOldValues.isEmpty, box.pendingKeys.isEmpty {
            changes = nil
        }
    }
}

/// The change records of an ``ObjectState`` (see `ObjectState.changes`). Each object has its own box: an
/// `ObjectState` is never copied.
final class ObjectChanges {
    var committedAttributes: [Value]?
    var committedToOne: [ManagedObject?]?
    var committedToMany: [OrderedSet<ManagedObject>]?
    var pendingOldValues: [String: Value] = [:]
    var pendingKeys: [String] = []
}

/// The part of a context's state its objects' Lua write fast path needs, in an object of its own that no
/// weak reference points at (so reading it through an object takes no side-table retain).
final class ContextLink: @unchecked Sendable {
    /// The context's `trackingEpoch`: advances whenever its change sets or its key-value observations
    /// change; 0 once the context is gone.
    var trackingEpoch: UInt64 = 1
    /// The context's coordinator (nil for ``detached``): the store part of its objects' URIs.
    var coordinator: PersistentStoreCoordinator?
    /// The link an object takes when it leaves the context: epoch 0, the same coordinator (so that a
    /// removed object's ID still names its store). An epoch-0 link is its own.
    var detachedLink: ContextLink { trackingEpoch == 0 ? self : detachedPeer }
    private lazy var detachedPeer: ContextLink = {
        let link = ContextLink()
        link.trackingEpoch = 0
        link.coordinator = coordinator
        return link
    }()
    /// The link of objects without a context: its epoch stays 0, which no object ever recorded.
    static let detached: ContextLink = {
        let link = ContextLink()
        link.trackingEpoch = 0
        return link
    }()
}

/// The relationship values of a ``ManagedObject`` (see `ManagedObject.relationshipValues`).
final class RelationshipValues {
    var toOne: [ManagedObject?] = []
    var toMany: [OrderedSet<ManagedObject>] = []
}

/// The rarely used fields of a ``ManagedObject`` (see `ManagedObject.extras`).
final class ObjectExtras {
    var derivedValues: [Value] = []
    var derivedCounts: [Int] = []
    var fate: ObjectFate?
    var faultBatch: FaultBatch?
}
