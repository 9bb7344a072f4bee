-- The state of an object after its deletion is saved, as Core Data leaves it: no context, a fault,
-- isDeleted false again ("it may return false … after the object has been deleted"), reads give nil (no
-- members for a to-many), writes fail in Core Data's words; before the save it is still readable.
local model = ripple.model {
  Customer = { name = "string", orders = { toMany = "Order", inverse = "customer", deleteRule = "cascade" } },
  Order = { total = "integer", customer = { toOne = "Customer", inverse = "orders" } },
}
local ctx = ripple.container(model).viewContext
local ann = ctx:insert("Customer", { name = "Ann" })
local order = ctx:insert("Order", { total = 5, customer = ann })
ctx:save()

scenario("pending deletion: still readable; saved deletion: a fault without a context", function()
  ctx:delete(ann)
  expect(ann.isDeleted):toBe(true)
  expect(ann.isFault):toBe(false)
  expect(ann.name):toBe("Ann")
  expect(ann.managedObjectContext):toBe(ctx)
  ctx:save()
  for _, o in ipairs({ ann, order }) do
    expect(o.isDeleted):toBe(false)
    expect(o.isFault):toBe(true)
    expect(o.managedObjectContext):toBeNil()
    expect(o.hasChanges):toBe(false)
  end
  expect(ann.name):toBeNil()
  expect(#ann.orders):toBe(0)
  expect(order.customer):toBeNil()
  expect(order.total):toBeNil()
  expect(tostring(ann.objectID)):toBe("x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p1")
  expect(function() ann.name = "x" end):toRaise(
    "Mutating a managed object Customer#1 <x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p1> after it has been removed from its context.")
  expect(function() return ann.nickname end):toRaise("not key value coding-compliant for the key \"nickname\"")
end)
