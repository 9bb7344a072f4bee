-- Heavy but finite work stays well inside the runner's instruction limit (200 million VM instructions
-- per file for `ripple test`; a runaway loop is stopped there, see Tests/CLITests).
local model = ripple.model { Item = { n = "integer" } }
local ctx = ripple.container(model).viewContext

scenario("ten thousand inserts and one save", function()
  for i = 1, 10000 do ctx:insert("Item", { n = i }) end
  ctx:save()
  expect(ctx:count { entity = "Item" }):toBe(10000)
  expect(ctx:count { entity = "Item", predicate = "n > 9990" }):toBe(10)
end)
