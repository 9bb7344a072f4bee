-- obtainPermanentIDs(for:): inserted objects get their permanent IDs before the save, which keeps them;
-- a SQLite store records the reservation (Z_MAX) so another connection numbers past it; a deleted object
-- or another context's object is refused and nothing changes.
local model = ripple.model {
  Customer = { name = "string", orders = { toMany = "Order", inverse = "customer" } },
  Order = { total = "integer", customer = { toOne = "Customer", inverse = "orders" } },
}

scenario("in memory: permanent before the save, the same IDs after it", function()
  local container = ripple.container(model)
  local ctx = container.viewContext
  local ann = ctx:insert("Customer", { name = "Ann" })
  local order = ctx:insert("Order", { total = 3, customer = ann })
  local temporary = ann.objectID
  expect(temporary.isTemporaryID):toBe(true)
  ctx:obtainPermanentIDs({ ann, order })
  local permanent = ann.objectID
  expect(permanent.isTemporaryID):toBe(false)
  expect(permanent.uriRepresentation):toBe("x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p1")
  expect(order.objectID.uriRepresentation):toBe("x-coredata://52495050-4C45-4000-8000-000000000001/Order/p1")
  expect(permanent == temporary):toBe(false)
  expect(tostring(ann)):toBe("Customer#1")
  expect(ctx.hasChanges):toBe(true)
  expect(#ctx.insertedObjects):toBe(2)
  -- the permanent ID names the unsaved object in its own context
  expect(ctx:existingObject(permanent)):toBe(ann)
  ctx:save()
  expect(ann.objectID):toBe(permanent)
  expect(order.objectID.uriRepresentation):toBe("x-coredata://52495050-4C45-4000-8000-000000000001/Order/p1")
  local bg = container:newBackgroundContext()
  bg:performAndWait(function()
    expect(bg:existingObject(permanent).name):toBe("Ann")
  end)
  -- objects already permanent are left alone
  ctx:obtainPermanentIDs({ ann })
  expect(ann.objectID):toBe(permanent)
end)

scenario("a deleted object or another context's object is refused; nothing changes", function()
  local container = ripple.container(model)
  local ctx = container.viewContext
  local bob = ctx:insert("Customer", { name = "Bob" })
  local gone = ctx:insert("Customer", { name = "Gone" })
  ctx:delete(gone)
  expect(function() ctx:obtainPermanentIDs({ bob, gone }) end):toRaise(
    "Obtaining a permanent ID for a managed object Customer#2 <x-coredata:///Customer/t52495050-4C45-4000-8000-0000000000002> after it has been deleted from its context.")
  expect(bob.objectID.isTemporaryID):toBe(true)
  local bg = container:newBackgroundContext()
  local other = bg:performAndWait(function() return bg:insert("Customer", { name = "Other" }) end)
  expect(function() ctx:obtainPermanentIDs({ bob, other }) end):toRaise(
    "An NSManagedObjectContext cannot obtain permanent IDs for objects in other contexts.")
  expect(bob.objectID.isTemporaryID):toBe(true)
  expect(function() ctx:obtainPermanentIDs({ bob, "Bob" }) end):toRaise(
    "obtainPermanentIDs: objects[2] must be a managed object, got string")
  expect(bob.objectID.isTemporaryID):toBe(true)
  ctx:save()
  expect(bob.objectID.uriRepresentation):toBe("x-coredata://52495050-4C45-4000-8000-000000000002/Customer/p1")
end)

scenario("SQLite: the reservation is in the file, so another connection numbers past it", function()
  local path = ripple.temporaryPath("scenario-147.sqlite")
  local function open() return ripple.container(model, { store = "sqlite", path = path }).viewContext end
  local a = open()
  local x = a:insert("Customer", { name = "from A" })
  a:obtainPermanentIDs({ x })
  expect(x.objectID.uriRepresentation):toBe("x-coredata://52495050-4C45-4000-8000-000000000003/Customer/p1")
  local b = open()
  local y = b:insert("Customer", { name = "from B" })
  expect(tostring(y)):toBe("Customer#2")
  b:save()
  a:save()
  expect(x.objectID.uriRepresentation):toBe("x-coredata://52495050-4C45-4000-8000-000000000003/Customer/p1")
  local names = {}
  for i, o in ipairs(open():fetch { entity = "Customer", sortDescriptors = { "name" } }) do names[i] = tostring(o) .. " " .. o.name end
  expect(names):toEqual({ "Customer#1 from A", "Customer#2 from B" })
end)

scenario("SQLite: a number another connection saved a row under is replaced by the next free one", function()
  local path = ripple.temporaryPath("scenario-147b.sqlite")
  local function open() return ripple.container(model, { store = "sqlite", path = path }).viewContext end
  local a, b = open(), open()
  local y = b:insert("Customer", { name = "from B" })
  b:save()
  local x = a:insert("Customer", { name = "from A" })
  local order = a:insert("Order", { total = 1, customer = x })
  expect(tostring(x)):toBe("Customer#1")
  a:obtainPermanentIDs({ x, order })
  expect(tostring(x)):toBe("Customer#2")
  expect(x.objectID.uriRepresentation):toBe("x-coredata://52495050-4C45-4000-8000-000000000004/Customer/p2")
  expect(#a.insertedObjects):toBe(2)
  a:save()
  expect(x.objectID.uriRepresentation):toBe("x-coredata://52495050-4C45-4000-8000-000000000004/Customer/p2")
  local names = {}
  for i, o in ipairs(open():fetch { entity = "Customer", sortDescriptors = { "name" } }) do
    names[i] = tostring(o) .. " " .. o.name .. " " .. #o.orders
  end
  expect(names):toEqual({ "Customer#2 from A 1", "Customer#1 from B 0" })
  expect(tostring(y)):toBe("Customer#1")
end)
