import FetchedResults

/// The batch update that turns one diffable snapshot into another (see ``DiffableDataSource``).
struct DiffableDifference {
    var deletedSections: [Int] = []
    var insertedSections: [Int] = []
    var movedSections: [(from: Int, to: Int)] = []
    var reloadedSections: [Int] = []
    var deletes: [IndexPath] = []
    var inserts: [IndexPath] = []
    var moves: [(from: IndexPath, to: IndexPath)] = []
    var reloads: [IndexPath] = []
    /// Items to reconfigure after the batch, at their new paths.
    var reconfiguredPaths: [IndexPath] = []

    /// The positions (in `sequence`) of a longest strictly increasing subsequence.
    static func longestIncreasing(_ sequence: [Int]) -> Set<Int> {
        var tails: [Int] = [], tailIndex: [Int] = [], previous = [Int](repeating: -1, count: sequence.count)
        for (i, x) in sequence.enumerated() {
            var lo = 0, hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if tails[mid] < x { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { previous[i] = tailIndex[lo - 1] }
            if lo == tails.count { tails.append(x); tailIndex.append(i) } else { tails[lo] = x; tailIndex[lo] = i }
        }
        var result = Set<Int>()
        var k = tailIndex.last ?? -1
        while k >= 0 { result.insert(k); k = previous[k] }
        return result
    }

    init(from old: DiffableDataSourceSnapshot, to new: DiffableDataSourceSnapshot) {
        var newSectionIndex: [DiffableIdentifier: Int] = [:]
        for (t, id) in new.sectionIdentifiers.enumerated() { newSectionIndex[id] = t }
        var oldSectionIndex: [DiffableIdentifier: Int] = [:]
        for (s, id) in old.sectionIdentifiers.enumerated() { oldSectionIndex[id] = s }
        let reloadedSectionIDs = Set(new.reloadedSectionIdentifiers)

        // Sections: deletes, inserts, then the fewest moves among the common ones.
        var common: [(s: Int, t: Int)] = []
        for (s, id) in old.sectionIdentifiers.enumerated() {
            if let t = newSectionIndex[id] { common.append((s, t)) } else { deletedSections.append(s) }
        }
        for (t, id) in new.sectionIdentifiers.enumerated() where oldSectionIndex[id] == nil { insertedSections.append(t) }
        let keep = Self.longestIncreasing(common.map(\.t))
        var newOfOld: [Int: Int] = [:]
        var deadOld = Set(deletedSections), freshNew = Set(insertedSections)
        for (k, pair) in common.enumerated() {
            let reloaded = reloadedSectionIDs.contains(old.sectionIdentifiers[pair.s])
            if keep.contains(k) {
                if reloaded {
                    reloadedSections.append(pair.s)
                    deadOld.insert(pair.s)
                    freshNew.insert(pair.t)
                } else {
                    newOfOld[pair.s] = pair.t
                }
            } else if reloaded {
                deletedSections.append(pair.s)
                insertedSections.append(pair.t)
                deadOld.insert(pair.s)
                freshNew.insert(pair.t)
            } else {
                movedSections.append((pair.s, pair.t))
                newOfOld[pair.s] = pair.t
            }
        }

        // Items.
        var oldPath: [DiffableIdentifier: IndexPath] = [:]
        for (s, items) in old.sectionItems.enumerated() {
            for (i, id) in items.enumerated() { oldPath[id] = IndexPath(section: s, item: i) }
        }
        var newPath: [DiffableIdentifier: IndexPath] = [:]
        for (t, items) in new.sectionItems.enumerated() {
            for (j, id) in items.enumerated() { newPath[id] = IndexPath(section: t, item: j) }
        }
        let reloadIDs = Set(new.reloadedItemIdentifiers)
        var moved = Set<DiffableIdentifier>()
        for (s, items) in old.sectionItems.enumerated() where !deadOld.contains(s) {
            for (i, id) in items.enumerated() {
                guard let q = newPath[id] else { deletes.append(IndexPath(section: s, item: i)); continue }
                if freshNew.contains(q.section) { deletes.append(IndexPath(section: s, item: i)) }
            }
        }
        for (t, items) in new.sectionItems.enumerated() where !freshNew.contains(t) {
            for (j, id) in items.enumerated() {
                guard let p = oldPath[id], !deadOld.contains(p.section) else {
                    inserts.append(IndexPath(section: t, item: j))
                    continue
                }
                if newOfOld[p.section] != t {
                    moves.append((p, IndexPath(section: t, item: j)))
                    moved.insert(id)
                }
            }
        }
        // Within each surviving section: the fewest moves that restore the new order.
        for (s, t) in newOfOld.sorted(by: { $0.key < $1.key }) {
            let stay = old.sectionItems[s].enumerated().compactMap { i, id -> (Int, Int, DiffableIdentifier)? in
                guard let q = newPath[id], q.section == t else { return nil }
                return (i, q.item, id)
            }
            let keepItems = Self.longestIncreasing(stay.map(\.1))
            for (k, entry) in stay.enumerated() where !keepItems.contains(k) {
                moves.append((IndexPath(section: s, item: entry.0), IndexPath(section: t, item: entry.1)))
                moved.insert(entry.2)
            }
        }
        for id in new.reloadedItemIdentifiers {
            guard let p = oldPath[id], let q = newPath[id], !deadOld.contains(p.section), !freshNew.contains(q.section)
            else { continue }
            if moved.contains(id) { reconfiguredPaths.append(q) } else { reloads.append(p) }
        }
        for id in new.reconfiguredItemIdentifiers where !reloadIDs.contains(id) {
            if let q = newPath[id], !freshNew.contains(q.section), oldPath[id] != nil { reconfiguredPaths.append(q) }
        }
    }

    /// Records the operations in a batch.
    func record(in batch: BatchUpdate) {
        batch.deleteSections(deletedSections)
        batch.insertSections(insertedSections)
        for m in movedSections { batch.moveSection(m.from, toSection: m.to) }
        batch.reloadSections(reloadedSections)
        batch.deleteItems(at: deletes)
        batch.insertItems(at: inserts)
        for m in moves { batch.moveItem(at: m.from, to: m.to) }
        batch.reloadItems(at: reloads)
    }
}
