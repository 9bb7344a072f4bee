-- Derived keys work wherever a key does: predicates, sort descriptors, key paths of fetch requests.
-- (The fetched-results controller's section key test lives with the FetchedResults target.)
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
    customerInitial = { derived = "customer.initial" },
  },
}
local ctx = ripple.container(model).viewContext
local function customer(name, totals)
  local c = ctx:insert("Customer", { name = name })
  for _, t in ipairs(totals) do ctx:insert("Order", { total = t, customer = c }) end
  return c
end
local ann, bob, cy = customer("ann", { 1, 2 }), customer("bob", { 9 }), customer("cy", {})

local function names(objects)
  local out = {}
  for i, o in ipairs(objects) do out[i] = o.name end
  return out
end

scenario("sort by a derived key, and follow it when it changes", function()
  local request = { entity = "Customer", sortDescriptors = { { key = "orderTotal", ascending = false }, "name" } }
  expect(names(ctx:fetch(request))):toEqual({ "bob", "ann", "cy" })
  ctx:insert("Order", { total = 20, customer = cy })
  expect(names(ctx:fetch(request))):toEqual({ "cy", "bob", "ann" })
end)

scenario("filter by derived keys, also through a relationship", function()
  expect(names(ctx:fetch { entity = "Customer", predicate = "orderTotal > 5", sortDescriptors = { "name" } }))
    :toEqual({ "bob", "cy" })
  expect(ctx:count { entity = "Order", predicate = "customerInitial == 'A'" }):toBe(2)
  expect(ctx:count { entity = "Order", predicate = "customer.initial == 'B'" }):toBe(1)
end)

scenario("saved and fetched again: derived values are recomputed, not stored", function()
  ctx:save()
  ctx:reset()
  expect(names(ctx:fetch { entity = "Customer", sortDescriptors = { "initial" } })):toEqual({ "ann", "bob", "cy" })
end)
