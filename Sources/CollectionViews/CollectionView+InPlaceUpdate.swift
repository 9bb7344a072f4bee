import FetchedResults

extension CollectionView {
    /// Applies a validated update to a view whose cells are exactly those of its visible items (every
    /// item without a visible window; ``displayedIsComplete``), at a cost that follows the update (and the
    /// window) instead of the number of items: UIKit's processing model, with exactly the calls, in
    /// exactly the order, of the general path (`apply`):
    ///
    /// 1. the cells of deleted and reloaded items and of deleted and reloaded sections go to the pool, in
    ///    the order of their old index paths;
    /// 2. every new section asks for its supplementary views, in section order;
    /// 3. without a window, every item without a cell (inserted, reloaded, in a new section) gets one, in
    ///    index-path order; with one, the cells that leave the window go to the pool and the visible items
    ///    without a cell get one (``windowedCells(_:old:after:count:)``).
    ///
    /// Those steps run while the view still shows what it showed (as in the general path: a data source
    /// that asks the view during them sees the old content), inside a transaction that restores the pool on
    /// failure. Only then is the content edited in place: sections are reordered, each changed section
    /// loses its removed slots and gains its fixed ones (or is rebuilt when it has many operations), and
    /// the new cells are placed. Nothing after that can fail.
    func applyInPlace(_ plan: [BatchUpdateValidator.PlannedSection], after: [Int]) throws {
        let oldCount = displayed!.count
        // Per old section: kept whole, edited (its operations), or gone (nil, not kept).
        var isKept = [Bool](repeating: false, count: oldCount)
        var editOfOld: [Int: BatchUpdateValidator.SectionEdit] = [:]
        for section in plan {
            switch section {
            case .new: break
            case .same(let s): isKept[s] = true
            case .old(let s, let edit): editOfOld[s] = edit
            }
        }

        var supplementary: [Int: [(kind: String, view: CollectionReusableView)]] = [:]
        var made: [(path: IndexPath, cell: CollectionReusableView)] = []
        var leaving: [IndexPath] = []
        try transaction {
            let old = displayed!
            // 1. Cells that leave, in old index-path order.
            for s in 0..<oldCount where !isKept[s] {
                if let edit = editOfOld[s] {
                    for item in edit.dropped { if let cell = old[s].slots[item] { enqueue(cell) } }
                } else {
                    for case let cell? in old[s].slots { enqueue(cell) }
                }
            }
            // 2. Supplementary views of new sections.
            for (t, section) in plan.enumerated() {
                if case .new = section { supplementary[t] = try makeSupplementaryViews(t) }
            }
            // 3. New cells, in index-path order.
            if let count = visibleItemCount {
                (leaving, made) = try windowedCells(plan, old: old, after: after, count: count)
                return
            }
            var missing: [IndexPath] = []
            for (t, section) in plan.enumerated() {
                switch section {
                case .new:
                    for item in 0..<after[t] { missing.append(IndexPath(section: t, item: item)) }
                case .old(_, let edit):
                    for item in edit.newItemIndexes() { missing.append(IndexPath(section: t, item: item)) }
                case .same:
                    break
                }
            }
            made.reserveCapacity(missing.count)
            for p in missing { made.append((p, try makeCell(at: p))) }
        }

        // A data source method called above may have made the view forget its content (a change it saved
        // inside `cellForItemAt` whose batch was refused: ``FetchedCollectionViewDataSource`` then leaves the
        // view to load at its next question). The view stays so.
        guard var old = displayed else { return }
        // Nothing below throws. The view's content is taken out so each section's slots are edited in place.
        displayed = nil
        var movedCells: [IndexPath: CollectionReusableView?] = [:]
        for edit in editOfOld.values {
            for case (_, .old(let from)) in edit.fixed { movedCells[from] = old[from.section].slots[from.item] }
        }
        // No section inserted, deleted or moved: the sections stay where they are and only edited ones
        // are touched.
        if plan.count == oldCount && plan.indices.allSatisfy({ plan[$0].oldIndex == $0 }) {
            for (s, edit) in editOfOld where !edit.isIdentity {
                Self.edit(&old[s].slots, edit, movedCells: movedCells)
            }
            for p in leaving { old[p.section].slots[p.item] = nil }
            for (p, cell) in made { old[p.section].slots[p.item] = cell }
            displayed = old
            displayedIsComplete = true
            return
        }
        var result: [CollectionViewSection] = []
        result.reserveCapacity(plan.count)
        for (t, section) in plan.enumerated() {
            switch section {
            case .same(let s):
                result.append(old[s])
                old[s].slots = []
            case .new:
                result.append(CollectionViewSection(slots: [CollectionReusableView?](repeating: nil, count: after[t]),
                                                    supplementaryViews: supplementary[t] ?? []))
            case .old(let s, let edit):
                var taken = old[s]
                old[s].slots = []
                if !edit.isIdentity { Self.edit(&taken.slots, edit, movedCells: movedCells) }
                result.append(taken)
            }
        }
        old = []
        for p in leaving { result[p.section].slots[p.item] = nil }
        for (p, cell) in made { result[p.section].slots[p.item] = cell }
        displayed = result
        displayedIsComplete = true
    }

    /// Edits one section's slots as `edit` says: in place (removals from the back, then the fixed places
    /// from the front) when it has few operations, rebuilt in one pass otherwise. Slots of reloaded and
    /// inserted items are left empty for their new cells.
    private static func edit(_ slots: inout [CollectionReusableView?], _ edit: BatchUpdateValidator.SectionEdit,
                             movedCells: [IndexPath: CollectionReusableView?]) {
        func cell(_ source: BatchUpdateValidator.ItemSource) -> CollectionReusableView? {
            if case .old(let from) = source { return movedCells[from] ?? nil }
            return nil
        }
        if edit.removed.count + edit.fixed.count <= 16 {
            for r in edit.reloaded { slots[r] = nil }
            for r in edit.removed.reversed() { slots.remove(at: r) }
            for f in edit.fixed { slots.insert(cell(f.source), at: f.item) }
            return
        }
        var rebuilt = [CollectionReusableView?](repeating: nil, count: edit.after)
        var isFixed = [Bool](repeating: false, count: edit.after)
        for f in edit.fixed {
            rebuilt[f.item] = cell(f.source)
            isFixed[f.item] = true
        }
        var next = 0, r = 0, l = 0
        for item in 0..<edit.before {
            if r < edit.removed.count && edit.removed[r] == item { r += 1; continue }
            while next < edit.after && isFixed[next] { next += 1 }
            guard next < edit.after else { break }
            while l < edit.reloaded.count && edit.reloaded[l] < item { l += 1 }
            rebuilt[next] = l < edit.reloaded.count && edit.reloaded[l] == item ? nil : slots[item]
            next += 1
        }
        slots = rebuilt
    }
}
