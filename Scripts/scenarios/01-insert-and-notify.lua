-- Inserting objects: temporary IDs, one objectsDidChange per processPendingChanges, object order.
local model = ripple.model {
  Customer = { name = "string", position = "string?" },
}
local ctx = ripple.container(model).viewContext

local notes = {}
ripple.observe(ctx, "objectsDidChange", function(note) notes[#notes + 1] = note end)

scenario("an inserted object has a temporary ID and is in insertedObjects", function()
  local ann = ctx:insert("Customer", { name = "Ann" })
  expect(ann.name):toBe("Ann")
  expect(ann.position):toBeNil()
  expect(ann.isInserted):toBe(true)
  expect(ann.objectID.uriRepresentation):toBe("x-coredata:///Customer/t52495050-4C45-4000-8000-0000000000001")
  expect(ctx.insertedObjects):toEqual({ ann })
  expect(ctx.hasChanges):toBe(true)
  expect(tostring(ann)):toBe("Customer#1")
end)

scenario("processPendingChanges posts one notification with every insertion, in object order", function()
  local bob = ctx:insert("Customer", { name = "Bob" })
  local cy = ctx:insert("Customer", { name = "Cy" })
  ctx:processPendingChanges()
  ctx:processPendingChanges()              -- nothing pending: nothing posted
  expect(#notes):toBe(1)
  expect(#notes[1].inserted):toBe(3)
  expect(notes[1].inserted[2]):toBe(bob)
  expect(notes[1].inserted[3]):toBe(cy)
  expect(notes[1].updated):toEqual({})
  expect(notes[1].invalidatedAll):toBe(false)
end)

scenario("save makes IDs permanent and clears the change sets", function()
  ctx:save()
  local all = ctx:fetch { entity = "Customer", sortDescriptors = { "name" } }
  expect(all[1].objectID.uriRepresentation):toBe("x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p1")
  expect(all[1].isInserted):toBe(false)
  expect(ctx.hasChanges):toBe(false)
  expect(ripple.events()):toEqual({
    "[viewContext] objectsDidChange inserted: Customer#1, Customer#2, Customer#3",
    "[viewContext] willSave",
    "[viewContext] didSave inserted: Customer#1, Customer#2, Customer#3",
  })
end)
