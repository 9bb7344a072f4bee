-- What a person does with navigation and tab bar controllers, and what their delegates hear: the back
-- button, the edge swipe (completed and cancelled), a tab tap that the delegate refuses, one it allows, and a
-- tap on the selected tab (pops to the root). Each gesture's trace is compared line by line.
local window = ripple.window()
local list = ripple.viewController "List"
local nav = ripple.navigationController(list)
nav.title = "Nav"
local heard = {}
nav.delegate = {
  willShowViewController = function(n, vc, animated) heard[#heard + 1] = "will " .. vc.title .. (animated and " animated" or "") end,
  didShowViewController = function(n, vc, animated) heard[#heard + 1] = "did " .. vc.title .. (animated and " animated" or "") end,
}
window.rootViewController = nav
local form = ripple.viewController "Form"

scenario("a navigation controller that appears shows its top controller to its delegate", function()
  expect(window.eventLog):toEqual({
    "rootViewController = Nav",
    "viewDidLoad Nav", "viewDidLoad List",
    "viewWillAppear Nav",
    "navigationController willShow List on Nav",
    "viewWillAppear List",
    "viewDidAppear Nav", "viewDidAppear List",
    "navigationController didShow List on Nav",
  })
  expect(heard):toEqual({ "will List", "did List" })
end)

scenario("push, then the back button", function()
  nav:pushViewController(form, true)
  window:clearEventLog()
  heard = {}
  ripple.user.tapBack(nav)
  expect(window.eventLog):toEqual({
    "user tapBack Nav",
    "pop [Form] on Nav (animated)",
    "navigationController willShow List on Nav (animated)",
    "viewWillDisappear Form (animated)",
    "viewWillAppear List (animated)",
    "viewDidDisappear Form (animated)",
    "viewDidAppear List (animated)",
    "navigationController didShow List on Nav (animated)",
  })
  expect(heard):toEqual({ "will List animated", "did List animated" })
  expect(nav.viewControllers):toEqual({ list })
end)

scenario("a completed swipe back is the same pop", function()
  nav:pushViewController(form, true)
  window:clearEventLog()
  ripple.user.swipeBack(nav)
  expect(window.eventLog[1]):toBe("user swipeBack Nav")
  expect(window.eventLog[2]):toBe("pop [Form] on Nav (animated)")
  expect(nav.topViewController):toBe(list)
end)

scenario("a cancelled swipe back: the one below starts to appear, then the top comes back", function()
  nav:pushViewController(form, true)
  window:clearEventLog()
  heard = {}
  ripple.user.swipeBack(nav, { cancel = true })
  expect(window.eventLog):toEqual({
    "user swipeBack Nav (cancelled)",
    "navigationController willShow List on Nav (animated)",
    "viewWillDisappear Form (animated)",
    "viewWillAppear List (animated)",
    "viewWillDisappear List (animated)",
    "viewDidDisappear List (animated)",
    "viewWillAppear Form (animated)",
    "viewDidAppear Form (animated)",
  })
  expect(heard):toEqual({ "will List animated" })
  expect(nav.viewControllers):toEqual({ list, form })
  expect(form.isVisible):toBe(true)
  expect(list.isVisible):toBe(false)
end)

scenario("tabs: the delegate refuses a tab, allows another; the selected tab pops to its root", function()
  local w = ripple.window()
  local feedList = ripple.viewController "FeedList"
  local feed = ripple.navigationController { feedList, title = "Feed" }
  local locked = ripple.viewController "Locked"
  local settings = ripple.viewController "Settings"
  local tabs = ripple.tabBarController { feed, locked, settings, title = "Tabs" }
  local selected = {}
  tabs.delegate = {
    shouldSelectViewController = function(t, vc) return vc.title ~= "Locked" end,
    didSelectViewController = function(t, vc) selected[#selected + 1] = vc.title end,
  }
  w.rootViewController = tabs
  feed:pushViewController(ripple.viewController "Post", false)
  w:clearEventLog()
  ripple.user.selectTab(tabs, 1)
  expect(w.eventLog):toEqual({ "user selectTab 1 on Tabs", "tabBarController shouldSelect Locked on Tabs -> false" })
  expect(tabs.selectedIndex):toBe(0)
  w:clearEventLog()
  ripple.user.selectTab(tabs, 2)
  expect(w.eventLog):toEqual({
    "user selectTab 2 on Tabs",
    "tabBarController shouldSelect Settings on Tabs -> true",
    "selectedIndex = 2 on Tabs",
    "viewDidLoad Settings",
    "viewWillDisappear Feed", "viewWillDisappear Post",
    "viewWillAppear Settings",
    "viewDidDisappear Feed", "viewDidDisappear Post",
    "viewDidAppear Settings",
    "tabBarController didSelect Settings on Tabs",
  })
  ripple.user.selectTab(tabs, 0)
  w:clearEventLog()
  ripple.user.selectTab(tabs, 0)
  expect(w.eventLog[3]):toBe("popToRootViewController [Post] on Feed (animated)")
  expect(feed.viewControllers):toEqual({ feedList })
  expect(selected):toEqual({ "Settings", "Feed", "Feed" })
end)

scenario("replacing the tabs keeps the selected controller, else the index, else the first tab", function()
  local a, b, c = ripple.viewController "A", ripple.viewController "B", ripple.viewController "C"
  local tabs = ripple.tabBarController { a, b, c }
  tabs.selectedIndex = 1
  tabs.viewControllers = { c, b }
  expect(tabs.selectedViewController):toBe(b)
  expect(tabs.selectedIndex):toBe(1)
  tabs.viewControllers = { a, c }
  expect(tabs.selectedIndex):toBe(1)
  expect(tabs.selectedViewController):toBe(c)
  tabs.selectedIndex = 1
  tabs.viewControllers = { b }
  expect(tabs.selectedIndex):toBe(0)
end)
