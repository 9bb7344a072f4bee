import ObjectGraph

extension FetchedResultsController {
    /// Checks a batch (invariant mode): the results equal a fresh fetch, sections are contiguous and
    /// non-empty, and applying the reported changes to the old snapshot (deletes at old paths, then
    /// inserts at new paths, as a table view does) gives the new one.
    ///
    /// The fresh-fetch comparison is skipped when a key path goes through a relationship and
    /// ``tracksRelationshipKeyPaths`` is off: such results are stale by design (as in Core Data); and while
    /// blocks are still queued on the context (several automatic merges in one tick: until the last one
    /// runs, the store holds saves the context has not merged yet). Objects neither in the results nor
    /// announced by the context since the fetch are left out of the fresh fetch: the controller cannot know them.
    /// Objects whose store row a batch request (or another root context's save) changed and the context
    /// has not merged (``ManagedObjectContext/unmergedStoreChanges``) are left out on both sides: until
    /// the merge the controller keeps them as they were, as Core Data's does. Objects a SQLite store's SQL and
    /// in-memory evaluation disagree on (a comparison with a nil value) are left out on both sides too.
    /// - Throws: `.invariantViolation`: `invariant violated after change batch 3: …`.
    func checkInvariants(old: FetchedResultsSnapshot, changes: FetchedResultsChangeSet) throws {
        func fail(_ detail: String) -> FetchedResultsError {
            FetchedResultsError(.invariantViolation, "invariant violated after change batch \(changeBatchCount): \(detail)")
        }
        let objects = fetchedObjects ?? []
        // 1. A fresh fetch.
        var paths = activeRequest.sortDescriptors.map(\.key) + (activeRequest.predicate?.keyPaths ?? [])
        if let sectionNameKeyPath { paths.append(sectionNameKeyPath) }
        // While blocks are queued on the context (automatic merges of several saves, processed one per
        // block), the store is ahead of the context: the comparison waits for the last batch of the queue.
        if (tracksRelationshipKeyPaths || !paths.contains(where: { $0.contains(".") }))
            && !managedObjectContext.hasQueuedBlocks && !managedObjectContext.isMergingChanges {
            // The checker's own fetch is not the script's work: it is not charged to the work budget (a
            // spent budget must not fail a batch between applying it and telling the delegate).
            let budget = WorkBudget.current
            WorkBudget.current = nil
            defer { WorkBudget.current = budget }
            // A controller knows what it fetched and what the context announced since: rows another context
            // saved and this one never merged (even if a plain fetch loaded them, which posts nothing) cannot
            // be in it, as in Core Data — the comparison leaves them out.
            let known = announcedObjects.union(objects.map(ObjectIdentifier.init))
            // Rows a batch request (or another root context's save) updated or deleted in the store, and
            // that this context has not merged, are left out on both sides: the controller keeps the old
            // state of those objects until the merge, as in Core Data; the fresh fetch already reads the new.
            let unmerged = managedObjectContext.unmergedStoreChanges
            // Objects a SQLite store's SQL leaves out while in-memory evaluation keeps them (`name != 'X'` on a
            // nil name) are left out on both sides: the controller evaluates changed objects in memory and a
            // fresh fetch reads saved rows with SQL — a difference Core Data has too (docs/predicates.md).
            let context = managedObjectContext
            let request = activeRequest
            let excused = { (o: ManagedObject) in context.storeAndMemoryDisagree(on: o, for: request) }
            let fresh = try managedObjectContext.fetch(activeRequest).filter {
                known.contains(ObjectIdentifier($0)) && !unmerged.contains($0.objectID) && !excused($0)
            }
            let compared = objects.filter { !unmerged.contains($0.objectID) && !excused($0) }
            if fresh.count != compared.count || zip(fresh, compared).contains(where: { $0 !== $1 }) {
                throw fail("the results differ from a fresh fetch: expected "
                           + fresh.map(\.displayName).joined(separator: ", ") + "; have "
                           + compared.map(\.displayName).joined(separator: ", "))
            }
        }
        // 2. Sections.
        let new = snapshot()
        if Set(new.sectionIdentifiers).count != new.sectionIdentifiers.count {
            throw fail("section names are not unique: \(new.sectionIdentifiers)")
        }
        if sectionNameKeyPath != nil {
            for (name, items) in zip(new.sectionIdentifiers, new.sectionItems) where items.isEmpty {
                throw fail("section '\(name)' is empty")
            }
            for (i, section) in (sections ?? []).enumerated() {
                for object in section.objects {
                    let (_, name) = try readKeys(object)
                    if name != section.name && !paths.contains(where: { $0.contains(".") }) {
                        throw fail("\(object.displayName) is in section \(i) '\(section.name)' but its section name is '\(name)'")
                    }
                }
            }
        } else if new.sectionIdentifiers.count != 1 {
            throw fail("a controller without a section key path must have one section")
        }
        // 3. Old snapshot + changes = new snapshot.
        var removed = Set<IndexPath>()
        func item(_ s: FetchedResultsSnapshot, _ p: IndexPath) -> ManagedObjectID? {
            guard p.section >= 0, p.section < s.sectionItems.count, p.item >= 0,
                  p.item < s.sectionItems[p.section].count else { return nil }
            return s.sectionItems[p.section][p.item]
        }
        for c in changes.objectChanges {
            let id = c.object.objectID
            if c.type != .insert, item(old, c.indexPath!) != id {
                throw fail("\(c): \(c.object.displayName) was not at \(c.indexPath!)")
            }
            if c.type != .delete, item(new, c.newIndexPath!) != id {
                throw fail("\(c): \(c.object.displayName) is not at \(c.newIndexPath!)")
            }
            if c.type == .delete || c.type == .move {
                guard removed.insert(c.indexPath!).inserted else { throw fail("\(c.indexPath!) removed twice") }
            }
        }
        var names = old.sectionIdentifiers
        var items = old.sectionItems.enumerated().map { s, list in
            list.enumerated().filter { !removed.contains(IndexPath(section: s, item: $0.offset)) }.map(\.element)
        }
        for c in changes.sectionChanges where c.type == .delete {
            guard items[c.sectionIndex].isEmpty else {
                throw fail("section \(c.sectionIndex) '\(c.sectionInfo.name)' was deleted but objects stayed in it")
            }
            names.remove(at: c.sectionIndex)
            items.remove(at: c.sectionIndex)
        }
        for c in changes.sectionChanges.filter({ $0.type == .insert }).sorted(by: { $0.sectionIndex < $1.sectionIndex }) {
            guard c.sectionIndex <= names.count else { throw fail("section insert at \(c.sectionIndex) out of range") }
            names.insert(c.sectionInfo.name, at: c.sectionIndex)
            items.insert([], at: c.sectionIndex)
        }
        let arrivals = changes.objectChanges.filter { $0.type == .insert || $0.type == .move }
            .sorted { $0.newIndexPath! < $1.newIndexPath! }
        for c in arrivals {
            let p = c.newIndexPath!
            guard p.section < items.count, p.item <= items[p.section].count else {
                throw fail("\(c): \(p) out of range when applying the changes")
            }
            items[p.section].insert(c.object.objectID, at: p.item)
        }
        if names != new.sectionIdentifiers || items != new.sectionItems {
            let applied = FetchedResultsSnapshot(sectionIdentifiers: names, sectionItems: items)
            throw fail("applying the reported changes to \(old) gives \(applied), not \(new)")
        }
    }

