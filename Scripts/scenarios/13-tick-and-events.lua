-- ripple.tick() ends the run-loop event: every main-queue context processes its pending changes,
-- in creation order, and each notification is one trace line.
local model = ripple.model { Customer = { name = "string" } }
local a = ripple.container(model).viewContext
local b = ripple.container(model).viewContext

scenario("tick processes every main-queue context in creation order", function()
  a:insert("Customer", { name = "Ann" })
  b:insert("Customer", { name = "Bob" })
  expect(ripple.events()):toEqual({})
  ripple.tick()
  expect(ripple.events()):toEqual({
    "[viewContext] objectsDidChange inserted: Customer#1",
    "[viewContext] objectsDidChange inserted: Customer#1",
  })
end)

scenario("a tick with nothing pending posts nothing", function()
  ripple.clearEvents()
  ripple.tick()
  expect(ripple.events()):toEqual({})
end)

scenario("several writes in one event coalesce into one notification", function()
  local ann = a:fetch { entity = "Customer" }[1]
  ann.name = "A1"
  ann.name = "A2"
  ann.name = "A3"
  ripple.tick()
  expect(ripple.events()):toEqual({ "[viewContext] objectsDidChange updated: Customer#1 {name}" })
end)
