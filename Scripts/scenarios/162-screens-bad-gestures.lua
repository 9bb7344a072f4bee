-- Bad input to the controller gestures: a controller that is not on screen or is covered, a navigation
-- controller without a back button, a tab that does not exist, a swipe on something that is not a sheet, a
-- delegate that raises or answers with something that is not a boolean. Each is an error at the line of the
-- gesture, and the screen is as it was.
local window = ripple.window()
local list = ripple.viewController "List"
local nav = ripple.navigationController { list, title = "Nav" }
window.rootViewController = nav

scenario("a navigation controller that is not on screen", function()
  local offscreen = ripple.navigationController { ripple.viewController "A", ripple.viewController "B", title = "Off" }
  expect(function() ripple.user.tapBack(offscreen) end)
    :toRaise("162-screens-bad-gestures.lua:12: tapBack: <Off> is not on screen")
  expect(#offscreen.viewControllers):toBe(2)
end)

scenario("no back button: the stack holds one controller", function()
  window:clearEventLog()
  expect(function() ripple.user.tapBack(nav) end)
    :toRaise("tapBack: <Nav> shows no back button: its stack holds 1 view controller")
  expect(function() ripple.user.swipeBack(nav, { cancel = true }) end)
    :toRaise("swipeBack: <Nav> shows no back button: its stack holds 1 view controller")
  expect(nav.viewControllers):toEqual({ list })
  expect(window.eventLog):toEqual({})
end)

scenario("covered by a sheet: the back button cannot be reached", function()
  nav:pushViewController(ripple.viewController "Form", false)
  local sheet = ripple.viewController "Sheet"
  nav:present(sheet, false)
  expect(function() ripple.user.tapBack(nav) end)
    :toRaise("tapBack: <Nav> is covered by <Sheet>, which is presented over it")
  expect(#nav.viewControllers):toBe(2)
  sheet:dismiss(false)
  nav:popViewController(false)
end)

scenario("swipeBack with an unknown option", function()
  expect(function() ripple.user.swipeBack(nav, { cancelled = true }) end):toRaise("cancelled")
end)

scenario("swipeDown on a controller that is not presented, or not a sheet, or under another", function()
  expect(function() ripple.user.swipeDown(list) end):toRaise("swipeDown: <List> is not presented")
  local full = ripple.viewController { title = "Full", modalPresentationStyle = "fullScreen" }
  nav:present(full, false)
  expect(function() ripple.user.swipeDown(full) end)
    :toRaise("swipeDown: <Full> is presented fullScreen; only page and form sheets can be swiped down")
  local top = ripple.viewController "Top"
  full:present(top, false)
  expect(function() ripple.user.swipeDown(full) end)
    :toRaise("swipeDown: <Full> is presenting <Top>; only the topmost presentation can be swiped down")
  expect(nav.presentedViewController):toBe(full)
  expect(full.presentedViewController):toBe(top)
  nav:dismiss(false)
end)

scenario("selectTab out of range, and with a number that is not an integer", function()
  local w = ripple.window()
  local tabs = ripple.tabBarController { ripple.viewController "A", ripple.viewController "B", title = "Tabs" }
  w.rootViewController = tabs
  expect(function() ripple.user.selectTab(tabs, 2) end):toRaise("selectTab: index 2 is out of range for <Tabs> (2 tabs)")
  expect(function() ripple.user.selectTab(tabs, -1) end):toRaise("selectTab: index %-1 is out of range")
  expect(function() ripple.user.selectTab(tabs, 1.5) end):toRaise("integer expected")
  expect(function() ripple.user.selectTab(nav, 0) end):toRaise("TabBarController expected")
  expect(tabs.selectedIndex):toBe(0)
end)

scenario("a delegate that raises, or answers with something that is not a boolean", function()
  local w = ripple.window()
  local a, b = ripple.viewController "A", ripple.viewController "B"
  local tabs = ripple.tabBarController { a, b, title = "Tabs" }
  w.rootViewController = tabs
  tabs.delegate = { shouldSelectViewController = function() error("no tabs today") end }
  expect(function() ripple.user.selectTab(tabs, 1) end):toRaise("no tabs today")
  expect(tabs.selectedIndex):toBe(0)
  tabs.delegate = { shouldSelectViewController = function() return "yes" end }
  expect(function() ripple.user.selectTab(tabs, 1) end)
    :toRaise("shouldSelectViewController of the delegate of <TabBarController \"Tabs\"> must return a boolean, got string")
  expect(tabs.selectedIndex):toBe(0)
  expect(a.isVisible):toBe(true)

  local sheet = ripple.viewController "Sheet"
  sheet.presentationController.delegate = { presentationControllerShouldDismiss = function() return nil end }
  nav:present(sheet, false)
  expect(function() ripple.user.swipeDown(sheet) end)
    :toRaise("presentationControllerShouldDismiss of the presentation controller delegate of <ViewController \"Sheet\"> must return a boolean, got nil")
  expect(nav.presentedViewController):toBe(sheet)
  sheet.presentationController.delegate = { presentationControllerWillDismiss = function() error("not now") end }
  expect(function() ripple.user.swipeDown(sheet) end):toRaise("not now")
  expect(nav.presentedViewController):toBe(sheet)
  sheet.presentationController.delegate = nil
  ripple.user.swipeDown(sheet)
  expect(nav.presentedViewController):toBe(nil)
end)

scenario("a navigation delegate that raises: the error comes after the push, which happened", function()
  nav.delegate = { didShowViewController = function(n, vc) error("cannot show " .. vc.title) end }
  local form = ripple.viewController "Form"
  expect(function() nav:pushViewController(form, true) end):toRaise("cannot show Form")
  expect(nav.topViewController):toBe(form)
  expect(form.isVisible):toBe(true)
  nav.delegate = nil
  ripple.user.tapBack(nav)
  expect(nav.viewControllers):toEqual({ list })
end)

scenario("a misspelled delegate method is refused where the delegate is set", function()
  expect(function() nav.delegate = { willShowViewControler = function() end } end)
    :toRaise("unknown method 'willShowViewControler' for UINavigationControllerDelegate (did you mean 'willShowViewController'?)")
  expect(nav.delegate):toBe(nil)
  expect(function() list.presentationController.delegate = { presentationControllerDidDismis = function() end } end)
    :toRaise("did you mean 'presentationControllerDidDismiss'")
  expect(function() list.delegate = {} end):toRaise("a plain view controller has no delegate")
end)

scenario("a gesture inside a table view's batch update is impossible: refused, the screen unchanged", function()
  local form = ripple.viewController "Form"
  nav:pushViewController(form, false)
  local tv = ripple.tableView()
  tv:register("Cell")
  local rows = 1
  tv.dataSource = {
    numberOfRowsInSection = function() return rows end,
    cellForRowAtIndexPath = function(view, ip) return view:dequeueReusableCell("Cell", ip) end,
  }
  tv:reloadData()
  expect(function()
    tv:performBatchUpdates(function()
      ripple.user.tapBack(nav)
    end)
  end):toRaise("162-screens-bad-gestures.lua:129: a user gesture cannot happen while a table or collection view has a batch update open")
  expect(nav.topViewController):toBe(form)
  tv:beginUpdates()
  expect(function() ripple.user.swipeBack(nav) end):toRaise("batch update open")
  tv:endUpdates()
  ripple.user.tapBack(nav)
  expect(nav.viewControllers):toEqual({ list })
end)
