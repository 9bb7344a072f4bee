import ObjectGraph

extension FetchedResultsController {
    /// Turns records into the reported changes (docs/decisions.md, decision 5).
    ///
    /// - An object only before is a delete (old path), only after an insert (new path).
    /// - An object whose sort or section key did not change is an update (old and new path) when it
    ///   changed, and not reported otherwise: shifts caused by inserts and deletes are implied.
    /// - An object whose key changed is a move when it now sits in another section, or when the number of
    ///   stable objects (present before and after, keys unchanged) before it differs; among the remaining
    ///   key-changed objects, those outside one longest run in the same relative order are moves too (so
    ///   the unmoved objects keep their relative order, as a table view assumes). The rest are updates.
    func classify(_ records: [ChangeRecord], oldLayout: Layout, newLayout: Layout) -> FetchedResultsChangeSet {
        var changes = FetchedResultsChangeSet()
        // Sections (none changed when the names are the same, which is the common case: no hashing then).
        if oldLayout.names != newLayout.names {
            let oldNames = Set(oldLayout.names), newNames = Set(newLayout.names)
            for (i, name) in oldLayout.names.enumerated().reversed() where !newNames.contains(name) {
                changes.sectionChanges.append(FetchedResultsSectionChange(
                    sectionInfo: FetchedResultsSectionInfo(name: name, objects: []), sectionIndex: i, type: .delete))
            }
            for (i, name) in newLayout.names.enumerated() where !oldNames.contains(name) {
                changes.sectionChanges.append(FetchedResultsSectionChange(
                    sectionInfo: FetchedResultsSectionInfo(name: name, objects: visibleObjects(section: i, layout: newLayout)),
                    sectionIndex: i, type: .insert))
            }
        }
        // Objects.
        var deletes: [FetchedResultsObjectChange] = []
        var inserts: [FetchedResultsObjectChange] = []
        var moves: [FetchedResultsObjectChange] = []
        var updates: [FetchedResultsObjectChange] = []
        var nonStableOld: [Int] = []
        var nonStableNew: [Int] = []
        if records.count > 1 {
            // Room for every record at once (a batch of k moves would otherwise grow each list log k times).
            nonStableOld.reserveCapacity(records.count)
            nonStableNew.reserveCapacity(records.count)
            moves.reserveCapacity(records.count)
        }
        for r in records {
            if let o = r.oldPos, r.newPos == nil { nonStableOld.append(o) }
            if let n = r.newPos, r.oldPos == nil { nonStableNew.append(n) }
            if r.keyChanged, let o = r.oldPos, let n = r.newPos { nonStableOld.append(o); nonStableNew.append(n) }
        }
        if nonStableOld.count > 1 { nonStableOld.sort() }
        if nonStableNew.count > 1 { nonStableNew.sort() }
        func countLess(_ sorted: [Int], _ x: Int) -> Int {
            var lo = 0, hi = sorted.count
            while lo < hi { let mid = (lo + hi) / 2; if sorted[mid] < x { lo = mid + 1 } else { hi = mid } }
            return lo
        }
        var kept: [ChangeRecord] = []
        for r in records {
            switch (r.oldPos, r.newPos) {
            case (let o?, nil):
                deletes.append(FetchedResultsObjectChange(object: r.object, indexPath: oldLayout.indexPath(forVisibleRank: o),
                                                          type: .delete, newIndexPath: nil))
            case (nil, let n?):
                inserts.append(FetchedResultsObjectChange(object: r.object, indexPath: nil, type: .insert,
                                                          newIndexPath: newLayout.indexPath(forVisibleRank: n)))
            case (let o?, let n?):
                let oldPath = oldLayout.indexPath(forVisibleRank: o)
                let newPath = newLayout.indexPath(forVisibleRank: n)
                let change = FetchedResultsObjectChange(object: r.object, indexPath: oldPath, type: .update, newIndexPath: newPath)
                if !r.keyChanged {
                    if r.changed { updates.append(change) }
                } else if oldLayout.names[oldPath.section] != newLayout.names[newPath.section]
                            || o - countLess(nonStableOld, o) != n - countLess(nonStableNew, n) {
                    var move = change
                    move.type = .move
                    moves.append(move)
                } else {
                    kept.append(r)
                }
            default:
                break
            }
        }
        if kept.count > 1 { kept.sort { $0.newPos! < $1.newPos! } }
        // The kept run, marked by position (no set of indices to hash).
        var keep = [Bool](repeating: false, count: kept.count)
        if !kept.isEmpty {
            for i in DenseDiff.longestIncreasingSubsequence(kept.map { $0.oldPos! }) { keep[i] = true }
        }
        for (i, r) in kept.enumerated() {
            let change = FetchedResultsObjectChange(object: r.object, indexPath: oldLayout.indexPath(forVisibleRank: r.oldPos!),
                                                    type: keep[i] ? .update : .move,
                                                    newIndexPath: newLayout.indexPath(forVisibleRank: r.newPos!))
            if keep[i] { updates.append(change) } else { moves.append(change) }
        }
        if deletes.count > 1 { deletes.sort { $0.indexPath! > $1.indexPath! } }
        if inserts.count > 1 { inserts.sort { $0.newIndexPath! < $1.newIndexPath! } }
        if moves.count > 1 { moves.sort { $0.newIndexPath! < $1.newIndexPath! } }
        if updates.count > 1 { updates.sort { $0.indexPath! < $1.indexPath! } }
        if inserts.isEmpty && moves.isEmpty && updates.isEmpty {
            changes.objectChanges = deletes
        } else if deletes.isEmpty && inserts.isEmpty && updates.isEmpty {
            changes.objectChanges = moves       // one object moved: the usual edit of a sort key
        } else {
            changes.objectChanges = deletes + inserts + moves + updates
        }
        return changes
    }

