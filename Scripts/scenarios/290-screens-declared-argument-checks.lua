-- Windows, view controllers, ripple.ViewController and ripple.uikit are declared once: a value of the wrong
-- type is refused in the declaration's words (`bad value for property …`, `bad argument #n to …`,
-- `attempt to set read-only property …`), a value UIKit does not know in UIKit's or Ripple's own words, and
-- after each refusal the window, the controllers and the settings are as they were.
local window = ripple.window()
local list = ripple.viewController { title = "List" }
local form = ripple.viewController "Form"
local nav = ripple.navigationController(list)
window.rootViewController = nav

local function screen()
  return {
    root = tostring(window.rootViewController),
    stack = #nav.viewControllers,
    top = tostring(nav.topViewController),
    size = window.horizontalSizeClass,
    style = form.modalPresentationStyle,
    title = list.title,
    log = #window.eventLog,
  }
end
local before = screen()
local function unchanged() expect(screen()):toEqual(before) end

scenario("a window refuses values of the wrong type and unknown keys", function()
  expect(function() window.rootViewController = 5 end)
    :toRaise("bad value for property 'rootViewController' (ViewController expected, got number)")
  expect(function() window.horizontalSizeClass = true end)
    :toRaise("bad value for property 'horizontalSizeClass' (string expected, got boolean)")
  expect(function() window.horizontalSizeClass = "wide" end)
    :toRaise("unknown horizontalSizeClass 'wide' (expected compact or regular)")
  expect(function() window.eventLog = {} end):toRaise("attempt to set read-only property 'eventLog' of Window")
  expect(function() window.visibleViewControllers = {} end)
    :toRaise("attempt to set read-only property 'visibleViewControllers' of Window")
  expect(function() window.title = "x" end)
    :toRaise([[[<Window> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key "title".]])
  expect(function() return window.nope end)
    :toRaise([[[<Window> valueForUndefinedKey:]: this class is not key value coding-compliant for the key "nope".]])
  expect(function() window.describe(list) end):toRaise("bad argument #1 to 'describe' (Window expected, got ViewController)")
  expect(tostring(window)):toBe("Window")
  unchanged()
end)

scenario("a controller refuses bad property values and keeps its per-instance values", function()
  expect(function() list.title = {} end):toRaise("bad value for property 'title' (string expected, got table)")
  expect(function() form.modalPresentationStyle = true end)
    :toRaise("bad value for property 'modalPresentationStyle' (string expected, got boolean)")
  expect(function() form.modalPresentationStyle = "sideways" end):toRaise("unknown modalPresentationStyle 'sideways'")
  expect(function() form.isModalInPresentation = "yes" end)
    :toRaise("bad value for property 'isModalInPresentation' (boolean expected, got string)")
  expect(function() form.dvc_autoDismissAnimated = 0 end)
    :toRaise("bad value for property 'dvc_autoDismissAnimated' (boolean expected, got number)")
  expect(function() list.parent = nav end):toRaise("attempt to set read-only property 'parent' of ViewController")
  expect(function() list.present = print end):toRaise("cannot replace the method 'present' of ViewController")
  expect(function() list.view = {} end)
    :toRaise("ViewController.view is not implemented by Ripple: views of plain controllers are not simulated")
  expect(function() list.viewDidApear = function() end end)
    :toRaise("unknown method 'viewDidApear'")
  list.count = 3
  expect(list.count):toBe(3)
  expect(form.isModalInPresentation):toBe(false)
  expect(form.dvc_autoDismissAnimated):toBe(true)
  unchanged()
end)

scenario("a controller's methods check their arguments before anything moves", function()
  expect(function() list:present("Form") end):toRaise("bad argument #1 to 'present' (ViewController expected, got string)")
  expect(function() list:present(form, "yes") end):toRaise("bad argument #2 to 'present' (boolean expected, got string)")
  expect(function() list:present(form, false, 1) end):toRaise("bad argument #3 to 'present' (function expected, got number)")
  expect(function() list:dismiss(1) end):toRaise("bad argument #1 to 'dismiss' (boolean expected, got number)")
  expect(function() list:addChild(nil) end):toRaise("bad argument #1 to 'addChild' (ViewController expected, got nil)")
  expect(function() list.show(window, form) end):toRaise("bad argument #1 to 'show' (ViewController expected, got Window)")
  expect(function() list:dvc_add("Note") end):toRaise("managed object expected, got string")
  expect(list.presentedViewController):toBe(nil)
  expect(#list.children):toBe(0)
  unchanged()
end)

scenario("containers: navigation, tab bar and split controllers", function()
  expect(function() nav.viewControllers = 1 end):toRaise("bad value for property 'viewControllers' (table expected, got number)")
  expect(function() nav.viewControllers = { list, "Form" } end):toRaise("item 2: ViewController expected, got string")
  expect(function() nav:setViewControllers({ 1 }) end):toRaise("item 1: ViewController expected, got number")
  expect(function() nav:popToViewController(nil) end)
    :toRaise("bad argument #1 to 'popToViewController' (ViewController expected, got nil)")
  expect(function() nav.pushViewController(list, form) end)
    :toRaise("bad argument #1 to 'pushViewController' (NavigationController expected, got ViewController)")
  expect(function() nav.visibleViewController = list end)
    :toRaise("attempt to set read-only property 'visibleViewController' of NavigationController")
  expect(function() nav.toolbar = {} end):toRaise("NavigationController.toolbar is not implemented by Ripple: bars are not simulated")
  expect(function() nav.delegate = 1 end):toRaise("delegate must be a table of functions (or an object), got number")
  expect(nav.delegate):toBe(nil)
  unchanged()

  local a, b = ripple.viewController "A", ripple.viewController "B"
  local tabs = ripple.tabBarController { a, b }
  expect(function() tabs.selectedIndex = "1" end):toRaise("bad value for property 'selectedIndex' (number expected, got string)")
  expect(function() tabs.selectedIndex = 0.5 end):toRaise("bad value for property 'selectedIndex' (number has no integer representation)")
  expect(function() tabs.selectedViewController = 2 end)
    :toRaise("bad value for property 'selectedViewController' (ViewController expected, got number)")
  expect(function() tabs:setViewControllers(a) end):toRaise("bad argument #1 to 'setViewControllers' (table expected, got ViewController)")
  expect(tabs.selectedIndex):toBe(0)
  expect(#tabs.viewControllers):toBe(2)

  local split = ripple.splitViewController { primary = ripple.viewController "P", secondary = ripple.viewController "S" }
  expect(function() split.viewControllers = {} end)
    :toRaise("attempt to set read-only property 'viewControllers' of SplitViewController")
  expect(function() split.isCollapsed = true end):toRaise("attempt to set read-only property 'isCollapsed' of SplitViewController")
  expect(function() split:viewControllerForColumn(2) end):toRaise("unknown column '2'")
  expect(function() split:viewControllerForColumn({}) end)
    :toRaise("bad argument #1 to 'viewControllerForColumn' (string expected, got table)")
  expect(split.style):toBe("doubleColumn")
  expect(#split.viewControllers):toBe(2)
  unchanged()
end)

scenario("ripple.ViewController and ripple.uikit", function()
  expect(function() ripple.ViewController.dvc_defaultAutoDismiss = "no" end)
    :toRaise("bad value for property 'dvc_defaultAutoDismiss' (boolean expected, got string)")
  expect(function() ripple.ViewController.other = 1 end)
    :toRaise([[[<ViewControllerClass> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key "other".]])
  expect(ripple.ViewController.dvc_defaultAutoDismiss):toBe(true)
  expect(tostring(ripple.ViewController)):toBe("ViewController")
  local profile = ripple.uikit.profile
  expect(function() ripple.uikit.profile = 17 end):toRaise("unknown profile '17'")
  expect(function() ripple.uikit.profile = {} end):toRaise("bad value for property 'profile' (string expected, got table)")
  expect(function() ripple.uikit.profiles = {} end):toRaise("attempt to set read-only property 'profiles' of UIKit")
  expect(function() return ripple.uikit.version end)
    :toRaise([[[<UIKit> valueForUndefinedKey:]: this class is not key value coding-compliant for the key "version".]])
  expect(ripple.uikit.profile):toBe(profile)
  unchanged()
end)
