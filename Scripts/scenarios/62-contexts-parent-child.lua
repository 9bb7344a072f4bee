-- Parent/child contexts: a child's save pushes its changes one level up only; nothing reaches the
-- store until the root context saves. `ctx:newChildContext()` makes a main-queue child (pass
-- "privateQueue" for a private one).
local model = ripple.model {
  Customer = { name = "string", orders = { toMany = "Order", inverse = "customer", deleteRule = "cascade" } },
  Order = { total = "double", customer = { toOne = "Customer", inverse = "orders" } },
}
local container = ripple.container(model)
local ctx = container.viewContext
local ann = ctx:insert("Customer", { name = "Ann" })
ctx:save()

-- A second root context reads the store only.
local function storeCount(entity)
  local reader = container:newBackgroundContext()
  return reader:performAndWait(function() return reader:count { entity = entity } end)
end

scenario("a child's insert is visible in the parent after the child saves, in the store after the parent saves", function()
  local child = ctx:newChildContext()
  expect(child.parent):toBe(ctx)
  local bob = child:insert("Customer", { name = "Bob" })
  local order = child:insert("Order", { total = 12.5, customer = bob })
  expect(ctx:count { entity = "Customer" }):toBe(1)
  ripple.clearEvents()
  child:save()
  expect(ctx:count { entity = "Customer" }):toBe(2)
  expect(storeCount("Customer")):toBe(1)
  local inParent = ctx:fetch { entity = "Customer", predicate = "name == 'Bob'" }[1]
  expect(inParent == bob):toBe(false)                      -- two instances of one object…
  expect(tostring(inParent)):toBe(tostring(bob))           -- …with one name: numbering is per coordinator
  expect(inParent.isInserted):toBe(true)
  expect(inParent.orders.count):toBe(1)
  expect(ctx.hasChanges):toBe(true)
  ripple.tick()
  expect(ripple.events()):toEqual({
    "[child#1] objectsDidChange inserted: Customer#2, Order#1",
    "[child#1] willSave",
    "[child#1] didSave inserted: Customer#2, Order#1",
    "[viewContext] objectsDidChange inserted: Customer#2, Order#1",
  })
  ctx:save()
  expect(storeCount("Customer")):toBe(2)
  expect(storeCount("Order")):toBe(1)
end)

scenario("a child's updates and deletions go up one level too", function()
  local child = ctx:newChildContext()
  local annHere = child:fetch { entity = "Customer", predicate = "name == 'Ann'" }[1]
  annHere.name = "Anna"
  local bob = child:fetch { entity = "Customer", predicate = "name == 'Bob'" }[1]
  child:delete(bob)
  child:save()
  expect(ann.name):toBe("Anna")
  expect(ctx:count { entity = "Customer" }):toBe(1)
  expect(ctx:count { entity = "Order" }):toBe(0)           -- the cascade came up with the deletion
  expect(storeCount("Customer")):toBe(2)
  ctx:save()
  expect(storeCount("Customer")):toBe(1)
  expect(storeCount("Order")):toBe(0)
end)

scenario("the parent does not pull from its children", function()
  local child = ctx:newChildContext()
  child:insert("Customer", { name = "Unsaved" })
  expect(ctx:count { entity = "Customer" }):toBe(1)
  child:rollback()
  expect(child:count { entity = "Customer" }):toBe(1)
end)

scenario("a child sees the parent's unsaved changes", function()
  ann.name = "Annie"
  local cy = ctx:insert("Customer", { name = "Cy" })
  local child = ctx:newChildContext()
  local names = {}
  for _, c in ipairs(child:fetch { entity = "Customer", sortDescriptors = { "name" } }) do names[#names + 1] = c.name end
  expect(names):toEqual({ "Annie", "Cy" })
  ctx:rollback()
end)

scenario("a sibling that merges automatically hears of a child's save", function()
  local editor = ctx:newChildContext()
  local sibling = ctx:newChildContext()
  sibling.automaticallyMergesChangesFromParent = true
  local annThere = sibling:fetch { entity = "Customer" }[1]
  expect(annThere.name):toBe("Anna")                       -- loaded now (a fault would read the latest)
  editor:fetch { entity = "Customer" }[1].name = "Ann B."
  editor:save()
  expect(annThere.name):toBe("Anna")                       -- merged at the end of the event
  ripple.tick()
  expect(annThere.name):toBe("Ann B.")
  expect(ann.name):toBe("Ann B.")
  ctx:rollback()
end)

scenario("private-queue children work in perform", function()
  local child = ctx:newChildContext("privateQueue")
  expect(child.concurrencyType):toBe("privateQueue")
  child:perform(function()
    child:insert("Customer", { name = "Dee" })
    child:save()
  end)
  expect(ctx:count { entity = "Customer" }):toBe(1)
  ripple.tick()
  expect(ctx:count { entity = "Customer" }):toBe(2)
  ctx:rollback()
end)
