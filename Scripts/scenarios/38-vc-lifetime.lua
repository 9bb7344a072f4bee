-- Lifetime: a controller on screen keeps its Lua methods even when the script keeps no reference; once it
-- has left every stack and presentation and nothing references it, it is collected and gets no more
-- callbacks, even when its Lua values refer back to it.
local model = ripple.model { Customer = { name = "string" } }
local ctx = ripple.container(model).viewContext
local customer = ctx:insert("Customer", { name = "Ann" })
ctx:save()
local window = ripple.window()
local nav = ripple.navigationController { ripple.viewController "List", title = "Nav" }
window.rootViewController = nav
local updates = 0

local function makeForm(title)
  local form = ripple.viewController(title)
  form:dvc_add(customer)
  function form:dvc_updated() updates = updates + 1 end
  form.me = form                                   -- a cycle through its own values
  function form:viewDidLoad() form.loaded = true end   -- a method closing over its controller
  return form
end

local function fullCollect()
  collectgarbage("collect")
  collectgarbage("collect")
end

scenario("a pushed controller that only the stack holds keeps its Lua methods", function()
  nav:pushViewController(makeForm("Pushed"), false)
  fullCollect()
  customer.name = "Anna"
  ctx:processPendingChanges()
  expect(updates):toBe(1)
  expect(nav.topViewController.loaded):toBe(true)
end)

scenario("a presented controller that only its presenter holds keeps its Lua methods", function()
  nav:present(makeForm("Presented"), false)
  fullCollect()
  customer.name = "Annie"
  ctx:processPendingChanges()
  expect(updates):toBe(3)
  expect(nav.presentedViewController.me):toBe(nav.presentedViewController)
end)

scenario("once popped, dismissed and unreferenced, controllers stop receiving callbacks", function()
  nav:popViewController(false)
  nav:dismiss(false)
  fullCollect()
  customer.name = "Anne"
  ctx:processPendingChanges()
  expect(updates):toBe(3)
end)

scenario("a controller the script still references keeps receiving callbacks off screen", function()
  local kept = makeForm("Kept")
  nav:pushViewController(kept, false)
  nav:popViewController(false)
  fullCollect()
  customer.name = "Anya"
  ctx:processPendingChanges()
  expect(updates):toBe(4)
  expect(kept.dvc_dependencies):toEqual({ customer })
end)
