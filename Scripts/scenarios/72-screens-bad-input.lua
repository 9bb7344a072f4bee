-- Bad input from a hand-written data source: each is a Lua error with the file:line of the call that made
-- the view ask, UIKit's or Ripple's documented words, and the view unchanged.
local function table_view(rows)
  local tv = ripple.tableView()
  tv:register("Cell")
  local source = { rows = rows }
  function source.numberOfRowsInSection(view, section) return source.count or #source.rows end
  function source.cellForRowAtIndexPath(view, indexPath)
    if source.cell ~= nil then return source.cell(view, indexPath) end
    local cell = view:dequeueReusableCell("Cell", indexPath)
    cell.text = source.rows[indexPath.row + 1]
    return cell
  end
  tv.dataSource = source
  tv:reloadData()
  return tv, source
end

local function texts(tv)
  local out = {}
  for _, cell in ipairs(tv:snapshot()[1].cells) do out[#out + 1] = cell.text end
  return out
end

scenario("a negative count", function()
  local tv, source = table_view { "a", "b" }
  source.count = -1
  expect(function() tv:reloadData() end):toRaise(
    "72-screens-bad-input.lua:28: the data source returned -1 from numberOfRowsInSection for section 0: a count cannot be negative")
  expect(texts(tv)):toEqual({ "a", "b" })
end)

scenario("a count that is not an integer", function()
  local tv, source = table_view { "a", "b" }
  source.count = 1.5
  expect(function() tv:reloadData() end):toRaise("72-screens-bad-input.lua:36: numberOfRowsInSection(0) must return an integer, got 1.5")
  source.count = "2"
  expect(function() tv:reloadData() end):toRaise("numberOfRowsInSection(0) must return an integer, got string")
  expect(texts(tv)):toEqual({ "a", "b" })
end)

scenario("a nil cell", function()
  local tv, source = table_view { "a", "b" }
  source.cell = function() return nil end
  expect(function() tv:reloadData() end):toRaise(
    "72-screens-bad-input.lua:45: UITableView dataSource returned a nil cell for row at index path: {length = 2, path = 0 - 0}")
  expect(texts(tv)):toEqual({ "a", "b" })
end)

scenario("something that is not a cell", function()
  local tv, source = table_view { "a" }
  source.cell = function() return 42 end
  expect(function() tv:reloadData() end):toRaise(
    "cellForRowAtIndexPath([0, 0]) must return a cell (view:dequeueReusableCell(identifier, indexPath) or a table), got number")
  expect(texts(tv)):toEqual({ "a" })
end)

scenario("an error inside cellForRowAtIndexPath, during a batch", function()
  local tv, source = table_view { "a", "b" }
  source.cell = function() error("no such contact") end
  source.rows = { "a", "b", "c" }
  expect(function() tv:insertRows({ ripple.indexPath(0, 2) }) end):toRaise(
    "72-screens-bad-input.lua:62: cellForRowAtIndexPath([0, 2]) failed: ")
  expect(function() tv:insertRows({ ripple.indexPath(0, 2) }) end):toRaise("72-screens-bad-input.lua:60: no such contact")
  expect(texts(tv)):toEqual({ "a", "b" })
  expect(tv.batchUpdateCount):toBe(0)
  -- The data source is fixed: the same insert now applies.
  source.cell = nil
  tv:insertRows({ ripple.indexPath(0, 2) })
  expect(texts(tv)):toEqual({ "a", "b", "c" })
end)

scenario("a missing required method is UIKit's unrecognized selector", function()
  local tv = ripple.tableView()
  expect(function() tv.dataSource = { numberOfRowsInSection = function() return 0 end } end):toRaise(
    "-[UITableView dataSource tableView:cellForRowAtIndexPath:]: unrecognized selector sent to instance (the data source has no function cellForRowAtIndexPath)")
  expect(tv.dataSource):toBe(nil)
  local cv = ripple.collectionView()
  expect(function() cv.dataSource = { cellForItemAtIndexPath = function() end } end):toRaise(
    "collectionView:numberOfItemsInSection:]: unrecognized selector")
end)

scenario("a data source of the wrong type", function()
  local tv = ripple.tableView()
  expect(function() tv.dataSource = 3 end):toRaise(
    "dataSource must be a table (or object) with numberOfRowsInSection and cellForRowAtIndexPath, got number")
end)

scenario("unknown option keys are refused", function()
  expect(function() ripple.tableView { dataSorce = {} } end):toRaise(
    "ripple.tableView: unknown option 'dataSorce' (known options: dataSource, name, visibleRows)")
  expect(function() ripple.collectionView { visibleRows = 3 } end):toRaise(
    "ripple.collectionView: unknown option 'visibleRows' (known options: dataSource, name, visibleItems)")
  expect(function() ripple.tableView():register("Cell", { prepareForReuse = function() end, reset = true }) end):toRaise(
    "unknown registration option 'reset' (known options: prepareForReuse)")
end)

scenario("endUpdates without beginUpdates is an error, not ignored", function()
  local tv = table_view { "a" }
  expect(function() tv:endUpdates() end):toRaise("endUpdates called without a matching beginUpdates")
  expect(tv.isUpdating):toBe(false)
end)

scenario("an unknown profile", function()
  expect(function() ripple.uikit.profile = "ios7" end):toRaise("unknown profile 'ios7' (known profiles: ios17, ios16.4, ios15, ios9)")
  expect(ripple.uikit.profile):toBe("ios16.4")
end)

scenario("a runaway count", function()
  local tv, source = table_view { "a" }
  source.count = math.maxinteger
  expect(function() tv:reloadData() end):toRaise("more than Ripple's limit of 10000000")
  expect(texts(tv)):toEqual({ "a" })
end)

scenario("a data source method that calls back into the view while it loads", function()
  local tv, source = table_view { "a" }
  source.cell = function(view) view:reloadData() end
  expect(function() tv:reloadData() end):toRaise(
    "attempted to call reloadData on the table view while it was asking its data source for its content, which is not allowed")
  source.cell = function(view) view.dataSource = nil end
  expect(function() tv:reloadData() end):toRaise("attempted to set the dataSource of the table view while it was asking")
  expect(texts(tv)):toEqual({ "a" })
  expect(tv.dataSource == source):toBe(true)
end)
