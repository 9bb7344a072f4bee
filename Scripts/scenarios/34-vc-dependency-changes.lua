-- dvc_updated with changed keys (after processPendingChanges and after save), several dependencies of
-- different entities, inserted objects ignored, and resets affecting only their own context.
local model = ripple.model {
  Customer = { name = "string", position = "string?", orders = { toMany = "Order", inverse = "customer" } },
  Order = { total = { "double", min = 0 }, customer = { toOne = "Customer", inverse = "orders" } },
}

local function recorder(title)
  local vc = ripple.viewController(title)
  vc.log = {}
  function vc:dvc_updated(object, changedKeys)
    self.log[#self.log + 1] = "updated " .. tostring(object) .. " {" .. table.concat(changedKeys, ", ") .. "}"
  end
  function vc:dvc_deleted(object)
    self.log[#self.log + 1] = "deleted " .. tostring(object) .. " contains=" .. tostring(self:dvc_contains(object))
  end
  return vc
end

scenario("changed keys are sorted, after processPendingChanges and after save", function()
  local ctx = ripple.container(model).viewContext
  local ann = ctx:insert("Customer", { name = "Ann" })
  ctx:save()
  local form = recorder("Form")
  form:dvc_add(ann)
  ann.position = "CEO"; ann.name = "Anna"
  ctx:processPendingChanges()
  expect(form.log):toEqual({ "updated Customer#1 {name, position}" })
  ann.name = "Annie"
  ctx:save()
  expect(form.log):toEqual({ "updated Customer#1 {name, position}", "updated Customer#1 {name}" })
end)

scenario("several dependencies of different entities, in the order they were added", function()
  local ctx = ripple.container(model).viewContext
  local ann = ctx:insert("Customer", { name = "Ann" })
  local order = ctx:insert("Order", { total = 10 })
  ctx:save()
  local form = recorder("Form")
  form:dvc_add(order)
  form:dvc_add(ann)
  form:dvc_add(ann)   -- once
  expect(form.dvc_dependencies):toEqual({ order, ann })
  order.customer = ann  -- the inverse marks Ann updated too
  ctx:insert("Customer", { name = "Bob" })   -- inserted objects are ignored
  ctx:processPendingChanges()
  expect(form.log):toEqual({ "updated Order#1 {customer}", "updated Customer#1 {orders}" })
  form.log = {}
  form:dvc_remove(order)
  expect(form:dvc_contains(order)):toBe(false)
  order.total = 12; ann.name = "Anna"
  ctx:processPendingChanges()
  expect(form.log):toEqual({ "updated Customer#1 {name}" })
  form:dvc_removeAll()
  expect(form.dvc_dependencies):toEqual({})
end)

scenario("one dvc_deleted per lost dependency, then one departure", function()
  local ctx = ripple.container(model).viewContext
  local ann = ctx:insert("Customer", { name = "Ann" })
  local order = ctx:insert("Order", { total = 10 })
  ctx:save()
  local window = ripple.window()
  local nav = ripple.navigationController { ripple.viewController "List", title = "Nav" }
  window.rootViewController = nav
  local form = recorder("Form")
  form:dvc_add(ann); form:dvc_add(order)
  nav:pushViewController(form, false)
  ripple.clearEvents()
  ctx:delete(order); ctx:delete(ann)
  ctx:processPendingChanges()
  expect(form.log):toEqual({ "deleted Customer#1 contains=false", "deleted Order#1 contains=false" })
  local departures = 0
  for _, line in ipairs(ripple.events()) do
    if line:find("^popToViewController") then departures = departures + 1 end
  end
  expect(departures):toBe(1)
  expect(#nav.viewControllers):toBe(1)
end)

scenario("a reset loses every dependency, of every context (BTDependentVC's code for invalidatedAll)", function()
  local ctxA = ripple.container(model).viewContext
  local ctxB = ripple.container(model).viewContext
  local a = ctxA:insert("Customer", { name = "A" }); ctxA:save()
  local b = ctxB:insert("Customer", { name = "B" }); ctxB:save()
  local window = ripple.window()
  local root = ripple.viewController "Root"
  window.rootViewController = root
  local form = recorder("Form")
  form:dvc_add(a); form:dvc_add(b)
  root:present(form, true)
  ctxA:reset()
  expect(form.log):toEqual({ "deleted Customer#1 contains=false", "deleted Customer#1 contains=false" })
  expect(form.dvc_dependencies):toEqual({})
  expect(root.presentedViewController):toBeNil()
  b.name = "Bee"
  ctxB:processPendingChanges()
  expect(#form.log):toBe(2)
end)

scenario("ripple.tick() delivers pending changes to dependent controllers", function()
  local ctx = ripple.container(model).viewContext
  local ann = ctx:insert("Customer", { name = "Ann" }); ctx:save()
  local form = recorder("Form")
  form:dvc_add(ann)
  ann.name = "Anna"
  expect(form.log):toEqual({})
  ripple.tick()
  expect(form.log):toEqual({ "updated Customer#1 {name}" })
end)

scenario("objects without a context are ignored; private-queue objects are refused", function()
  local container = ripple.container(model)
  local ctx = container.viewContext
  local gone = ctx:insert("Customer", { name = "Gone" }); ctx:save()
  ctx:delete(gone); ctx:save()
  local form = recorder("Form")
  form:dvc_add(gone)
  expect(form.dvc_dependencies):toEqual({})
  local bg = container:newBackgroundContext()
  local other = bg:performAndWait(function() return bg:insert("Customer", { name = "Bg" }) end)
  expect(function() form:dvc_add(other) end):toRaise(
    "dvc_add: Customer#2 belongs to a private-queue context; dependent view controllers accept only objects of main-queue contexts (NSMainQueueConcurrencyType).")
  expect(form.dvc_dependencies):toEqual({})
end)

scenario("ripple.ViewController.dvc_defaultAutoDismiss is copied on a controller's first dvc_ access", function()
  local ctx = ripple.container(model).viewContext
  local ann = ctx:insert("Customer", { name = "Ann" }); ctx:save()
  local early = ripple.viewController "Early"
  expect(early.dvc_autoDismiss):toBe(true)
  local late = ripple.viewController "Late"
  ripple.ViewController.dvc_defaultAutoDismiss = false
  late:dvc_add(ann)
  expect(late.dvc_autoDismiss):toBe(false)
  expect(early.dvc_autoDismiss):toBe(true)
  local window = ripple.window()
  window.rootViewController = ripple.viewController "Root"
  window.rootViewController:present(late, false)
  ctx:delete(ann); ctx:processPendingChanges()
  expect(late.presentingViewController):toBe(window.rootViewController)
  ripple.ViewController.dvc_defaultAutoDismiss = true
  expect(function() ripple.ViewController.dvc_defaultAutoDismiss = 1 end):toRaise("bad value for property 'dvc_defaultAutoDismiss' (boolean expected, got number)")
end)
