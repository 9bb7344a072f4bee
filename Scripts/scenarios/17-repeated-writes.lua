-- Repeated writes to the same attributes (the Lua fast write path): every event still reports each
-- changed key once with the value it had before the event, across processing, saving and rollback.
local model = ripple.model { Item = { n = "integer", label = "string?" } }
local ctx = ripple.container(model).viewContext
local a = ctx:insert("Item", { n = 0 })
local b = ctx:insert("Item", { n = 0 })
ctx:save()
local last
ripple.observe(ctx, "objectsDidChange", function(note) last = note end)

scenario("many writes in one event: one update, the first old value", function()
  for i = 1, 100 do a.n = i end
  ctx:processPendingChanges()
  expect(last.updated):toEqual({ a })
  expect(last.changedKeys[a]):toEqual({ "n" })
  expect(last.oldValues[a].n):toBe(0)
end)

scenario("the next event records the key again, from the value the last event left", function()
  a.n = 200
  a.n = 201
  ctx:processPendingChanges()
  expect(last.oldValues[a].n):toBe(100)
  expect(a:changedValues()):toEqual({ n = 201 })
end)

scenario("interleaved objects and keys", function()
  for i = 1, 10 do a.n = i; b.n = -i; a.label = "x" .. i end
  ctx:processPendingChanges()
  expect(last.updated):toEqual({ a, b })
  expect(last.changedKeys[a]):toEqual({ "label", "n" })
  expect(last.oldValues[b].n):toBe(0)
end)

scenario("after a save the object is updated again; after a rollback the values come back", function()
  ctx:save()
  expect(ctx.hasChanges):toBe(false)
  a.n = 7
  a.n = 8
  expect(a.isUpdated):toBe(true)
  expect(ctx.updatedObjects):toEqual({ a })
  ctx:rollback()
  expect(a.n):toBe(10)
  a.n = 9
  a.n = 11
  ctx:processPendingChanges()
  expect(last.oldValues[a].n):toBe(10)
  ctx:save()
  ctx:reset()
  expect(ctx:fetch { entity = "Item", predicate = "n == 11" }[1].n):toBe(11)
end)

scenario("an inserted object written many times is announced once, as inserted", function()
  local c = ctx:insert("Item", { n = 1 })
  for i = 1, 5 do c.n = i end
  ctx:processPendingChanges()
  expect(#last.inserted):toBe(1)
  expect(last.updated):toEqual({})
  ctx:delete(c)
  expect(function() c.n = 3 end):toRaise("after it has been deleted from its context")
end)
