-- Collection and table views, their batches and cells are declared once (CollectionView, BatchUpdate,
-- CollectionReusableView, and the BatchUpdating operations views and batches share): a bad receiver, a bad
-- argument or a refused write raises in Lua's words or UIKit's, and leaves the view as it was.
local rows = { "a", "b" }
local tv = ripple.tableView { name = "letters", dataSource = {
  numberOfRowsInSection = function(view, section) return #rows end,
  cellForRowAtIndexPath = function(view, indexPath)
    local cell = view:dequeueReusableCell("Cell", indexPath)
    cell.text = rows[indexPath.row + 1]
    return cell
  end,
} }
tv:register("Cell")
tv:reloadData()

local function shown() return tv:describe() end

scenario("a view checks its receiver and its arguments; the view is unchanged", function()
  local before = tv.batchUpdateCount
  expect(function() tv.reloadData(5) end):toRaise("bad argument #1 to 'reloadData' (CollectionView expected, got number)")
  expect(function() tv:insertRows("x") end):toRaise("bad argument #1 to 'insertRows' (table expected, got string)")
  expect(function() tv:insertRows({ 5 }) end):toRaise("bad argument #1 to 'insertRows' (item 1: IndexPath expected, got number)")
  expect(function() tv:deleteSections({ "x" }) end):toRaise("bad argument #1 to 'deleteSections' (item 1: integer expected, got string)")
  expect(function() tv:moveSection(0) end):toRaise("bad argument #2 to 'moveSection' (number expected, got no value)")
  expect(function() tv:numberOfRowsInSection("x") end):toRaise("bad argument #1 to 'numberOfRowsInSection' (number expected, got string)")
  expect(function() tv:setEditing(1) end):toRaise("bad argument #1 to 'setEditing' (boolean expected, got number)")
  expect(function() tv:dequeueReusableCell("Cell") end):toRaise("bad argument #2 to 'dequeueReusableCell' (IndexPath expected, got no value)")
  expect(tv.batchUpdateCount):toBe(before)
  expect(tv.isEditing):toBe(false)
  expect(tv.isUpdating):toBe(false)
  expect(shown()):toEqual({ '0: {text = "a"}, {text = "b"}' })
end)

scenario("a batch checks its receiver and its arguments; a failed block applies nothing", function()
  local before = tv.batchUpdateCount
  expect(function()
    tv:performBatchUpdates(function(batch)
      table.insert(rows, "c")
      batch:insertRows({ ripple.indexPath(0, 2) })
      batch.deleteRows(1)
    end)
  end):toRaise("bad argument #1 to 'deleteRows' (BatchUpdate expected, got number)")
  table.remove(rows)
  expect(function() tv:performBatchUpdates(5) end):toRaise("bad argument #1 to 'performBatchUpdates' (function expected, got number)")
  expect(tv.batchUpdateCount):toBe(before)
  expect(tv.isUpdating):toBe(false)
  expect(tv:numberOfRowsInSection(0)):toBe(2)
  expect(shown()):toEqual({ '0: {text = "a"}, {text = "b"}' })
end)

scenario("a view's properties refuse bad values and read-only writes; unknown keys suggest the name meant", function()
  expect(function() tv.visibleRows = "x" end):toRaise("visibleRows must be an integer or nil, got string")
  expect(function() tv.allowsMultipleSelection = 1 end):toRaise("allowsMultipleSelection must be a boolean, got number")
  expect(function() tv.batchUpdateCount = 3 end):toRaise("attempt to set read-only property 'batchUpdateCount' of CollectionView")
  expect(function() tv.indexPathForSelectedRow = ripple.indexPath(0, 0) end):toRaise(
    "attempt to set read-only property 'indexPathForSelectedRow' of CollectionView")
  expect(function() tv.name = {} end):toRaise("bad value for property 'name' (string expected, got table)")
  expect(function() return tv.nmae end):toRaise("(did you mean 'name'?)")
  expect(function() tv.nmae = "x" end):toRaise("attempt to set unknown key 'nmae' on CollectionView (did you mean 'name'?)")
  expect(tv.name):toBe("letters")
  expect(tv.visibleRows):toBe(nil)
  expect(tv.allowsMultipleSelection):toBe(false)
  expect(tv.indexPathForSelectedRow):toBe(nil)
end)

scenario("a cell's fixed members are read-only, its other keys are the script's", function()
  local cell = tv:cellForRowAtIndexPath(ripple.indexPath(0, 1))
  expect(function() cell.reuseIdentifier = "Other" end):toRaise(
    "attempt to set read-only property 'reuseIdentifier' of CollectionReusableView")
  expect(cell.reuseIdentifier):toBe("Cell")
  expect(cell.elementKind):toBe(nil)
  expect(cell.text):toBe("b")
  expect(cell.subtitle):toBe(nil)
  cell.subtitle = "second"
  expect(cell.subtitle):toBe("second")
end)

scenario("delegates and prefetching data sources are checked against their protocols when set", function()
  expect(function() tv.delegate = { didSelectRowAtIndexPth = function() end } end):toRaise(
    "unknown method 'didSelectRowAtIndexPth' for UITableViewDelegate (did you mean 'didSelectRowAtIndexPath'?)")
  expect(tv.delegate):toBe(nil)
  expect(function() tv.delegate = 5 end):toRaise("delegate must be a table (or object) implementing UITableViewDelegate, got number")
  expect(function() tv.prefetchDataSource = { cancelPrefetchingForRowsAtIndexPaths = function() end } end):toRaise(
    "unrecognized selector sent to instance (the prefetching data source has no function prefetchRowsAtIndexPaths)")
  expect(tv.prefetchDataSource):toBe(nil)
  expect(function() tv.dataSource = { numberOfRowsInSection = function() return 1 end, cellForRowAtIndexPath = 5 } end):toRaise(
    "'cellForRowAtIndexPath' of UITableViewDataSource must be a function, got number")
  expect(shown()):toEqual({ '0: {text = "a"}, {subtitle = "second", text = "b"}' })
end)
