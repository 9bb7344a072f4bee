import ObjectGraph

/// One object a batch may affect, with what it was and what it is.
struct Touch {
    let object: ManagedObject
    var entry: ResultEntry?
    var gone = false
    var changed = false
    /// The keys an update or refresh reported (the notification's records; nil for an insert).
    var changes: PropertyChanges?
    /// Whether the object was refreshed (its values came from its store or parent): evaluated in full.
    var refreshed = false
    var oldRank: Int?
    var oldKeys: [Value] = []
    var oldSection = ""
    var newKeys: [Value]?
    var newSection = ""
    var newRank: Int?
}

/// An object of the visible results before and/or after a batch.
struct ChangeRecord {
    let object: ManagedObject
    var oldPos: Int?
    var newPos: Int?
    var changed: Bool
    var keyChanged: Bool
}

extension FetchedResultsController: ContextObserver {
    /// Processes one change batch of the context (called by the context).
    ///
    /// - Throws: errors of the predicate or key paths, `.sectionOrder` (the results are then dropped),
    ///   `.invariantViolation` in invariant mode, and `.delegate` when a delegate callback failed (the
    ///   controller's state is already up to date; the remaining callbacks of the batch are skipped).
    public func contextObjectsDidChange(_ note: ObjectsDidChangeNotification) throws {
        guard tree != nil, !isInvalidated else { return }
        if checksInvariants {
            for object in note.inserted { announcedObjects.insert(ObjectIdentifier(object)) }
            for object in note.updated { announcedObjects.insert(ObjectIdentifier(object)) }
            for object in note.refreshed { announcedObjects.insert(ObjectIdentifier(object)) }
        }
        if note.invalidatedAll {
            isInvalidated = true
            invalidateCaches()
            return
        }
        guard delegate != nil, !callbacks.subtracting(.sectionIndexTitle).isEmpty else {
            if touches(note) { isStale = true }
            return
        }
        // Updated objects that stay in their sections and in the results: no per-batch touch lists.
        if try applyUpdateOnlyBatch(note) { return }
        guard isStale || touches(note) else { return }
        changeBatchCount += 1
        let old = checksInvariants ? snapshot() : nil
        let changes: FetchedResultsChangeSet
        do {
            changes = isStale ? try resync(note) : try applyIncrementally(note)
        } catch let error as FetchedResultsError where error.kind == .sectionOrder {
            clear()
            throw error
        } catch {
            // A predicate or key error (a regular expression stopped by its limit, a spent work budget…)
            // left the results as they were while the context moved on: the next batch re-fetches and
            // reports both batches' changes at once.
            isStale = true
            throw error
        }
        // The layout both paths leave cached was computed from the final state: keep it, so that the next
        // batch starts from it instead of rebuilding it section by section.
        let layout = cachedLayout
        invalidateCaches()
        cachedLayout = layout
        if let old { try checkInvariants(old: old, changes: changes) }
        try deliver(changes)
    }

    /// A save of the controller's context. With `includesPendingChanges = false` the results hold saved
    /// objects only: the save turns the inserted objects into fetchable ones and takes the deleted ones
    /// away, so they are processed as one more change batch (inserts, deletes, and the saved updates, whose
    /// values a merge policy may have changed) — what a fresh fetch after the save returns. With pending changes included (the default) a save changes nothing.
    public func contextDidSave(_ note: ContextDidSaveNotification) throws {
        guard !activeRequest.includesPendingChanges, tree != nil, !isInvalidated,
              note.context === managedObjectContext else { return }
        var change = ObjectsDidChangeNotification(context: managedObjectContext)
        change.inserted = note.inserted.filter { $0.managedObjectContext === managedObjectContext }
        change.deleted = note.deleted
        // A merge policy may have changed saved objects' values during the save (announced as refreshed
        // at the next processing): evaluate them again now too.
        change.updated = note.updated.filter { $0.managedObjectContext === managedObjectContext }
        for object in change.updated { change.changes.append(object, note.propertyChanges(of: object) ?? PropertyChanges()) }
        guard !change.isEmpty else { return }
        // (A merge policy may have changed keys the save's records do not name: no update is taken as
        // leaving its object in place without evaluating it.)
        evaluatesUpdatesInFull = true
        defer { evaluatesUpdatesInFull = false }
        try contextObjectsDidChange(change)
    }

