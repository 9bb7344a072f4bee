import FetchedResults

extension CollectionView {
    /// Runs `updates`, then validates and applies every operation it collected as one animated update
    /// (`performBatchUpdates(_:completion:)`). Nested calls (and `beginUpdates`/`endUpdates` pairs) join
    /// the outer batch; only the outermost end validates.
    ///
    /// The counts before are the ones the view shows; the counts after are asked from the data source when
    /// the outermost batch ends, so update the data source **inside** the block. When the view has not
    /// loaded its data yet, UIKit does not validate: a table view skips the batch and loads its data at the
    /// end; a collection view asks its data source for the counts before the block runs (OpenRadar
    /// 28167779), and with a pre-iOS 16.4 profile a batch that then fails validation falls back to
    /// `reloadData`. Both are written in the trace.
    /// - Throws: ``CollectionViewsError`` (`.invalidUpdate`) with UIKit's message, or what `updates` or the
    ///   data source throws; the view then keeps what it showed (with ``reloadsAfterFailedBatch``, a
    ///   failed validation leaves it showing its data source's content instead). The message of a failed
    ///   validation lists the operations' ``BatchUpdate/origins`` when they were noted.
    public func performBatchUpdates(_ updates: (BatchUpdate) throws -> Void) throws {
        try begin()
        var failure: (any Error)?
        do { try updates(pendingBatch!) } catch { failure = error }
        try end(abandoning: failure)
    }

    /// Adds operations to the open batch, or performs them as a batch of their own when none is open
    /// (`insertItems(at:)` and the other single operations outside `performBatchUpdates`).
    /// - Throws: as ``performBatchUpdates(_:)``.
    public func update(_ operations: (BatchUpdate) throws -> Void) throws {
        if let pendingBatch { try operations(pendingBatch) } else { try performBatchUpdates(operations) }
    }

    /// Whether a batch is open (inside `performBatchUpdates` or `beginUpdates`).
    public var isUpdating: Bool { updateDepth > 0 }

    /// Opens a batch (or joins the open one).
    func begin() throws {
        try checkNotBusy("a batch update")
        if updateDepth == 0 {
            pendingUnloaded = displayed == nil
            pendingSampledCounts = false
            if pendingUnloaded && wording == .collectionView {
                _ = try content()
                pendingUnloaded = false
                pendingSampledCounts = true
            }
            pendingBefore = displayed?.map(\.numberOfItems) ?? []
            pendingBatch = BatchUpdate()
        }
        updateDepth += 1
    }

    /// Loads the data afresh after a batch that was not validated.
    private func loadAfterBatch() throws {
        if let displayed { enqueueAll(displayed) }
        displayed = nil
        selection = []
        _ = try content()
    }

    /// After a batch that failed validation (with ``reloadsAfterFailedBatch``), shows what the data source
    /// says now, as `reloadData` would
    /// (UIKit stops the app there; a script goes on, and its next batch must start from a view that
    /// matches its data source, not fail for this one's fault). Written in the trace; if the data source
    /// cannot answer now, the view loads at its next use.
    private func recoverAfterFailedBatch() {
        report(.reloadDataAfterFailedBatch)
        do { try loadAfterBatch() } catch { displayed = nil }
    }

    /// Closes a batch; the outermost close validates and applies it.
    func end(abandoning failure: (any Error)? = nil) throws {
        updateDepth -= 1
        guard updateDepth == 0, let batch = pendingBatch else {
            if let failure { throw failure }
            return
        }
        pendingBatch = nil
        try notifyingDisplay { try finish(batch, abandoning: failure) }
    }

    /// Validates and applies the batch the outermost close ended.
    private func finish(_ batch: BatchUpdate, abandoning failure: (any Error)?) throws {
        let userMoveBeforeBatch = lastUserMove
        lastUserMove = nil
        // The operations are only written when there is a listener (the event lists every one).
        let operations = onEvent == nil ? "" : batch.traceDescription(itemWord: itemWord)
        let paths = onEvent == nil ? [] : batch.traceIndexPaths
        func report(_ outcome: CollectionViewEvent.BatchOutcome) {
            self.report(.batch(operations: operations, indexPaths: paths, outcome: outcome))
        }
        if let failure {
            report(.failed("\(failure)"))
            throw failure
        }
        if pendingUnloaded {
            report(.unloaded(view: wording.view))
            try loadAfterBatch()
            return
        }
        guard displayed != nil else {
            report(.dropped)
            try loadAfterBatch()
            return
        }
        let after: [Int]
        do {
            busyDepth += 1
            defer { busyDepth -= 1 }
            after = try dataSourceCounts()
        } catch {
            report(.failed("\(error)"))
            throw error
        }
        let aggregate = platform.profile.hasAggregateBatchUpdateMessage
        let plan: [BatchUpdateValidator.PlannedSection]
        do {
            plan = try BatchUpdateValidator(wording: wording, aggregateMessage: aggregate)
                .plan(batch, before: pendingBefore, after: after)
        } catch {
            if pendingSampledCounts && !aggregate {
                report(.notValidated("\(error)"))
                try loadAfterBatch()
                return
            }
            report(.failed("\(error)"))
            if reloadsAfterFailedBatch { recoverAfterFailedBatch() }
            throw batch.explaining(error, before: pendingBefore, after: after, userMove: userMoveBeforeBatch)
        }
        onValidatedBatch?(self, batch)
        let selectionBefore = selection
        carrySelection(through: plan)
        do {
            if allowsInPlaceUpdates && displayedIsComplete {
                try applyInPlace(plan, after: after)
            } else {
                try transaction {
                    let sources = plan.map { $0.sectionSource(before: pendingBefore) }
                    displayed = try apply(sources, old: displayed!, after: after)
                    displayedIsComplete = true
                }
            }
        } catch {
            selection = selectionBefore
            report(.failed("\(error)"))
            throw error
        }
        batchUpdateCount += 1
        report(.applied)
    }

    /// The sections after a validated update: surviving cells keep their place in the plan, the cells of
    /// deleted and reloaded items go to the pool, then every visible item without a cell gets one.
    private func apply(_ plan: [BatchUpdateValidator.SectionSource], old: [CollectionViewSection], after: [Int]) throws
        -> [CollectionViewSection] {
        CollectionView.count(old.reduce(0) { $0 + $1.slots.count } + plan.count)
        var kept = Set<IndexPath>()
        for case .old(_, let items) in plan {
            for case .old(let p) in items { kept.insert(p) }
        }
        for (s, section) in old.enumerated() {
            for (i, slot) in section.slots.enumerated() where !kept.contains(IndexPath(section: s, item: i)) {
                if let slot { enqueue(slot) }
            }
        }
        var result: [CollectionViewSection] = []
        result.reserveCapacity(plan.count)
        for (t, source) in plan.enumerated() {
            switch source {
            case .new:
                result.append(CollectionViewSection(slots: [CollectionReusableView?](repeating: nil, count: after[t]),
                                                    supplementaryViews: try makeSupplementaryViews(t)))
            case .old(let s, let items):
                let slots = items.map { item -> CollectionReusableView? in
                    if case .old(let p) = item { return old[p.section].slots[p.item] }
                    return nil
                }
                result.append(CollectionViewSection(slots: slots, supplementaryViews: old[s].supplementaryViews))
            }
        }
        try fillVisibleCells(&result)
        return result
    }
}
