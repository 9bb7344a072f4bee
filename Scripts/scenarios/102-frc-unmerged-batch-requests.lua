-- Batch requests change the store and tell no context (scenario 85): until the IDs are merged, a
-- controller keeps the rows a batch request deleted or updated, as Core Data's does. Invariant mode (on for
-- every scenario under `swift test`) leaves exactly those objects out of its fresh-fetch comparison
-- (`ManagedObjectContext.unmergedStoreChanges` in Swift) — the fuzzer's seed 90025 reported them as violations
-- ("expected ; have E1#3, E1#4"). Once merged, they are compared again.
local model = ripple.model { Note = { title = "string", done = "boolean" } }
local container = ripple.container(model)
local ctx = container.viewContext
for i = 1, 4 do ctx:insert("Note", { title = "N" .. i, done = i % 2 == 0 }) end
ctx:save()
local frc = ripple.fetchedResultsController { context = ctx, entity = "Note", sortDescriptors = { "title" },
                                              predicate = "done == NO", name = "Open" }
local calls = {}
frc.delegate = {
  didChangeObject = function(_, object, indexPath, type, newIndexPath)
    calls[#calls + 1] = type .. " " .. object.title .. " " .. tostring(indexPath or newIndexPath)
  end,
}
frc:performFetch()
local function titles()
  local t = {}
  for i, n in ipairs(frc.fetchedObjects) do t[i] = n.title end
  return t
end

local deleted, updated
scenario("the controller keeps rows a batch request deleted or updated while the context works on", function()
  deleted = ctx:execute(ripple.batchDeleteRequest { entity = "Note", predicate = "title == 'N1'",
                                                    resultType = "resultTypeObjectIDs" }).result
  updated = ctx:execute(ripple.batchUpdateRequest { entity = "Note", predicate = "title == 'N3'",
                                                    propertiesToUpdate = { done = true },
                                                    resultType = "updatedObjectIDsResultType" }).result
  ctx:insert("Note", { title = "N5", done = false })
  ctx:processPendingChanges()                        -- a change batch: invariant mode compares here
  expect(titles()):toEqual({ "N1", "N3", "N5" })
  expect(calls):toEqual({ "insert N5 [0, 2]" })
  expect(#ctx:fetch { entity = "Note", predicate = "done == NO" }):toBe(2)   -- N3 (old value here), N5
end)

scenario("merged, they reach the controller, and the comparison covers them again", function()
  calls = {}
  ripple.mergeChanges({ deleted = deleted, updated = updated }, { ctx })
  expect(titles()):toEqual({ "N5" })
  expect(calls):toEqual({ "delete N3 [0, 1]", "delete N1 [0, 0]" })
  ctx:insert("Note", { title = "N6", done = false })
  ctx:processPendingChanges()
  expect(titles()):toEqual({ "N5", "N6" })
end)