    /// Whether a notification mentions an object of the fetched entity (or, when relationship key paths
    /// are tracked, any object).
    func touches(_ note: ObjectsDidChangeNotification) -> Bool {
        if tracksRelationshipKeyPaths { return !note.isEmpty }
        let request = activeRequest
        // (Each list in turn, without an array of the lists made for each batch.)
        func any(_ list: [ManagedObject]) -> Bool { list.contains { request.fetches($0.entity) } }
        return any(note.updated) || any(note.inserted) || any(note.deleted) || any(note.refreshed)
            || any(note.invalidated)
    }

    /// The first component of every sort and section key path.
    var keyRoots: Set<String> {
        var roots = Set(activeRequest.sortDescriptors.map { String($0.key.split(separator: ".").first ?? "") })
        if let sectionNameKeyPath { roots.insert(String(sectionNameKeyPath.split(separator: ".").first ?? "")) }
        return roots
    }

    // MARK: - Incremental

    /// Updates the index from the batch's objects only: O(k log N) (plus O(S) for S sections).
    func applyIncrementally(_ note: ObjectsDidChangeNotification) throws -> FetchedResultsChangeSet {
        guard let tree else { return FetchedResultsChangeSet() }
        let request = activeRequest
        // The touched objects in the order they were first met; a batch of a few objects finds an object by
        // a scan, a larger one through `position` (built once the list reaches `scanLimit`).
        var list: [Touch] = []
        list.reserveCapacity(note.deleted.count + note.invalidated.count + note.inserted.count + note.updated.count
                             + note.refreshed.count)
        var position: [ObjectIdentifier: Int] = [:]
        let scanLimit = 32
        // The index of an object's touch (appended when new).
        func touch(_ o: ManagedObject) -> Int {
            let id = ObjectIdentifier(o)
            if list.count < scanLimit {
                if let index = list.firstIndex(where: { $0.object === o }) { return index }
            } else if let index = position[id] {
                return index
            }
            let index = list.count
            list.append(Touch(object: o, entry: entries[id]))
            if list.count == scanLimit {
                for (i, t) in list.enumerated() { position[ObjectIdentifier(t.object)] = i }
            } else if list.count > scanLimit {
                position[id] = index
            }
            return index
        }
        // Without pending changes, an object deleted but not saved is still fetched, with its current values
        // (which may have changed in the same event, unreported since deletion wins): evaluate it again.
        let keepsDeleted = !request.includesPendingChanges
        for o in note.deleted where entries[ObjectIdentifier(o)] != nil || (keepsDeleted && request.fetches(o.entity)) {
            list[touch(o)].gone = true
        }
        for o in note.invalidated where entries[ObjectIdentifier(o)] != nil || (keepsDeleted && request.fetches(o.entity)) {
            list[touch(o)].gone = true
        }
        for o in note.inserted where request.fetches(o.entity) { list[touch(o)].changed = true }
        // Adds the keys an updated or refreshed object changed (its notification's record, taken as it is).
        func markChanged(_ o: ManagedObject, changes: PropertyChanges?) {
            let i = touch(o)
            list[i].changed = true
            if let changes {
                if list[i].changes == nil { list[i].changes = changes } else { list[i].changes!.merge(changes, entity: o.entity) }
            }
        }
        for o in note.updated where request.fetches(o.entity) { markChanged(o, changes: note.propertyChanges(of: o)) }
        for o in note.refreshed where request.fetches(o.entity) {
            markChanged(o, changes: note.propertyChanges(of: o))
            list[touch(o)].refreshed = true
        }
        if tracksRelationshipKeyPaths {
            for o in dependents(of: note) where request.fetches(o.entity) { list[touch(o)].changed = true }
        }

        let oldLayout = currentLayout()
        let oldRange = visibleRange
        let oldWindow = isWindowed ? tree.elements(in: oldRange) : []

        // 1. Evaluate everything before changing anything, so an error leaves the controller as it was.
        for i in list.indices {
            if let entry = list[i].entry {
                list[i].oldRank = tree.rank(of: EntryRef(entry))
                list[i].oldKeys = entry.keys
                list[i].oldSection = entry.sectionName
            }
            let object = list[i].object
            if managedObjectContext.isFetchCandidate(object, for: request) {
                // An update that changes no section or predicate key keeps the object where it is in or out
                // of the results: no predicate evaluation, and only the sort keys it changed are read.
                if !evaluatesUpdatesInFull, let entry = list[i].entry, !list[i].gone, !list[i].refreshed,
                   let changes = list[i].changes,
                   let after = try keysAfterUpdate(of: object, entry: entry, changes: changes) {
                    list[i].newKeys = after.keys
                    list[i].newSection = after.section
                    continue
                }
                let matches: Bool
                do { matches = try request.matches(object) } catch { throw FetchedResultsController.wrap(error) }
                if matches {
                    let (keys, section) = try readKeys(object)
                    list[i].newKeys = keys
                    list[i].newSection = section
                }
            }
        }

        // 2. Take out what left or must be re-sorted, then put back what is (still) there.
        var created: [SectionRecord] = []
        var insertedRank: Int?
        // (touch, rank at its insertion), in insertion order: a later insertion at or before an earlier
        // one's position pushes it one further.
        var insertions: [(touch: Int, rank: Int)] = []
        // Entries leave by the rank step 1 found (a walk by counts, no key comparisons), highest rank first so
        // the others' ranks still hold.
        var leaving: [(rank: Int, entry: ResultEntry)] = []
        // Whether some section gains or loses an object (not only objects moving inside their section).
        var countsMoved = false
        // An entry left without a known rank (not in `leaving`): ranks are then read from the tree.
        var removedByKey = false
        if list.count > 1 {
            insertions.reserveCapacity(list.count)
            leaving.reserveCapacity(list.count)
        }
        for i in list.indices {
            guard let entry = list[i].entry else {
                if list[i].newKeys != nil { countsMoved = true }
                continue
            }
            let sameSection = list[i].newSection == list[i].oldSection
            if list[i].newKeys == nil || list[i].newKeys! != list[i].oldKeys || !sameSection {
                if let rank = list[i].oldRank { leaving.append((rank, entry)) } else { tree.remove(EntryRef(entry)); removedByKey = true }
                // An entry that comes back into the same section leaves its count as it is (the loop below
                // does not add it back either): no lookup of the section by name.
                if list[i].newKeys == nil || !sameSection { sectionsByName[entry.sectionName]?.count -= 1 }
                if list[i].newKeys == nil { entries[ObjectIdentifier(list[i].object)] = nil }
                if list[i].newKeys == nil || !sameSection { countsMoved = true }
            }
        }
        if leaving.count > 1 { leaving.sort { $0.rank > $1.rank } }
        for (rank, entry) in leaving {
            let removed = tree.remove(atRank: rank)
            assert(removed.entry === entry, "the rank of a leaving entry changed")
        }
        for i in list.indices {
            guard let keys = list[i].newKeys else { continue }
            let existing = list[i].entry
            let sameSection = list[i].newSection == list[i].oldSection
            if existing != nil, sameSection, keys == list[i].oldKeys { continue }
            // A moved entry is reused: only its keys (and section) change while it is out of the tree.
            let entry = existing ?? ResultEntry(object: list[i].object, keys: keys, sectionName: list[i].newSection)
            if existing != nil {
                entry.keys = keys
                if !sameSection { entry.sectionName = list[i].newSection }
            } else {
                entries[ObjectIdentifier(list[i].object)] = entry
                list[i].entry = entry
            }
            let rank = tree.insert(EntryRef(entry))
            insertedRank = rank
            if list.count > 1 { insertions.append((i, rank)) }
            if existing != nil && sameSection { continue }
            if let record = sectionsByName[list[i].newSection] {
                record.count += 1
            } else {
                let record = SectionRecord(name: list[i].newSection, count: 1)
                sectionsByName[list[i].newSection] = record
                created.append(record)
            }
        }

        // 3. New ranks; place new sections; check that sections are still contiguous.
        let derived = list.count > 1 && list.count <= Self.derivedRankLimit && !removedByKey
            ? derivedRanks(list, leaving: leaving, insertions: insertions) : nil
        var placed: [(rank: Int, section: String)] = []
        placed.reserveCapacity(list.count)
        for i in list.indices where list[i].newKeys != nil {
            // One touched object (the common case): its rank is the one its insertion returned, or its old
            // rank when it stayed in place (nothing else moved). A few: derived from the insertion ranks
            // and the removals without a walk. Otherwise ranks are read once all is placed.
            let rank: Int
            if list.count == 1, let known = insertedRank ?? list[i].oldRank {
                rank = known
            } else if let known = derived?[i] {
                // Debug builds (the test suite) check every derived rank against a walk of the tree.
                assert(known == tree.rank(of: EntryRef(list[i].entry!)), "derived rank \(known) differs from the tree's")
                rank = known
            } else {
                rank = tree.rank(of: EntryRef(list[i].entry!))!
            }
            list[i].newRank = rank
            placed.append((rank, list[i].newSection))
        }
        let updatedLayout = try rebuildSections(created: created, placed: placed, oldLayout: oldLayout,
                                                countsMoved: countsMoved)
        invalidateCaches()
        if let updatedLayout { cachedLayout = updatedLayout }
        let newLayout = currentLayout()

        // 4. Records of the visible results.
        var records: [ChangeRecord] = []
        if !isWindowed && oldRange.lowerBound == 0 && oldWindow.isEmpty {
            records.reserveCapacity(list.count)
            for i in list.indices where list[i].oldRank != nil || list[i].newRank != nil {
                // A re-sorted object (keys or section differ) is a key change without copying its touch.
                let resorted = list[i].entry != nil && list[i].newKeys.map { $0 != list[i].oldKeys } == true
                    || list[i].entry != nil && list[i].newKeys != nil && list[i].newSection != list[i].oldSection
                records.append(ChangeRecord(object: list[i].object, oldPos: list[i].oldRank, newPos: list[i].newRank,
                                            changed: list[i].changed, keyChanged: resorted || isKeyChange(list[i])))
            }
        } else {
            var touches: [ObjectIdentifier: Touch] = [:]
            for t in list { touches[ObjectIdentifier(t.object)] = t }
            records = windowRecords(oldWindow: oldWindow, newWindow: tree.elements(in: visibleRange),
                                    touches: touches)
        }
        return classify(records, oldLayout: oldLayout, newLayout: newLayout)
    }

