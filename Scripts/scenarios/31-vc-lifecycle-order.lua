-- Lifecycle callbacks: the exact order of ripple.events() lines, and the Lua methods they call.
local window = ripple.window()
local calls = {}
local function record(vc)
  for _, name in ipairs { "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear" } do
    vc[name] = function(self, animated)
      calls[#calls + 1] = name .. " " .. self.title .. (animated and " (animated)" or "")
    end
  end
  return vc
end
local list = record(ripple.viewController { title = "List" })
local nav = record(ripple.navigationController { list, title = "Nav" })

scenario("setting the window's root loads and shows the stack, not animated", function()
  ripple.clearEvents()
  window.rootViewController = nav
  local expected = {
    "rootViewController = Nav",
    "viewDidLoad Nav", "viewDidLoad List",
    "viewWillAppear Nav", "viewWillAppear List",
    "viewDidAppear Nav", "viewDidAppear List",
  }
  expect(ripple.events()):toEqual(expected)
  expect(calls):toEqual({ table.unpack(expected, 2) })
end)

scenario("a push: load, will-disappear, will-appear, did-disappear, did-appear", function()
  ripple.clearEvents(); calls = {}
  local form = record(ripple.viewController "Form")
  nav:pushViewController(form, true)
  local expected = {
    "push [Form] on Nav (animated)",
    "viewDidLoad Form",
    "viewWillDisappear List (animated)",
    "viewWillAppear Form (animated)",
    "viewDidDisappear List (animated)",
    "viewDidAppear Form (animated)",
  }
  expect(ripple.events()):toEqual(expected)
  expect(calls):toEqual({ table.unpack(expected, 2) })
end)

scenario("a pop, not animated; the popped view stays loaded", function()
  ripple.clearEvents(); calls = {}
  local form = nav:popViewController(false)
  expect(ripple.events()):toEqual({
    "pop [Form] on Nav",
    "viewWillDisappear Form",
    "viewWillAppear List",
    "viewDidDisappear Form",
    "viewDidAppear List",
  })
  expect(form.isViewLoaded):toBe(true)
  expect(form.isVisible):toBe(false)
end)

scenario("a full-screen presentation hides the presenter; a page sheet does not", function()
  ripple.clearEvents(); calls = {}
  local detail = record(ripple.viewController { title = "Detail", modalPresentationStyle = "fullScreen" })
  list:present(detail, true)
  expect(ripple.events()):toEqual({
    "present Detail on Nav (fullScreen, animated)",
    "viewDidLoad Detail",
    "viewWillDisappear Nav (animated)", "viewWillDisappear List (animated)",
    "viewWillAppear Detail (animated)",
    "viewDidDisappear Nav (animated)", "viewDidDisappear List (animated)",
    "viewDidAppear Detail (animated)",
  })
  ripple.clearEvents()
  detail:dismiss(false)
  expect(ripple.events()):toEqual({
    "dismiss Detail from Nav",
    "viewWillDisappear Detail",
    "viewWillAppear Nav", "viewWillAppear List",
    "viewDidDisappear Detail",
    "viewDidAppear Nav", "viewDidAppear List",
  })
  ripple.clearEvents()
  local sheet = ripple.viewController { title = "Sheet", modalPresentationStyle = "pageSheet" }
  nav:present(sheet, true)
  sheet:dismiss(true)
  expect(ripple.events()):toEqual({
    "present Sheet on Nav (pageSheet, animated)",
    "viewDidLoad Sheet", "viewWillAppear Sheet (animated)", "viewDidAppear Sheet (animated)",
    "dismiss Sheet from Nav (animated)",
    "viewWillDisappear Sheet (animated)", "viewDidDisappear Sheet (animated)",
  })
end)

scenario("selecting a tab is not animated; hidden tabs never load", function()
  local w = ripple.window()
  local a, b, c = ripple.viewController "A", ripple.viewController "B", ripple.viewController "C"
  local tabs = ripple.tabBarController { a, b, c, title = "Tabs" }
  w.rootViewController = tabs
  ripple.clearEvents()
  tabs.selectedIndex = 2
  expect(ripple.events()):toEqual({
    "selectedIndex = 2 on Tabs",
    "viewDidLoad C", "viewWillDisappear A", "viewWillAppear C", "viewDidDisappear A", "viewDidAppear C",
  })
  expect(b.isViewLoaded):toBe(false)
  tabs.selectedIndex = 7   -- out of range: nothing happens
  expect(tabs.selectedIndex):toBe(2)
end)

scenario("window events are interleaved with context notifications in one trace", function()
  local model = ripple.model { Customer = { name = "string" } }
  local ctx = ripple.container(model).viewContext
  local c = ctx:insert("Customer", { name = "Ann" })
  ctx:save()
  local form = ripple.viewController "Form"
  form:dvc_add(c)
  nav:pushViewController(form, false)
  ripple.clearEvents()
  ctx:delete(c)
  ctx:processPendingChanges()
  expect(ripple.events()):toEqual({
    "[viewContext] objectsDidChange deleted: Customer#1",
    "dvc_deleted Form Customer#1",
    "popToViewController [Form] on Nav (animated)",
    "viewWillDisappear Form (animated)",
    "viewWillAppear List (animated)",
    "viewDidDisappear Form (animated)",
    "viewDidAppear List (animated)",
  })
end)
