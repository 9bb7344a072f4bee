-- A split view controller's delegate that changes the window's width back while it is asked for the top
-- column of the collapse: the split stayed collapsed in a regular window, with its columns' controllers
-- gone from the screen. Now the collapse is abandoned (the log says why) and the split stays expanded; a
-- delegate that changes the width after the collapse (in splitViewControllerDidCollapse) expands it again.
local function makeSplit()
  local window = ripple.window()
  local list = ripple.viewController "List"
  local split = ripple.splitViewController { primary = list, secondary = ripple.viewController "Empty", title = "Split" }
  window.rootViewController = split
  window:clearEventLog()
  return window, split, list
end

scenario("the width changed back while the delegate chooses the top column: no collapse", function()
  local window, split, list = makeSplit()
  split.delegate = { topColumnForCollapsingToProposedTopColumn = function(s, proposed)
    window.horizontalSizeClass = "regular"
    return proposed
  end }
  window.horizontalSizeClass = "compact"
  expect(window.eventLog):toEqual({
    "horizontalSizeClass = compact",
    "horizontalSizeClass = regular",
    "collapse Split abandoned: horizontalSizeClass changed to regular in the delegate",
  })
  expect(window.horizontalSizeClass):toBe("regular")
  expect(split.isCollapsed):toBe(false)
  expect(list.isVisible):toBe(true)
  expect(split:viewControllerForColumn("secondary").isVisible):toBe(true)
  -- the next change of width collapses as usual
  split.delegate = nil
  window.horizontalSizeClass = "compact"
  expect(split.isCollapsed):toBe(true)
end)

scenario("the width changed back after the collapse: the split expands again", function()
  local window, split, list = makeSplit()
  split.delegate = { splitViewControllerDidCollapse = function(s) window.horizontalSizeClass = "regular" end }
  window.horizontalSizeClass = "compact"
  expect(window.horizontalSizeClass):toBe("regular")
  expect(split.isCollapsed):toBe(false)
  expect(window.eventLog[#window.eventLog]):toBe("splitViewControllerDidExpand Split")
  expect(list.isVisible):toBe(true)
end)
