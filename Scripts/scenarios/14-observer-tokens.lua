-- Observers: registration order, tokens that cancel, willSave and didSave payloads.
local model = ripple.model { Customer = { name = "string" } }
local ctx = ripple.container(model).viewContext
local log = {}
local t1 = ripple.observe(ctx, "objectsDidChange", function(note) log[#log + 1] = "first " .. #note.inserted end)
local t2 = ripple.observe(ctx, "objectsDidChange", function(note) log[#log + 1] = "second " .. #note.inserted end)
ripple.observe(ctx, "willSave", function(c) log[#log + 1] = "willSave " .. c.name end)
ripple.observe(ctx, "didSave", function(note) log[#log + 1] = "didSave " .. tostring(note.inserted[1]) end)

scenario("observers run in registration order; save adds willSave and didSave", function()
  ctx:insert("Customer", { name = "Ann" })
  ctx:save()
  expect(log):toEqual({ "first 1", "second 1", "willSave viewContext", "didSave Customer#1" })
end)

scenario("a cancelled observer hears nothing more; cancelling twice is harmless", function()
  log = {}
  t1:cancel()
  t1:cancel()
  ctx:insert("Customer", { name = "Bob" })
  ctx:processPendingChanges()
  expect(log):toEqual({ "second 1" })
  expect(tostring(t2)):toBe("ObservationToken(objectsDidChange)")
end)

scenario("an unknown notification name is refused", function()
  expect(function() ripple.observe(ctx, "didExplode", function() end) end)
    :toRaise("bad argument #2 to 'observe' (unknown notification 'didExplode' (expected objectsDidChange, willSave or didSave))")
end)
