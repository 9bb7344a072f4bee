extension LuaAnnotations {
    /// The functions that make diffable data sources and snapshots (docs/table-views.md); their classes and
    /// `ripple.uikit`'s are declared (``BridgeClasses/collectionViewDeclarations``).
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

"""#
}
