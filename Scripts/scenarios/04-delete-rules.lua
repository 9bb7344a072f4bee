-- Delete rules at processPendingChanges: cascade, nullify, deny (at save), noAction.
local model = ripple.model {
  Customer = {
    name = "string",
    orders = { toMany = "Order", inverse = "customer", deleteRule = "cascade" },
    notes = { toMany = "Note", inverse = "customer", deleteRule = "nullify" },
    invoices = { toMany = "Invoice", inverse = "customer", deleteRule = "deny" },
    tags = { toMany = "Tag", inverse = "customer", deleteRule = "noAction" },
  },
  Order = { customer = { toOne = "Customer", inverse = "orders" } },
  Note = { customer = { toOne = "Customer", inverse = "notes" } },
  Invoice = { customer = { toOne = "Customer", inverse = "invoices" } },
  Tag = { customer = { toOne = "Customer", inverse = "tags" } },
}
local ctx = ripple.container(model).viewContext

scenario("cascade deletes the orders; nullify clears the notes' customer", function()
  local ann = ctx:insert("Customer", { name = "Ann" })
  local order = ctx:insert("Order", { customer = ann })
  local note = ctx:insert("Note", { customer = ann })
  ctx:save()
  ripple.clearEvents()
  ctx:delete(ann)
  expect(order.isDeleted):toBe(false)       -- propagation waits for the end of the event
  ctx:processPendingChanges()
  expect(order.isDeleted):toBe(true)
  expect(note.customer):toBeNil()
  expect(ripple.events()):toEqual({
    "[viewContext] objectsDidChange updated: Note#1 {customer}; deleted: Customer#1, Order#1",
  })
  ctx:save()
  expect(ctx:count { entity = "Order" }):toBe(0)
  expect(ctx:count { entity = "Note" }):toBe(1)
end)

scenario("deny refuses the save with 1600 and leaves the context as it was", function()
  local bob = ctx:insert("Customer", { name = "Bob" })
  ctx:insert("Invoice", { customer = bob })
  ctx:save()
  ctx:delete(bob)
  expect(function() ctx:save() end):toRaise("Code=1600 \"invoices is not valid.\"")
  expect(ctx.deletedObjects):toEqual({ bob })
  ctx:rollback()
  expect(bob.isDeleted):toBe(false)
  expect(ctx.hasChanges):toBe(false)
end)

scenario("noAction leaves the tag pointing at the deleted customer", function()
  local cy = ctx:insert("Customer", { name = "Cy" })
  local tag = ctx:insert("Tag", { customer = cy })
  ctx:save()
  ctx:delete(cy)
  ctx:processPendingChanges()
  expect(tag.customer):toBe(cy)
  expect(tag.isUpdated):toBe(false)
end)

scenario("an object inserted and deleted in one event is never announced", function()
  ripple.clearEvents()
  local ghost = ctx:insert("Customer", { name = "Ghost" })
  ctx:delete(ghost)
  ctx:processPendingChanges()
  expect(ripple.events()):toEqual({})
  expect(ghost.managedObjectContext):toBeNil()
end)
