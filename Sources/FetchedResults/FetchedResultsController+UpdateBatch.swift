import ObjectGraph

/// The batch of one updated object: the usual edit of a row (a rename, a new score), taken without the
/// general path's per-batch lists.
///
/// A batch qualifies when the only object of the fetched entity it mentions is one updated object (none
/// inserted, deleted, invalidated or refreshed) that is in the results, still a fetch candidate, and whose
/// change leaves its section and its membership as they were (``WatchedSlots/keepsSectionAndMembership(_:)``:
/// no section key, no predicate key, every key known by slot), in a controller without offset or limit that
/// does not follow relationship key paths. Such an update changes no section count and no section: the
/// layout stays as it is, and the object either stays at its rank (an update) or leaves it for another rank
/// of the same section (a move, or an update when it lands where it was) — what the general path's
/// `classify` reports for a single record. Anything else takes the general path (`applyIncrementally`).
///
/// Cost: a dictionary look-up of the entry, one read of each changed sort key, then one walk of the tree
/// for an object that stays (its rank) or two for one that moves (removed with its rank, inserted); no
/// array, list or layout is made, and nothing is done per section or per unchanged object.
extension FetchedResultsController {
    /// The number of updated objects of the fetched entity when a batch may take an update path (objects
    /// updated only, in a controller without offset or limit that does not follow relationship key paths),
    /// with the first of them; nil otherwise.
    func updateOnlyBatch(_ note: ObjectsDidChangeNotification) -> (count: Int, first: ManagedObject)? {
        guard !isStale, !evaluatesUpdatesInFull, !tracksRelationshipKeyPaths, !isWindowed else { return nil }
        var count = 0
        var first: ManagedObject?
        for o in note.updated where fetchesEntity(o.entity) {
            if first == nil { first = o }
            count += 1
        }
        guard let first else { return nil }
        func none(_ list: [ManagedObject]) -> Bool { !list.contains { fetchesEntity($0.entity) } }
        guard none(note.inserted), none(note.deleted), none(note.invalidated), none(note.refreshed) else { return nil }
        return (count, first)
    }

    /// Takes a batch of updates only (``updateOnlyBatch(_:)``) through the single-update or the several-updates
    /// path. Returns false, having changed nothing, when the batch needs the general path.
    func applyUpdateOnlyBatch(_ note: ObjectsDidChangeNotification) throws -> Bool {
        guard usesUpdatePaths, let (count, first) = updateOnlyBatch(note) else { return false }
        if count == 1 { return try applySingleUpdate(first, in: note) }
        if count <= Self.derivedRankLimit { return try applyUpdates(note, count: count) }
        return false
    }

    /// Whether the active request fetches an entity (the answer for the entity asked last is kept).
    func fetchesEntity(_ entity: EntityDescription) -> Bool {
        if let cached = fetchedEntityCache, cached.entity == ObjectIdentifier(entity) { return cached.fetches }
        let fetches = activeRequest.fetches(entity)
        fetchedEntityCache = (ObjectIdentifier(entity), fetches)
        return fetches
    }

    /// The sort keys an update names, as bits by sort-descriptor index (a change that names no key by name
    /// and no section key: ``WatchedSlots/keepsSectionAndMembership(_:)``; at most 64 sort descriptors:
    /// ``WatchedSlots/fitsUpdatePaths``).
    static func namedSortKeys(_ changes: PropertyChanges, _ watched: WatchedSlots) -> UInt64 {
        var mask: UInt64 = 0
        for (k, n) in watched.sortNumbers.enumerated() where changes.contains(slot: n) { mask |= 1 << UInt64(k) }
        return mask
    }

    /// The sort keys an update names (`named`, ``namedSortKeys(_:_:)``), read again: `first` is the index of
    /// the first key whose value differs from the entry's (-1: none), `value` its new value, and `all` the
    /// whole new key list when several differ (nil otherwise: the entry's keys with `first` set to `value`).
    /// - Throws: the read's error, wrapped; nothing is changed.
    func changedSortKeys(of object: ManagedObject, entry: ResultEntry, named: UInt64,
                         watched: WatchedSlots) throws -> (first: Int, value: Value, all: [Value]?) {
        var first = -1
        var firstValue = Value.null
        var all: [Value]?
        do {
            for k in watched.sortSlots.indices where named & (1 << UInt64(k)) != 0 {
                let value = try object.value(for: watched.sortSlots[k])
                if value == entry.keys[k] { continue }
                if first < 0 {
                    first = k
                    firstValue = value
                } else {
                    if all == nil {
                        all = entry.keys
                        all![first] = firstValue
                    }
                    all![k] = value
                }
            }
        } catch {
            throw FetchedResultsController.wrap(error)
        }
        return (first, firstValue, all)
    }

