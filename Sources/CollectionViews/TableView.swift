import FetchedResults

/// A table view (`UITableView`): a ``CollectionView`` whose messages speak of rows, with
/// `beginUpdates()` / `endUpdates()` and the row-named operations.
///
/// ```swift
/// let table = TableView()
/// try table.beginUpdates()
/// try table.insertRows(at: [IndexPath(section: 0, item: 0)])
/// try table.endUpdates()
/// ```
public final class TableView: CollectionView {
    /// Creates an empty table view.
    public init() { super.init(wording: .tableView, name: "tv") }

    /// Opens a batch (`beginUpdates()`); nested pairs are treated as one outer batch.
    /// - Throws: what the data source throws while the view loads.
    public func beginUpdates() throws { try begin() }

    /// Closes a batch (`endUpdates()`); the outermost call validates and applies it. An `endUpdates()`
    /// without a matching `beginUpdates()` is an error (UIKit's assertion), not ignored.
    /// - Throws: ``CollectionViewsError`` with UIKit's message; the view keeps what it showed.
    public func endUpdates() throws {
        try checkNotBusy("endUpdates")
        guard updateDepth > 0 else {
            throw CollectionViewsError(.invalidUpdate, "endUpdates called without a matching beginUpdates")
        }
        try end()
    }

    /// `insertRows(at:with:)`: joins the open batch, or is a batch of its own outside one.
    public func insertRows(at indexPaths: [IndexPath]) throws { try update { $0.insertItems(at: indexPaths) } }
    /// `deleteRows(at:with:)`.
    public func deleteRows(at indexPaths: [IndexPath]) throws { try update { $0.deleteItems(at: indexPaths) } }
    /// `reloadRows(at:with:)`.
    public func reloadRows(at indexPaths: [IndexPath]) throws { try update { $0.reloadItems(at: indexPaths) } }
    /// `moveRow(at:to:)`.
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) throws {
        try update { $0.moveItem(at: indexPath, to: newIndexPath) }
    }
    /// `insertSections(_:with:)`.
    public func insertSections(_ sections: [Int]) throws { try update { $0.insertSections(sections) } }
    /// `deleteSections(_:with:)`.
    public func deleteSections(_ sections: [Int]) throws { try update { $0.deleteSections(sections) } }
    /// `reloadSections(_:with:)`.
    public func reloadSections(_ sections: [Int]) throws { try update { $0.reloadSections(sections) } }
    /// `moveSection(_:toSection:)`.
    public func moveSection(_ section: Int, toSection newSection: Int) throws {
        try update { $0.moveSection(section, toSection: newSection) }
    }
}
