import FetchedResults

/// The operations collected by one `performBatchUpdates` block (or one `beginUpdates`/`endUpdates` pair).
///
/// The order of the calls inside the block does not matter (UIKit's processing model): deletes, reloads and
/// move sources use the indexes **before** the update; inserts and move destinations the indexes **after**
/// it. Exact duplicates are kept once.
///
/// ```swift
/// try collectionView.performBatchUpdates { batch in
///     batch.deleteSections([1])
///     batch.insertItems(at: [IndexPath(section: 0, item: 2)])
///     batch.moveItem(at: IndexPath(section: 0, item: 0), to: IndexPath(section: 1, item: 0))
/// }
/// ```
public final class BatchUpdate {
    /// Deleted sections (indexes before the update), in call order.
    public private(set) var deletedSections: [Int] = []
    /// Inserted sections (indexes after the update), in call order.
    public private(set) var insertedSections: [Int] = []
    /// Reloaded sections (indexes before the update), in call order.
    public private(set) var reloadedSections: [Int] = []
    /// Moved sections (before → after), in call order.
    public private(set) var movedSections: [(from: Int, to: Int)] = []
    /// Deleted items (paths before the update), in call order.
    public private(set) var deletedItems: [IndexPath] = []
    /// Inserted items (paths after the update), in call order.
    public private(set) var insertedItems: [IndexPath] = []
    /// Reloaded items (paths before the update), in call order.
    public private(set) var reloadedItems: [IndexPath] = []
    /// Moved items (before → after), in call order.
    public private(set) var movedItems: [(from: IndexPath, to: IndexPath)] = []

    /// Where each operation came from, in call order (`insertRows [0, 2] at contacts.lua:42`), as its
    /// callers told with ``noteOrigin(_:)``: the error of a batch that fails validation lists them.
    public private(set) var origins: [String] = []

    /// Creates an empty batch.
    public init() {}

    /// Records where the operation just added came from (a script's file and line), for the error of a
    /// batch that fails validation.
    public func noteOrigin(_ text: String) { origins.append(text) }

    /// Whether no operation was collected.
    public var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && reloadedSections.isEmpty && movedSections.isEmpty
            && deletedItems.isEmpty && insertedItems.isEmpty && reloadedItems.isEmpty && movedItems.isEmpty
    }

    /// `insertSections(_:)`: sections at these indexes after the update are new.
    public func insertSections(_ sections: [Int]) { insertedSections += sections }
    /// `deleteSections(_:)`: the sections at these indexes before the update go.
    public func deleteSections(_ sections: [Int]) { deletedSections += sections }
    /// `reloadSections(_:)`: a delete and an insert of each section.
    public func reloadSections(_ sections: [Int]) { reloadedSections += sections }
    /// `moveSection(_:toSection:)`.
    public func moveSection(_ section: Int, toSection newSection: Int) { movedSections.append((section, newSection)) }
    /// `insertItems(at:)` (`insertRows(at:)`): paths after the update.
    public func insertItems(at indexPaths: [IndexPath]) { insertedItems += indexPaths }
    /// `deleteItems(at:)` (`deleteRows(at:)`): paths before the update.
    public func deleteItems(at indexPaths: [IndexPath]) { deletedItems += indexPaths }
    /// `reloadItems(at:)` (`reloadRows(at:)`): paths before the update; a delete and an insert of each item.
    public func reloadItems(at indexPaths: [IndexPath]) { reloadedItems += indexPaths }
    /// `moveItem(at:to:)` (`moveRow(at:to:)`).
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        movedItems.append((indexPath, newIndexPath))
    }

    /// Appends every operation of another batch (nested `beginUpdates`/`endUpdates` flatten).
    func append(_ other: BatchUpdate) {
        deletedSections += other.deletedSections
        insertedSections += other.insertedSections
        reloadedSections += other.reloadedSections
        movedSections += other.movedSections
        deletedItems += other.deletedItems
        insertedItems += other.insertedItems
        reloadedItems += other.reloadedItems
        movedItems += other.movedItems
        origins += other.origins
    }

    /// The trace text: the operations in a fixed order, each list sorted, duplicates removed.
    ///
    /// `deleteSections: [1]; insertSections: [0]; moveSection: 2 -> 0; reloadSections: [3]; deleteItems: [0, 1];
    /// insertItems: [0, 2], [1, 0]; moveItem: [0, 0] -> [1, 0]; reloadItems: [0, 0]`, with `Rows`/`Row`
    /// instead of `Items`/`Item` for a table view; `(empty)` when nothing was collected.
    public func traceDescription(itemWord: String = "Item") -> String {
        var parts: [String] = []
        func sections(_ name: String, _ list: [Int]) {
            let sorted = Array(Set(list)).sorted()
            if !sorted.isEmpty { parts.append("\(name): [" + sorted.map(String.init).joined(separator: ", ") + "]") }
        }
        func paths(_ name: String, _ list: [IndexPath]) {
            let sorted = Array(Set(list)).sorted()
            if !sorted.isEmpty { parts.append("\(name): " + sorted.map(\.description).joined(separator: ", ")) }
        }
        sections("deleteSections", deletedSections)
        sections("insertSections", insertedSections)
        let sectionMoves = movedSections.sorted { ($0.from, $0.to) < ($1.from, $1.to) }
        if !sectionMoves.isEmpty {
            parts.append("moveSection: " + sectionMoves.map { "\($0.from) -> \($0.to)" }.joined(separator: ", "))
        }
        sections("reloadSections", reloadedSections)
        paths("delete\(itemWord)s", deletedItems)
        paths("insert\(itemWord)s", insertedItems)
        let itemMoves = movedItems.sorted { ($0.from, $0.to) < ($1.from, $1.to) }
        if !itemMoves.isEmpty {
            parts.append("move\(itemWord): " + itemMoves.map { "\($0.from) -> \($0.to)" }.joined(separator: ", "))
        }
        paths("reload\(itemWord)s", reloadedItems)
        return parts.isEmpty ? "(empty)" : parts.joined(separator: "; ")
    }

    /// The index paths ``traceDescription(itemWord:)`` writes, in its order: deleted and inserted items,
    /// each move's two paths, reloaded items (lists sorted, duplicates removed).
    public var traceIndexPaths: [IndexPath] {
        var paths: [IndexPath] = []
        paths += Array(Set(deletedItems)).sorted()
        paths += Array(Set(insertedItems)).sorted()
        for move in movedItems.sorted(by: { ($0.from, $0.to) < ($1.from, $1.to) }) { paths += [move.from, move.to] }
        paths += Array(Set(reloadedItems)).sorted()
        return paths
    }
}
