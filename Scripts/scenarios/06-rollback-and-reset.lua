-- rollback() undoes unsaved work and says so; reset() forgets every object.
local model = ripple.model { Customer = { name = "string" } }
local ctx = ripple.container(model).viewContext
local ann = ctx:insert("Customer", { name = "Ann" })
local bob = ctx:insert("Customer", { name = "Bob" })
ctx:save()

scenario("rollback restores values, removes insertions and brings deletions back", function()
  ann.name = "Anna"
  ctx:delete(bob)
  local cy = ctx:insert("Customer", { name = "Cy" })
  ripple.clearEvents()
  ctx:rollback()
  expect(ann.name):toBe("Ann")
  expect(bob.isDeleted):toBe(false)
  expect(cy.managedObjectContext):toBeNil()
  expect(ctx.hasChanges):toBe(false)
  expect(ripple.events()):toEqual({
    "[viewContext] objectsDidChange inserted: Customer#3; updated: Customer#1 {name}; deleted: Customer#2",
    "[viewContext] objectsDidChange inserted: Customer#2; updated: Customer#1 {name}; deleted: Customer#3",
  })
end)

scenario("reset invalidates everything; a new fetch loads fresh objects", function()
  ripple.clearEvents()
  ctx:reset()
  expect(ripple.events()):toEqual({ "[viewContext] objectsDidChange invalidatedAll" })
  expect(function() return ann.name end):toRaise("CoreData could not fulfill a fault for 'x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p1'")
  local all = ctx:fetch { entity = "Customer", sortDescriptors = { "name" } }
  expect(#all):toBe(2)
  expect(all[1] == ann):toBe(false)
  expect(all[1].name):toBe("Ann")
  expect(all[1].isFault):toBe(false)
end)
