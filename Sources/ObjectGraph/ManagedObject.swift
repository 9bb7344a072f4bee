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
    @exclusivity(unchecked) private(set) var number: Int
    /// The context the object is registered in, or nil once it was removed from it.
    public internal(set) weak var managedObjectContext: ManagedObjectContext? {
        didSet { link = managedObjectContext?.link ?? link.detachedLink }
    }
    /// The link of the context (``ContextLink/detached`` once removed from it): the Lua write fast path
    /// reads it instead of loading the weak context (a weak load retains and releases the context through
    /// its side table, a fifth of a property write).
    @exclusivity(unchecked) var link: ContextLink

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
    @exclusivity(unchecked) private var relationshipValues: RelationshipValues?

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
    @exclusivity(unchecked) private var extras: ObjectExtras?

    /// The box of rarely used fields, allocated on first use.
    private func extraFields() -> ObjectExtras {
        if let extras { return extras }
        let box = ObjectExtras()
        extras = box
        return box
    }

    /// The places a front end recorded for this object (see ``ObjectChangeSites``), if any.
    var recordedChangeSites: ObjectChangeSites? { extras?.changeSites }

    /// The recorded places, made on first use.
    func sitesBox() -> ObjectChangeSites {
        let box = extraFields()
        if let sites = box.changeSites { return sites }
        let sites = ObjectChangeSites()
        box.changeSites = sites
        return sites
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
    /// The properties changed in the current event (since the last processPendingChanges), in order of
    /// first change, by slot number (`EntityDescription.slotNumber(_:)`); the names and the dictionary
    /// of old values are made from them only when read (`ManagedObject.pendingKeys`, `pendingOldValues`).
    var pendingSlots: [Int] { changes?.pendingSlots ?? [] }
    /// The value each property of ``pendingSlots`` had before its first change in the event.
    var pendingOld: [Value] { changes?.pendingOld ?? [] }
    /// Whether a property changed in the current event.
    var hasPendingChanges: Bool { !(changes?.pendingSlots.isEmpty ?? true) }

    /// The old value recorded for a slot number in this event, or nil.
    func pendingOldValue(slotNumber n: Int) -> Value? {
        guard let box = changes else { return nil }
        if n < 64 && box.pendingMask & (1 << UInt64(n)) == 0 { return nil }
        guard let k = box.pendingSlots.firstIndex(of: n) else { return nil }
        return box.pendingOld[k]
    }

    /// Records the first change of a property in this event (later changes keep the first old value).
    /// Returns false when the property was already recorded.
    @discardableResult
    mutating func recordPendingChange(slotNumber n: Int, oldValue: () -> Value) -> Bool {
        let box = changeRecords()
        if n < 64 {
            let bit: UInt64 = 1 << UInt64(n)
            if box.pendingMask & bit != 0 { return false }
            box.pendingMask |= bit
        } else if box.pendingSlots.contains(n) {
            return false
        }
        box.pendingSlots.append(n)
        box.pendingOld.append(oldValue())
        return true
    }

    /// The changes recorded in this event as a notification's record, moved out of the box (which is left
    /// without any, as ``clearPendingChanges()`` leaves it): the arrays change owner, nothing is copied.
    mutating func takePendingChanges() -> PropertyChanges {
        guard let box = changes, !box.pendingSlots.isEmpty else { return PropertyChanges() }
        let record = PropertyChanges(slots: box.pendingSlots, old: box.pendingOld, mask: box.pendingMask)
        box.pendingSlots = []
        box.pendingOld = []
        box.pendingMask = 0
        return record
    }

    /// Forgets the changes recorded in this event.
    mutating func clearPendingChanges() {
        guard let box = changes, !box.pendingSlots.isEmpty else { return }
        box.pendingSlots = []
        box.pendingOld = []
        box.pendingMask = 0
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
           box.pendingSlots.isEmpty {
            changes = nil
        }
    }
}

/// The change records of an ``ObjectState`` (see `ObjectState.changes`). Each object has its own box: an
/// `ObjectState` is never copied.
final class ObjectChanges {
    @exclusivity(unchecked) var committedAttributes: [Value]?
    @exclusivity(unchecked) var committedToOne: [ManagedObject?]?
    @exclusivity(unchecked) var committedToMany: [OrderedSet<ManagedObject>]?
    /// Slot numbers of the properties changed in the current event, in order of first change.
    @exclusivity(unchecked) var pendingSlots: [Int] = []
    /// The old value of each of them, parallel to `pendingSlots`.
    @exclusivity(unchecked) var pendingOld: [Value] = []
    /// The slot numbers below 64 in `pendingSlots`, as bits (membership without a scan).
    @exclusivity(unchecked) var pendingMask: UInt64 = 0
}

/// The part of a context's state its objects' Lua write fast path needs, in an object of its own that no
/// weak reference points at (so reading it through an object takes no side-table retain).
final class ContextLink: @unchecked Sendable {
    /// The context's `trackingEpoch`: advances whenever its change sets or its key-value observations
    /// change; 0 once the context is gone.
    @exclusivity(unchecked) var trackingEpoch: UInt64 = 1
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
    @exclusivity(unchecked) var toOne: [ManagedObject?] = []
    @exclusivity(unchecked) var toMany: [OrderedSet<ManagedObject>] = []
}

/// The rarely used fields of a ``ManagedObject`` (see `ManagedObject.extras`).
final class ObjectExtras {
    @exclusivity(unchecked) var derivedValues: [Value] = []
    @exclusivity(unchecked) var derivedCounts: [Int] = []
    @exclusivity(unchecked) var fate: ObjectFate?
    @exclusivity(unchecked) var faultBatch: FaultBatch?
    @exclusivity(unchecked) var changeSites: ObjectChangeSites?
}
