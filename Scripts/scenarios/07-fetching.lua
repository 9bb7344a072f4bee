-- Fetch requests: predicates, sort descriptors, limit and offset, pending changes, count.
local model = ripple.model {
  Customer = { name = "string", age = "integer?", city = "string?",
               orders = { toMany = "Order", inverse = "customer" } },
  Order = { total = "double", customer = { toOne = "Customer", inverse = "orders" } },
}
local ctx = ripple.container(model).viewContext
local people = {
  { "Ann", 31, "Oslo" }, { "bob", 25, "Bergen" }, { "Cécile", 40, "Paris" }, { "Dan", 25, nil }, { "Eve", 52, "Oslo" },
}
for _, p in ipairs(people) do ctx:insert("Customer", { name = p[1], age = p[2], city = p[3] }) end
local ann = ctx:fetch { entity = "Customer", predicate = "name == 'Ann'" }[1]
ctx:insert("Order", { total = 10, customer = ann })
ctx:insert("Order", { total = 32.5, customer = ann })

local function names(list)
  local out = {}
  for i, o in ipairs(list) do out[i] = o.name end
  return out
end

scenario("predicates with arguments, options and key paths", function()
  expect(names(ctx:fetch { entity = "Customer", predicate = "name BEGINSWITH[c] %@", arguments = { "b" },
                           sortDescriptors = { "name" } })):toEqual({ "bob" })
  expect(names(ctx:fetch { entity = "Customer", predicate = "name CONTAINS[cd] 'ec'" })):toEqual({ "Cécile" })
  expect(names(ctx:fetch { entity = "Customer", predicate = "city == nil" })):toEqual({ "Dan" })
  expect(names(ctx:fetch { entity = "Customer", predicate = "age BETWEEN {30, 45}", sortDescriptors = { "age" } }))
    :toEqual({ "Ann", "Cécile" })
  expect(names(ctx:fetch { entity = "Customer", predicate = "orders.@sum.total > 40" })):toEqual({ "Ann" })
  expect(names(ctx:fetch { entity = "Customer", predicate = "ANY orders.total > 30" })):toEqual({ "Ann" })
  expect(#ctx:fetch { entity = "Order", predicate = "customer.name == %@", arguments = { "Ann" } }):toBe(2)
end)

scenario("sort descriptors, descending and multi-key, then offset and limit", function()
  expect(names(ctx:fetch { entity = "Customer", sortDescriptors = { { key = "age", ascending = false }, "name" } }))
    :toEqual({ "Eve", "Cécile", "Ann", "Dan", "bob" })
  expect(names(ctx:fetch { entity = "Customer", sortDescriptors = { "age", "name" }, fetchOffset = 1, fetchLimit = 2 }))
    :toEqual({ "bob", "Ann" })
end)

scenario("a Lua function can be the predicate", function()
  local young = ctx:fetch { entity = "Customer", predicate = function(c) return (c.age or 0) < 30 end,
                            sortDescriptors = { "name" } }
  expect(names(young)):toEqual({ "Dan", "bob" })
end)

scenario("fetches see pending changes; count agrees", function()
  local zed = ctx:insert("Customer", { name = "Zed", age = 1 })
  expect(ctx:count { entity = "Customer" }):toBe(6)
  ctx:delete(zed)
  expect(ctx:count { entity = "Customer" }):toBe(5)
end)
