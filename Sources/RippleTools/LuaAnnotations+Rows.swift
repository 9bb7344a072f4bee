extension LuaAnnotations {
    /// Selection, editing, delegates and prefetching of views, and `ripple.user`'s row gestures.
    static let rows = #"""
---Selects a row without calling the delegate (`selectRow(at:animated:scrollPosition:)`); without `allowsMultipleSelection` the others are deselected. An index path the view does not show is an error.
---@param indexPath IndexPath
function CollectionView:selectRowAtIndexPath(indexPath) end

---Collection-view name of `selectRowAtIndexPath`.
---@param indexPath IndexPath
function CollectionView:selectItemAtIndexPath(indexPath) end

---Deselects a row without calling the delegate (`deselectRow(at:animated:)`); a row that is not selected is left alone.
---@param indexPath IndexPath
function CollectionView:deselectRowAtIndexPath(indexPath) end

---Collection-view name of `deselectRowAtIndexPath`.
---@param indexPath IndexPath
function CollectionView:deselectItemAtIndexPath(indexPath) end

---Table-view name of `reconfigureItems`: the cells asked for again in place, without `prepareForReuse` (the shown cell is dequeued as it is).
---@param indexPaths IndexPath[]
function CollectionView:reconfigureRows(indexPaths) end

---Enters or leaves editing mode (`setEditing(_:animated:)`), written in the trace.
---@param editing boolean
function CollectionView:setEditing(editing) end

---A view's delegate written by the script (`view.delegate = { … }`): each function gets the view first. Table views use the `Row` names, collection views the `Item` names (docs/user-actions.md).
---@class ScriptViewDelegate
---@field shouldHighlightRowAtIndexPath? fun(view: CollectionView, indexPath: IndexPath): boolean False: a tap does nothing.
---@field didHighlightRowAtIndexPath? fun(view: CollectionView, indexPath: IndexPath) A finger went down on the row (collection views: `didHighlightItemAtIndexPath`).
---@field didUnhighlightRowAtIndexPath? fun(view: CollectionView, indexPath: IndexPath) The finger lifted, before the selection.
---@field willSelectRowAtIndexPath? fun(view: CollectionView, indexPath: IndexPath): IndexPath? The row to select instead, or nil for none.
---@field didSelectRowAtIndexPath? fun(view: CollectionView, indexPath: IndexPath) A person selected a row.
---@field willDeselectRowAtIndexPath? fun(view: CollectionView, indexPath: IndexPath): IndexPath? The row to deselect instead, or nil.
---@field didDeselectRowAtIndexPath? fun(view: CollectionView, indexPath: IndexPath) A tap deselected a row.
---@field willDisplayCell? fun(view: CollectionView, cell: CollectionReusableView, indexPath: IndexPath) A cell is about to be displayed.
---@field didEndDisplayingCell? fun(view: CollectionView, cell: CollectionReusableView, indexPath: IndexPath) A cell stopped being displayed.
---@field editingStyleForRowAtIndexPath? fun(view: CollectionView, indexPath: IndexPath): "delete"|"insert"|"none"
---@field willBeginEditingRowAtIndexPath? fun(view: CollectionView, indexPath: IndexPath) A swipe began.
---@field didEndEditingRowAtIndexPath? fun(view: CollectionView, indexPath: IndexPath) The swipe ended.
---@field trailingSwipeActionsConfigurationForRowAtIndexPath? fun(view: CollectionView, indexPath: IndexPath): table? `{ actions = { { title, style, handler } }, performsFirstActionWithFullSwipe }`.
---@field targetIndexPathForMoveFromRowAtIndexPath? fun(view: CollectionView, from: IndexPath, proposed: IndexPath): IndexPath Where a dragged row goes.
---@field shouldSelectItemAtIndexPath? fun(view: CollectionView, indexPath: IndexPath): boolean Collection view: whether a tap selects.
---@field didSelectItemAtIndexPath? fun(view: CollectionView, indexPath: IndexPath) Collection view: a person selected an item.
---@field didDeselectItemAtIndexPath? fun(view: CollectionView, indexPath: IndexPath) Collection view: an item was deselected by a tap.

---A prefetching data source written by the script (`view.prefetchDataSource = { … }`).
---@class ScriptPrefetchDataSource
---@field prefetchRowsAtIndexPaths? fun(view: CollectionView, indexPaths: IndexPath[]) Rows that will soon be visible (collection views: `prefetchItemsAtIndexPaths`).
---@field cancelPrefetchingForRowsAtIndexPaths? fun(view: CollectionView, indexPaths: IndexPath[]) Rows no longer about to be visible.

---The row and item gestures of `ripple.user` (the class `RippleUser`, declared with the controller gestures).

---Taps a row: `shouldHighlightRowAtIndexPath`, `didHighlightRowAtIndexPath`, `didUnhighlightRowAtIndexPath`, `willSelectRowAtIndexPath` (may redirect or cancel), the previous selection deselected (`willDeselect…`/`didDeselect…`) unless `allowsMultipleSelection`, the row selected, `didSelectRowAtIndexPath`.
---@param view CollectionView
---@param indexPath IndexPath
function ripple.user.tap(view, indexPath) end

---Swipes a table view row fully to the left: `canEditRowAtIndexPath`, `editingStyleForRowAtIndexPath`, then the first trailing swipe action, or the data source's `commitEditingStyle(view, "delete", indexPath)`.
---@param view CollectionView
---@param indexPath IndexPath
function ripple.user.swipeToDelete(view, indexPath) end

---Drags a row by its reorder control (a table view must be editing): `canMoveRowAtIndexPath`, `targetIndexPathForMoveFromRowAtIndexPath`; the view shows the move, then the data source's `moveRowAtIndexPath(view, from, to)`.
---@param view CollectionView
---@param from IndexPath
---@param to IndexPath
function ripple.user.moveRow(view, from, to) end

---Collection-view name of `moveRow` (`canMoveItemAtIndexPath`, `moveItemAtIndexPath`).
---@param view CollectionView
---@param from IndexPath
---@param to IndexPath
function ripple.user.moveItem(view, from, to) end

---Scrolls until the row is the first visible one: cells leave and enter the window (`didEndDisplayingCell`, `willDisplayCell`), the prefetching data source hears of the rows ahead.
---@param view CollectionView
---@param indexPath IndexPath
function ripple.user.scroll(view, indexPath) end

---Taps a title of a table view's section index: `sectionIndexTitles`, `sectionForSectionIndexTitle(view, title, index)`, then the table scrolls to the section.
---@param view CollectionView
---@param title string
function ripple.user.tapSectionIndex(view, title) end
"""#
}
