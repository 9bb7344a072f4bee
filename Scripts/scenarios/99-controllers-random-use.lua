-- Controllers correct under random use (found by a random API fuzzer): an unsaved object a controller
-- fetched and then deleted before processing is announced and removed; several automatic merges in one
-- tick each post their objectsDidChange without a false "invariant violated"; a controller without
-- pending changes equals a fresh fetch after a save; a NaN sort key keeps the ordering tree sound; a
-- deep window hierarchy describes without overflowing.
local model = ripple.model { Customer = { name = "string", score = "double?" } }

local function names(list)
  local out = {}
  for i, c in ipairs(list or {}) do out[i] = c.name end
  return out
end

local function controller(ctx, options)
  local frc = ripple.fetchedResultsController {
    context = ctx, entity = "Customer", sortDescriptors = options.sortDescriptors or { "name" },
    includesPendingChanges = options.includesPendingChanges, checksInvariants = true,
  }
  local changes = {}
  frc.delegate = {
    didChangeObject = function(_, o, indexPath, type, newIndexPath)
      changes[#changes + 1] = type .. " " .. tostring(o) .. " " .. tostring(indexPath) .. " -> " .. tostring(newIndexPath)
    end,
  }
  frc:performFetch()
  return frc, changes
end

scenario("an unsaved object the controller fetched, deleted before processing, is announced and removed", function()
  local ctx = ripple.container(model).viewContext
  ctx:insert("Customer", { name = "Ann" })
  ctx:save()
  local bob = ctx:insert("Customer", { name = "Bob" })
  local frc, changes = controller(ctx, {})
  expect(names(frc.fetchedObjects)):toEqual({ "Ann", "Bob" })
  local deleted = {}
  ripple.observe(ctx, "objectsDidChange", function(note) for _, o in ipairs(note.deleted) do deleted[#deleted + 1] = tostring(o) end end)
  ctx:delete(bob)
  ctx:processPendingChanges()
  expect(changes):toEqual({ "delete Customer#2 [0, 1] -> nil" })
  expect(deleted):toEqual({ "Customer#2" })
  expect(names(frc.fetchedObjects)):toEqual({ "Ann" })
  expect(ctx.hasChanges):toBe(false)
end)

scenario("three automatic merges in one tick: three objectsDidChange, three batches, no false violation", function()
  local container = ripple.container(model)
  local ctx = container.viewContext
  ctx.automaticallyMergesChangesFromParent = true
  local frc, changes = controller(ctx, {})
  local notes = {}
  ripple.observe(ctx, "objectsDidChange", function(note) notes[#notes + 1] = #note.inserted end)
  local bg = container:newBackgroundContext()
  for _, n in ipairs { "Cy", "Ann", "Bob" } do
    bg:perform(function()
      bg:insert("Customer", { name = n })
      bg:save()
    end)
  end
  ripple.tick()
  expect(notes):toEqual({ 1, 1, 1 })
  expect(changes):toEqual({ "insert Customer#1 nil -> [0, 0]", "insert Customer#2 nil -> [0, 0]",
                            "insert Customer#3 nil -> [0, 1]" })
  expect(names(frc.fetchedObjects)):toEqual({ "Ann", "Bob", "Cy" })
  expect(#ctx:fetch { entity = "Customer" }):toBe(3)
end)

scenario("includesPendingChanges = false: unsaved inserts wait for the save, unsaved deletes stay until it", function()
  local ctx = ripple.container(model).viewContext
  local ann = ctx:insert("Customer", { name = "Ann" })
  ctx:save()
  local frc, changes = controller(ctx, { includesPendingChanges = false })
  ctx:insert("Customer", { name = "Bob" })
  ctx:delete(ann)
  ctx:processPendingChanges()
  expect(names(frc.fetchedObjects)):toEqual({ "Ann" })
  expect(changes):toEqual({})
  ctx:save()
  expect(names(frc.fetchedObjects)):toEqual({ "Bob" })
  expect(changes):toEqual({ "delete Customer#1 [0, 0] -> nil", "insert Customer#2 nil -> [0, 0]" })
  expect(names(ctx:fetch { entity = "Customer", includesPendingChanges = false })):toEqual({ "Bob" })
end)

scenario("NaN sort keys order as CFNumberCompare does: after negatives, before zero and positives", function()
  local ctx = ripple.container(model).viewContext
  for i, s in ipairs { 1, 0 / 0, -1, 0 / 0, 0 } do ctx:insert("Customer", { name = "n" .. i, score = s }) end
  ctx:save()
  local frc, changes = controller(ctx, { sortDescriptors = { "score" } })
  expect(names(frc.fetchedObjects)):toEqual({ "n3", "n2", "n4", "n5", "n1" })
  local n1 = ctx:fetch { entity = "Customer", predicate = "name == 'n1'" }[1]
  n1.score = 0 / 0
  ctx:processPendingChanges()
  expect(names(frc.fetchedObjects)):toEqual({ "n3", "n1", "n2", "n4", "n5" })
  expect(changes):toEqual({ "move Customer#1 [0, 4] -> [0, 1]" })
  -- In predicates NaN is unordered, as in IEEE arithmetic.
  expect(#ctx:fetch { entity = "Customer", predicate = "score < 1" }):toBe(2)
  expect(#ctx:fetch { entity = "Customer", predicate = "score >= -100" }):toBe(2)
end)

scenario("a deep hierarchy describes without overflowing; indentation stops at 100 levels", function()
  local window = ripple.window()
  local root = ripple.viewController "0"
  window.rootViewController = root
  local last = root
  for i = 1, 1000 do
    local vc = ripple.viewController(tostring(i))
    last:addChild(vc)
    last = vc
  end
  local lines = {}
  for line in (window:describe() .. "\n"):gmatch("(.-)\n") do lines[#lines + 1] = line end
  expect(#lines):toBe(1002)
  expect(lines[101]):toBe(string.rep("  ", 100) .. 'ViewController "99"')
  expect(lines[102]):toBe(string.rep("  ", 100) .. '(depth 101) ViewController "100"')
  expect(lines[1002]):toBe(string.rep("  ", 100) .. '(depth 1001) ViewController "1000"')
end)
