-- The refusals a hostile script met on the gestures, their delegates and the screens (none of them a
-- crash): each names the script's line, and the screen is as it was before the gesture.
local function raised(f)
  local ok, err = pcall(f)
  if ok then return "no error" end
  return (tostring(err):gsub("[%w%./_%-]*/(%d+%-)", "%1"))
end
local IP = ripple.indexPath

local function people()
  local rows = { "Ann", "Bob", "Cy" }
  local tv = ripple.tableView { name = "people" }
  tv.dataSource = {
    numberOfRowsInSection = function() return #rows end,
    cellForRowAtIndexPath = function(_, ip) return { text = rows[ip.row + 1] } end,
  }
  tv:reloadData()
  return tv, rows
end

scenario("a delegate's wrong answers fail the tap and select nothing", function()
  local tv = people()
  local answer
  tv.delegate = { willSelectRowAtIndexPath = function(_, ip) return answer(ip) end }
  answer = function() return 42 end
  expect(raised(function() ripple.user.tap(tv, IP(0, 1)) end))
    :toBe("257-hostile-gestures-refusals.lua:26: willSelectRowAtIndexPath([0, 1]) must return an IndexPath or nil, got number")
  answer = function() return IP(5, 5) end
  expect(raised(function() ripple.user.tap(tv, IP(0, 1)) end))
    :toBe("257-hostile-gestures-refusals.lua:29: willSelectRowAtIndexPath([0, 1]) returned attempt to select invalid index path [5, 5] (there is 1 section)")
  answer = function() error({ code = 1 }) end
  expect(raised(function() ripple.user.tap(tv, IP(0, 1)) end))
    :toBe("257-hostile-gestures-refusals.lua:32: willSelectRowAtIndexPath([0, 1]) failed: (error object is a table value)")
  expect(tv.indexPathForSelectedRow):toBe(nil)
  answer = function(ip) return ip end
  ripple.user.tap(tv, IP(0, 1))
  expect(tv.indexPathForSelectedRow):toEqual(IP(0, 1))
end)

scenario("a delegate that yields, inside a coroutine or not", function()
  local tv = people()
  tv.delegate = { didSelectRowAtIndexPath = function() coroutine.yield("now") end }
  local co = coroutine.create(function() ripple.user.tap(tv, IP(0, 0)) end)
  local ok, err = coroutine.resume(co)
  expect(ok):toBe(false)
  expect((err:gsub("[%w%./_%-]*/(%d+%-)", "%1")))
    :toBe("257-hostile-gestures-refusals.lua:43: didSelectRowAtIndexPath([0, 0]) failed: 257-hostile-gestures-refusals.lua:42: attempt to yield across a C-call boundary (a callback run by Ripple cannot yield)")
  expect(tv.indexPathForSelectedRow):toBe(nil)
  expect(raised(function() ripple.user.tap(tv, IP(0, 0)) end))
    :toBe("257-hostile-gestures-refusals.lua:49: didSelectRowAtIndexPath([0, 0]) failed: 257-hostile-gestures-refusals.lua:42: attempt to yield from outside a coroutine")
end)

scenario("a delegate that deletes the tapped row and reloads: nothing is left selected", function()
  local tv, rows = people()
  tv.delegate = { didSelectRowAtIndexPath = function(view, ip) table.remove(rows, ip.row + 1); view:reloadData() end }
  ripple.user.tap(tv, IP(0, 1))
  expect(tv:describe()):toEqual({ '0: {text = "Ann"}, {text = "Cy"}' })
  expect(tv.indexPathForSelectedRow):toBe(nil)
end)

scenario("a touch from inside the data source, or inside an open batch, is refused", function()
  local tv = people()
  tv:beginUpdates()
  expect(raised(function() ripple.user.tap(tv, IP(0, 0)) end))
    :toBe("257-hostile-gestures-refusals.lua:64: ripple.user.tap: people is inside a batch update (performBatchUpdates or beginUpdates not ended); a person's touch waits until the batch ends")
  tv:endUpdates()
  tv.dataSource = {
    numberOfRowsInSection = function() return 2 end,
    cellForRowAtIndexPath = function(view) ripple.user.tap(view, IP(0, 0)); return { text = "x" } end,
  }
  expect(raised(function() tv:reloadData() end)):toContain(
    "257-hostile-gestures-refusals.lua:71: cellForRowAtIndexPath([0, 0]) failed: 257-hostile-gestures-refusals.lua:69: ripple.user.tap: people is asking its data source for its content; a person's touch cannot happen inside a data source method")
  expect(tv.indexPathForSelectedRow):toBe(nil)
end)

scenario("screens: split columns, tabs and searches refuse what UIKit refuses", function()
  local same = ripple.viewController "Same"
  expect(raised(function() ripple.splitViewController { primary = same, secondary = same } end))
    :toBe("257-hostile-gestures-refusals.lua:78: A view controller can be in only one column of a split view controller (<Same>).")
  expect(same.parent):toBe(nil)
  local window = ripple.window()
  local list = ripple.viewController "List"
  local split = ripple.splitViewController { primary = list, secondary = ripple.viewController "Empty", title = "Split" }
  window.rootViewController = split
  expect(raised(function() list:showDetailViewController(split) end))
    :toBe("257-hostile-gestures-refusals.lua:85: Cannot add <Split> as a child of itself or of one of its descendants (<Secondary>).")
  expect(split:viewControllerForColumn("secondary").viewControllers[1].title):toBe("Empty")
  split.delegate = { topColumnForCollapsingToProposedTopColumn = function() return "bogus" end }
  expect(raised(function() window.horizontalSizeClass = "compact" end))
    :toBe("257-hostile-gestures-refusals.lua:89: topColumnForCollapsingToProposedTopColumn of the delegate of <SplitViewController \"Split\"> must return \"primary\", \"supplementary\" or \"secondary\", got 'bogus'")
  -- the width did change: the split collapsed with the column it proposed, as without a delegate
  expect(window.horizontalSizeClass):toBe("compact")
  expect(split.isCollapsed):toBe(true)
  expect(list.isVisible):toBe(false)
  local tabs = ripple.tabBarController { ripple.viewController "A", ripple.viewController "B", title = "Tabs" }
  window.rootViewController = tabs
  expect(raised(function() ripple.user.selectTab(tabs, math.maxinteger) end))
    :toBe("257-hostile-gestures-refusals.lua:97: selectTab: index 9223372036854775807 is out of range for <Tabs> (2 tabs)")
  expect(tabs.selectedIndex):toBe(0)
  local search = ripple.searchController { searchResultsUpdater = { updateSearchResultsForSearchController = function() end } }
  expect(raised(function() ripple.user.search(search, "x") end))
    :toBe("257-hostile-gestures-refusals.lua:101: search: <SearchController> is not the searchController of a navigation item")
  expect(search.isActive):toBe(false)
end)
