-- Found by the fuzzer (seeds 90004, 90114): a store removed while a context has unprocessed changes. The
-- changes made before the removal are processed first, while the store is still there, so the controller's
-- batch for them agrees with a fresh fetch; then the removal invalidates the saved objects in one
-- notification (invalidatedAll) and the controller waits for performFetch(), as in scenario 82. Before,
-- the store was detached first: the controller's insert batch was compared with a fetch that had lost the
-- saved objects, and the failure stopped the view context's invalidation half-way.
local model = ripple.model { Note = { title = "string" } }
local container = ripple.container(model)
local ctx = container.viewContext
local coordinator = container.persistentStoreCoordinator
ctx:insert("Note", { title = "a" })
ctx:insert("Note", { title = "b" })
ctx:save()
local frc = ripple.fetchedResultsController { context = ctx, entity = "Note", sortDescriptors = { "title" }, name = "Notes" }
local calls = {}
frc.delegate = {
  didChangeObject = function(_, object, _, type, newIndexPath)
    calls[#calls + 1] = type .. " " .. tostring(object) .. " " .. tostring(newIndexPath)
  end,
}
frc:performFetch()
local bg = container:newBackgroundContext()

scenario("pending changes are processed before the store goes, then everything saved is invalidated", function()
  local draft = ctx:insert("Note", { title = "c" })
  ripple.clearEvents()
  coordinator:removePersistentStore(coordinator.persistentStores[1])
  expect(ripple.events()):toEqual({
    "[viewContext] objectsDidChange inserted: Note#3",
    "[frc Notes] didChangeObject Note#3 insert -> [0, 2]",
    "[viewContext] objectsDidChange invalidated: Note#1, Note#2; invalidatedAll",
    "[background#1] objectsDidChange invalidatedAll",
  })
  expect(calls):toEqual({ "insert Note#3 [0, 2]" })
  expect(#coordinator.persistentStores):toBe(0)
  expect(ctx.insertedObjects):toEqual({ draft })
  frc:performFetch()
  expect(frc.fetchedObjects):toEqual({ draft })
end)

scenario("a delegate that raises while the pending changes are processed does not stop the removal (seed 90025)", function()
  local container2 = ripple.container(model)
  local ctx2 = container2.viewContext
  local coordinator2 = container2.persistentStoreCoordinator
  local a = ctx2:insert("Note", { title = "a" })
  ctx2:insert("Note", { title = "b" })
  ctx2:save()
  local frc2 = ripple.fetchedResultsController { context = ctx2, entity = "Note", sortDescriptors = { "title" }, name = "Raising" }
  frc2.delegate = { controllerWillChangeContent = function() error("delegate raised") end }
  frc2:performFetch()
  ctx2:delete(a)
  ripple.clearEvents()
  expect(function() coordinator2:removePersistentStore(coordinator2.persistentStores[1]) end)
    :toRaise("delegate raised")
  expect(ripple.events()):toEqual({
    "[viewContext] objectsDidChange deleted: Note#1",
    "[frc Raising] controllerWillChangeContent",
    "[viewContext] objectsDidChange invalidated: Note#1, Note#2; invalidatedAll",
  })
  expect(#coordinator2.persistentStores):toBe(0)
  expect(#ctx2.registeredObjects):toBe(0)
  ctx2:rollback()                                    -- before: Note#1 came back next to a live Note#2
  expect(#ctx2.registeredObjects):toBe(0)
  frc2:performFetch()
  expect(#frc2.fetchedObjects):toBe(0)
end)
