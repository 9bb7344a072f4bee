-- Leaving the screen inside navigation stacks (docs/decisions.md, decision 3), with dvc_autoDismissAnimated on and
-- off and dvc_autoDismiss on and off: pushed at index > 0, index 0 of a presented navigation controller,
-- index 0 of the window's navigation controller, and a child of a pushed controller.
local model = ripple.model { Customer = { name = "string" } }

local function each(body)
  for _, animated in ipairs { true, false } do
    for _, auto in ipairs { true, false } do
      body(animated, auto, animated and " (animated)" or "")
    end
  end
end

-- A fresh context with one saved customer, and a window.
local function fixture()
  local ctx = ripple.container(model).viewContext
  local customer = ctx:insert("Customer", { name = "Ann" })
  ctx:save()
  return ctx, customer, ripple.window()
end

local function dependent(title, object, animated, auto)
  local vc = ripple.viewController(title)
  vc.dvc_autoDismiss = auto
  vc.dvc_autoDismissAnimated = animated
  vc:dvc_add(object)
  vc.deleted = {}
  function vc:dvc_deleted(o) self.deleted[#self.deleted + 1] = tostring(o) end
  return vc
end

scenario("pushed at index > 0: pops it and everything above it", function()
  each(function(animated, auto, suffix)
    local ctx, customer, window = fixture()
    local list = ripple.viewController "List"
    local nav = ripple.navigationController { list, title = "Nav" }
    window.rootViewController = nav
    local form = dependent("Form", customer, animated, auto)
    nav:pushViewController(form, false)
    nav:pushViewController(ripple.viewController "Detail", false)
    local before = window:describe()
    ripple.clearEvents()
    ctx:delete(customer)
    ctx:processPendingChanges()
    expect(form.deleted):toEqual({ "Customer#1" })
    expect(form:dvc_contains(customer)):toBe(false)
    if auto then
      expect(nav.viewControllers):toEqual({ list })
      expect(ripple.events()):toEqual({
        "[viewContext] objectsDidChange deleted: Customer#1",
        "dvc_deleted Form Customer#1",
        "popToViewController [Form, Detail] on Nav" .. suffix,
        "viewWillDisappear Detail" .. suffix,
        "viewWillAppear List" .. suffix,
        "viewDidDisappear Detail" .. suffix,
        "viewDidAppear List" .. suffix,
      })
    else
      expect(window:describe()):toBe(before)
      expect(#ripple.events()):toBe(2)
    end
  end)
end)

scenario("index 0 of a presented navigation controller: its presenter dismisses it", function()
  each(function(animated, auto, suffix)
    local ctx, customer, window = fixture()
    local root = ripple.viewController "Root"
    window.rootViewController = root
    local form = dependent("Form", customer, animated, auto)
    local sheet = ripple.navigationController { form, title = "Sheet" }
    root:present(sheet, false)
    sheet:pushViewController(ripple.viewController "Detail", false)
    local before = window:describe()
    ripple.clearEvents()
    ctx:delete(customer)
    ctx:processPendingChanges()
    expect(form.deleted):toEqual({ "Customer#1" })
    if auto then
      expect(root.presentedViewController):toBeNil()
      expect(sheet.viewControllers[1]):toBe(form)   -- the stack is dismissed whole, not emptied
      expect(window:describe()):toBe('Window\n  ViewController "Root"')
      expect(ripple.events()):toEqual({
        "[viewContext] objectsDidChange deleted: Customer#1",
        "dvc_deleted Form Customer#1",
        "dismiss Sheet from Root" .. suffix,
        "viewWillDisappear Sheet" .. suffix,
        "viewWillDisappear Detail" .. suffix,
        "viewDidDisappear Sheet" .. suffix,
        "viewDidDisappear Detail" .. suffix,
      })
    else
      expect(window:describe()):toBe(before)
    end
  end)
end)

scenario("index 0 of the window's navigation controller: the stack is emptied", function()
  each(function(animated, auto, suffix)
    local ctx, customer, window = fixture()
    local form = dependent("Form", customer, animated, auto)
    local nav = ripple.navigationController { form, title = "Nav" }
    window.rootViewController = nav
    ripple.clearEvents()
    ctx:delete(customer)
    ctx:processPendingChanges()
    if auto then
      expect(nav.viewControllers):toEqual({})
      expect(window:describe()):toBe('Window\n  NavigationController "Nav"')
      expect(ripple.events()):toEqual({
        "[viewContext] objectsDidChange deleted: Customer#1",
        "dvc_deleted Form Customer#1",
        "setViewControllers [] on Nav" .. suffix,
        "viewWillDisappear Form" .. suffix,
        "viewDidDisappear Form" .. suffix,
      })
    else
      expect(nav.viewControllers):toEqual({ form })
    end
  end)
end)

scenario("index 0 of a navigation controller inside a presented tab bar controller: the tabs are dismissed", function()
  each(function(animated, auto, suffix)
    local ctx, customer, window = fixture()
    local root = ripple.viewController "Root"
    window.rootViewController = root
    local form = dependent("Form", customer, animated, auto)
    local tabs = ripple.tabBarController { ripple.navigationController { form, title = "Stack" }, ripple.viewController "Other", title = "Tabs" }
    root:present(tabs, animated)
    ctx:delete(customer)
    ctx:processPendingChanges()
    expect(root.presentedViewController == nil):toBe(auto)
  end)
end)

scenario("a child of a pushed controller is not in the stack: nothing happens", function()
  each(function(animated, auto)
    local ctx, customer, window = fixture()
    local nav = ripple.navigationController { ripple.viewController "List", title = "Nav" }
    window.rootViewController = nav
    local page = ripple.viewController "Page"
    local header = dependent("Header", customer, animated, auto)
    page:addChild(header)
    nav:pushViewController(page, false)
    local before = window:describe()
    ctx:delete(customer)
    ctx:processPendingChanges()
    expect(header.deleted):toEqual({ "Customer#1" })
    expect(header.navigationController):toBe(nav)
    expect(window:describe()):toBe(before)
  end)
end)
