-- A master–detail split view controller (iOS 14 column style) with a dependent detail screen: shown with
-- showDetailViewController, collapsed to one stack when the window becomes compact, expanded again, and its
-- customer deleted — expanded, the secondary column is emptied; collapsed, the detail is popped from the
-- primary stack. The delegate chooses the top column when collapsing.
local model = ripple.model { Customer = { name = "string" } }
local ctx = ripple.container(model).viewContext
local ann = ctx:insert("Customer", { name = "Ann" })
local bob = ctx:insert("Customer", { name = "Bob" })
ctx:save()

local function detailFor(customer)
  local detail = ripple.viewController(customer.name)
  detail:dvc_add(customer)
  return detail
end

local function makeSplit()
  local window = ripple.window()
  local list = ripple.viewController "List"
  local split = ripple.splitViewController { primary = list, secondary = ripple.viewController "Empty", title = "Split" }
  window.rootViewController = split
  window:clearEventLog()
  return window, split, list
end

scenario("expanded: show pushes in the primary column, showDetail replaces the secondary", function()
  local window, split, list = makeSplit()
  expect(split.style):toBe("doubleColumn")
  expect(split.isCollapsed):toBe(false)
  local primary, secondary = split:viewControllerForColumn("primary"), split:viewControllerForColumn("secondary")
  expect(split.viewControllers):toEqual({ primary, secondary })
  expect(list.navigationController):toBe(primary)
  local detail = detailFor(ann)
  list:showDetailViewController(detail)
  expect(window.eventLog):toEqual({
    "setViewControllers [Ann] on Secondary",
    "viewDidLoad Ann",
    "viewWillDisappear Empty", "viewWillAppear Ann", "viewDidDisappear Empty", "viewDidAppear Ann",
  })
  expect(secondary.viewControllers):toEqual({ detail })
  local settings = ripple.viewController "Settings"
  list:show(settings)
  expect(primary.topViewController):toBe(settings)
  ripple.user.tapBack(primary)
  -- the detail's customer is deleted: the secondary column is emptied (its navigation controller is not presented)
  window:clearEventLog()
  ctx:delete(ann)
  ctx:processPendingChanges()
  expect(window.eventLog):toEqual({
    "setViewControllers [] on Secondary (animated)",
    "viewWillDisappear Ann (animated)", "viewDidDisappear Ann (animated)",
  })
  expect(secondary.viewControllers):toEqual({})
  ctx:rollback()
end)

