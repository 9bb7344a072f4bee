import ObjectGraph

/// One object of a several-updates batch.
struct UpdatedEntry {
    let entry: ResultEntry
    /// The entry as the tree holds it before the batch (its old keys).
    let ref: EntryRef
    /// The sort keys the update names (``FetchedResultsController/namedSortKeys(_:_:)``): when any, the
    /// update is a key change even if the values are the same (`isKeyChange(_:)`'s rule).
    let named: UInt64
    /// The changed sort keys (``FetchedResultsController/changedSortKeys(of:entry:named:watched:)``).
    var first = -1
    var value = Value.null
    var all: [Value]?
    var oldRank = 0
    /// The rank the insertion returned (moved entries).
    var insertionRank = 0
    /// The rank after the batch.
    var newRank = 0

    init(entry: ResultEntry, named: UInt64) {
        self.entry = entry
        self.ref = EntryRef(entry)
        self.named = named
    }

    /// Whether the entry's keys differ: it leaves its rank and is inserted again.
    var moves: Bool { first >= 0 }
}
