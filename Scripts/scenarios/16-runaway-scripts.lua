-- Heavy but finite work (thousands of inserts, a save, two counts) stays well inside the default
-- instruction limit (1,000,000,000 per file, sampled; a runaway loop is stopped there, see
-- Tests/CLITests/RunnerOrderTests and LimitsAndSandboxTests). 4,000 rather than 10,000 inserts since
-- session 3: the same path, and no longer the critical path of `ripple test -j 2`.
local model = ripple.model { Item = { n = "integer" } }
local ctx = ripple.container(model).viewContext

scenario("four thousand inserts and one save", function()
  for i = 1, 4000 do ctx:insert("Item", { n = i }) end
  ctx:save()
  expect(ctx:count { entity = "Item" }):toBe(4000)
  expect(ctx:count { entity = "Item", predicate = "n > 3990" }):toBe(10)
end)