    /// Batches of at most this many touched objects derive their new ranks (O(k²) integer work) instead
    /// of walking the tree for each (`rank(of:)`, O(k log N) comparisons).
    static var derivedRankLimit: Int { 32 }

    /// The rank each touched object in the results has after step 2, from what steps 1 and 2 know: a
    /// reinserted object's insertion rank, moved by the later insertions at or before it; an object that
    /// stayed in place, its old rank less the removals before it, moved by every insertion at or before
    /// it. Nil entries where it cannot tell (an entry whose old rank is unknown): read those from the tree.
    func derivedRanks(_ list: [Touch], leaving: [(rank: Int, entry: ResultEntry)],
                      insertions: [(touch: Int, rank: Int)]) -> [Int?] {
        var ranks = [Int?](repeating: nil, count: list.count)
        for n in insertions.indices {
            var rank = insertions[n].rank
            for later in insertions[(n + 1)...] where later.rank <= rank { rank += 1 }
            ranks[insertions[n].touch] = rank
        }
        for i in list.indices where ranks[i] == nil && list[i].newKeys != nil {
            guard list[i].entry != nil, let old = list[i].oldRank else { continue }
            var rank = old
            for gone in leaving where gone.rank < old { rank -= 1 }
            for inserted in insertions where inserted.rank <= rank { rank += 1 }
            ranks[i] = rank
        }
        return ranks
    }

