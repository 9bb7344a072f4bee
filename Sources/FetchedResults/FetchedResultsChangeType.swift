import ObjectGraph

/// The kind of a reported change (`NSFetchedResultsChangeType`).
public enum FetchedResultsChangeType: String, Sendable {
    /// The object or section was inserted; only the new index is given.
    case insert
    /// The object or section was deleted; only the old index is given.
    case delete
    /// The object's sort or section key changed and it moved; old and new index paths.
    case move
    /// The object changed in place (relative to the unchanged objects); old and new index paths.
    case update
}

/// One section change of a batch.
public struct FetchedResultsSectionChange: CustomStringConvertible {
    /// The section as it is (inserted) or was (deleted).
    public var sectionInfo: FetchedResultsSectionInfo
    /// The old index for a delete, the new index for an insert.
    public var sectionIndex: Int
    /// `.insert` or `.delete`.
    public var type: FetchedResultsChangeType

    /// Creates a change.
    public init(sectionInfo: FetchedResultsSectionInfo, sectionIndex: Int, type: FetchedResultsChangeType) {
        self.sectionInfo = sectionInfo
        self.sectionIndex = sectionIndex
        self.type = type
    }

    /// `insert "A" 0`.
    public var description: String { "\(type.rawValue) \"\(sectionInfo.name)\" \(sectionIndex)" }
}

/// One object change of a batch.
public struct FetchedResultsObjectChange: CustomStringConvertible {
    /// The object.
    public var object: ManagedObject
    /// The path before the batch (nil for an insert).
    public var indexPath: IndexPath?
    /// The kind of change.
    public var type: FetchedResultsChangeType
    /// The path after the batch (nil for a delete).
    public var newIndexPath: IndexPath?

    /// Creates a change.
    public init(object: ManagedObject, indexPath: IndexPath?, type: FetchedResultsChangeType, newIndexPath: IndexPath?) {
        self.object = object
        self.indexPath = indexPath
        self.type = type
        self.newIndexPath = newIndexPath
    }

    /// `Customer#2 update [0, 1] -> [0, 1]`; inserts show only `-> new`, deletes only the old path.
    public var description: String {
        var s = object.displayName + " " + type.rawValue
        if let indexPath { s += " \(indexPath)" }
        if let newIndexPath { s += " -> \(newIndexPath)" }
        return s
    }
}

/// Every change of one batch, in delivery order: section deletes (old index descending), section inserts
/// (new index ascending), then object deletes (old path descending), inserts (new path ascending),
/// moves (new path ascending), updates (old path ascending).
public struct FetchedResultsChangeSet {
    /// Section changes, in delivery order.
    public var sectionChanges: [FetchedResultsSectionChange] = []
    /// Object changes, in delivery order.
    public var objectChanges: [FetchedResultsObjectChange] = []
    /// True when nothing changed.
    public var isEmpty: Bool { sectionChanges.isEmpty && objectChanges.isEmpty }
}
