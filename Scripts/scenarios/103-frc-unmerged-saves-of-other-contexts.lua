-- The counterpart of scenario 69 for updates and deletions: rows another root context saved and this one
-- never merged stay as they were in its controller (Core Data's controller hears of a save only through a
-- merge), even though a fresh fetch already reads the store. Invariant mode leaves those objects out of its
-- comparison until the merge; the context that saved compares them as usual.
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
local bg = container:newBackgroundContext()
local saved
ripple.observe(bg, "didSave", function(note) saved = note end)
local function titles()
  local t = {}
  for i, n in ipairs(frc.fetchedObjects) do t[i] = n.title end
  return t
end

scenario("a background save deletes N1 and closes N3: the view context's controller keeps both", function()
  bg:performAndWait(function()
    bg:delete(bg:fetch { entity = "Note", predicate = "title == 'N1'" }[1])
    bg:fetch { entity = "Note", predicate = "title == 'N3'" }[1].done = true
    bg:save()
  end)
  ctx:insert("Note", { title = "N5", done = false })
  ctx:processPendingChanges()                        -- a change batch: invariant mode compares here
  expect(titles()):toEqual({ "N1", "N3", "N5" })
  expect(calls):toEqual({ "insert N5 [0, 2]" })
end)

scenario("merged, the controller follows", function()
  calls = {}
  ctx:mergeChangesFromContextDidSave(saved)
  ctx:processPendingChanges()
  expect(titles()):toEqual({ "N5" })
  expect(calls):toEqual({ "delete N3 [0, 1]", "delete N1 [0, 0]" })
end)
