-- Key-value observation of a to-many relationship reports NSKeyValueChange's kinds: insertion, removal and
-- replacement, with the objects and their indexes; setting a stored key to the value it already has is
-- told (automatic KVO and Core Data's accessors do); attributes and to-one relationships stay "setting".
local model = ripple.model {
  Customer = { name = "string", orders = { toMany = "Order", inverse = "customer" } },
  Order = { total = { "integer", default = 0 }, customer = { toOne = "Customer", inverse = "orders", deleteRule = "nullify" } },
}
local ctx = ripple.container(model).viewContext
local ann = ctx:insert("Customer", { name = "Ann" })
local bob = ctx:insert("Customer", { name = "Bob" })
local o1 = ctx:insert("Order", { total = 1, customer = ann })
local o2 = ctx:insert("Order", { total = 2 })
local o3 = ctx:insert("Order", { total = 3 })
ctx:save()

local function names(list)
  if list == nil then return "nil" end
  local out = {}
  for i, o in ipairs(list) do out[i] = tostring(o) end
  return "{" .. table.concat(out, ",") .. "}"
end

local log
local function record(change)
  local line = change.kind .. " old=" .. names(change.old) .. " new=" .. names(change.new)
  if change.indexes then line = line .. " indexes=" .. table.concat(change.indexes, ",") end
  log[#log + 1] = line
end

scenario("adding, removing and replacing members report insertion, removal and replacement", function()
  log = {}
  local token = ripple.observe(ann, "orders", record)
  ann.orders:add(o2)                       -- insertion at index 1 (0-based, as NSIndexSet)
  o3.customer = ann                         -- through the inverse: an insertion too
  ann.orders:remove(o1)                     -- removal at its old index
  ann.orders = { o2, o1 }                   -- o3 out, o1 in: a replacement
  ann.orders = { o2, o1 }                   -- the same members: told, as a setting
  token:cancel()
  expect(log):toEqual({
    "insertion old=nil new={Order#2} indexes=1",
    "insertion old=nil new={Order#3} indexes=2",
    "removal old={Order#1} new=nil indexes=0",
    "replacement old={Order#3} new={Order#1} indexes=1",
    "setting old={Order#2,Order#1} new={Order#2,Order#1}",
  })
end)

scenario("setting a key to the value it already has is told; to-one and attributes are settings", function()
  log = {}
  local seen = {}
  local t1 = ripple.observe(ann, "name", function(change) seen[#seen + 1] = change.kind .. " " .. change.old .. " -> " .. change.new end)
  local t2 = ripple.observe(o2, "customer", function(change) seen[#seen + 1] = change.kind .. " " .. tostring(change.old) .. " -> " .. tostring(change.new) end)
  ann.name = "Ann"
  ann.name = "Ann"
  o2.customer = ann
  o2.customer = bob
  t1:cancel(); t2:cancel()
  expect(seen):toEqual({
    "setting Ann -> Ann",
    "setting Ann -> Ann",
    "setting Customer#1 -> Customer#1",
    "setting Customer#1 -> Customer#2",
  })
end)

scenario("key paths and derived keys are still told only when their value changes", function()
  local seen = {}
  local t = ripple.observe(o2, "customer.name", function(change) seen[#seen + 1] = change.new end)
  bob.name = "Bob"
  bob.name = "Robert"
  t:cancel()
  expect(seen):toEqual({ "Robert" })
  ctx:rollback()
end)