    /// Processes a batch whose only change is `object`'s update (``updateOnlyBatch(_:)``, one object) and delivers
    /// it. Returns false, having changed nothing, when the update needs the general path after all.
    ///
    /// - Throws: what the general path throws in the same case: a key read's error (the next batch then
    ///   re-fetches), `.sectionOrder` when the new sort keys carry the object out of its section (the
    ///   results are dropped), `.invariantViolation`, and `.delegate`.
    func applySingleUpdate(_ object: ManagedObject, in note: ObjectsDidChangeNotification) throws -> Bool {
        guard let tree, let entry = entries[ObjectIdentifier(object)], let changes = note.propertyChanges(of: object),
              let watched = watchedSlots(for: object.entity), watched.fitsUpdatePaths,
              watched.keepsSectionAndMembership(changes),
              managedObjectContext.isFetchCandidate(object, for: activeRequest) else { return false }
        changeBatchCount += 1
        updatePathBatchCount += 1
        let old = checksInvariants ? snapshot() : nil
        // 1. Read the sort keys the change names (nothing is changed yet, so an error leaves the results as
        //    they were).
        let keys: (first: Int, value: Value, all: [Value]?)
        do {
            keys = try changedSortKeys(of: object, entry: entry, named: Self.namedSortKeys(changes, watched), watched: watched)
        } catch {
            isStale = true
            throw error
        }
        // 2. Move the entry when its keys differ. Sections and their counts do not change: the layout stays.
        let layout = currentLayout()
        let oldRank: Int, newRank: Int
        if keys.first >= 0 {
            guard let rank = tree.remove(EntryRef(entry)) else {
                preconditionFailure("an entry of the results is not in the tree")
            }
            oldRank = rank
            // (Out of the tree, the entry's keys may change: the tree's elements copy them when made.)
            if let all = keys.all { entry.keys = all } else { entry.keys[keys.first] = keys.value }
            newRank = tree.insert(EntryRef(entry))
            cachedObjects = nil
        } else {
            guard let rank = tree.rank(of: EntryRef(entry)) else {
                preconditionFailure("an entry of the results is not in the tree")
            }
            oldRank = rank
            newRank = rank
        }
        let oldPath = layout.indexPath(forVisibleRank: oldRank)
        let newPath = oldRank == newRank ? oldPath : layout.indexPath(forVisibleRank: newRank)
        if sectionNameKeyPath != nil, oldRank != newRank, layout.names[newPath.section] != entry.sectionName {
            clear()
            throw FetchedResultsError.outOfOrderSection(index: newRank, name: entry.sectionName)
        }
        // 3. One record: a move when the object left its rank, otherwise an update (decision 5).
        let change = FetchedResultsObjectChange(object: object, indexPath: oldPath, type: oldRank == newRank ? .update : .move,
                                                newIndexPath: newPath)
        if let old { try checkInvariants(old: old, changes: FetchedResultsChangeSet(objectChanges: [change])) }
        try deliver(objectChanges: CollectionOfOne(change), sectionChanges: [])
        return true
    }
}

