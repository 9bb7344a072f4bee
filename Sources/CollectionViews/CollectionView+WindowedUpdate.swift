import FetchedResults

/// Where each item of a validated update goes, read from the plan's operations only (no per-item
/// expansion): the new index path of an old item that keeps its cell, or nil for one that loses it
/// (deleted, reloaded, or in a deleted or reloaded section). It costs the number of sections plus the
/// number of operations to build, and each look-up the number of operations of one section.
struct BatchPlanMap {
    /// The new section of each old section that keeps its items (nil: deleted or reloaded).
    private var newSectionOfOld: [Int?]
    /// The edit of each old section that has one, by old section index.
    private var editOfOld: [Int: BatchUpdateValidator.SectionEdit] = [:]
    /// Moved items: old index path → new index path.
    private var moved: [IndexPath: IndexPath] = [:]
    /// The item counts before the update.
    private let before: [Int]

    init(_ plan: [BatchUpdateValidator.PlannedSection], before: [Int]) {
        self.before = before
        let oldCount = before.count
        newSectionOfOld = [Int?](repeating: nil, count: oldCount)
        for (t, section) in plan.enumerated() {
            switch section {
            case .new: break
            case .same(let s): newSectionOfOld[s] = t
            case .old(let s, let edit):
                newSectionOfOld[s] = t
                editOfOld[s] = edit
                for case (let item, .old(let from)) in edit.fixed { moved[from] = IndexPath(section: t, item: item) }
            }
        }
        CollectionView.count(oldCount + moved.count)
    }

    /// The new index path of the item at an old index path, or nil when its cell leaves the view.
    func newPath(ofOld path: IndexPath) -> IndexPath? {
        if let to = moved[path] { return to }
        guard path.section >= 0, path.section < newSectionOfOld.count, path.item >= 0, path.item < before[path.section],
              let t = newSectionOfOld[path.section] else { return nil }
        guard let edit = editOfOld[path.section] else { return IndexPath(section: t, item: path.item) }
        CollectionView.count(edit.removed.count + edit.fixed.count + 1)
        if Self.contains(edit.dropped, path.item) || Self.contains(edit.removed, path.item) { return nil }
        return IndexPath(section: t, item: edit.newIndex(ofOld: path.item))
    }

    /// Binary search in an ascending array.
    private static func contains(_ sorted: [Int], _ value: Int) -> Bool {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low < sorted.count && sorted[low] == value
    }
}

extension CollectionView {
    /// Counts the slots and plan entries a batch update looks at, so tests can check that a batch on a
    /// view with a visible window costs what the update and the window cost, not what the items do.
    final class WorkCounter: @unchecked Sendable {
        var steps = 0
    }

    /// The counter of the current task, when a test set one.
    @TaskLocal static var workCounter: WorkCounter?

    static func count(_ steps: Int) { if let counter = workCounter { counter.steps += steps } }

    /// The items of the old sections that lie in the visible window, as `(section, first item, end)` ranges,
    /// found without walking the items before or after it.
    func windowRanges(of sections: [CollectionViewSection], count: Int) -> [(section: Int, items: Range<Int>)] {
        var ranges: [(section: Int, items: Range<Int>)] = []
        var start = 0
        let first = firstVisibleItem
        for (s, section) in sections.enumerated() {
            let n = section.slots.count
            defer { start += n }
            guard start + n > first else { continue }
            // `start - first` cannot overflow (both are >= 0 and bounded by the item count).
            if start >= first && start - first >= count { break }
            let low = Swift.max(0, first - start)
            // Items `low..<n` of this section have globals >= first; keep those within `count` of it.
            let room = count - (start + low - first)
            ranges.append((s, low..<(low + Swift.min(n - low, room))))
        }
        CollectionView.count(sections.count)
        return ranges
    }

    /// Step 3 of ``applyInPlace(_:after:)`` for a view with a visible window of `count` items, whose cells
    /// are exactly those of its visible items: what the general path's `fillVisibleCells` does after the
    /// update, at a cost that follows the window and the update. The cells that stay in the view but leave
    /// the window go to the pool, in new index-path order; then every visible item without a cell gets
    /// one, in index-path order.
    /// - Returns: the new index paths whose cells left (to be emptied once the slots are edited) and the
    ///   new cells.
    func windowedCells(_ plan: [BatchUpdateValidator.PlannedSection], old: [CollectionViewSection], after: [Int],
                       count: Int) throws -> (leaving: [IndexPath], made: [(path: IndexPath, cell: CollectionReusableView)]) {
        let map = BatchPlanMap(plan, before: old.map { $0.slots.count })
        var newStart: [Int] = []
        newStart.reserveCapacity(after.count)
        var total = 0
        for n in after { newStart.append(total); total += n }
        // The cells that stay (not deleted or reloaded), with their new global index.
        var staying: [(global: Int, path: IndexPath, cell: CollectionReusableView)] = []
        for (s, items) in windowRanges(of: old, count: count) {
            CollectionView.count(items.count)
            for i in items {
                guard let cell = old[s].slots[i], let p = map.newPath(ofOld: IndexPath(section: s, item: i)) else { continue }
                staying.append((newStart[p.section] + p.item, p, cell))
            }
        }
        staying.sort { $0.global < $1.global }
        var leaving: [IndexPath] = []
        var shown = Set<Int>()
        for entry in staying {
            if isVisible(entry.global) {
                shown.insert(entry.global)
            } else {
                enqueue(entry.cell)
                leaving.append(entry.path)
            }
        }
        // The visible items without a cell, in order.
        var missing: [IndexPath] = []
        let first = firstVisibleItem
        if first < total {
            let end = first + Swift.min(count, total - first)
            var section = 0
            for global in first..<end where !shown.contains(global) {
                while section + 1 < newStart.count && newStart[section + 1] <= global { section += 1 }
                missing.append(IndexPath(section: section, item: global - newStart[section]))
            }
            CollectionView.count(end - first + section)
        }
        var made: [(path: IndexPath, cell: CollectionReusableView)] = []
        made.reserveCapacity(missing.count)
        for p in missing { made.append((p, try makeCell(at: p))) }
        return (leaving, made)
    }
}