    /// Whether an object's sort or section key changed (set, even to the same value, or different).
    func isKeyChange(_ t: Touch) -> Bool {
        guard let keys = t.newKeys, t.entry != nil else { return false }
        if keys != t.oldKeys || t.newSection != t.oldSection { return true }
        guard let changes = t.changes, !changes.isEmpty else { return false }
        return changes.containsAnyKey(of: keyRoots, in: t.object.entity)
    }

    /// Records for a window (offset/limit): every object entering or leaving it, and the touched ones.
    func windowRecords(oldWindow: [EntryRef], newWindow: [EntryRef],
                       touches: [ObjectIdentifier: Touch]) -> [ChangeRecord] {
        var positions: [ObjectIdentifier: (old: Int?, new: Int?)] = [:]
        for (i, e) in oldWindow.enumerated() { positions[ObjectIdentifier(e.object), default: (nil, nil)].old = i }
        for (j, e) in newWindow.enumerated() { positions[ObjectIdentifier(e.object), default: (nil, nil)].new = j }
        var records: [ChangeRecord] = []
        func add(_ object: ManagedObject) {
            let id = ObjectIdentifier(object)
            guard let p = positions[id] else { return }
            let t = touches[id]
            guard p.old == nil || p.new == nil || t != nil else { return }
            records.append(ChangeRecord(object: object, oldPos: p.old, newPos: p.new, changed: t?.changed ?? false,
                                        keyChanged: t.map(isKeyChange) ?? false))
            positions[id] = nil
        }
        for e in oldWindow { add(e.object) }
        for e in newWindow { add(e.object) }
        return records
    }

