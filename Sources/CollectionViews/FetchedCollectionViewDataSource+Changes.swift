import FetchedResults
import ObjectGraph

extension FetchedCollectionViewDataSource {
    /// The four classic callbacks.
    public var implementedCallbacks: FetchedResultsDelegateCallbacks { .classic }

    /// Starts collecting a batch.
    public func controllerWillChangeContent(_ controller: FetchedResultsController) throws {
        pending = PendingChanges()
    }

    /// Collects a section insert (new index) or delete (old index).
    public func controller(_ controller: FetchedResultsController, didChange sectionInfo: FetchedResultsSectionInfo,
                           atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType) throws {
        switch type {
        case .insert: pending.insertedSections.append((sectionIndex, sectionInfo))
        case .delete: pending.deletedSections.append(sectionIndex)
        default: break
        }
    }

    /// Collects an object change.
    public func controller(_ controller: FetchedResultsController, didChange object: ManagedObject,
                           at indexPath: IndexPath?, for type: FetchedResultsChangeType, newIndexPath: IndexPath?) throws {
        switch type {
        case .insert: if let newIndexPath { pending.inserts.append(newIndexPath) }
        case .delete: if let indexPath { pending.deletes.append(indexPath) }
        case .move: if let indexPath, let newIndexPath { pending.moves.append((indexPath, newIndexPath)) }
        case .update: if let indexPath { pending.updates.append(indexPath) }
        }
    }

    /// Turns the collected changes into one batch update (or a reload), then reconfigures moved items and
    /// runs the post-update block.
    public func controllerDidChangeContent(_ controller: FetchedResultsController) throws {
        guard controller === fetchedResultsController, let collectionView, let old = shown else { return }
        let changes = pending
        pending = PendingChanges()
        let deletedSections = Set(changes.deletedSections)
        let insertedSections = Set(changes.insertedSections.map(\.index))

        // Old indexes are tested against deleted sections only, new indexes against inserted ones.
        var deletes = changes.deletes.filter { !deletedSections.contains($0.section) }
        var inserts = changes.inserts.filter { !insertedSections.contains($0.section) }
        var moves: [(from: IndexPath, to: IndexPath)] = []
        for move in changes.moves {
            switch (deletedSections.contains(move.from.section), insertedSections.contains(move.to.section)) {
            case (true, true): break
            case (true, false): inserts.append(move.to)
            case (false, true): deletes.append(move.from)
            case (false, false): moves.append(move)
            }
        }
        let reloads = changes.updates.filter { !deletedSections.contains($0.section) }
        let new: [SectionRecord]
        do {
            new = try updatedRecords(old, changes) ?? currentRecords(of: controller)
        } catch {
            resynchronize(collectionView, records: currentRecords(of: controller))
            throw error
        }

        do {
            // A view whose last load failed shows nothing: it could only load the controller's new content
            // as its "before" state, so it reloads instead of taking a batch.
            if reloadCollectionViewAfterChanges || !collectionView.isLoaded {
                shown = new
                try collectionView.reloadData()
            } else {
                try collectionView.performBatchUpdates { batch in
                    batch.deleteSections(changes.deletedSections)
                    batch.insertSections(changes.insertedSections.map(\.index))
                    batch.deleteItems(at: deletes)
                    batch.insertItems(at: inserts)
                    for move in moves { batch.moveItem(at: move.from, to: move.to) }
                    batch.reloadItems(at: reloads)
                    shown = new
                }
                try collectionView.reconfigureItems(at: moves.map(\.to))
            }
        } catch {
            resynchronize(collectionView, records: new)
            throw error
        }
        try postUpdateBlock?(self)
    }

    /// After a batch the view could not apply (a prepare block raised, an item had no registration, the
    /// view had to load first and could not), the data source still follows its controller and the view
    /// reloads, so the next question or batch starts from the controller's content instead of sections out
    /// of step (UIKit would have stopped the app with an exception). The reload is in the trace; if it
    /// fails too, the view forgets what it showed (its cells go back to the pool) and loads at its next
    /// question.
    func resynchronize(_ collectionView: CollectionView, records: [SectionRecord]) {
        shown = records
        do {
            try collectionView.reloadData()
        } catch {
            // While the view asks its data source (this change was saved from inside `cellForItemAt`), the
            // operation running holds the shown cells and puts them back itself.
            if !collectionView.isAskingDataSource, let displayed = collectionView.displayed {
                collectionView.enqueueAll(displayed)
            }
            collectionView.displayed = nil
        }
    }

    /// The section records of the controller's current content (section items that cannot be read are nil).
    func currentRecords(of controller: FetchedResultsController) -> [SectionRecord] {
        (controller.sections ?? []).map { section in
            SectionRecord(name: section.name, count: section.numberOfObjects,
                          item: (try? sectionItem(for: section)) ?? .null)
        }
    }

    /// The section records after a batch, from the records before it and the batch's changes; nil when the
    /// changes do not fit the records (never expected: the caller then takes the controller's content).
    func updatedRecords(_ old: [SectionRecord], _ changes: PendingChanges) throws -> [SectionRecord]? {
        var records = old
        for section in changes.deletes.map(\.section) + changes.moves.map(\.from.section) {
            guard records.indices.contains(section) else { return nil }
            records[section].count -= 1
        }
        for index in changes.deletedSections.sorted(by: >) {
            guard records.indices.contains(index) else { return nil }
            records.remove(at: index)
        }
        for (index, info) in changes.insertedSections.sorted(by: { $0.index < $1.index }) {
            guard index >= 0 && index <= records.count else { return nil }
            records.insert(SectionRecord(name: info.name, count: 0, item: try sectionItem(for: info)), at: index)
        }
        for section in changes.inserts.map(\.section) + changes.moves.map(\.to.section) {
            guard records.indices.contains(section) else { return nil }
            records[section].count += 1
        }
        return records
    }
}
