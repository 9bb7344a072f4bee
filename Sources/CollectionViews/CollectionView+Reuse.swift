import FetchedResults

extension CollectionView {
    // MARK: - Registration and dequeuing

    /// Registers a cell class (or nib) for a reuse identifier (`register(_:forCellWithReuseIdentifier:)`,
    /// `register(_:forCellReuseIdentifier:)`); nil unregisters it. `prepareForReuse` runs on a pooled cell
    /// just before it is handed out again; without one, a reused cell keeps every field it had (UIKit's
    /// cells reset nothing of what the app set).
    public func register(className: String?, forCellWithReuseIdentifier identifier: String,
                         prepareForReuse: PrepareForReuse? = nil) {
        cellClasses[identifier] = className.map { CellClass(className: $0, prepareForReuse: prepareForReuse) }
        if className == nil { reusePool[identifier] = nil }
    }

    /// Registers a supplementary view class for a kind and reuse identifier; nil unregisters it.
    public func register(className: String?, forSupplementaryViewOfKind kind: String,
                         withReuseIdentifier identifier: String) {
        supplementaryClasses[kind + "\u{0}" + identifier] = className
    }

    /// The registered class of a reuse identifier, if any.
    public func registeredClassName(forReuseIdentifier identifier: String) -> String? {
        cellClasses[identifier]?.className
    }

    /// The number of cells waiting in the reuse pool of an identifier.
    public func numberOfReusableCells(withReuseIdentifier identifier: String) -> Int {
        reusePool[identifier]?.count ?? 0
    }

    /// A cell for the identifier (`dequeueReusableCell(withReuseIdentifier:for:)`): the cell that most
    /// recently went back to the pool, after its registration's `prepareForReuse`, or a new empty cell;
    /// inside ``reconfigureItems(at:)``, the cell being reconfigured, as it is.
    /// - Throws: `.invalidCell` with UIKit's message when nothing is registered for the identifier; what
    ///   `prepareForReuse` throws.
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) throws
        -> CollectionReusableView {
        guard let registration = cellClasses[identifier] else {
            if wording == .tableView {
                throw CollectionViewsError(.invalidCell, "unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
            }
            throw CollectionViewsError(.invalidCell, "could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
        }
        if let cell = reconfiguringCell, cell.reuseIdentifier == identifier {
            reconfiguringCell = nil
            reuseJournal?.append((cell, cell.content, cell.reuseCount))
            return cell
        }
        if var pool = reusePool[identifier], let cell = pool.popLast() {
            reusePool[identifier] = pool
            reuseJournal?.append((cell, cell.content, cell.reuseCount))
            cell.reuseCount += 1
            try registration.prepareForReuse?(cell)
            return cell
        }
        return CollectionReusableView(reuseIdentifier: identifier, className: registration.className)
    }

    /// An empty supplementary view (`dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`).
    /// - Throws: `.invalidCell` with UIKit's message when nothing is registered for the kind and identifier.
    public func dequeueReusableSupplementaryView(ofKind kind: String, withReuseIdentifier identifier: String,
                                                 for indexPath: IndexPath) throws -> CollectionReusableView {
        guard let className = supplementaryClasses[kind + "\u{0}" + identifier] else {
            throw CollectionViewsError(.invalidCell, "could not dequeue a view of kind: \(kind) with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
        }
        return CollectionReusableView(reuseIdentifier: identifier, className: className, elementKind: kind)
    }

    // MARK: - The pool and the visible window

    /// Puts a cell back in the pool of its identifier (cells of unregistered identifiers are dropped).
    func enqueue(_ cell: CollectionReusableView) {
        guard cellClasses[cell.reuseIdentifier] != nil else { return }
        reusePool[cell.reuseIdentifier, default: []].append(cell)
    }

    func enqueueAll(_ sections: [CollectionViewSection]) {
        for section in sections { for case let cell? in section.slots { enqueue(cell) } }
    }

    /// Makes the item at a path (counted across sections) the first visible one (`scrollToItem(at:)`):
    /// cells that leave the window go to the pool, items that enter it get a cell (the delegate is told,
    /// see ``CollectionViewDelegate``), and the prefetching data source hears of the items ahead.
    /// - Throws: `.outOfRange` for a path that is not shown; what the data source throws (the view then
    ///   keeps what it showed).
    public func scrollToItem(at indexPath: IndexPath) throws {
        try checkNotBusy("scrollTo\(itemWord)")
        let sections = try content()
        guard indexPath.section >= 0, indexPath.section < sections.count, indexPath.item >= 0,
              indexPath.item < sections[indexPath.section].numberOfItems else {
            throw CollectionViewsError(.outOfRange, "attempt to scroll to invalid index path: \(CollectionViewsError.describe(indexPath))")
        }
        let global = sections[..<indexPath.section].reduce(0) { $0 + $1.numberOfItems } + indexPath.item
        let previous = firstVisibleItem
        firstVisibleItem = global
        do {
            try notifyingDisplay { try refreshVisibleCells() }
        } catch {
            firstVisibleItem = previous
            throw error
        }
        report(.scrollTo(indexPath))
        try prefetchAfterScroll(from: previous)
    }

    /// Whether the item with this global index is in the visible window.
    func isVisible(_ global: Int) -> Bool {
        guard let count = visibleItemCount else { return true }
        // `global - firstVisibleItem` cannot overflow (both are >= 0); `firstVisibleItem + count` could.
        return global >= firstVisibleItem && global - firstVisibleItem < count
    }

    /// Gives a cell to every visible item that has none and sends the cells of items that are no longer
    /// visible to the pool (first, so the new cells can reuse them).
    func fillVisibleCells(_ sections: inout [CollectionViewSection]) throws {
        var global = 0
        var missing: [IndexPath] = []
        CollectionView.count(sections.reduce(0) { $0 + $1.slots.count })
        for s in sections.indices {
            for i in sections[s].slots.indices {
                if isVisible(global) {
                    if sections[s].slots[i] == nil { missing.append(IndexPath(section: s, item: i)) }
                } else if let cell = sections[s].slots[i] {
                    enqueue(cell)
                    sections[s].slots[i] = nil
                }
                global += 1
            }
        }
        for p in missing { sections[p.section].slots[p.item] = try makeCell(at: p) }
    }

    /// Applies the visible window to what the view shows.
    func refreshVisibleCells() throws {
        guard var sections = displayed, updateDepth == 0 else {
            // Inside a batch the window moved without the cells: the batch's end takes the general path.
            displayedIsComplete = false
            return
        }
        try transaction {
            try fillVisibleCells(&sections)
            displayed = sections
            displayedIsComplete = true
        }
    }

    /// Sets how many items have a cell (`nil`: all): cells that leave the window go to the pool, items
    /// that enter it get a cell.
    /// - Throws: `.invalidArgument` for a negative count; what the data source throws (the view then keeps
    ///   what it showed and its previous window).
    public func setVisibleItemCount(_ count: Int?) throws {
        try checkNotBusy("setVisible\(itemWord)s")
        if let count, count < 0 {
            throw CollectionViewsError(.invalidArgument, "visible\(itemWord)s must be a count >= 0 or nil, got \(count)")
        }
        let previous = visibleItemCount
        visibleItemCount = count
        do {
            try notifyingDisplay { try refreshVisibleCells() }
        } catch {
            visibleItemCount = previous
            throw error
        }
    }
}
