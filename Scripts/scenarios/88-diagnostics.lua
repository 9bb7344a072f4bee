-- Diagnostics no framework gives: an access to a deleted or invalidated object says which object, how
-- it went and the fix; tracksRelationshipKeyPaths follows key paths without inverses; didSave carries
-- old values; KVO's prior call for a derived key comes before its value changes.
local model = ripple.model {
  Customer = { name = "string", orders = { toMany = "Order", inverse = "customer", deleteRule = "cascade" },
               total = { derived = "orders.@sum.amount" } },
  Order = { amount = "integer", customer = { toOne = "Customer", inverse = "orders" } },
  Task = { title = "string", owner = { toOne = "Customer" } },
}

local function failure(fn)
  local ok, err = pcall(fn)
  expect(ok):toBe(false)
  return err
end

scenario("a deleted object says where it was deleted, or which cascade took it", function()
  local ctx = ripple.container(model).viewContext
  local ann = ctx:insert("Customer", { name = "Ann" })
  local order = ctx:insert("Order", { amount = 5, customer = ann })
  ctx:save()
  ctx:delete(ann) -- the line the message names
  ctx:processPendingChanges()
  local err = failure(function() ann.name = "x" end)
  expect(err):toContain("Mutating a managed object Customer#1 <x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p1> after it has been deleted from its context. (Ripple: Customer#1 was deleted at ")
  expect(err:match("88%-diagnostics%.lua:(%d+) in viewContext")):toBe("22")
  expect(err):toContain("; bring it back with rollback() or the undo manager before saving, or stop using it)")
  expect(failure(function() order.amount = 1 end)):toContain(
    "(Ripple: Order#1 was deleted by a cascade from Customer#1 in viewContext; bring it back with rollback()")
  ctx:save()
  expect(failure(function() ann.name = "x" end)):toContain(
    "after it has been removed from its context. (Ripple: Customer#1 was deleted at ")
  expect(failure(function() ann.name = "x" end)):toContain("; the deletion was saved: stop using it)")
  expect(ctx.hasChanges):toBe(false)
end)

scenario("an invalidated object says whether a reset or a store removal took it", function()
  local container = ripple.container(model)
  local ctx = container.viewContext
  local bob = ctx:insert("Customer", { name = "Bob" })
  ctx:save()
  ctx:reset()
  expect(failure(function() return bob.name end)):toContain(
    "CoreData could not fulfill a fault for 'x-coredata://52495050-4C45-4000-8000-000000000002/Customer/p1' (Ripple: Customer#1 was invalidated by viewContext:reset(); objects do not survive a reset — fetch it again)")
  local again = ctx:fetch { entity = "Customer" }[1]
  container:removePersistentStore()
  expect(failure(function() return again.name end)):toContain(
    "(Ripple: Customer#1 was invalidated when the store memory was removed from its coordinator; add a store and fetch it again)")
end)

scenario("an object deleted by a merged save says so", function()
  local container = ripple.container(model)
  local ctx = container.viewContext
  local cy = ctx:insert("Customer", { name = "Cy" })
  ctx:save()
  local bg = container:newBackgroundContext()
  local saved
  ripple.observe(bg, "didSave", function(note) saved = note end)
  bg:performAndWait(function() bg:delete(bg:object(cy.objectID)); bg:save() end)
  ctx:mergeChangesFromContextDidSave(saved)
  expect(failure(function() cy.name = "x" end)):toContain(
    "(Ripple: Customer#1 was deleted by a save merged into viewContext from elsewhere; fetch again instead of keeping it)")
end)

scenario("tracksRelationshipKeyPaths follows a key path whose relationship has no inverse", function()
  local ctx = ripple.container(model).viewContext
  local ann = ctx:insert("Customer", { name = "Ann" })
  ctx:insert("Task", { title = "T1", owner = ann })
  ctx:save()
  local frc = ripple.fetchedResultsController { context = ctx, entity = "Task", sortDescriptors = { "title" },
    predicate = "owner.name == 'Ann'", tracksRelationshipKeyPaths = true, name = "Tasks" }
  frc.delegate = { didChangeObject = function() end }
  frc:performFetch()
  ripple.clearEvents()
  ann.name = "Anna"
  ctx:processPendingChanges()
  expect(ripple.events()):toEqual({
    "[viewContext] objectsDidChange updated: Customer#1 {name}",
    "[frc Tasks] didChangeObject Task#1 delete [0, 0]",
  })
end)

scenario("didSave carries the old values of the keys it wrote", function()
  local ctx = ripple.container(model).viewContext
  local ann = ctx:insert("Customer", { name = "Ann" })
  ctx:save()
  local old
  ripple.observe(ctx, "didSave", function(note) old = note.oldValues[ann] end)
  ann.name = "Anna"
  ctx:save()
  expect(old):toEqual({ name = "Ann" })
end)

scenario("KVO's prior call for a derived key comes before the value changes", function()
  local ctx = ripple.container(model).viewContext
  local ann = ctx:insert("Customer", { name = "Ann" })
  local order = ctx:insert("Order", { amount = 1, customer = ann })
  ctx:save()
  local calls = {}
  ripple.observe(ann, "total", function(change)
    calls[#calls + 1] = (change.isPrior and "will " or "did ") .. tostring(change.old) .. " (reads " .. tostring(ann.total) .. ")"
  end, { "old", "new", "prior" })
  order.amount = 5
  ctx:processPendingChanges()
  expect(calls):toEqual({ "will 1 (reads 1)", "did 1 (reads 5)" })
end)

scenario("a fault whose row a batch delete removed fails as Core Data's does, and says why", function()
  local container = ripple.container(model)
  local ctx = container.viewContext
  ctx:insert("Customer", { name = "Di" })
  ctx:save()
  local bg = container:newBackgroundContext()
  local di = bg:performAndWait(function() return bg:fetch { entity = "Customer", includesPendingChanges = false }[1] end)
  ctx:execute(ripple.batchDeleteRequest { entity = "Customer" })
  bg:performAndWait(function()
    bg:refresh(di, false)
    expect(function() return di.name end):toRaise(
      "CoreData could not fulfill a fault for 'x-coredata://52495050-4C45-4000-8000-000000000007/Customer/p1' (Ripple: Customer#1 is no longer in the store: another context, connection or batch request deleted it and the deletion was not merged into background#1; merge it (ripple.mergeChanges, mergeChangesFromContextDidSave) or fetch again)")
    expect(bg.hasChanges):toBe(false)
  end)
end)
