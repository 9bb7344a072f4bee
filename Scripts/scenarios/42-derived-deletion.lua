-- A deleted member leaves the derived values when the deletion is processed (as Core Data keeps the
-- relationship until then); the derived changes are part of the same objectsDidChange.
local model = ripple.model {
  Customer = {
    name = "string",
    orders = { toMany = "Order", inverse = "customer", deleteRule = "cascade" },
    orderCount = { derived = "orders.@count" },
    orderTotal = { derived = "orders.@sum.total" },
  },
  Order = {
    total = { "double", default = 0 },
    customer = { toOne = "Customer", inverse = "orders", deleteRule = "nullify" },
    lines = { toMany = "Line", inverse = "order", deleteRule = "cascade" },
    lineCount = { derived = "lines.@count" },
  },
  Line = {
    order = { toOne = "Order", inverse = "lines" },
  },
}
local ctx = ripple.container(model).viewContext
local ann = ctx:insert("Customer", { name = "Ann" })
local o1 = ctx:insert("Order", { total = 10, customer = ann })
local o2 = ctx:insert("Order", { total = 5, customer = ann })
local l1 = ctx:insert("Line", { order = o2 })
local l2 = ctx:insert("Line", { order = o2 })
ctx:save()

scenario("nullify: the owner's count and total drop when the deletion is processed", function()
  local changes = {}
  ripple.observe(ann, "orderCount", function(c) changes[#changes + 1] = c.old .. " -> " .. c.new end)
  ripple.clearEvents()
  ctx:delete(o1)
  expect(ann.orderCount):toBe(2)
  ctx:processPendingChanges()
  expect(ann.orderCount):toBe(1)
  expect(ann.orderTotal):toBe(5.0)
  expect(changes):toEqual({ "2 -> 1" })
  expect(ripple.events()):toEqual({
    "[viewContext] objectsDidChange updated: Customer#1 {orderCount, orderTotal, orders}; deleted: Order#1",
  })
end)

scenario("a deleted line updates its order; cascade deletes reach the customer's values", function()
  ctx:delete(l1)
  ctx:processPendingChanges()
  expect(o2.lineCount):toBe(1)
  ripple.clearEvents()
  ctx:delete(o2)                                         -- cascades to l2
  ctx:processPendingChanges()
  expect(ann.orderCount):toBe(0)
  expect(ann.orderTotal):toBe(0)
  expect(ripple.events()):toEqual({
    "[viewContext] objectsDidChange updated: Customer#1 {orderCount, orderTotal, orders}; deleted: Line#2, Order#2",
  })
end)
