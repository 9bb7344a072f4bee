import FetchedResults

/// Validates a batch update the way UIKit does and works out where every item ends up.
///
/// The rules and messages are those of `UICollectionView` / `UITableView` (docs/table-views.md, "Validation" and the profiles): section
/// operations are checked first (ranges, delete+move and insert+move of one section, fan-in and fan-out
/// moves), then item operations (delete+reload of one path, ranges, moves from deleted or into inserted
/// sections, fan-in and fan-out, delete+move and insert+move of one path), then the number of sections,
/// then the number of items of every section that exists before and after, in the order of the sections
/// after the update. Reloads count as one delete plus one insert. The first violation is thrown.
///
/// ```swift
/// let plan = try BatchUpdateValidator(wording: .collectionView)
///     .validate(batch, before: [3, 2], after: [4, 2])
/// ```
public struct BatchUpdateValidator {
    /// Whose words the messages use.
    public enum Wording: Sendable {
        /// `UICollectionView`: "items", "collection view".
        case collectionView
        /// `UITableView`: "rows", "table view".
        case tableView

        /// `item` / `row`.
        public var item: String { self == .collectionView ? "item" : "row" }
        /// `items` / `rows`.
        public var items: String { item + "s" }
        /// `collection view` / `table view`.
        public var view: String { self == .collectionView ? "collection view" : "table view" }
    }

    /// Where an item of a section that survives the update comes from.
    public enum ItemSource: Equatable, Sendable {
        /// A new cell: an inserted or reloaded item (or any item of an inserted or reloaded section).
        case new
        /// The cell that was at this path before the update (unchanged or moved).
        case old(IndexPath)
    }

    /// What the update does to one section after it: either a new section or an existing one whose items
    /// come from the given sources.
    public enum SectionSource: Equatable, Sendable {
        /// An inserted or reloaded section: every item is new.
        case new
        /// The section that had this index before the update; one source per item after the update.
        case old(Int, items: [ItemSource])
    }

    /// The wording of the messages.
    public var wording: Wording
    /// Report a wrong number of sections or items with the iOS 16.4 aggregate message ("Invalid batch
    /// updates detected: …") instead of the per-section "Invalid update: …" one.
    public var aggregateMessage: Bool

    /// Creates a validator.
    public init(wording: Wording, aggregateMessage: Bool = false) {
        self.wording = wording
        self.aggregateMessage = aggregateMessage
    }

    /// The count failure, per section or aggregate.
    private func countFailure(_ message: String, _ batch: BatchUpdate, before: [Int], after: [Int]) -> CollectionViewsError {
        guard aggregateMessage else { return fail(message) }
        return fail(Self.aggregateMessage(batch, before: before, after: after, wording: wording))
    }

    /// UIKit's iOS 16.4+ message: `Invalid batch updates detected: … Data source before updates = { 1 section
    /// with item counts: [3] } Data source after updates = { … } Updates = [ Insert item (0 - 3) ]`.
    ///
    /// The collection-view text is from forum thread 728797 and DifferenceKit #155; the table-view text
    /// ("sections and/or rows …  before and after …", `row counts`, `Delete row (0 - 1)`) from exyte/Chat #56.
    /// Updates are listed deletes first (descending, as in that log), then moves, reloads and inserts
    /// (ascending).
    public static func aggregateMessage(_ batch: BatchUpdate, before: [Int], after: [Int],
                                        wording: Wording = .collectionView) -> String {
        let item = wording.item
        func counts(_ list: [Int]) -> String {
            "{ \(list.count) section\(list.count == 1 ? "" : "s") with \(item) counts: [" + list.map(String.init).joined(separator: ", ") + "] }"
        }
        func path(_ p: IndexPath) -> String { "(\(p.section) - \(p.item))" }
        var updates: [String] = []
        updates += unique(batch.deletedSections).reversed().map { "Delete section \($0)" }
        updates += unique(batch.deletedItems).reversed().map { "Delete \(item) " + path($0) }
        updates += uniqueMoves(batch.movedSections).sorted { ($0.from, $0.to) < ($1.from, $1.to) }
            .map { "Move section \($0.from) -> \($0.to)" }
        updates += uniqueMoves(batch.movedItems).sorted { ($0.from, $0.to) < ($1.from, $1.to) }
            .map { "Move \(item) " + path($0.from) + " -> " + path($0.to) }
        updates += unique(batch.reloadedSections).map { "Reload section \($0)" }
        updates += unique(batch.reloadedItems).map { "Reload \(item) " + path($0) }
        updates += unique(batch.insertedSections).map { "Insert section \($0)" }
        updates += unique(batch.insertedItems).map { "Insert \(item) " + path($0) }
        let when = wording == .tableView ? "before and after" : "before and/or after"
        return "Invalid batch updates detected: the number of sections and/or \(wording.items) returned by the data source \(when) performing the batch updates are inconsistent with the updates. Data source before updates = \(counts(before)) Data source after updates = \(counts(after)) Updates = [" + (updates.isEmpty ? "" : " " + updates.joined(separator: ", ") + " ") + "]"
    }

