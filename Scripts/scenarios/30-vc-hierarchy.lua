-- View controllers from Lua: constructors, properties, per-instance values, containers and describe().
local window = ripple.window()

scenario("a navigation controller in a window shows its top controller", function()
  local list = ripple.viewController { title = "List" }
  local nav = ripple.navigationController { list, title = "Main" }
  window.rootViewController = nav
  expect(window.rootViewController):toBe(nav)
  expect(nav.viewControllers):toEqual({ list })
  expect(nav.topViewController):toBe(list)
  expect(nav.visibleViewController):toBe(list)
  expect(list.navigationController):toBe(nav)
  expect(list.parent):toBe(nav)
  expect(nav.children):toEqual({ list })
  expect(list.isViewLoaded):toBe(true)
  expect(list.isVisible):toBe(true)
  expect(list.window):toBe(window)
  expect(tostring(nav)):toBe('NavigationController "Main"')
  expect(window:describe()):toBe('Window\n  NavigationController "Main"\n    [0] ViewController "List"')
end)

scenario("pushing and popping change the stack and return what was popped", function()
  local nav = window.rootViewController
  local a, b, c = ripple.viewController "A", ripple.viewController "B", ripple.viewController "C"
  nav:pushViewController(a, true)
  nav:pushViewController(b, false)
  nav:pushViewController(c, true)
  expect(#nav.viewControllers):toBe(4)
  expect(nav:popViewController(true)):toBe(c)
  expect(nav:popToViewController(a, false)):toEqual({ b })
  expect(nav:popToRootViewController(true)):toEqual({ a })
  expect(nav:popViewController(true)):toBeNil()
  nav:setViewControllers({ a, b }, false)
  expect(nav.topViewController):toBe(b)
  nav.viewControllers = { nav.viewControllers[1] }
  expect(nav.viewControllers):toEqual({ a })
  nav:setViewControllers({}, true)
  expect(nav.topViewController):toBeNil()
end)

scenario("tab bar controllers select one tab, 0-based", function()
  local feed, settings = ripple.viewController "Feed", ripple.viewController "Settings"
  local tabs = ripple.tabBarController { feed, settings, title = "Tabs", selectedIndex = 1 }
  local w = ripple.window()
  w.rootViewController = tabs
  expect(tabs.selectedIndex):toBe(1)
  expect(tabs.selectedViewController):toBe(settings)
  expect(feed.isViewLoaded):toBe(false)
  expect(settings.tabBarController):toBe(tabs)
  tabs.selectedViewController = feed
  expect(tabs.selectedIndex):toBe(0)
  expect(feed.isVisible):toBe(true)
  expect(settings.isVisible):toBe(false)
  tabs:setViewControllers({ settings }, false)
  expect(tabs.viewControllers):toEqual({ settings })
  expect(w:describe()):toBe('Window\n  TabBarController "Tabs"\n    [0] ViewController "Settings" (selected)')
end)

scenario("custom containers and presentation", function()
  local w = ripple.window()
  local root = ripple.viewController "Root"
  w.rootViewController = root
  local container = ripple.viewController { title = "Container", modalPresentationStyle = "formSheet" }
  local header, alert = ripple.viewController "Header", ripple.viewController { title = "Alert", modalPresentationStyle = "overCurrentContext" }
  container:addChild(header)
  expect(header.parent):toBe(container)
  root:present(container, true)
  header:present(alert, false)
  expect(container.presentingViewController):toBe(root)
  expect(header.presentingViewController):toBe(root)
  expect(root.presentedViewController):toBe(container)
  expect(header.presentedViewController):toBe(alert)
  expect(alert.presentingViewController):toBe(container)
  expect(w:describe()):toBe(table.concat({
    "Window",
    '  ViewController "Root"',
    '    presents (formSheet): ViewController "Container"',
    '      ViewController "Header"',
    '      presents (overCurrentContext): ViewController "Alert"',
  }, "\n"))
  local done = false
  container:dismiss(true, function() done = true end)
  expect(done):toBe(true)
  expect(alert.presentingViewController):toBeNil()
  expect(root.presentedViewController):toBe(container)
  root:dismiss(false)
  expect(root.presentedViewController):toBeNil()
  header:removeFromParent()
  expect(container.children):toEqual({})
end)

scenario("assigned unknown keys hold per-instance Lua values, methods included; option tables refuse them", function()
  expect(function() ripple.viewController { title = "Form", count = 1 } end):toRaise(
    "unknown key 'count' in the options of ripple.viewController (known keys: dvc_autoDismiss, dvc_autoDismissAnimated, isModalInPresentation, modalPresentationStyle, title)")
  local form = ripple.viewController { title = "Form" }
  form.count = 1
  function form:greet() return "hi " .. self.title end
  form.count = form.count + 1
  expect(form.count):toBe(2)
  expect(form:greet()):toBe("hi Form")
  expect(form.nothing):toBeNil()
  expect(ripple.viewController().count):toBeNil()
  form.title = nil
  expect(form.title):toBeNil()
  expect(tostring(form)):toBe("ViewController")
  expect(form.modalPresentationStyle):toBe("automatic")
end)

scenario("dependency flags default to true and can be changed per controller", function()
  local form = ripple.viewController "Form"
  expect(form.dvc_autoDismiss):toBe(true)
  expect(form.dvc_autoDismissAnimated):toBe(true)
  expect(form.dvc_dependencies):toEqual({})
  form.dvc_autoDismiss = false
  form.dvc_autoDismissAnimated = false
  expect(form.dvc_autoDismiss):toBe(false)
  expect(form.dvc_autoDismissAnimated):toBe(false)
  expect(ripple.ViewController.dvc_defaultAutoDismiss):toBe(true)
end)
