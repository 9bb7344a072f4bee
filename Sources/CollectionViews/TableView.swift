import FetchedResults

/// A table view (`UITableView`): a ``CollectionView`` whose messages speak of rows, with
/// `beginUpdates()` / `endUpdates()` and the row-named operations.
///
/// ```swift
/// let table = TableView()
/// table.beginUpdates()
/// table.insertRows(at: [IndexPath(row: 0, section: 0)])
/// try table.endUpdates()
/// ```
public final class TableView: CollectionView {
    /// Creates an empty table view.
    public init() { super.init(wording: .tableView, name: "tv") }

    /// Opens a batch (`beginUpdates()`); nested pairs are treated as one outer batch.
    /// - Throws: what the data source throws while the view loads.
    public func beginUpdates() throws { try begin() }

    /// Closes a batch (`endUpdates()`); the outermost call validates and applies it.
    /// - Throws: ``CollectionViewsError`` with UIKit's message; the view keeps what it showed.
    public func endUpdates() throws {
        guard updateDepth > 0 else { return }
        try end()
    }

    /// `insertRows(at:with:)` inside `beginUpdates()` / `endUpdates()`.
    public func insertRows(at indexPaths: [IndexPath]) { pendingBatch?.insertItems(at: indexPaths) }
    /// `deleteRows(at:with:)`.
    public func deleteRows(at indexPaths: [IndexPath]) { pendingBatch?.deleteItems(at: indexPaths) }
    /// `reloadRows(at:with:)`.
    public func reloadRows(at indexPaths: [IndexPath]) { pendingBatch?.reloadItems(at: indexPaths) }
    /// `moveRow(at:to:)`.
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        pendingBatch?.moveItem(at: indexPath, to: newIndexPath)
    }
    /// `insertSections(_:with:)`.
    public func insertSections(_ sections: [Int]) { pendingBatch?.insertSections(sections) }
    /// `deleteSections(_:with:)`.
    public func deleteSections(_ sections: [Int]) { pendingBatch?.deleteSections(sections) }
    /// `reloadSections(_:with:)`.
    public func reloadSections(_ sections: [Int]) { pendingBatch?.reloadSections(sections) }
    /// `moveSection(_:toSection:)`.
    public func moveSection(_ section: Int, toSection newSection: Int) {
        pendingBatch?.moveSection(section, toSection: newSection)
    }
}
