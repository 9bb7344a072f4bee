-- Selection as UIKit keeps it across batch updates, multiple selection, collection-view taps, the display
-- callbacks, swipe actions, and reconfiguring without prepareForReuse.
local function list(names, options)
  local rows = { table.unpack(names) }
  local tv = ripple.tableView(options)
  tv:register("Cell")
  tv.dataSource = {
    numberOfRowsInSection = function() return #rows end,
    cellForRowAtIndexPath = function(view, ip)
      local cell = view:dequeueReusableCell("Cell", ip)
      cell.text = rows[ip.row + 1]
      return cell
    end,
  }
  tv:reloadData()
  return tv, rows
end
local function selected(view)
  local out = {}
  for _, ip in ipairs(view.indexPathsForSelectedRows or {}) do out[#out + 1] = tostring(ip) end
  return out
end

scenario("the selection follows its row through inserts, deletes and moves above it", function()
  local tv, rows = list { "a", "b", "c", "d" }
  tv:selectRowAtIndexPath(ripple.indexPath(0, 2))             -- "c"
  table.insert(rows, 1, "new")
  tv:insertRows({ ripple.indexPath(0, 0) })
  expect(selected(tv)):toEqual({ "[0, 3]" })
  table.remove(rows, 2)                                        -- "a"
  tv:deleteRows({ ripple.indexPath(0, 1) })
  expect(selected(tv)):toEqual({ "[0, 2]" })
  rows = { "c", "new", "b", "d" }
  tv.dataSource.numberOfRowsInSection = function() return #rows end
  tv:moveRow(ripple.indexPath(0, 2), ripple.indexPath(0, 0))
  expect(selected(tv)):toEqual({ "[0, 0]" })
end)

scenario("a deleted or reloaded row loses its selection; reloadData clears it; reconfigure keeps it", function()
  local tv, rows = list { "a", "b", "c" }
  tv.allowsMultipleSelection = true
  tv:selectRowAtIndexPath(ripple.indexPath(0, 0))
  tv:selectRowAtIndexPath(ripple.indexPath(0, 1))
  tv:selectRowAtIndexPath(ripple.indexPath(0, 2))
  table.remove(rows, 1)
  tv:deleteRows({ ripple.indexPath(0, 0) })
  expect(selected(tv)):toEqual({ "[0, 0]", "[0, 1]" })
  tv:reloadRows({ ripple.indexPath(0, 0) })
  expect(selected(tv)):toEqual({ "[0, 1]" })
  tv:reconfigureItems({ ripple.indexPath(0, 1) })
  expect(selected(tv)):toEqual({ "[0, 1]" })
  tv:reloadData()
  expect(tv.indexPathsForSelectedRows):toBeNil()
end)

scenario("multiple selection: a tap on a selected row deselects it", function()
  local tv = list({ "a", "b", "c" }, { name = "multi" })
  tv.allowsMultipleSelection = true
  tv.delegate = { didDeselectRowAtIndexPath = function() end }
  ripple.user.tap(tv, ripple.indexPath(0, 0))
  ripple.user.tap(tv, ripple.indexPath(0, 2))
  ripple.clearEvents()
  ripple.user.tap(tv, ripple.indexPath(0, 0))
  expect(selected(tv)):toEqual({ "[0, 2]" })
  expect(ripple.events()):toEqual({
    "[user] tap multi [0, 0]",
    "[multi] deselectRow [0, 0]",
    "[multi] didDeselectRowAtIndexPath [0, 0]",
  })
end)

scenario("single selection: the previous row is deselected first, in UIKit's order", function()
  local tv = list({ "a", "b" }, { name = "single" })
  tv.delegate = {
    shouldHighlightRowAtIndexPath = function() return true end,
    didHighlightRowAtIndexPath = function() end,
    didUnhighlightRowAtIndexPath = function() end,
    willSelectRowAtIndexPath = function(_, ip) return ip end,
    willDeselectRowAtIndexPath = function(_, ip) return ip end,
    didDeselectRowAtIndexPath = function() end,
    didSelectRowAtIndexPath = function() end,
  }
  tv:selectRowAtIndexPath(ripple.indexPath(0, 0))
  ripple.clearEvents()
  ripple.user.tap(tv, ripple.indexPath(0, 1))
  expect(ripple.events()):toEqual({
    "[user] tap single [0, 1]",
    "[single] shouldHighlightRowAtIndexPath [0, 1] -> true",
    "[single] didHighlightRowAtIndexPath [0, 1]",
    "[single] didUnhighlightRowAtIndexPath [0, 1]",
    "[single] willSelectRowAtIndexPath [0, 1] -> [0, 1]",
    "[single] willDeselectRowAtIndexPath [0, 0] -> [0, 0]",
    "[single] deselectRow [0, 0]",
    "[single] didDeselectRowAtIndexPath [0, 0]",
    "[single] selectRow [0, 1]",
    "[single] didSelectRowAtIndexPath [0, 1]",
  })
end)

scenario("collection views: shouldSelect and didSelectItem", function()
  local cv = ripple.collectionView { name = "grid" }
  cv.dataSource = {
    numberOfItemsInSection = function() return 3 end,
    cellForItemAtIndexPath = function(_, ip) return { text = tostring(ip.item) } end,
  }
  cv.delegate = {
    shouldSelectItemAtIndexPath = function(_, ip) return ip.item ~= 2 end,
    didSelectItemAtIndexPath = function() end,
    didDeselectItemAtIndexPath = function() end,
  }
  cv:reloadData()
  ripple.user.tap(cv, ripple.indexPath(0, 0))
  ripple.clearEvents()
  ripple.user.tap(cv, ripple.indexPath(0, 1))
  ripple.user.tap(cv, ripple.indexPath(0, 2))
  expect(ripple.events()):toEqual({
    "[user] tap grid [0, 1]",
    "[grid] shouldSelectItemAtIndexPath [0, 1] -> true",
    "[grid] deselectItem [0, 0]",
    "[grid] didDeselectItemAtIndexPath [0, 0]",
    "[grid] selectItem [0, 1]",
    "[grid] didSelectItemAtIndexPath [0, 1]",
    "[user] tap grid [0, 2]",
    "[grid] shouldSelectItemAtIndexPath [0, 2] -> false",
  })
  expect(cv.indexPathsForSelectedItems):toEqual({ ripple.indexPath(0, 1) })
end)

scenario("display callbacks as a batch changes the visible rows", function()
  local tv, rows = list({ "a", "b", "c" }, { name = "shown", visibleRows = 2 })
  tv.delegate = { willDisplayCell = function() end, didEndDisplayingCell = function() end }
  ripple.clearEvents()
  table.insert(rows, 1, "z")
  tv:insertRows({ ripple.indexPath(0, 0) })
  expect(ripple.events()):toEqual({
    "[shown] performBatchUpdates insertRows: [0, 0]",
    "[shown] didEndDisplayingCell [0, 1]",
    "[shown] willDisplayCell [0, 0]",
  })
end)

scenario("swipe actions: the first action runs on a full swipe", function()
  local tv, rows = list({ "a", "b" }, { name = "swipes" })
  local archived = {}
  tv.delegate = {
    trailingSwipeActionsConfigurationForRowAtIndexPath = function(view, ip)
      return { actions = { { title = "Archive", style = "normal", handler = function(action, v, completion)
        archived[#archived + 1] = rows[ip.row + 1]
        completion(true)
      end } } }
    end,
  }
  ripple.clearEvents()
  ripple.user.swipeToDelete(tv, ripple.indexPath(0, 1))
  expect(archived):toEqual({ "b" })
  expect(ripple.events()):toEqual({
    "[user] swipeToDelete swipes [0, 1]",
    "[swipes] trailingSwipeActionsConfigurationForRowAtIndexPath [0, 1] -> configuration",
    '[user] full swipe performs "Archive"',
  })
end)

scenario("a row that offers no swipe: nothing happens, and the trace says why", function()
  local tv = list({ "a" }, { name = "plain" })
  ripple.clearEvents()
  ripple.user.swipeToDelete(tv, ripple.indexPath(0, 0))
  expect(ripple.events()):toEqual({
    "[user] swipeToDelete plain [0, 0]",
    "[user] (no swipe: the data source has no commitEditingStyle and the delegate no trailing swipe actions)",
  })
end)

scenario("reconfigureItems does not call prepareForReuse (UIKit's documentation)", function()
  local prepared = 0
  local tv = ripple.tableView()
  tv:register("Cell", function(cell) prepared = prepared + 1 end)
  local label = "a"
  tv.dataSource = {
    numberOfRowsInSection = function() return 1 end,
    cellForRowAtIndexPath = function(view, ip)
      local cell = view:dequeueReusableCell("Cell", ip)
      cell.text = label
      return cell
    end,
  }
  tv:reloadData()
  local before = tv:cellForRowAtIndexPath(ripple.indexPath(0, 0))
  label = "b"
  tv:reconfigureRows({ ripple.indexPath(0, 0) })
  expect(prepared):toBe(0)
  expect(rawequal(tv:cellForRowAtIndexPath(ripple.indexPath(0, 0)), before)):toBe(true)
  expect(tv:describe()):toEqual({ '0: {text = "b"}' })
  tv:reloadRows({ ripple.indexPath(0, 0) })                   -- a reload does reuse, and prepares
  expect(prepared):toBe(1)
end)

scenario("collection views: a dragged item goes where the delegate says; no swipe, no section index", function()
  local items = { "a", "b", "c", "d" }
  local cv = ripple.collectionView { name = "board" }
  cv.dataSource = {
    numberOfItemsInSection = function() return #items end,
    cellForItemAtIndexPath = function(_, ip) return { text = items[ip.item + 1] } end,
    moveItemAtIndexPath = function(_, from, to) table.insert(items, to.item + 1, table.remove(items, from.item + 1)) end,
  }
  cv.delegate = { targetIndexPathForMoveFromItemAtIndexPath = function(_, from, proposed)
    if proposed.item == 0 then return ripple.indexPath(0, 1) end   -- the first place is pinned
    return proposed
  end }
  cv:reloadData()
  ripple.clearEvents()
  ripple.user.moveItem(cv, ripple.indexPath(0, 3), ripple.indexPath(0, 0))
  expect(cv:describe()):toEqual({ '0: {text = "a"}, {text = "d"}, {text = "b"}, {text = "c"}' })
  expect(items):toEqual({ "a", "d", "b", "c" })
  expect(ripple.events()):toEqual({
    "[user] moveItem board [0, 3] -> [0, 0]",
    "[board] targetIndexPathForMoveFromItemAtIndexPath [0, 3] [0, 0] -> [0, 1]",
    "[board] moveItemAtIndexPath [0, 3] -> [0, 1]",
  })
  expect(function() ripple.user.swipeToDelete(cv, ripple.indexPath(0, 0)) end):toRaise(
    "ripple.user.swipeToDelete: swipe-to-delete is a table view gesture (board is a collection view)")
  expect(function() ripple.user.tapSectionIndex(cv, "A") end):toRaise(
    "ripple.user.tapSectionIndex: the section index is a table view's (board is a collection view)")
end)

scenario("a table view that is not editing shows no reorder control: nothing moves", function()
  local tv = list({ "a", "b" }, { name = "still" })
  tv.dataSource.moveRowAtIndexPath = function() error("not called") end
  ripple.clearEvents()
  ripple.user.moveRow(tv, ripple.indexPath(0, 0), ripple.indexPath(0, 1))
  expect(ripple.events()):toEqual({
    "[user] moveRow still [0, 0] -> [0, 1]",
    "[user] (no move: still is not editing, so it shows no reorder control; call setEditing(true) first)",
  })
  expect(tv:describe()):toEqual({ '0: {text = "a"}, {text = "b"}' })
end)
