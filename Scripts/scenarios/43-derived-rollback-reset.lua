-- Rollback restores derived values (and reports them as updated); after a reset, and in another
-- context, objects materialised from the store compute their derived values. Nothing derived is saved.
local model = ripple.model {
  Customer = {
    name = "string",
    orders = { toMany = "Order", inverse = "customer" },
    orderTotal = { derived = "orders.@sum.total" },
    initial = { derived = function(c) return c.name:sub(1, 1):upper() end, dependsOn = { "name" } },
  },
  Order = {
    total = { "double", default = 0 },
    customer = { toOne = "Customer", inverse = "orders" },
  },
}
local container = ripple.container(model)
local ctx = container.viewContext
local ann = ctx:insert("Customer", { name = "ann" })
ctx:insert("Order", { total = 10, customer = ann })
ctx:save()

scenario("rollback brings derived values back and reports their keys", function()
  ctx:insert("Order", { total = 5, customer = ann })
  ann.name = "zed"
  ctx:processPendingChanges()
  expect(ann.orderTotal):toBe(15.0)
  expect(ann.initial):toBe("Z")
  ripple.clearEvents()
  ctx:rollback()
  expect(ann.orderTotal):toBe(10.0)
  expect(ann.initial):toBe("A")
  expect(ripple.events()):toEqual({
    "[viewContext] objectsDidChange updated: Customer#1 {initial, name, orderTotal, orders}; deleted: Order#2",
  })
end)

scenario("derived values are not in changedValues", function()
  ann.orders:toArray()[1].total = 11
  expect(ann.orderTotal):toBe(11.0)
  expect(ann:changedValues()):toEqual({})
  ctx:rollback()
end)

scenario("after a reset, fetched objects compute their derived values", function()
  ctx:reset()
  local again = ctx:fetch { entity = "Customer" }[1]
  expect(again.orderTotal):toBe(10.0)
  expect(again.initial):toBe("A")
end)

scenario("a background context computes them too", function()
  local bg = container:newBackgroundContext()
  bg:performAndWait(function()
    local other = bg:fetch { entity = "Customer" }[1]
    expect(other.orderTotal):toBe(10.0)
    expect(other:recomputationCount("orderTotal")):toBe(1)
  end)
end)