    /// Drops emptied sections and places new ones by the rank of their first object; checks that the
    /// changed objects sit inside their sections.
    ///
    /// - Returns: the new layout when it could be derived from `oldLayout` in O(sections) integer work (no
    ///   section created or emptied, results not windowed), so that the caller need not rebuild it; nil
    ///   otherwise.
    ///
    /// `countsMoved` false promises that every section kept its count (objects only moved inside their
    /// sections), so the counts need not be compared section by section.
    func rebuildSections(created: [SectionRecord], placed: [(rank: Int, section: String)],
                         oldLayout: Layout, countsMoved: Bool = true) throws -> Layout? {
        let structureChanged = !created.isEmpty || sectionList.contains(where: { $0.count == 0 })
        // The common case, no section created or emptied: the list stays as it is (no hashing of names).
        if structureChanged {
            var firstRank: [String: Int] = [:]
            for (rank, name) in placed {
                firstRank[name] = min(firstRank[name] ?? Int.max, rank)
            }
            let fresh = created.filter { $0.count > 0 }.sorted { firstRank[$0.name]! < firstRank[$1.name]! }
            var list: [SectionRecord] = []
            var position = 0
            var next = 0
            for record in sectionList where record.count > 0 {
                while next < fresh.count && firstRank[fresh[next].name]! <= position {
                    list.append(fresh[next]); position += fresh[next].count; next += 1
                }
                list.append(record)
                position += record.count
            }
            list += fresh[next...]
            for record in sectionList where record.count == 0 { sectionsByName[record.name] = nil }
            sectionList = list
        }
        guard sectionNameKeyPath != nil else { return nil }
        if !structureChanged && !isWindowed && oldLayout.names.count == sectionList.count {
            // Same sections in the same order: only counts and starts move (nothing at all for a change
            // inside one section, the common case: the arrays are then not even copied).
            var layout = oldLayout
            var firstChanged = sectionList.count
            if countsMoved {
                for i in sectionList.indices where layout.counts[i] != sectionList[i].count {
                    firstChanged = i
                    break
                }
            }
            // Debug builds (the test suite) check the promise that no count moved.
            assert(countsMoved || sectionList.indices.allSatisfy { layout.counts[$0] == sectionList[$0].count },
                   "a section count moved in a batch that moved none")
            if firstChanged < sectionList.count {
                var start = layout.starts[firstChanged]
                for i in firstChanged..<sectionList.count {
                    let count = sectionList[i].count
                    layout.starts[i] = start
                    layout.counts[i] = count
                    start += count
                }
            }
            for (rank, name) in placed.count > 1 ? placed.sorted(by: { $0.rank < $1.rank }) : placed {
                if layout.names[layout.indexPath(forVisibleRank: rank).section] != name {
                    throw FetchedResultsError.outOfOrderSection(index: rank, name: name)
                }
            }
            return layout
        }
        guard !placed.isEmpty else { return nil }
        // Where each section starts, keyed by the record's identity (cheaper to hash than its name).
        var starts: [ObjectIdentifier: Int] = [:]
        starts.reserveCapacity(sectionList.count)
        var start = 0
        for record in sectionList { starts[ObjectIdentifier(record)] = start; start += record.count }
        for (rank, name) in placed.sorted(by: { $0.rank < $1.rank }) {
            let record = sectionsByName[name]!
            let s = starts[ObjectIdentifier(record)]!
            if rank < s || rank >= s + record.count {
                throw FetchedResultsError.outOfOrderSection(index: rank, name: name)
            }
        }
        return nil
    }

