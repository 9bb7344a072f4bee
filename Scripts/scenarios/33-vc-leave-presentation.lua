-- Leaving the screen outside navigation stacks, with dvc_autoDismissAnimated on and off and
-- dvc_autoDismiss on and off: presented without a stack, presented and presenting another, the window's
-- root, a child of a presented container, a child of the window's root container; and the stack winning
-- over the presentation.
local model = ripple.model { Customer = { name = "string" } }

local function each(body)
  for _, animated in ipairs { true, false } do
    for _, auto in ipairs { true, false } do
      body(animated, auto, animated and " (animated)" or "")
    end
  end
end

local function fixture()
  local ctx = ripple.container(model).viewContext
  local customer = ctx:insert("Customer", { name = "Ann" })
  ctx:save()
  local window = ripple.window()
  local root = ripple.viewController "Root"
  window.rootViewController = root
  return ctx, customer, window, root
end

local function dependent(spec, object, animated, auto)
  local vc = ripple.viewController(spec)
  vc.dvc_autoDismiss = auto
  vc.dvc_autoDismissAnimated = animated
  vc:dvc_add(object)
  vc.deletedCount = 0
  function vc:dvc_deleted() self.deletedCount = self.deletedCount + 1 end
  return vc
end

local function deleteAndProcess(ctx, object)
  ripple.clearEvents()
  ctx:delete(object)
  ctx:processPendingChanges()
end

scenario("presented without a stack: its presenter dismisses it", function()
  each(function(animated, auto, suffix)
    local ctx, customer, window, root = fixture()
    local form = dependent({ title = "Form", modalPresentationStyle = "fullScreen" }, customer, animated, auto)
    root:present(form, false)
    local before = window:describe()
    deleteAndProcess(ctx, customer)
    expect(form.deletedCount):toBe(1)
    if auto then
      expect(form.presentingViewController):toBeNil()
      expect(ripple.events()):toEqual({
        "[viewContext] objectsDidChange deleted: Customer#1",
        "dvc_deleted Form Customer#1",
        "dismiss Form from Root" .. suffix,
        "viewWillDisappear Form" .. suffix,
        "viewWillAppear Root" .. suffix,
        "viewDidDisappear Form" .. suffix,
        "viewDidAppear Root" .. suffix,
      })
    else
      expect(window:describe()):toBe(before)
    end
  end)
end)

scenario("presented and presenting another: both are dismissed", function()
  each(function(animated, auto, suffix)
    local ctx, customer, window, root = fixture()
    local a = dependent("A", customer, animated, auto)
    local b = ripple.viewController { title = "B", modalPresentationStyle = "formSheet" }
    root:present(a, false)
    a:present(b, false)
    local before = window:describe()
    deleteAndProcess(ctx, customer)
    if auto then
      expect(window:describe()):toBe('Window\n  ViewController "Root"')
      expect(ripple.events()[3]):toBe("dismiss A, B from Root" .. suffix)
      expect(b.presentingViewController):toBeNil()
    else
      expect(window:describe()):toBe(before)
    end
  end)
end)

scenario("the window's root: nothing happens, it still gets dvc_deleted", function()
  each(function(animated, auto)
    local ctx, customer, window = fixture()
    local home = dependent("Home", customer, animated, auto)
    window.rootViewController = home
    local before = window:describe()
    deleteAndProcess(ctx, customer)
    expect(home.deletedCount):toBe(1)
    expect(window.rootViewController):toBe(home)
    expect(window:describe()):toBe(before)
    expect(ripple.events()):toEqual({
      "[viewContext] objectsDidChange deleted: Customer#1",
      "dvc_deleted Home Customer#1",
    })
  end)
end)

scenario("a child of a presented custom container: the whole container is dismissed", function()
  each(function(animated, auto, suffix)
    local ctx, customer, window, root = fixture()
    local container = ripple.viewController { title = "Container", modalPresentationStyle = "pageSheet" }
    local header = ripple.viewController "Header"
    local body = dependent("Body", customer, animated, auto)
    container:addChild(header)
    container:addChild(body)
    root:present(container, false)
    local before = window:describe()
    deleteAndProcess(ctx, customer)
    if auto then
      expect(window:describe()):toBe('Window\n  ViewController "Root"')
      expect(ripple.events()):toEqual({
        "[viewContext] objectsDidChange deleted: Customer#1",
        "dvc_deleted Body Customer#1",
        "dismiss Container from Root" .. suffix,
        "viewWillDisappear Container" .. suffix,
        "viewWillDisappear Header" .. suffix,
        "viewWillDisappear Body" .. suffix,
        "viewDidDisappear Container" .. suffix,
        "viewDidDisappear Header" .. suffix,
        "viewDidDisappear Body" .. suffix,
      })
      expect(body.parent):toBe(container)
    else
      expect(window:describe()):toBe(before)
    end
  end)
end)

scenario("a child of the window's root container: nothing happens", function()
  each(function(animated, auto)
    local ctx, customer, window, root = fixture()
    local child = dependent("Child", customer, animated, auto)
    root:addChild(child)
    local before = window:describe()
    deleteAndProcess(ctx, customer)
    expect(child.deletedCount):toBe(1)
    expect(window:describe()):toBe(before)
  end)
end)

scenario("pushed at index > 0 of a presented navigation controller: popped, not dismissed", function()
  each(function(animated, auto, suffix)
    local ctx, customer, window, root = fixture()
    local list = ripple.viewController "List"
    local sheet = ripple.navigationController { list, title = "Sheet" }
    root:present(sheet, false)
    local form = dependent("Form", customer, animated, auto)
    sheet:pushViewController(form, false)
    deleteAndProcess(ctx, customer)
    expect(root.presentedViewController):toBe(sheet)
    if auto then
      expect(sheet.viewControllers):toEqual({ list })
      expect(ripple.events()[3]):toBe("popToViewController [Form] on Sheet" .. suffix)
    else
      expect(sheet.viewControllers):toEqual({ list, form })
    end
  end)
end)

scenario("a controller outside any window leaves its stack all the same, without lifecycle callbacks", function()
  local ctx, customer = fixture()
  local nav = ripple.navigationController { ripple.viewController "List", title = "Offscreen" }
  local form = dependent("Form", customer, true, true)
  nav:pushViewController(form, true)
  deleteAndProcess(ctx, customer)
  expect(#nav.viewControllers):toBe(1)
  expect(ripple.events()):toEqual({
    "[viewContext] objectsDidChange deleted: Customer#1",
    "dvc_deleted Form Customer#1",
  })
end)
