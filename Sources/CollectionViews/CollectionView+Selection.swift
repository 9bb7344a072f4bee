import FetchedResults

/// Selection, editing, the display callbacks, prefetching and a person's reordering.
///
/// Selection follows UIKit: ``selectItem(at:)`` and ``deselectItem(at:)`` call no delegate method; a batch
/// update carries selected items to their new index paths (moved, or shifted by inserts and deletes
/// above them) and deselects deleted and reloaded ones; `reloadData` and a new data source deselect
/// everything; reconfiguring keeps the selection.
extension CollectionView {
    // MARK: - Selection

    /// The selected items in index-path order (`indexPathsForSelectedRows`; empty when none).
    public var indexPathsForSelectedItems: [IndexPath] { selection.sorted() }

    /// The first selected item (`indexPathForSelectedRow`), or nil.
    public var indexPathForSelectedItem: IndexPath? { selection.min() }

    /// Whether an index path names an item the view shows (loading first if needed).
    public func contains(_ indexPath: IndexPath) throws -> Bool {
        let sections = try content()
        return indexPath.section >= 0 && indexPath.section < sections.count && indexPath.item >= 0
            && indexPath.item < sections[indexPath.section].numberOfItems
    }

    /// The message of an index path the view does not show: `attempt to select invalid index path [0, 9]
    /// (section 0 has 3 rows)`.
    public func invalidIndexPathMessage(_ indexPath: IndexPath, _ what: String) throws -> String {
        let sections = try content()
        let count = indexPath.section >= 0 && indexPath.section < sections.count
            ? "section \(indexPath.section) has \(sections[indexPath.section].numberOfItems) \(wording.items)"
            : "there \(sections.count == 1 ? "is 1 section" : "are \(sections.count) sections")"
        return "attempt to \(what) invalid index path \(indexPath) (\(count))"
    }

    func invalidIndexPath(_ indexPath: IndexPath, _ what: String) throws -> CollectionViewsError {
        CollectionViewsError(.outOfRange, try invalidIndexPathMessage(indexPath, what))
    }

    /// Selects an item (`selectRow(at:animated:scrollPosition:)`), without calling the delegate; without
    /// ``allowsMultipleSelection`` the other items are deselected.
    /// - Throws: `.outOfRange` for an index path the view does not show (nothing changes).
    public func selectItem(at indexPath: IndexPath) throws {
        try checkNotBusy("select\(itemWord)")
        guard try contains(indexPath) else { throw try invalidIndexPath(indexPath, "select") }
        if !allowsMultipleSelection { selection = [] }
        selection.insert(indexPath)
        report(.select(indexPath))
    }

    /// Deselects an item (`deselectRow(at:animated:)`), without calling the delegate; an item that is not
    /// selected is left alone, as UIKit does.
    public func deselectItem(at indexPath: IndexPath) throws {
        try checkNotBusy("deselect\(itemWord)")
        guard selection.remove(indexPath) != nil else { return }
        report(.deselect(indexPath))
    }

    /// Puts back a selection saved earlier (``indexPathsForSelectedItems``), without a trace or a delegate
    /// call: for a simulated gesture that failed half-way and undoes what it did.
    public func restoreSelection(_ indexPaths: [IndexPath]) { selection = Set(indexPaths) }

    /// Carries the selection through a validated batch: an item keeps its selection at its new index path
    /// when its cell survives (kept or moved); deleted and reloaded items lose it.
    func carrySelection(through plan: [BatchUpdateValidator.PlannedSection]) {
        guard !selection.isEmpty else { return }
        // Each selected item is followed through the operations (not every item through the plan).
        let map = BatchPlanMap(plan, before: pendingBefore)
        selection = Set(selection.compactMap { map.newPath(ofOld: $0) })
    }

    /// Enters or leaves editing mode (`setEditing(_:animated:)`), written in the trace.
    public func setEditing(_ editing: Bool) {
        guard editing != isEditing else { return }
        isEditing = editing
        report(.setEditing(editing))
    }

    // MARK: - A person's reordering

    /// Shows a move a person made by dragging a row (the first half of an interactive reorder): the view
    /// moves the cell from `from` to `to` in what it shows, without asking its data source (UIKit then
    /// tells the data source, `moveRowAtIndexPath:toIndexPath:`, which must update its model to match).
    /// The selection follows the moved item.
    /// - Throws: `.outOfRange` when `from` is not shown or `to` is not a place the item can go (nothing
    ///   changes).
    public func showUserMove(from: IndexPath, to: IndexPath) throws {
        try checkNotBusy("move\(itemWord)")
        guard try contains(from) else { throw try invalidIndexPath(from, "move the \(wording.item) at") }
        var sections = displayed!
        let limit = sections.indices.contains(to.section)
            ? sections[to.section].numberOfItems - (to.section == from.section ? 1 : 0) : -1
        guard to.item >= 0, to.item <= limit else { throw try invalidIndexPath(to, "move a \(wording.item) to") }
        let wasComplete = displayedIsComplete
        let cell = sections[from.section].slots.remove(at: from.item)
        sections[to.section].slots.insert(cell, at: to.item)
        displayed = sections
        // With a window, the cell may now be outside it (or a visible item without one) until
        // `refreshAfterUserMove`.
        displayedIsComplete = wasComplete && visibleItemCount == nil
        var moved: Set<IndexPath> = []
        for p in selection {
            if p == from { moved.insert(to); continue }
            var q = p
            if q.section == from.section && q.item > from.item { q = IndexPath(section: q.section, item: q.item - 1) }
            if q.section == to.section && q.item >= to.item { q = IndexPath(section: q.section, item: q.item + 1) }
            moved.insert(q)
        }
        selection = moved
        lastUserMove = (from, to)
    }