    /// Objects of the fetched entity whose relationship key paths reach an object changed by the batch
    /// (for ``tracksRelationshipKeyPaths``), found by walking inverse relationships back from it — or, when
    /// a step of the key path has no inverse, by walking the key path forward from every registered object
    /// of the fetched entity.
    func dependents(of note: ObjectsDidChangeNotification) -> [ManagedObject] {
        guard let model = managedObjectContext.model.entity(named: activeRequest.entityName) else { return [] }
        var paths = activeRequest.sortDescriptors.map(\.key) + (activeRequest.predicate?.keyPaths ?? [])
        if let sectionNameKeyPath { paths.append(sectionNameKeyPath) }
        var result: [ManagedObject] = []
        var seen = Set<ObjectIdentifier>()
        let whole = Set((note.inserted + note.deleted + note.invalidated).map(ObjectIdentifier.init))
        let changedObjects = note.updated + note.refreshed + note.inserted + note.deleted
        for path in Set(paths).sorted() {
            let components = path.split(separator: ".").map(String.init).filter { !$0.hasPrefix("@") }
            guard components.count > 1 else { continue }
            // The entity and the relationship followed at each depth.
            var entities: [EntityDescription] = [model]
            var steps: [RelationshipDescription] = []
            for c in components.dropLast() {
                guard let r = entities.last!.relationship(named: c),
                      let next = managedObjectContext.model.entity(named: r.destinationEntityName) else { break }
                steps.append(r)
                entities.append(next)
            }
            for object in changedObjects {
                for depth in stride(from: steps.count, through: 1, by: -1) where object.entity.isKind(of: entities[depth]) {
                    let keys = note.changedKeys(of: object) ?? []
                    guard whole.contains(ObjectIdentifier(object)) || keys.contains(components[depth]) else { continue }
                    func related(_ o: ManagedObject, _ key: String) -> [ManagedObject] {
                        switch (try? o.value(forKey: key)) ?? .null {
                        case .object(let x): return [x]
                        case .collection(let xs): return xs.compactMap(\.objectValue)
                        default: return []
                        }
                    }
                    var level = [object]
                    if steps[0..<depth].allSatisfy({ $0.inverseName != nil }) {
                        // Back through the inverses: O(objects reached).
                        for d in stride(from: depth - 1, through: 0, by: -1) {
                            level = level.flatMap { related($0, steps[d].inverseName!) }
                        }
                    } else {
                        // A step without an inverse: walk forward from every registered object of the
                        // fetched entity and keep those whose key path reaches the changed object.
                        let target = ObjectIdentifier(object)
                        level = managedObjectContext.registeredObjects.filter { candidate in
                            guard candidate.entity.isKind(of: model), !candidate.isDeleted else { return false }
                            var reached = [candidate]
                            for d in 0..<depth { reached = reached.flatMap { related($0, steps[d].name) } }
                            return reached.contains { ObjectIdentifier($0) == target }
                        }
                    }
                    for o in level where seen.insert(ObjectIdentifier(o)).inserted { result.append(o) }
                }
            }
        }
        return result
    }
}
