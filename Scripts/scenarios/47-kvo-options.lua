-- ripple.observe(object, keyPath, fn, options): stored keys, derived keys, key paths through
-- relationships; options initial, prior, old, new; tokens; deleted objects are told once, then nothing.
local model = ripple.model {
  Customer = {
    name = "string",
    orders = { toMany = "Order", inverse = "customer" },
    orderCount = { derived = "orders.@count" },
  },
  Order = {
    total = { "double", default = 0 },
    customer = { toOne = "Customer", inverse = "orders", deleteRule = "nullify" },
  },
}
local ctx = ripple.container(model).viewContext
local ann = ctx:insert("Customer", { name = "Ann" })
local bob = ctx:insert("Customer", { name = "Bob" })
local order = ctx:insert("Order", { customer = ann })
ctx:save()

local log = {}
local function recorder(label)
  return function(change)
    local parts = { label, change.kind }
    if change.isPrior then parts[#parts + 1] = "prior" end
    if change.isDeleted then parts[#parts + 1] = "deleted" end
    parts[#parts + 1] = ripple.describe(change.old) .. " -> " .. ripple.describe(change.new)
    log[#log + 1] = table.concat(parts, " ")
  end
end

scenario("initial, and a key path through a to-one relationship", function()
  log = {}
  local t = ripple.observe(order, "customer.name", recorder("customer.name"), { initial = true })
  ann.name = "Anna"
  order.customer = bob
  bob.name = "Bob"                                         -- same value: nothing
  t:cancel()
  bob.name = "Robert"
  expect(log):toEqual({
    'customer.name setting nil -> "Ann"',
    'customer.name setting "Ann" -> "Anna"',
    'customer.name setting "Anna" -> "Bob"',
  })
end)

scenario("prior gives will/did pairs, for stored and derived keys", function()
  log = {}
  local seenDuringPrior
  local t1 = ripple.observe(ann, "name", function(change)
    if change.isPrior then seenDuringPrior = ann.name end
    recorder("name")(change)
  end, "prior")
  local t2 = ripple.observe(ann, "orderCount", recorder("orderCount"), { prior = true, old = false })
  ann.name = "Ann"
  order.customer = ann
  expect(seenDuringPrior):toBe("Anna")                     -- told before the change
  expect(log):toEqual({
    'name setting prior "Anna" -> nil',
    'name setting "Anna" -> "Ann"',
    "orderCount setting prior nil -> nil",
    "orderCount setting nil -> 1",
  })
  t1:cancel(); t2:cancel()
end)

scenario("a to-many key and an aggregate over it", function()
  log = {}
  local t = ripple.observe(ann, "orders.@sum.total", recorder("sum"))
  order.total = 4
  local extra = ctx:insert("Order", { total = 6, customer = ann })
  expect(log):toEqual({ "sum setting 0.0 -> 4.0", "sum setting 4.0 -> 10.0" })
  t:cancel()
  ctx:delete(extra)
  ctx:save()
end)

scenario("a deleted object's observers are told once when the deletion is processed, then never", function()
  log = {}
  ripple.observe(order, "total", recorder("total"))
  ctx:delete(order)
  expect(log):toEqual({})
  ctx:processPendingChanges()
  ctx:rollback()
  expect(order.isDeleted):toBe(false)
  order.total = 99
  expect(log):toEqual({ "total setting deleted 4.0 -> nil" })
end)
