-- A first Ripple script: a Customer/Order model, a few changes, and what the app would see.
-- Run it with:  swift run ripple run Scripts/examples/customers.lua --trace

local model = ripple.model {
  Customer = {
    name   = "string",
    city   = "string?",
    orders = { toMany = "Order", inverse = "customer", deleteRule = "cascade" },
  },
  Order = {
    total    = { "double", min = 0 },
    customer = { toOne = "Customer", inverse = "orders" },
  },
}

local container = ripple.container(model)
local ctx = container.viewContext

-- Watch the context the way a screen would.
local changes = {}
ripple.observe(ctx, "objectsDidChange", function(note)
  changes[#changes + 1] = { inserted = #note.inserted, updated = #note.updated, deleted = #note.deleted }
end)

local ann = ctx:insert("Customer", { name = "Ann", city = "Oslo" })
ctx:insert("Order", { total = 25, customer = ann })
ctx:insert("Order", { total = 40, customer = ann })
ctx:save()

scenario("a save announces the insertions once", function()
  expect(changes):toEqual({ { inserted = 3, updated = 0, deleted = 0 } })
  expect(#ann.orders):toBe(2)
end)

scenario("a rename is one update with its changed key", function()
  ann.name = "Anna"
  ripple.tick()                      -- the end of the run-loop event
  expect(changes[2]):toEqual({ inserted = 0, updated = 1, deleted = 0 })
  expect(ripple.events()[#ripple.events()]):toBe("[viewContext] objectsDidChange updated: Customer#1 {name}")
end)

scenario("deleting the customer cascades to the orders", function()
  ctx:delete(ann)
  ctx:save()
  expect(changes[3]):toEqual({ inserted = 0, updated = 0, deleted = 3 })
  expect(ctx:count { entity = "Order" }):toBe(0)
end)
