/// How a save resolves an optimistic-locking conflict (a row changed or deleted in the store since the
/// object was loaded) and a uniqueness-constraint conflict (`NSMergePolicy`).
public enum MergePolicy: String, CaseIterable, Sendable {
    /// `NSErrorMergePolicy` (the default): the save fails with 133020 (`NSManagedObjectMergeError`) or
    /// 133021 (`NSManagedObjectConstraintMergeError`) listing every conflict; nothing is written and the
    /// context keeps its changes.
    case error
    /// `NSMergeByPropertyObjectTrumpMergePolicy`: per property, the object's changes win; properties it
    /// did not change take the store's values.
    case mergeByPropertyObjectTrump
    /// `NSMergeByPropertyStoreTrumpMergePolicy`: per property, the store's changes win; the object's
    /// changes to properties the store did not change are kept.
    case mergeByPropertyStoreTrump
    /// `NSOverwriteMergePolicy`: the object's whole state is written over the store's.
    case overwrite
    /// `NSRollbackMergePolicy`: the conflicting objects' changes are discarded; they take the store's state.
    case rollback
}

/// One optimistic-locking conflict found by a save (`NSMergeConflict`).
public struct MergeConflict: CustomStringConvertible, Sendable {
    /// The object's ID.
    public var objectID: ManagedObjectID
    /// The row version the object was loaded from.
    public var oldVersion: Int
    /// The row version in the store now (0: the row was deleted).
    public var newVersion: Int
    /// The object's persistent attribute values when it was loaded, by key.
    public var objectSnapshot: [String: Value]
    /// The store's persistent attribute values now, by key (empty: deleted).
    public var cachedRow: [String: Value]

    /// `NSMergeConflict for Customer#1 <x-coredata://…> with oldVersion = 1 and newVersion = 2 and old
    /// object snapshot = {name = Ann} and new cached row = {name = Anna}`.
    public var description: String {
        "NSMergeConflict for \(objectID.displayName) <\(objectID.uriRepresentation)> with oldVersion = \(oldVersion) and newVersion = \(newVersion) and old object snapshot = \(Self.show(objectSnapshot)) and new cached row = \(Self.show(cachedRow))"
    }

    static func show(_ values: [String: Value]) -> String {
        "{" + values.keys.sorted().map { "\($0) = \(values[$0]!)" }.joined(separator: "; ") + "}"
    }
}

/// One uniqueness-constraint conflict found by a save (`NSConstraintConflict`).
public struct ConstraintConflict: CustomStringConvertible, Sendable {
    /// The constraint's keys.
    public var constraint: [String]
    /// The constrained values, by key.
    public var values: [String: Value]
    /// The saved object already holding the values, if the conflict is with the store.
    public var databaseObject: ManagedObjectID?
    /// The objects of the save that hold them too.
    public var conflictingObjects: [ManagedObjectID]

    /// `NSConstraintConflict for constraint (name) with values {name = swift}: database: Tag#1, conflictedObjects: (Tag#3)`.
    public var description: String {
        "NSConstraintConflict for constraint (\(constraint.joined(separator: ", "))) with values \(MergeConflict.show(values)): database: \(databaseObject?.displayName ?? "(null)"), conflictedObjects: (\(conflictingObjects.map(\.displayName).joined(separator: ", ")))"
    }
}

extension ObjectGraphError {
    /// 133020 `NSManagedObjectMergeError`.
    static func mergeConflicts(_ conflicts: [MergeConflict]) -> ObjectGraphError {
        ObjectGraphError(.store, code: 133020,
            "Error Domain=NSCocoaErrorDomain Code=133020 \"Could not merge changes.\" UserInfo={conflictList=(" + conflicts.map(\.description).joined(separator: ", ") + ")}")
    }

    /// 133021 `NSManagedObjectConstraintMergeError`.
    static func constraintConflicts(_ conflicts: [ConstraintConflict]) -> ObjectGraphError {
        ObjectGraphError(.store, code: 133021,
            "Error Domain=NSCocoaErrorDomain Code=133021 \"Could not merge changes: a uniqueness constraint is violated.\" UserInfo={conflictList=(" + conflicts.map(\.description).joined(separator: ", ") + ")}")
    }
}