    /// Gives every visible item a cell after a person's move (call it once the data source knows).
    public func refreshAfterUserMove() throws {
        try notifyingDisplay { try refreshVisibleCells() }
    }

    // MARK: - Display callbacks

    /// The cells shown, with their index paths and how many times each was reused (a reused cell is a
    /// new display).
    private func shownCells() -> [(key: ObjectIdentifier, reuse: Int, cell: CollectionReusableView, path: IndexPath)] {
        var result: [(key: ObjectIdentifier, reuse: Int, cell: CollectionReusableView, path: IndexPath)] = []
        if let displayed, let count = visibleItemCount, displayedIsComplete {
            // Only the window's items have cells: look at them alone.
            for (s, items) in windowRanges(of: displayed, count: count) {
                CollectionView.count(items.count)
                for i in items {
                    if let slot = displayed[s].slots[i] { result.append((ObjectIdentifier(slot), slot.reuseCount, slot, IndexPath(section: s, item: i))) }
                }
            }
            return result
        }
        CollectionView.count(displayed?.reduce(0) { $0 + $1.slots.count } ?? 0)
        for (s, section) in (displayed ?? []).enumerated() {
            for (i, slot) in section.slots.enumerated() {
                if let slot { result.append((ObjectIdentifier(slot), slot.reuseCount, slot, IndexPath(section: s, item: i))) }
            }
        }
        return result
    }

    /// Runs `body`, then tells the delegate which cells stopped being displayed (`didEndDisplayingCell`,
    /// at their old index paths, in order) and which started (`willDisplayCell`, at their new ones). A
    /// moved cell is neither; a reused one is both. Only the outermost call notifies, and only when the
    /// delegate wants display callbacks; what a display callback itself changes (a `reloadData` from
    /// `willDisplayCell`) is not notified again, so callbacks cannot recurse. When `body` throws, its
    /// error wins over the delegate's.
    func notifyingDisplay<T>(_ body: () throws -> T) throws -> T {
        guard let delegate, delegate.wantsDisplayCallbacks, displayNotificationDepth == 0 else { return try body() }
        let before = shownCells()
        displayNotificationDepth += 1
        defer { displayNotificationDepth -= 1 }
        let result: Result<T, any Error>
        do { result = .success(try body()) } catch { result = .failure(error) }
        let after = shownCells()
        let afterKeys = Set(after.map { DisplayKey(id: $0.key, reuse: $0.reuse) })
        let beforeKeys = Set(before.map { DisplayKey(id: $0.key, reuse: $0.reuse) })
        do {
            for entry in before where !afterKeys.contains(DisplayKey(id: entry.key, reuse: entry.reuse)) {
                try delegate.collectionView(self, didEndDisplaying: entry.cell, forItemAt: entry.path)
            }
            for entry in after where !beforeKeys.contains(DisplayKey(id: entry.key, reuse: entry.reuse)) {
                try delegate.collectionView(self, willDisplay: entry.cell, forItemAt: entry.path)
            }
        } catch {
            if case .failure(let first) = result { throw first }
            throw error
        }
        return try result.get()
    }

    // MARK: - Prefetching

    /// The index path of the item with a global index (counted across sections), if shown.
    func indexPath(ofGlobal global: Int) -> IndexPath? {
        var rest = global
        for (s, section) in (displayed ?? []).enumerated() {
            if rest < section.numberOfItems { return IndexPath(section: s, item: rest) }
            rest -= section.numberOfItems
        }
        return nil
    }

    /// After a scroll from `previous` to ``firstVisibleItem``: the items of the next window in the
    /// direction of the scroll (as many as ``visibleItemCount``) are prefetched, those prefetched earlier
    /// that are neither in it nor visible are cancelled first.
    func prefetchAfterScroll(from previous: Int) throws {
        guard let prefetchDataSource, let count = visibleItemCount, count > 0, firstVisibleItem != previous else { return }
        // The window ahead never goes past the last item shown, and is computed without overflowing
        // (`visibleRows = math.maxinteger` trapped here, or walked 2^63 indexes).
        let total = (displayed ?? []).reduce(0) { $0 + $1.numberOfItems }
        let first = Swift.min(firstVisibleItem, total)
        let range = firstVisibleItem > previous
            ? Swift.min(total, first + Swift.min(count, total))..<Swift.min(total, first + Swift.min(2 * Swift.min(count, total), total))
            : Swift.max(0, firstVisibleItem - count)..<firstVisibleItem
        let ahead = range.compactMap { indexPath(ofGlobal: $0) }
        let visible = Set(try indexPathsForVisibleItems())
        let aheadSet = Set(ahead)
        let cancelled = prefetched.filter { !aheadSet.contains($0) && !visible.contains($0) }
        let known = Set(prefetched)
        let new = ahead.filter { !known.contains($0) }
        prefetched = ahead
        if !cancelled.isEmpty { try prefetchDataSource.collectionView(self, cancelPrefetchingForItemsAt: cancelled) }
        if !new.isEmpty { try prefetchDataSource.collectionView(self, prefetchItemsAt: new) }
    }
}

/// A displayed cell: the cell, and how many times it had been reused (a reused cell is a new display).
private struct DisplayKey: Hashable {
    let id: ObjectIdentifier
    let reuse: Int
}