    private func fail(_ message: String) -> CollectionViewsError {
        CollectionViewsError(.invalidUpdate, message)
    }

    private static func unique<T: Hashable & Comparable>(_ list: [T]) -> [T] { Array(Set(list)).sorted() }

    private static func uniqueMoves<T: Hashable>(_ list: [(from: T, to: T)]) -> [(from: T, to: T)] {
        var seen: [T: [T]] = [:]
        var result: [(from: T, to: T)] = []
        for move in list where !(seen[move.from]?.contains(move.to) ?? false) {
            seen[move.from, default: []].append(move.to)
            result.append(move)
        }
        return result
    }

    /// Validates `batch` against the item counts before and after it and returns one source per section
    /// after the update.
    /// - Parameters:
    ///   - batch: The collected operations.
    ///   - before: The number of items of each section before the update (what the view shows).
    ///   - after: The number of items of each section the data source reports after the update block.
    /// - Throws: ``CollectionViewsError`` (`.invalidUpdate`) with UIKit's message.
    public func validate(_ batch: BatchUpdate, before: [Int], after: [Int]) throws -> [SectionSource] {
        try plan(batch, before: before, after: after).map { $0.sectionSource(before: before) }
    }

    /// Validates `batch` exactly as ``validate(_:before:after:)`` and returns, per section after the update,
    /// the compact description of its items (``SectionEdit``): what changes, not one entry per item, so the
    /// cost follows the number of operations and sections rather than the number of items.
    func plan(_ batch: BatchUpdate, before: [Int], after: [Int]) throws -> [PlannedSection] {
        let w = wording
        let oldCount = before.count, newCount = after.count
        let deletedSections = Self.unique(batch.deletedSections)
        let insertedSections = Self.unique(batch.insertedSections)
        let reloadedSections = Self.unique(batch.reloadedSections)
        let sectionMoves = Self.uniqueMoves(batch.movedSections)
        let deletes = Self.unique(batch.deletedItems)
        let inserts = Self.unique(batch.insertedItems)
        let reloads = Self.unique(batch.reloadedItems)
        let moves = Self.uniqueMoves(batch.movedItems)

        // Sections.
        for s in deletedSections where s < 0 || s >= oldCount {
            throw fail("attempt to delete section \(s), but there are only \(oldCount) sections before the update")
        }
        for s in reloadedSections {
            if s < 0 || s >= oldCount {
                throw fail("attempt to reload section \(s), but there are only \(oldCount) sections before the update")
            }
            if deletedSections.contains(s) { throw fail("attempt to delete and reload the same section (\(s))") }
        }
        for s in insertedSections where s < 0 || s >= newCount {
            throw fail("attempt to insert section \(s) but there are only \(newCount) sections after the update")
        }
        for m in sectionMoves {
            if m.from < 0 || m.from >= oldCount {
                throw fail("attempt to move section \(m.from), but there are only \(oldCount) sections before the update")
            }
            if m.to < 0 || m.to >= newCount {
                throw fail("attempt to move section \(m.from) to section \(m.to), but there are only \(newCount) sections after the update")
            }
        }
        for (i, a) in sectionMoves.enumerated() {
            for b in sectionMoves[(i + 1)...] {
                if a.from == b.from {
                    throw fail("attempt to move section \(a.from) to both section \(a.to) and section \(b.to)")
                }
                if a.to == b.to {
                    throw fail("attempt to move both section \(a.from) and section \(b.from) to section \(a.to)")
                }
            }
        }
        for m in sectionMoves {
            if deletedSections.contains(m.from) || reloadedSections.contains(m.from) {
                throw fail("attempt to perform a delete and a move from the same section (\(m.from))")
            }
            if insertedSections.contains(m.to) {
                throw fail("attempt to perform an insert and a move to the same section (\(m.to))")
            }
        }

        // The section map: surviving old sections fill the new indexes nobody claimed, in order (arrays
        // indexed by section, -1 for none: no hashing per section).
        var isGone = [Bool](repeating: false, count: oldCount), isMovedFrom = isGone
        var isClaimed = [Bool](repeating: false, count: newCount)
        for s in deletedSections { isGone[s] = true }
        for m in sectionMoves { isMovedFrom[m.from] = true; isClaimed[m.to] = true }
        for s in insertedSections { isClaimed[s] = true }
        var newIndexOfOld = [Int](repeating: -1, count: oldCount)
        var n = 0
        for o in 0..<oldCount where !isGone[o] && !isMovedFrom[o] {
            while n < newCount && isClaimed[n] { n += 1 }
            guard n < newCount else { break }
            newIndexOfOld[o] = n
            n += 1
        }
        for m in sectionMoves { newIndexOfOld[m.from] = m.to }
        var deadOld = isGone
        var freshNew = [Bool](repeating: false, count: newCount)
        for s in insertedSections { freshNew[s] = true }
        for s in reloadedSections {
            deadOld[s] = true
            if newIndexOfOld[s] >= 0 { freshNew[newIndexOfOld[s]] = true }
        }

        // Items.
        for r in reloads where deletes.contains(r) {
            throw fail("attempt to delete and reload the same index path (\(CollectionViewsError.describe(r)))")
        }
        for d in deletes + reloads {
            if d.section < 0 || d.section >= oldCount {
                throw fail("attempt to delete \(w.item) \(d.item) from section \(d.section), but there are only \(oldCount) sections before the update")
            }
            if d.item < 0 || d.item >= before[d.section] {
                throw fail("attempt to delete \(w.item) \(d.item) from section \(d.section) which only contains \(before[d.section]) \(w.items) before the update")
            }
        }
        for i in inserts {
            if i.section < 0 || i.section >= newCount {
                throw fail("attempt to insert \(w.item) \(i.item) into section \(i.section), but there are only \(newCount) sections after the update")
            }
            if i.item < 0 || i.item >= after[i.section] {
                throw fail("attempt to insert \(w.item) \(i.item) into section \(i.section), but there are only \(after[i.section]) \(w.items) in section \(i.section) after the update")
            }
        }
        for m in moves {
            let (f, t) = (m.from, m.to)
            if f.section < 0 || f.section >= oldCount {
                throw fail("attempt to move \(w.item) \(f.item) from section \(f.section), but there are only \(oldCount) sections before the update")
            }
            if f.item < 0 || f.item >= before[f.section] {
                if wording == .tableView {
                    // UITableView's own text (RxDataSources #35).
                    throw fail("attempt to move index path (\(CollectionViewsError.describe(f))) that does not exist - there are only \(before[f.section]) rows in section \(f.section) before the update")
                }
                throw fail("attempt to move \(w.item) \(f.item) from section \(f.section) which only contains \(before[f.section]) \(w.items) before the update")
            }
            if t.section < 0 || t.section >= newCount {
                throw fail("attempt to move \(w.item) \(f.item) from section \(f.section) into section \(t.section), but there are only \(newCount) sections after the update")
            }
            if t.item < 0 || t.item >= after[t.section] {
                throw fail("attempt to move \(w.item) into index \(t.item) of section \(t.section), but there are only \(after[t.section]) \(w.items) in section \(t.section) after the update")
            }
            // UITableView says "a row" (TLIndexPathTools #20), UICollectionView "an item".
            let an = wording == .tableView ? "a row" : "an item"
            if deadOld[f.section] { throw fail("cannot move \(an) from a deleted section (\(f.section))") }
            if freshNew[t.section] { throw fail("cannot move \(an) into a newly inserted section (\(t.section))") }
        }
        for (i, a) in moves.enumerated() {
            for b in moves[(i + 1)...] {
                if a.from == b.from {
                    throw fail("attempt to move \(w.item) at index path \(CollectionViewsError.describe(a.from)) to both \(CollectionViewsError.describe(a.to)) and \(CollectionViewsError.describe(b.to))")
                }
                if a.to == b.to {
                    throw fail("attempt to move both \(w.item) at index path \(CollectionViewsError.describe(a.from)) and \(CollectionViewsError.describe(b.from)) to \(CollectionViewsError.describe(a.to))")
                }
            }
        }
        let deleteSet = Set(deletes), reloadSet = Set(reloads), insertSet = Set(inserts)
        for m in moves where deleteSet.contains(m.from) || reloadSet.contains(m.from) {
            throw fail("attempt to perform a delete and a move from the same index path (\(CollectionViewsError.describe(m.from)))")
        }
        for m in moves where insertSet.contains(m.to) {
            throw fail("attempt to perform an insert and a move to the same index path (\(CollectionViewsError.describe(m.to)))")
        }

        // The number of sections.
        let insertedCount = insertedSections.count + reloadedSections.count
        let deletedCount = deletedSections.count + reloadedSections.count
        if newCount != oldCount + insertedCount - deletedCount {
            throw countFailure("Invalid update: invalid number of sections.  The number of sections contained in the \(w.view) after the update (\(newCount)) must be equal to the number of sections contained in the \(w.view) before the update (\(oldCount)), plus or minus the number of sections inserted or deleted (\(insertedCount) inserted, \(deletedCount) deleted).", batch, before: before, after: after)
        }

        // The number of items of every section that exists before and after (operations grouped by
        // section once, so the check costs O(operations + sections), not O(items)).
        var oldIndexOfNew = [Int](repeating: -1, count: newCount)
        for (o, n) in newIndexOfOld.enumerated() where n >= 0 { oldIndexOfNew[n] = o }
        var insertsIn: [Int: [Int]] = [:], deletesIn: [Int: [Int]] = [:], reloadsIn: [Int: [Int]] = [:]
        var movesTo: [Int: [(from: IndexPath, to: IndexPath)]] = [:], movesFrom: [Int: [(from: IndexPath, to: IndexPath)]] = [:]
        var touchedOld = [Bool](repeating: false, count: oldCount), touchedNew = [Bool](repeating: false, count: newCount)
        for i in inserts { insertsIn[i.section, default: []].append(i.item); touchedNew[i.section] = true }
        for d in deletes { deletesIn[d.section, default: []].append(d.item); touchedOld[d.section] = true }
        for r in reloads { reloadsIn[r.section, default: []].append(r.item); touchedOld[r.section] = true }
        for m in moves {
            movesTo[m.to.section, default: []].append(m)
            movesFrom[m.from.section, default: []].append(m)
            touchedNew[m.to.section] = true
            touchedOld[m.from.section] = true
        }
        var sources: [PlannedSection] = []
        sources.reserveCapacity(newCount)
        for t in 0..<newCount {
            let s = oldIndexOfNew[t]
            guard !freshNew[t], s >= 0 else {
                sources.append(.new)
                continue
            }
            if !touchedOld[s] && !touchedNew[t] {
                // No operation: every item stays, with its cell.
                if after[t] != before[s] {
                    throw countFailure("Invalid update: invalid number of \(w.items) in section \(t).  The number of \(w.items) contained in an existing section after the update (\(after[t])) must be equal to the number of \(w.items) contained in that section before the update (\(before[s])), plus or minus the number of \(w.items) inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of \(w.items) moved into or out of that section (0 moved in, 0 moved out).", batch, before: before, after: after)
                }
                sources.append(.same(s))
                continue
            }
            let sectionInserts = insertsIn[t] ?? [], sectionDeletes = deletesIn[s] ?? [], sectionReloads = reloadsIn[s] ?? []
            let into = movesTo[t] ?? [], outOf = movesFrom[s] ?? []
            let inserted = sectionInserts.count + sectionReloads.count
            let deleted = sectionDeletes.count + sectionReloads.count
            let movedIn = into.filter { $0.from.section != s }.count
            let movedOut = outOf.filter { $0.to.section != t }.count
            if after[t] != before[s] + inserted - deleted + movedIn - movedOut {
                throw countFailure("Invalid update: invalid number of \(w.items) in section \(t).  The number of \(w.items) contained in an existing section after the update (\(after[t])) must be equal to the number of \(w.items) contained in that section before the update (\(before[s])), plus or minus the number of \(w.items) inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of \(w.items) moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out).", batch, before: before, after: after)
            }
            // Inserts and move destinations are fixed places (never the same place: both are errors above);
            // the items that stay fill the other places in order.
            var fixed = sectionInserts.map { (item: $0, source: ItemSource.new) }
            fixed += into.map { (item: $0.to.item, source: ItemSource.old($0.from)) }
            fixed.sort { $0.item < $1.item }
            sources.append(.old(s, SectionEdit(before: before[s], after: after[t],
                                               removed: (sectionDeletes + outOf.map(\.from.item)).sorted(),
                                               dropped: (sectionDeletes + sectionReloads).sorted(),
                                               reloaded: sectionReloads, fixed: fixed)))
        }
        return sources
    }
}
