-- Errors raised in a controller's Lua callbacks reach the Lua code that caused them, with their message
-- and position, once the hierarchy is consistent.
local model = ripple.model { Customer = { name = "string" } }

local function fixture()
  local ctx = ripple.container(model).viewContext
  local customer = ctx:insert("Customer", { name = "Ann" })
  ctx:save()
  local window = ripple.window()
  local list = ripple.viewController "List"
  local nav = ripple.navigationController { list, title = "Nav" }
  window.rootViewController = nav
  return ctx, customer, window, nav, list
end

scenario("an error in viewWillAppear comes out of the push; the push happened", function()
  local _, _, window, nav, list = fixture()
  local form = ripple.viewController "Form"
  function form:viewWillAppear(animated) error("cannot appear") end
  function form:viewDidAppear(animated) self.appeared = true end
  expect(function() nav:pushViewController(form, true) end)
    :toRaise("36-vc-callback-errors.lua:19: cannot appear")
  expect(form.appeared):toBe(true)   -- the remaining callbacks still ran
  expect(nav.topViewController):toBe(form)
  expect(window:describe()):toBe('Window\n  NavigationController "Nav"\n    [0] ViewController "List"\n    [1] ViewController "Form"')
end)

scenario("an error in dvc_updated comes out of processPendingChanges and save", function()
  local ctx, customer = fixture()
  local form = ripple.viewController "Form"
  form:dvc_add(customer)
  function form:dvc_updated(object, keys) error("no update for " .. tostring(object)) end
  customer.name = "Anna"
  expect(function() ctx:processPendingChanges() end):toRaise("36-vc-callback-errors.lua:32: no update for Customer#1")
  customer.name = "Annie"
  expect(function() ctx:save() end):toRaise("no update for Customer#1")
  customer.name = "Anne"
  expect(function() ripple.tick() end):toRaise("no update for Customer#1")
end)

scenario("an error in dvc_deleted comes out after the controller left the screen", function()
  local ctx, customer, _, nav, list = fixture()
  local form = ripple.viewController "Form"
  form:dvc_add(customer)
  function form:dvc_deleted(object) error("deleted badly") end
  nav:pushViewController(form, false)
  ctx:delete(customer)
  expect(function() ctx:processPendingChanges() end):toRaise("36-vc-callback-errors.lua:45: deleted badly")
  expect(nav.viewControllers):toEqual({ list })
end)

scenario("an error in a lifecycle callback of a departure comes out of processPendingChanges", function()
  local ctx, customer, window, nav, list = fixture()
  local form = ripple.viewController "Form"
  form:dvc_add(customer)
  function form:viewDidDisappear(animated) error("gone wrong") end
  nav:pushViewController(form, false)
  function list:viewDidAppear(animated) self.back = animated end
  ctx:delete(customer)
  expect(function() ctx:processPendingChanges() end):toRaise("36-vc-callback-errors.lua:56: gone wrong")
  expect(list.back):toBe(true)
  expect(window:describe()):toBe('Window\n  NavigationController "Nav"\n    [0] ViewController "List"')
  -- the error was raised once; the next operation is clean
  nav:pushViewController(ripple.viewController "Next", false)
end)

scenario("an error in a lifecycle callback of a departure comes out of ripple.tick() and save()", function()
  local ctx, customer, _, nav = fixture()
  local other = ctx:insert("Customer", { name = "Bob" }); ctx:save()
  local form = ripple.viewController "Form"
  form:dvc_add(customer)
  form:dvc_add(other)
  function form:viewWillDisappear() error("will disappear failed") end
  nav:pushViewController(form, false)
  ctx:delete(customer)
  expect(function() ripple.tick() end):toRaise("will disappear failed")
  local second = ripple.viewController "Second"
  second:dvc_add(other)
  function second:viewWillDisappear() error("second failed") end
  nav:pushViewController(second, false)
  ctx:delete(other)
  expect(function() ctx:save() end):toRaise("second failed")
  expect(#nav.viewControllers):toBe(1)
end)

scenario("errors in completions and in the window's root change", function()
  local _, _, window, nav, list = fixture()
  expect(function() list:present(ripple.viewController "Sheet", true, function() error("completion failed") end) end)
    :toRaise("36-vc-callback-errors.lua:88: completion failed")
  expect(nav.presentedViewController.title):toBe("Sheet")
  expect(function() list:dismiss(true, function() error("dismissed") end) end):toRaise("dismissed")
  expect(nav.presentedViewController):toBeNil()
  local home = ripple.viewController "Home"
  function home:viewDidLoad() error("no view") end
  expect(function() window.rootViewController = home end):toRaise("no view")
  expect(window.rootViewController):toBe(home)
  expect(home.isViewLoaded):toBe(true)
end)

scenario("a Lua method that is not a function is refused where it is stored, with file:line", function()
  local _, _, _, nav = fixture()
  local form = ripple.viewController "Form"
  expect(function() form.viewWillAppear = 42 end)
    :toRaise("36-vc-callback-errors.lua:103: 'viewWillAppear' of UIViewController must be a function, got number")
  expect(form.viewWillAppear):toBeNil()
  nav:pushViewController(form, false)
  expect(nav.topViewController):toBe(form)
end)