scenario("collapsing puts the detail on the primary stack; deleting its customer pops it", function()
  local window, split, list = makeSplit()
  local heard = {}
  split.delegate = {
    topColumnForCollapsingToProposedTopColumn = function(s, proposed) heard[#heard + 1] = "proposed " .. proposed; return proposed end,
    splitViewControllerDidCollapse = function(s) heard[#heard + 1] = "collapsed" end,
    splitViewControllerDidExpand = function(s) heard[#heard + 1] = "expanded" end,
  }
  local detail = detailFor(bob)
  list:showDetailViewController(detail)
  window:clearEventLog()
  window.horizontalSizeClass = "compact"
  expect(window.eventLog):toEqual({
    "horizontalSizeClass = compact",
    "collapse Split (top column secondary)",
    "viewWillDisappear List", "viewWillDisappear Secondary",
    "viewDidDisappear List", "viewDidDisappear Secondary",
    "splitViewControllerDidCollapse Split",
  })
  local primary = split:viewControllerForColumn("primary")
  expect(split.isCollapsed):toBe(true)
  expect(primary.viewControllers):toEqual({ list, detail })
  expect(detail.isVisible):toBe(true)
  -- collapsed, showDetail pushes onto the primary stack
  local other = ripple.viewController "Other"
  list:showDetailViewController(other)
  expect(primary.topViewController):toBe(other)
  ripple.user.tapBack(primary)
  window:clearEventLog()
  ctx:delete(bob)
  ctx:processPendingChanges()
  expect(window.eventLog):toEqual({
    "popToViewController [Bob] on Primary (animated)",
    "viewWillDisappear Bob (animated)", "viewWillAppear List (animated)",
    "viewDidDisappear Bob (animated)", "viewDidAppear List (animated)",
  })
  expect(primary.viewControllers):toEqual({ list })
  ctx:rollback()
  expect(heard):toEqual({ "proposed secondary", "collapsed" })
end)

scenario("the delegate keeps the list on top; expanding gives the detail back to the secondary column", function()
  local window, split, list = makeSplit()
  split.delegate = { topColumnForCollapsingToProposedTopColumn = function() return "primary" end }
  local detail = ripple.viewController "Detail"
  list:showDetailViewController(detail)
  window.horizontalSizeClass = "compact"
  local primary, secondary = split:viewControllerForColumn("primary"), split:viewControllerForColumn("secondary")
  expect(primary.viewControllers):toEqual({ list })
  expect(list.isVisible):toBe(true)
  expect(detail.isVisible):toBe(false)
  -- the user picks a row: collapsed, showDetail pushes; expanding moves it to the secondary column and the
  -- list, under it until now, appears again
  local picked = ripple.viewController "Picked"
  list:showDetailViewController(picked)
  window:clearEventLog()
  window.horizontalSizeClass = "regular"
  expect(window.eventLog):toEqual({
    "horizontalSizeClass = regular",
    "expand Split",
    "viewWillAppear List", "viewWillAppear Secondary",
    "viewDidAppear List", "viewDidAppear Secondary",
    "splitViewControllerDidExpand Split",
  })
  expect(primary.viewControllers):toEqual({ list })
  expect(secondary.viewControllers):toEqual({ picked })
  expect(picked.isVisible):toBe(true)
  expect(list.isVisible):toBe(true)
end)

scenario("a window that is compact from the start collapses the split it shows", function()
  local window = ripple.window()
  window.horizontalSizeClass = "compact"
  local list = ripple.viewController "List"
  local split = ripple.splitViewController { primary = list, supplementary = ripple.viewController "Folders",
                                             secondary = ripple.viewController "Note" }
  expect(split.style):toBe("tripleColumn")
  window.rootViewController = split
  expect(split.isCollapsed):toBe(true)
  expect(#split:viewControllerForColumn("primary").viewControllers):toBe(3)
end)

scenario("bad input", function()
  local list = ripple.viewController "L"
  expect(function() ripple.splitViewController { primary = list } end)
    :toRaise("163-screens-split-master-detail.lua:141: ripple.splitViewController needs a primary and a secondary view controller")
  expect(function() ripple.splitViewController { primary = list, secondary = list } end)
    :toRaise("A view controller can be in only one column of a split view controller (<L>).")
  expect(list.parent):toBe(nil)
  expect(function() ripple.splitViewController { primary = list, secondary = ripple.viewController "D", primery = 1 } end)
    :toRaise("unknown key 'primery'")
  local split = ripple.splitViewController { primary = list, secondary = ripple.viewController "D" }
  expect(function() split:viewControllerForColumn("tertiary") end)
    :toRaise("unknown column 'tertiary' (expected primary, supplementary or secondary)")
  expect(function() split.delegate = { topColumnForCollapsingToProposedTopColum = function() end } end)
    :toRaise("did you mean 'topColumnForCollapsingToProposedTopColumn'")
  local window = ripple.window()
  window.rootViewController = split
  split.delegate = { topColumnForCollapsingToProposedTopColumn = function() return 2 end }
  expect(function() window.horizontalSizeClass = "compact" end)
    :toRaise("topColumnForCollapsingToProposedTopColumn of the delegate of <SplitViewController> must return \"primary\", \"supplementary\" or \"secondary\", got number")
  -- the split collapsed with the proposed column
  expect(split.isCollapsed):toBe(true)
  expect(function() window.horizontalSizeClass = "wide" end):toRaise("unknown horizontalSizeClass 'wide'")
end)
