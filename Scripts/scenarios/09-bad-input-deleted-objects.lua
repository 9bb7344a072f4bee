-- Bad input: using objects after they were deleted, saved away or reset.
local model = ripple.model { Customer = { name = "string" } }
local ctx = ripple.container(model).viewContext

scenario("writing to a deleted object fails; reading it still works until the save", function()
  local ann = ctx:insert("Customer", { name = "Ann" })
  ctx:save()
  ctx:delete(ann)
  expect(function() ann.name = "Anna" end)
    :toRaise("Mutating a managed object Customer#1 <x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p1> after it has been deleted from its context.")
  expect(ann.name):toBe("Ann")
  ctx:save()
  expect(ann.managedObjectContext):toBeNil()
  expect(function() ann.name = "Anna" end)
    :toRaise("Mutating a managed object Customer#1 <x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p1> after it has been removed from its context.")
  expect(ctx:count { entity = "Customer" }):toBe(0)
end)

scenario("deleting an object twice is harmless; deleting a removed one is an error", function()
  local bob = ctx:insert("Customer", { name = "Bob" })
  ctx:delete(bob)
  ctx:delete(bob)
  ctx:processPendingChanges()
  expect(function() ctx:delete(bob) end):toRaise("after it has been removed from its context.")
  expect(ctx.hasChanges):toBe(false)
end)

scenario("objects of a reset context cannot be used", function()
  local cy = ctx:insert("Customer", { name = "Cy" })
  ctx:save()
  ctx:reset()
  expect(function() cy.name = "C" end):toRaise("CoreData could not fulfill a fault for 'x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p3'")
  expect(#ctx:fetch { entity = "Customer" }):toBe(1)
end)
