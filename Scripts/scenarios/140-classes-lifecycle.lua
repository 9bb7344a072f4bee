-- model:class: the lifecycle callbacks of a managed-object class, in Core Data's order and frequency.
-- Each callback appends to a trace, compared exactly.

local model = ripple.model {
  Customer = { name = "string", visits = { "integer", default = 0 }, stamp = { "integer", default = 0 },
               orders = { toMany = "Order", inverse = "customer", deleteRule = "cascade" } },
  Order = { total = "double", customer = { toOne = "Customer", inverse = "orders" } },
}

local trace = {}
local function log(what, obj) trace[#trace + 1] = what .. " " .. tostring(obj) .. " @" .. obj.managedObjectContext.name end
local function logGone(what, obj) trace[#trace + 1] = what .. " " .. tostring(obj) end

local function tracing(extra)
  local class = {
    awakeFromInsert = function(self) log("awakeFromInsert", self) end,
    awakeFromFetch = function(self) log("awakeFromFetch", self) end,
    willSave = function(self) log("willSave", self) end,
    didSave = function(self) logGone("didSave", self) end,
    prepareForDeletion = function(self) log("prepareForDeletion", self) end,
    willTurnIntoFault = function(self) logGone("willTurnIntoFault", self) end,
    didTurnIntoFault = function(self) logGone("didTurnIntoFault", self) end,
  }
  for k, v in pairs(extra or {}) do class[k] = v end
  return class
end

model:class("Customer", tracing())
model:class("Order", tracing())

local container = ripple.container(model)
local ctx = container.viewContext
ripple.observe(ctx, "willSave", function() trace[#trace + 1] = "note willSave" end)
ripple.observe(ctx, "didSave", function() trace[#trace + 1] = "note didSave" end)

local function take()
  local t = trace
  trace = {}
  return t
end

local ann, order

scenario("insert then save: awakeFromInsert once, willSave and didSave per object", function()
  ann = ctx:insert("Customer", { name = "Ann" })
  order = ctx:insert("Order", { total = 5, customer = ann })
  expect(take()):toEqual({ "awakeFromInsert Customer#1 @viewContext", "awakeFromInsert Order#1 @viewContext" })
  ctx:save()
  expect(take()):toEqual({
    "note willSave",
    "willSave Customer#1 @viewContext", "willSave Order#1 @viewContext",
    "didSave Customer#1", "didSave Order#1",
    "note didSave",
  })
end)

scenario("change then save: only the changed object", function()
  ann.name = "Anna"
  ctx:save()
  expect(take()):toEqual({ "note willSave", "willSave Customer#1 @viewContext", "didSave Customer#1", "note didSave" })
  ctx:save()   -- nothing to save: no callback
  expect(take()):toEqual({})
end)

scenario("delete then save: prepareForDeletion before the cascade, then fault callbacks after the save", function()
  ctx:delete(ann)
  ctx:processPendingChanges()
  expect(take()):toEqual({ "prepareForDeletion Customer#1 @viewContext", "prepareForDeletion Order#1 @viewContext" })
  ctx:save()
  expect(take()):toEqual({
    "note willSave",
    "willSave Customer#1 @viewContext", "willSave Order#1 @viewContext",
    "didSave Customer#1", "didSave Order#1",
    "willTurnIntoFault Customer#1", "didTurnIntoFault Customer#1",
    "willTurnIntoFault Order#1", "didTurnIntoFault Order#1",
    "note didSave",
  })
end)

scenario("a fault fires: awakeFromFetch; refresh turns it into a fault, and the next read fetches it again", function()
  local bob = ctx:insert("Customer", { name = "Bob" })
  ctx:save()
  take()
  local other = container:newBackgroundContext()
  other:performAndWait(function()
    local mine = other:fetch { entity = "Customer" }[1]
    expect(take()):toEqual({})                 -- a fault until it is read
    expect(mine.name):toBe("Bob")
    expect(take()):toEqual({ "awakeFromFetch Customer#2 @background#1" })
    expect(mine.name):toBe("Bob")
    expect(take()):toEqual({})                 -- once per load
    other:refresh(mine, false)
    expect(take()):toEqual({ "willTurnIntoFault Customer#2", "didTurnIntoFault Customer#2" })
    expect(mine.isFault):toBe(true)
    expect(mine.name):toBe("Bob")
    expect(take()):toEqual({ "awakeFromFetch Customer#2 @background#1" })
    other:refresh(mine, true)                  -- merging keeps the object loaded
    expect(take()):toEqual({})
  end)
  ctx:delete(bob)
  ctx:save()
  take()
end)

scenario("reset turns every loaded object into a fault", function()
  local c = ctx:insert("Customer", { name = "Cy" })
  ctx:save()
  take()
  ctx:reset()
  expect(take()):toEqual({ "willTurnIntoFault Customer#3", "didTurnIntoFault Customer#3" })
  local again = ctx:fetch { entity = "Customer", predicate = "name == 'Cy'" }
  expect(take()):toEqual({ "awakeFromFetch Customer#3 @viewContext" })
  ctx:delete(again[1])
  ctx:save()
  take()
end)

scenario("a child context: awakeFromFetch from the parent, no second awakeFromInsert when the child saves", function()
  local child = ctx:newChildContext()
  local d = child:insert("Customer", { name = "Dee" })
  expect(take()):toEqual({ "awakeFromInsert Customer#4 @child#1" })
  child:save()
  expect(take()):toEqual({ "willSave Customer#4 @child#1", "didSave Customer#4" })
  ctx:save()
  expect(take()):toEqual({ "note willSave", "willSave Customer#4 @viewContext", "didSave Customer#4", "note didSave" })
  local child2 = ctx:newChildContext()
  local mine = child2:fetch { entity = "Customer", predicate = "name == 'Dee'" }[1]
  expect(mine.name):toBe("Dee")
  expect(take()):toEqual({ "awakeFromFetch Customer#4 @child#2" })
end)

scenario("merged into another context: no awakeFromInsert there, awakeFromFetch when read", function()
  local other = container:newBackgroundContext()
  local id
  other:performAndWait(function()
    local e = other:insert("Customer", { name = "Eve" })
    other:save()
    id = e.objectID
  end)
  expect(take()):toEqual({ "awakeFromInsert Customer#5 @background#2", "willSave Customer#5 @background#2", "didSave Customer#5" })
  local seen
  ripple.observe(ctx, "objectsDidChange", function(note) seen = note.inserted end)
  ripple.mergeChanges({ inserted = { id } }, { ctx })
  expect(#seen):toBe(1)
  expect(take()):toEqual({})
  expect(seen[1].name):toBe("Eve")
  expect(take()):toEqual({ "awakeFromFetch Customer#5 @viewContext" })
end)