    // MARK: - Full re-fetch

    /// Re-fetches and diffs the visible results against the previous ones with ``DenseDiff`` (O(N)): used
    /// when changes went by untracked.
    func resync(_ note: ObjectsDidChangeNotification) throws -> FetchedResultsChangeSet {
        guard let tree else { return FetchedResultsChangeSet() }
        let oldLayout = currentLayout()
        let old = tree.elements(in: visibleRange).map { (object: $0.object, keys: $0.keys, section: $0.sectionName) }
        try fetchAll(activeRequest)
        let newLayout = currentLayout()
        let new = self.tree!.elements(in: visibleRange)
        let diff = DenseDiff(old: old.map { $0.object.objectID.number }, new: new.map(\.number))
        var changed = Set<ObjectIdentifier>()
        for o in note.updated + note.refreshed + note.inserted { changed.insert(ObjectIdentifier(o)) }
        var records: [ChangeRecord] = []
        for i in diff.removals { records.append(ChangeRecord(object: old[i].object, oldPos: i, newPos: nil, changed: false, keyChanged: false)) }
        for j in diff.insertions { records.append(ChangeRecord(object: new[j].object, oldPos: nil, newPos: j, changed: true, keyChanged: false)) }
        for (j, i) in diff.oldOffsetOfNew.enumerated() where i >= 0 {
            let keyChanged = old[i].keys != new[j].keys || old[i].section != new[j].sectionName
            let wasChanged = changed.contains(ObjectIdentifier(new[j].object))
            if keyChanged || wasChanged {
                records.append(ChangeRecord(object: new[j].object, oldPos: i, newPos: j, changed: true, keyChanged: keyChanged))
            }
        }
        return classify(records, oldLayout: oldLayout, newLayout: newLayout)
    }
}
