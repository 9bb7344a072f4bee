extension LuaAnnotations {
    static let collectionViews = #"""
---The batch operations shared by a batch (`performBatchUpdates`) and a view (outside a batch, each call is
---a batch of its own). Index paths use the old indexes for deletes, reloads and move sources, the new ones
---for inserts and move destinations.
---@class BatchUpdating : userdata
local BatchUpdating = {}

---Inserts items at index paths (one `IndexPath` or an array).
---@param indexPaths IndexPath|IndexPath[]
function BatchUpdating:insertItems(indexPaths) end

---Deletes items at index paths.
---@param indexPaths IndexPath|IndexPath[]
function BatchUpdating:deleteItems(indexPaths) end

---Reloads items at index paths (a delete plus an insert).
---@param indexPaths IndexPath|IndexPath[]
function BatchUpdating:reloadItems(indexPaths) end

---Moves an item; it keeps its cell.
---@param from IndexPath
---@param to IndexPath
function BatchUpdating:moveItem(from, to) end

---Table-view name of `insertItems`.
---@param indexPaths IndexPath|IndexPath[]
function BatchUpdating:insertRows(indexPaths) end

---Table-view name of `deleteItems`.
---@param indexPaths IndexPath|IndexPath[]
function BatchUpdating:deleteRows(indexPaths) end

---Table-view name of `reloadItems`.
---@param indexPaths IndexPath|IndexPath[]
function BatchUpdating:reloadRows(indexPaths) end

---Table-view name of `moveItem`.
---@param from IndexPath
---@param to IndexPath
function BatchUpdating:moveRow(from, to) end

---Inserts sections (one index or an array, 0-based).
---@param sections integer|integer[]
function BatchUpdating:insertSections(sections) end

---Deletes sections.
---@param sections integer|integer[]
function BatchUpdating:deleteSections(sections) end

---Reloads sections.
---@param sections integer|integer[]
function BatchUpdating:reloadSections(sections) end

---Moves a section.
---@param from integer
---@param to integer
function BatchUpdating:moveSection(from, to) end

---The batch a `performBatchUpdates` block receives.
---@class BatchUpdate : BatchUpdating

---A collection view (`UICollectionView`) or table view (`UITableView`): validates every batch update like UIKit.
---@class CollectionView : BatchUpdating
---@field name string The prefix of its trace lines (`cv` or `tv` by default; read/write).
---@field dataSource ScriptDataSource|ViewController|CollectionViewDataSource|DiffableDataSource|nil Its data source: a script table implementing `numberOfRowsInSection` and `cellForRowAtIndexPath` (or the `Items` names), or one of Ripple's (read/write).
---@field batchUpdateCount integer How many batch updates were applied.
---@field isUpdating boolean Whether a batch is being collected (inside `performBatchUpdates` or `beginUpdates`).
---@field visibleRows integer? How many items have a cell, from `firstVisibleItem` (nil: all; read/write). Cells leaving the window go back to the reuse pool.
---@field visibleItems integer? Collection-view name of `visibleRows`.
---@field firstVisibleItem integer The first visible item counted across sections (the scroll position; 0 by default).
---@field isLoaded boolean Whether the view has asked its data source for its content yet.
---@field delegate ScriptViewDelegate|nil Its delegate (`UITableViewDelegate` / `UICollectionViewDelegate` names; read/write, checked when set).
---@field prefetchDataSource ScriptPrefetchDataSource|nil Told about the rows ahead as the view scrolls (read/write).
---@field allowsMultipleSelection boolean Whether a person's taps add to the selection (read/write; default false).
---@field isEditing boolean Editing mode (read/write; `setEditing`): a table view shows reorder controls only while editing.
---@field isHidden boolean A hidden view cannot be touched by `ripple.user` (read/write; default false).
---@field indexPathForSelectedRow IndexPath? The first selected row, nil when none.
---@field indexPathsForSelectedRows IndexPath[]? The selected rows in order, nil when none.
---@field indexPathsForSelectedItems IndexPath[]? Collection-view name of `indexPathsForSelectedRows`.
local CollectionView = {}

---A table view (`UITableView`, made by `ripple.tableView`): the collection-view class, used with its row
---names (`insertRows`, `numberOfRowsInSection`, `cellForRowAtIndexPath`, `visibleRows`) and with
---`beginUpdates`/`endUpdates`.
---@class TableView : CollectionView

---Collects the operations `fn` makes on its batch, then validates and applies them as one update.
---@param fn fun(batch: BatchUpdate)
function CollectionView:performBatchUpdates(fn) end

---Starts a batch (table view).
function CollectionView:beginUpdates() end

---Ends the batch started by `beginUpdates` and applies it (table view).
function CollectionView:endUpdates() end

---Asks the data source for everything again.
function CollectionView:reloadData() end

---The number of sections on screen.
---@return integer
function CollectionView:numberOfSections() end

---The number of items on screen in a section.
---@param section integer
---@return integer
function CollectionView:numberOfItemsInSection(section) end

---Table-view name of `numberOfItemsInSection`.
---@param section integer
---@return integer
function CollectionView:numberOfRowsInSection(section) end

---The cell on screen at an index path (`.reuseIdentifier`, `.className` and the fields its prepare block set).
---@param indexPath IndexPath
---@return CollectionReusableView?
function CollectionView:cellForItemAtIndexPath(indexPath) end

---Table-view name of `cellForItemAtIndexPath`.
---@param indexPath IndexPath
---@return CollectionReusableView?
function CollectionView:cellForRowAtIndexPath(indexPath) end

---Prepares the cells at index paths again, in place (no delete and insert).
---@param indexPaths IndexPath|IndexPath[]
function CollectionView:reconfigureItems(indexPaths) end

---What is on screen: `{ { cells = { … }, supplementaryViews = { kind = { … } } }, … }`.
---@return table[]
function CollectionView:snapshot() end

---One line per section of what is on screen (`0: [Ann, Bob]`).
---@return string[]
function CollectionView:describe() end

---Registers a cell class for a reuse identifier (nil class removes it).
---@param className string?
---@param reuseIdentifier string
function CollectionView:registerClass(className, reuseIdentifier) end

---Registers a cell class named after its reuse identifier (`register(_:forCellReuseIdentifier:)`); `prepareForReuse`
---(a function or `{ prepareForReuse = fn }`) runs on a pooled cell before it is handed out again.
---@param reuseIdentifier string
---@param prepareForReuse? fun(cell: CollectionReusableView)|{ prepareForReuse: fun(cell: CollectionReusableView) }
function CollectionView:register(reuseIdentifier, prepareForReuse) end

---A cell for a registered identifier (`dequeueReusableCell(withReuseIdentifier:for:)`): the most recently
---pooled one, or a new empty cell; UIKit's error when nothing is registered for the identifier.
---@param reuseIdentifier string
---@param indexPath IndexPath
---@return CollectionReusableView
function CollectionView:dequeueReusableCell(reuseIdentifier, indexPath) end

---Registers a supplementary view class for a kind and reuse identifier (nil class removes it).
---@param className string?
---@param kind string
---@param reuseIdentifier string
function CollectionView:registerClassForSupplementaryViewOfKind(className, kind, reuseIdentifier) end

---An empty supplementary view of a registered kind and identifier (`dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`).
---@param kind string
---@param reuseIdentifier string
---@param indexPath IndexPath
---@return CollectionReusableView
function CollectionView:dequeueReusableSupplementaryView(kind, reuseIdentifier, indexPath) end

---The number of cells waiting in the reuse pool of an identifier.
---@param reuseIdentifier string
---@return integer
function CollectionView:numberOfReusableCells(reuseIdentifier) end

---Makes the item at an index path the first visible one (`scrollToItem(at:)`): cells that leave the window
---go to the pool, items that enter it get a cell.
---@param indexPath IndexPath
function CollectionView:scrollToItemAtIndexPath(indexPath) end

---Table-view name of `scrollToItemAtIndexPath`.
---@param indexPath IndexPath
function CollectionView:scrollToRowAtIndexPath(indexPath) end

---The index paths of the items that have a cell, in order.
---@return IndexPath[]
function CollectionView:indexPathsForVisibleItems() end

---Table-view name of `indexPathsForVisibleItems`.
---@return IndexPath[]
function CollectionView:indexPathsForVisibleRows() end

---The section index titles of a script data source (its `sectionIndexTitles`), nil without them.
---@return string[]?
function CollectionView:sectionIndexTitles() end

---A data source the script writes (`view.dataSource = { … }`): each function gets the view first. A table
---view needs `numberOfRowsInSection` and `cellForRowAtIndexPath`, a collection view the `Items` names.
---@class ScriptDataSource
---@field numberOfSections? fun(view: CollectionView): integer The number of sections (1 when missing).
---@field numberOfRowsInSection? fun(view: CollectionView, section: integer): integer Table view: the rows of a section.
---@field cellForRowAtIndexPath? fun(view: CollectionView, indexPath: IndexPath): CollectionReusableView Table view: a dequeued cell.
---@field numberOfItemsInSection? fun(view: CollectionView, section: integer): integer Collection view: the items of a section.
---@field cellForItemAtIndexPath? fun(view: CollectionView, indexPath: IndexPath): CollectionReusableView Collection view: a dequeued cell.
---@field titleForHeaderInSection? fun(view: CollectionView, section: integer): string? Table view: a header title.
---@field titleForFooterInSection? fun(view: CollectionView, section: integer): string? Table view: a footer title.
---@field supplementaryElementKinds? string[] Collection view: the kinds asked for in each section.
---@field viewForSupplementaryElementOfKind? fun(view: CollectionView, kind: string, indexPath: IndexPath): CollectionReusableView? Collection view: a dequeued supplementary view.
---@field sectionIndexTitles? fun(view: CollectionView): string[] The section index (`view:sectionIndexTitles()`).

---A cell or supplementary view; prepare blocks set any other field on it (`cell.text = …`).
---@class CollectionReusableView : userdata
---@field reuseIdentifier string
---@field className string
---@field elementKind string? The supplementary kind, nil for a cell.

"""#
}
