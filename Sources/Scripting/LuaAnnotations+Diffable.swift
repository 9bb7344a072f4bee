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

---A diffable snapshot (`NSDiffableDataSourceSnapshot`): sections and items by identifier. Mutable in place;
---`copy()` (and `dataSource:snapshot()`) give an independent copy. Misuse fails with UIKit's messages.
---@class Snapshot : userdata
---@field sectionIdentifiers ItemIdentifier[] The sections, in order.
---@field itemIdentifiers ItemIdentifier[] Every item, section after section.
---@field numberOfItems integer The number of items.
---@field numberOfSections integer The number of sections.
---@field reloadedItemIdentifiers ItemIdentifier[] The items marked by `reloadItems`.
---@field reconfiguredItemIdentifiers ItemIdentifier[] The items marked by `reconfigureItems`.
---@field description string `main: a, b; other: c`.
local Snapshot = {}

---Appends sections (one identifier or an array); one supplied twice or already there is an error.
---@param identifiers ItemIdentifier|ItemIdentifier[]
function Snapshot:appendSections(identifiers) end

---Inserts sections before a section.
---@param identifiers ItemIdentifier|ItemIdentifier[]
---@param section ItemIdentifier
function Snapshot:insertSectionsBeforeSection(identifiers, section) end

---Inserts sections after a section.
---@param identifiers ItemIdentifier|ItemIdentifier[]
---@param section ItemIdentifier
function Snapshot:insertSectionsAfterSection(identifiers, section) end

---Deletes sections with their items (unknown ones are ignored).
---@param identifiers ItemIdentifier|ItemIdentifier[]
function Snapshot:deleteSections(identifiers) end

---Moves a section before another.
---@param section ItemIdentifier
---@param before ItemIdentifier
function Snapshot:moveSectionBeforeSection(section, before) end

---Moves a section after another.
---@param section ItemIdentifier
---@param after ItemIdentifier
function Snapshot:moveSectionAfterSection(section, after) end

---Marks sections for reload.
---@param identifiers ItemIdentifier|ItemIdentifier[]
function Snapshot:reloadSections(identifiers) end

---Appends items to a section (the last one when nil); an item the snapshot already has is moved, with UIKit's warning in the trace.
---@param identifiers ItemIdentifier|ItemIdentifier[]
---@param section? ItemIdentifier
function Snapshot:appendItems(identifiers, section) end

---Inserts items before an item.
---@param identifiers ItemIdentifier|ItemIdentifier[]
---@param item ItemIdentifier
function Snapshot:insertItemsBeforeItem(identifiers, item) end

---Inserts items after an item.
---@param identifiers ItemIdentifier|ItemIdentifier[]
---@param item ItemIdentifier
function Snapshot:insertItemsAfterItem(identifiers, item) end

---Deletes items (unknown ones are ignored).
---@param identifiers ItemIdentifier|ItemIdentifier[]
function Snapshot:deleteItems(identifiers) end

---Deletes every item and section.
function Snapshot:deleteAllItems() end

---Moves an item before another.
---@param item ItemIdentifier
---@param before ItemIdentifier
function Snapshot:moveItemBeforeItem(item, before) end

---Moves an item after another.
---@param item ItemIdentifier
---@param after ItemIdentifier
function Snapshot:moveItemAfterItem(item, after) end

---Marks items for reload (new cells on apply).
---@param identifiers ItemIdentifier|ItemIdentifier[]
function Snapshot:reloadItems(identifiers) end

---Marks items for reconfiguration (the same cells prepared again on apply).
---@param identifiers ItemIdentifier|ItemIdentifier[]
function Snapshot:reconfigureItems(identifiers) end

---The items of a section, in order; an error for an unknown section.
---@param section ItemIdentifier
---@return ItemIdentifier[]
function Snapshot:itemIdentifiersInSection(section) end

---The number of items of a section.
---@param section ItemIdentifier
---@return integer
function Snapshot:numberOfItemsInSection(section) end

---The 0-based index of an item among all items, or nil.
---@param item ItemIdentifier
---@return integer?
function Snapshot:indexOfItem(item) end

---The 0-based index of a section, or nil.
---@param section ItemIdentifier
---@return integer?
function Snapshot:indexOfSection(section) end

---The section that holds an item, or nil.
---@param item ItemIdentifier
---@return ItemIdentifier?
function Snapshot:sectionIdentifierForSectionContainingItem(item) end

---An independent copy.
---@return Snapshot
function Snapshot:copy() end

---A diffable data source (`UITableViewDiffableDataSource` / `UICollectionViewDiffableDataSource`): applies
---snapshots to its view as batch updates of the difference.
---@class DiffableDataSource : userdata
---@field collectionView CollectionView? Its view.
---@field tableView CollectionView? Its view (the same as `collectionView`).
---@field supplementaryViewProvider (fun(view: CollectionView, kind: string, indexPath: IndexPath): CollectionReusableView?)? Makes headers and footers (read/write).
---@field supplementaryElementKinds string[] The kinds `supplementaryViewProvider` is asked for, per section (read/write).
local DiffableDataSource = {}

---Shows a snapshot: the difference from the current one as one batch update (`animatingDifferences`
---defaults to true; false still diffs, without animation), reloads and reconfigurations included.
---@param snapshot Snapshot
---@param animatingDifferences? boolean
function DiffableDataSource:apply(snapshot, animatingDifferences) end

---Shows a snapshot with `reloadData` instead of a batch update.
---@param snapshot Snapshot
function DiffableDataSource:applySnapshotUsingReloadData(snapshot) end

---A copy of the snapshot on screen.
---@return Snapshot
function DiffableDataSource:snapshot() end

---The item at an index path, or nil.
---@param indexPath IndexPath
---@return ItemIdentifier?
function DiffableDataSource:itemIdentifierForIndexPath(indexPath) end

---The index path of an item, or nil.
---@param item ItemIdentifier
---@return IndexPath?
function DiffableDataSource:indexPathForItemIdentifier(item) end

---`ripple.uikit`: the UIKit version whose behaviour the views and fetched results controllers follow.
---@class UIKit : userdata
---@field profile "ios17"|"ios16.4"|"ios15"|"ios9" The current profile (read/write; `"ios16.4"` by default).
---@field profiles string[] Every known profile.

"""#
}
