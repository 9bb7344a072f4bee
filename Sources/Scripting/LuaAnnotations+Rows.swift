extension LuaAnnotations {
    /// `ripple.user`'s row gestures (the views' selection, delegates and prefetching are declared with the views).
    static let rows = #"""
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
