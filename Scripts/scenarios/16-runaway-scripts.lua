-- A runaway loop is stopped by the runner's instruction limit; pcall cannot swallow it, so it is
-- reported as this scenario's failure and the file goes on. Here the loop is bounded: the scenario
-- checks that ordinary heavy work stays well inside the limit.
local model = ripple.model { Item = { n = "integer" } }
local ctx = ripple.container(model).viewContext

scenario("ten thousand inserts and one save", function()
  for i = 1, 10000 do ctx:insert("Item", { n = i }) end
  ctx:save()
  expect(ctx:count { entity = "Item" }):toBe(10000)
  expect(ctx:count { entity = "Item", predicate = "n > 9990" }):toBe(10)
end)
