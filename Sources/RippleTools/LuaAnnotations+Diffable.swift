extension LuaAnnotations {
    /// Diffable data sources, snapshots and the UIKit profile (docs/table-views.md).
    static let diffable = #"""
---An identifier of a diffable snapshot: a string, a number, a boolean or an object ID (`object.objectID`).
---@alias ItemIdentifier string|number|boolean|ManagedObjectID

---An empty `NSDiffableDataSourceSnapshot`; fill it, then `dataSource:apply(snapshot)`.
---@return Snapshot
function ripple.snapshot() end

---A `UITableViewDiffableDataSource` for a table view: `cellProvider(tableView, indexPath, item)` returns
---`tableView:dequeueReusableCell(identifier, indexPath)` after setting its fields.
---@param view CollectionView A table view.
---@param cellProvider fun(view: CollectionView, indexPath: IndexPath, item: ItemIdentifier): CollectionReusableView?
---@return DiffableDataSource
function ripple.tableViewDiffableDataSource(view, cellProvider) end

---A `UICollectionViewDiffableDataSource` for a collection view (see `ripple.tableViewDiffableDataSource`).
---@param view CollectionView A collection view.
---@param cellProvider fun(view: CollectionView, indexPath: IndexPath, item: ItemIdentifier): CollectionReusableView?
---@return DiffableDataSource
function ripple.collectionViewDiffableDataSource(view, cellProvider) end

---`ripple.uikit`: the UIKit version whose behaviour the views and fetched results controllers follow.
---@class UIKit : userdata
---@field profile "ios17"|"ios16.4"|"ios15"|"ios9" The current profile (read/write; `"ios16.4"` by default).
---@field profiles string[] Every known profile.

"""#
}
