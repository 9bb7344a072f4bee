-- Bad input: an error raised inside a notification callback. Every observer is still told, the
-- context finishes its work, and the error reaches the code that triggered the notification.
local model = ripple.model { Customer = { name = "string" } }
local ctx = ripple.container(model).viewContext

local seen = {}
local token = ripple.observe(ctx, "objectsDidChange", function(note)
  error("observer failed on " .. tostring(note.inserted[1]))
end)
ripple.observe(ctx, "objectsDidChange", function(note) seen[#seen + 1] = #note.inserted end)

scenario("the error comes out of processPendingChanges with the callback's position", function()
  ctx:insert("Customer", { name = "Ann" })
  expect(function() ctx:processPendingChanges() end)
    :toRaise("11-bad-input-callbacks.lua:8: observer failed on Customer#1")
  expect(seen):toEqual({ 1 })
  expect(ctx.hasChanges):toBe(true)
end)

scenario("after cancelling the failing observer, save works and the context is consistent", function()
  token:cancel()
  ctx:insert("Customer", { name = "Bob" })
  ctx:save()
  expect(seen):toEqual({ 1, 1 })
  expect(ctx.hasChanges):toBe(false)
  expect(ctx:count { entity = "Customer" }):toBe(2)
end)

scenario("an error in willSave cancels the save", function()
  local t = ripple.observe(ctx, "willSave", function() error("not now") end)
  local cy = ctx:insert("Customer", { name = "Cy" })
  expect(function() ctx:save() end):toRaise("not now")
  expect(cy.isInserted):toBe(true)
  t:cancel()
  ctx:save()
  expect(cy.isInserted):toBe(false)
end)