    /// The objects of a visible section.
    func visibleObjects(section: Int, layout: Layout) -> [ManagedObject] {
        guard let tree else { return [] }
        let start = visibleRange.lowerBound + layout.starts[section]
        return tree.elements(in: start..<start + layout.counts[section]).map(\.object)
    }

    /// The batch as a difference of object IDs: removals at old offsets (deletes and move sources),
    /// insertions at new offsets (inserts and move destinations), moves associated.
    public static func difference(of changes: FetchedResultsChangeSet) -> CollectionDifference<ManagedObjectID> {
        var list: [CollectionDifference<ManagedObjectID>.Change] = []
        for c in changes.objectChanges {
            let id = c.object.objectID
            switch c.type {
            case .delete: list.append(.remove(offset: c.indexPath!.item, element: id, associatedWith: nil))
            case .insert: list.append(.insert(offset: c.newIndexPath!.item, element: id, associatedWith: nil))
            case .move:
                list.append(.remove(offset: c.indexPath!.item, element: id, associatedWith: c.newIndexPath!.item))
                list.append(.insert(offset: c.newIndexPath!.item, element: id, associatedWith: c.indexPath!.item))
            case .update: break
            }
        }
        return CollectionDifference(list)!
    }

    /// Delivers a batch to the delegate in the documented order.
    func deliver(_ changes: FetchedResultsChangeSet) throws {
        try deliver(objectChanges: changes.objectChanges, sectionChanges: changes.sectionChanges)
    }

    /// Delivers a batch given as its two lists (one object change needs no array: `CollectionOfOne`).
    func deliver<Changes: Collection<FetchedResultsObjectChange>>(
        objectChanges: Changes, sectionChanges: [FetchedResultsSectionChange]) throws {
        guard !objectChanges.isEmpty || !sectionChanges.isEmpty, let delegate else { return }
        var selector = ""
        do {
            if callbacks.contains(.snapshot) {
                selector = "controller:didChangeContentWithSnapshot:"
                var snapshot = self.snapshot()
                snapshot.reloadedItemIdentifiers = objectChanges
                    .filter { $0.type == .update || $0.type == .move }.map(\.object.objectID)
                try delegate.controller(self, didChangeContentWith: snapshot)
                return
            }
            if callbacks.contains(.difference) && sectionNameKeyPath == nil {
                selector = "controller:didChangeContentWithDifference:"
                let changes = FetchedResultsChangeSet(sectionChanges: sectionChanges, objectChanges: Array(objectChanges))
                try delegate.controller(self, didChangeContentWith: FetchedResultsController.difference(of: changes))
                return
            }
            if callbacks.contains(.willChangeContent) {
                selector = "controllerWillChangeContent:"
                try delegate.controllerWillChangeContent(self)
            }
            if callbacks.contains(.didChangeSection) {
                selector = "controller:didChangeSection:atIndex:forChangeType:"
                for c in sectionChanges {
                    try delegate.controller(self, didChange: c.sectionInfo, atSectionIndex: c.sectionIndex, for: c.type)
                }
            }
            if callbacks.contains(.didChangeObject) {
                selector = "controller:didChangeObject:atIndexPath:forChangeType:newIndexPath:"
                for c in objectChanges {
                    try delegate.controller(self, didChange: c.object, at: c.indexPath, for: c.type,
                                            newIndexPath: c.newIndexPath)
                    // iOS 9 quirk (OpenRadar 22380191; docs/table-views.md, profiles): the update of an object that stayed
                    // in place is followed by a move to the same index path.
                    if platform.profile.sendsSamePathMoveAfterUpdate, c.type == .update, let path = c.indexPath,
                       c.newIndexPath == nil || c.newIndexPath == path {
                        try delegate.controller(self, didChange: c.object, at: path, for: .move, newIndexPath: path)
                    }
                }
            }
            if callbacks.contains(.didChangeContent) {
                selector = "controllerDidChangeContent:"
                try delegate.controllerDidChangeContent(self)
            }
        } catch {
            throw FetchedResultsError.delegateFailure(selector: selector, reason: FetchedResultsController.reason(of: error),
                                                      underlying: error)
        }
    }
}
