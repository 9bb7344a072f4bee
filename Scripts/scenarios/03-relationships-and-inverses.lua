-- To-one and to-many relationships keep their inverses in sync on both sides, immediately.
local model = ripple.model {
  Customer = { name = "string", orders = { toMany = "Order", inverse = "customer" } },
  Order = { total = { "double", default = 0 }, customer = { toOne = "Customer", inverse = "orders" } },
}
local ctx = ripple.container(model).viewContext
local ann = ctx:insert("Customer", { name = "Ann" })
local bob = ctx:insert("Customer", { name = "Bob" })

scenario("setting the to-one side adds to the to-many side", function()
  local o = ctx:insert("Order", { total = 10, customer = ann })
  expect(#ann.orders):toBe(1)
  expect(ann.orders[1]):toBe(o)
  expect(ann.orders:contains(o)):toBe(true)
end)

scenario("adding to another customer's set moves the order", function()
  local o = ann.orders[1]
  bob.orders:add(o)
  expect(o.customer):toBe(bob)
  expect(#ann.orders):toBe(0)
  expect(bob.orders:toArray()):toEqual({ o })
end)

scenario("removing from the set clears the to-one side", function()
  local o = bob.orders[1]
  bob.orders:remove(o)
  expect(o.customer):toBeNil()
  expect(bob.orders.count):toBe(0)
end)

scenario("assigning a whole array replaces the members", function()
  local o1 = ctx:insert("Order", { total = 1 })
  local o2 = ctx:insert("Order", { total = 2 })
  ann.orders = { o1, o2 }
  expect(o1.customer):toBe(ann)
  expect(o2.customer):toBe(ann)
  ann.orders = { o2 }
  expect(o1.customer):toBeNil()
  expect(tostring(ann.orders)):toBe("{Order#3}")
end)

scenario("inverse maintenance reports both sides as updated", function()
  ctx:save()
  ripple.clearEvents()
  local o = ctx:fetch { entity = "Order", predicate = "total == 1" }[1]
  o.customer = bob
  ctx:processPendingChanges()
  expect(ripple.events()):toEqual({
    "[viewContext] objectsDidChange updated: Customer#2 {orders}, Order#2 {customer}",
  })
end)