extension FetchedResultsController {
    /// Processes a batch of `count` (2 to ``derivedRankLimit``) updated objects, each of which keeps its
    /// section and its place in or out of the results, and delivers it. Returns false, having changed
    /// nothing, when one of them needs the general path.
    ///
    /// Objects whose keys did not change stay where they are (their rank is read); the others are taken out
    /// (their old ranks found by the removal itself), given their new keys and inserted again. New ranks are
    /// derived from the old ranks and the insertion ranks (O(k²) integer work for k objects), the section
    /// of each placed object is checked against the unchanged layout, and the records are classified as the
    /// general path classifies them. Nothing is done per section or per unchanged object.
    func applyUpdates(_ note: ObjectsDidChangeNotification, count: Int) throws -> Bool {
        guard let tree else { return false }
        var items: [UpdatedEntry] = []
        items.reserveCapacity(count)
        let request = activeRequest
        // (The watched slots of the entity met last, kept here: one copy for a batch of one entity.)
        var watched: WatchedSlots?
        var watchedEntity: ObjectIdentifier?
        for object in note.updated where fetchesEntity(object.entity) {
            if watchedEntity != ObjectIdentifier(object.entity) {
                watched = watchedSlots(for: object.entity)
                watchedEntity = ObjectIdentifier(object.entity)
            }
            guard let watched, watched.fitsUpdatePaths, let entry = entries[ObjectIdentifier(object)],
                  let changes = note.propertyChanges(of: object), watched.keepsSectionAndMembership(changes),
                  managedObjectContext.isFetchCandidate(object, for: request),
                  !items.contains(where: { $0.entry === entry }) else { return false }
            items.append(UpdatedEntry(entry: entry, named: Self.namedSortKeys(changes, watched)))
        }
        changeBatchCount += 1
        updatePathBatchCount += 1
        let old = checksInvariants ? snapshot() : nil
        // 1. Read the changed sort keys (nothing is changed yet, so an error leaves the results as they were).
        do {
            for i in items.indices where items[i].named != 0 {
                let entry = items[i].entry
                if watchedEntity != ObjectIdentifier(entry.object.entity) {
                    watched = watchedSlots(for: entry.object.entity)
                    watchedEntity = ObjectIdentifier(entry.object.entity)
                }
                (items[i].first, items[i].value, items[i].all)
                    = try changedSortKeys(of: entry.object, entry: entry, named: items[i].named, watched: watched!)
            }
        } catch {
            isStale = true
            throw error
        }
        // 2. The ranks of the entries that stay; the others leave, each removal giving its rank among the
        //    entries still there (the old rank less the entries removed before it that precede it).
        let order = tree.order
        var anyMoves = false
        for i in items.indices where !items[i].moves {
            items[i].oldRank = tree.rank(of: items[i].ref)!
        }
        for i in items.indices where items[i].moves {
            anyMoves = true
            var rank = tree.remove(items[i].ref)!
            for j in 0..<i where items[j].moves && order.areInIncreasingOrder(items[j].ref, items[i].ref) { rank += 1 }
            items[i].oldRank = rank
        }
        // 3. New keys, then the insertions in order; a later insertion at or before an earlier one's rank
        //    pushes it one further.
        for i in items.indices where items[i].moves {
            let entry = items[i].entry
            if let all = items[i].all {
                entry.keys = all
                items[i].all = nil
            } else {
                entry.keys[items[i].first] = items[i].value
            }
            items[i].insertionRank = tree.insert(EntryRef(entry))
        }
        for i in items.indices {
            var rank: Int
            if items[i].moves {
                rank = items[i].insertionRank
                for j in (i + 1)..<items.count where items[j].moves && items[j].insertionRank <= rank { rank += 1 }
            } else {
                rank = items[i].oldRank
                for j in items.indices where items[j].moves && items[j].oldRank < items[i].oldRank { rank -= 1 }
                for j in items.indices where items[j].moves && items[j].insertionRank <= rank { rank += 1 }
            }
            items[i].newRank = rank
        }
        // (Debug builds, the test suite, check every derived rank against a walk of the tree.)
        assert(items.allSatisfy { tree.rank(of: EntryRef($0.entry)) == $0.newRank }, "a derived rank differs from the tree's")
        // 4. Every section keeps its objects and its count: the layout stays. An entry whose new keys sort it
        //    out of its section's ranks fails as the general path fails (the lowest such rank is named).
        let layout = currentLayout()
        if anyMoves {
            cachedObjects = nil
            if sectionNameKeyPath != nil {
                var misplaced = -1
                for i in items.indices where layout.names[layout.indexPath(forVisibleRank: items[i].newRank).section] != items[i].entry.sectionName
                    && (misplaced < 0 || items[i].newRank < items[misplaced].newRank) {
                    misplaced = i
                }
                if misplaced >= 0 {
                    let (rank, name) = (items[misplaced].newRank, items[misplaced].entry.sectionName)
                    clear()
                    throw FetchedResultsError.outOfOrderSection(index: rank, name: name)
                }
            }
        }
        // 5. The records, classified as the general path classifies them.
        var records: [ChangeRecord] = []
        records.reserveCapacity(items.count)
        for i in items.indices {
            records.append(ChangeRecord(object: items[i].entry.object, oldPos: items[i].oldRank, newPos: items[i].newRank,
                                        changed: true, keyChanged: items[i].moves || items[i].named != 0))
        }
        let changes = classify(records, oldLayout: layout, newLayout: layout)
        if let old { try checkInvariants(old: old, changes: changes) }
        try deliver(changes)
        return true
    }
}
