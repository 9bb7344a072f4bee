-- Gestures a person could not make, and delegates that fail: each is an error with the script's line,
-- and the screen is left as it was (selection, rows, cells).
local function table3(name)
  local rows = { "Ann", "Bob", "Cy" }
  local tv = ripple.tableView { name = name or "people" }
  tv.dataSource = {
    numberOfRowsInSection = function() return #rows end,
    cellForRowAtIndexPath = function(_, ip) return { text = rows[ip.row + 1] } end,
  }
  tv:reloadData()
  return tv, rows
end
local function selected(tv)
  local out = {}
  for _, ip in ipairs(tv.indexPathsForSelectedRows or {}) do out[#out + 1] = tostring(ip) end
  return out
end

scenario("a view whose controller is not on screen cannot be touched", function()
  local tv = table3("offscreen")
  local vc = ripple.viewController { title = "List" }
  vc.tableView = tv
  expect(function() ripple.user.tap(tv, ripple.indexPath(0, 0)) end):toRaise(
    "151-user-bad-input.lua:23: ripple.user.tap: the table view offscreen is not on screen: its view controller List is not visible (not in a window, covered, or gone)")
  expect(tv.indexPathsForSelectedRows):toBeNil()
  -- in a window it can
  local window = ripple.window()
  window.rootViewController = vc
  ripple.user.tap(tv, ripple.indexPath(0, 0))
  expect(selected(tv)):toEqual({ "[0, 0]" })
end)

scenario("a hidden view cannot be touched", function()
  local tv = table3()
  tv.isHidden = true
  expect(function() ripple.user.swipeToDelete(tv, ripple.indexPath(0, 0)) end):toRaise(
    "ripple.user.swipeToDelete: the table view people is not on screen (isHidden is true)")
  expect(tv:numberOfRowsInSection(0)):toBe(3)
end)

scenario("an index path out of range", function()
  local tv = table3()
  expect(function() ripple.user.tap(tv, ripple.indexPath(0, 3)) end):toRaise(
    "ripple.user.tap: attempt to touch the row at invalid index path [0, 3] (section 0 has 3 rows)")
  expect(function() ripple.user.scroll(tv, ripple.indexPath(1, 0)) end):toRaise(
    "ripple.user.scroll: attempt to touch the row at invalid index path [1, 0] (there is 1 section)")
  expect(function() tv:selectRowAtIndexPath(ripple.indexPath(0, 7)) end):toRaise(
    "attempt to select invalid index path [0, 7] (section 0 has 3 rows)")
  expect(tv.indexPathsForSelectedRows):toBeNil()
  expect(tv.firstVisibleItem):toBe(0)
end)

scenario("a gesture inside a batch update", function()
  local tv = table3()
  tv:selectRowAtIndexPath(ripple.indexPath(0, 1))
  expect(function()
    tv:performBatchUpdates(function() ripple.user.tap(tv, ripple.indexPath(0, 0)) end)
  end):toRaise("ripple.user.tap: people is inside a batch update (performBatchUpdates or beginUpdates not ended); a person's touch waits until the batch ends")
  tv:beginUpdates()
  expect(function() ripple.user.tap(tv, ripple.indexPath(0, 0)) end):toRaise("people is inside a batch update")
  tv:endUpdates()
  expect(selected(tv)):toEqual({ "[0, 1]" })
end)

scenario("a gesture from inside a data source method", function()
  local tv = ripple.tableView { name = "busy" }
  local caught
  tv.dataSource = {
    numberOfRowsInSection = function() return 1 end,
    cellForRowAtIndexPath = function(view, ip)
      caught = select(2, pcall(ripple.user.tap, view, ip))
      return { text = "x" }
    end,
  }
  tv:reloadData()
  expect(caught):toContain("ripple.user.tap: busy is asking its data source for its content")
  expect(tv:describe()):toEqual({ '0: {text = "x"}' })
end)

scenario("a delegate method that raises: the selection is put back", function()
  local tv = table3()
  tv:selectRowAtIndexPath(ripple.indexPath(0, 0))
  tv.delegate = { didSelectRowAtIndexPath = function() error("boom") end }
  expect(function() ripple.user.tap(tv, ripple.indexPath(0, 2)) end):toRaise("didSelectRowAtIndexPath([0, 2]) failed:")
  expect(function() ripple.user.tap(tv, ripple.indexPath(0, 2)) end):toRaise("boom")
  expect(selected(tv)):toEqual({ "[0, 0]" })
end)

scenario("a delegate method that returns the wrong type", function()
  local tv = table3()
  tv.delegate = { willSelectRowAtIndexPath = function() return "row 2" end,
                  shouldHighlightRowAtIndexPath = function(_, ip) if ip.row == 0 then return 1 end return true end }
  expect(function() ripple.user.tap(tv, ripple.indexPath(0, 0)) end):toRaise(
    "shouldHighlightRowAtIndexPath([0, 0]) must return a boolean, got number")
  expect(function() ripple.user.tap(tv, ripple.indexPath(0, 1)) end):toRaise(
    "willSelectRowAtIndexPath([0, 1]) must return an IndexPath or nil, got string")
  tv.delegate = { willSelectRowAtIndexPath = function() return ripple.indexPath(0, 9) end }
  expect(function() ripple.user.tap(tv, ripple.indexPath(0, 1)) end):toRaise(
    "willSelectRowAtIndexPath([0, 1]) returned attempt to select invalid index path [0, 9] (section 0 has 3 rows)")
  expect(tv.indexPathsForSelectedRows):toBeNil()
  local swiped = table3("swiped")
  swiped.dataSource.commitEditingStyle = function() end
  swiped.delegate = { editingStyleForRowAtIndexPath = function() return "remove" end }
  expect(function() ripple.user.swipeToDelete(swiped, ripple.indexPath(0, 0)) end):toRaise(
    'editingStyleForRowAtIndexPath([0, 0]) must return "delete", "insert" or "none", got "remove"')
  expect(swiped:numberOfRowsInSection(0)):toBe(3)
end)

scenario("a data source whose move raises: the view shows its data source again", function()
  local rows = { "a", "b", "c" }
  local tv = ripple.tableView { name = "moves" }
  tv.dataSource = {
    numberOfRowsInSection = function() return #rows end,
    cellForRowAtIndexPath = function(_, ip) return { text = rows[ip.row + 1] } end,
    moveRowAtIndexPath = function() error("read-only list") end,
  }
  tv:reloadData()
  tv:setEditing(true)
  expect(function() ripple.user.moveRow(tv, ripple.indexPath(0, 0), ripple.indexPath(0, 2)) end):toRaise(
    "moveRowAtIndexPath([0, 0] -> [0, 2]) failed:")
  expect(tv:describe()):toEqual({ '0: {text = "a"}, {text = "b"}, {text = "c"}' })
end)

scenario("a misspelled delegate method is an error when the delegate is set", function()
  local tv = table3()
  expect(function() tv.delegate = { didSelectRowAtIndexpath = function() end } end):toRaise(
    "unknown method 'didSelectRowAtIndexpath' for UITableViewDelegate (did you mean 'didSelectRowAtIndexPath'?)")
  expect(tv.delegate):toBeNil()
  expect(function() tv.prefetchDataSource = { cancelPrefetchingForRowsAtIndexPaths = function() end } end):toRaise(
    "unrecognized selector sent to instance (the prefetching data source has no function prefetchRowsAtIndexPaths)")
end)

scenario("a display callback that reloads the view does not call itself again", function()
  local tv = table3("reloading")
  local calls = 0
  tv.delegate = { willDisplayCell = function(view) calls = calls + 1; if calls < 50 then view:reloadData() end end }
  tv:reloadData()
  expect(calls):toBe(3)
  expect(tv:describe()):toEqual({ '0: {text = "Ann"}, {text = "Bob"}, {text = "Cy"}' })
end)
