-- Derived values through relationships stay correct, eagerly: right after the mutation returns.
local model = ripple.model {
  Region = {
    name = "string",
    customers = { toMany = "Customer", inverse = "region" },
    revenue = { derived = "customers.@sum.orderTotal" },            -- a derived key of the members
  },
  Customer = {
    name = "string",
    region = { toOne = "Region", inverse = "customers" },
    orders = { toMany = "Order", inverse = "customer" },
    orderCount = { derived = "orders.@count" },
    orderTotal = { derived = "orders.@sum.total" },
  },
  Order = {
    total = { "double", default = 0 },
    customer = { toOne = "Customer", inverse = "orders" },
    customerName = { derived = "customer.name" },                   -- to-one
    regionName = { derived = "customer.region.name" },              -- two to-one hops
  },
}
local ctx = ripple.container(model).viewContext
local north = ctx:insert("Region", { name = "North" })
local ann = ctx:insert("Customer", { name = "Ann", region = north })
local bob = ctx:insert("Customer", { name = "Bob" })
local o1 = ctx:insert("Order", { total = 10, customer = ann })
local o2 = ctx:insert("Order", { total = 5 })

scenario("members added, changed, removed and replaced", function()
  expect(ann.orderCount):toBe(1)
  ann.orders:add(o2)
  expect(ann.orderCount):toBe(2)
  expect(ann.orderTotal):toBe(15.0)
  o2.total = 7
  expect(ann.orderTotal):toBe(17.0)
  ann.orders:remove(o1)
  expect(ann.orderCount):toBe(1)
  expect(ann.orderTotal):toBe(7.0)
  ann.orders = { o1 }                                   -- replace the whole set
  expect(ann.orderTotal):toBe(10.0)
  expect(o2.customerName):toBeNil()
end)

scenario("a to-one reassigned, and an attribute of the to-one target", function()
  o1.customer = bob
  expect(o1.customerName):toBe("Bob")
  expect(ann.orderCount):toBe(0)
  expect(bob.orderCount):toBe(1)
  bob.name = "Robert"
  expect(o1.customerName):toBe("Robert")
end)

scenario("several hops, and derived keys depending on derived keys across relationships", function()
  expect(o1.regionName):toBeNil()
  bob.region = north
  expect(o1.regionName):toBe("North")
  expect(north.revenue):toBe(10.0)
  north.name = "Nord"
  expect(o1.regionName):toBe("Nord")
  o1.total = 12
  expect(bob.orderTotal):toBe(12.0)
  expect(north.revenue):toBe(12.0)
  -- once per change of an input: insert, Ann joins, o1 inserted, four changes of Ann's orders in the
  -- first scenario, o1 leaving Ann, Bob joining, o1's total
  expect(north:recomputationCount("revenue")):toBe(10)
end)
