-- Batch requests act on the store and tell no context: the classic bug where the list still shows
-- deleted rows. ripple.mergeChanges (mergeChanges(fromRemoteContextSave:into:)) makes them visible.
local model = ripple.model {
  Note = { title = "string", done = "boolean", folder = { toOne = "Folder", inverse = "notes" } },
  Folder = { name = "string", notes = { toMany = "Note", inverse = "folder", deleteRule = "cascade" } },
}
local container = ripple.container(model)
local ctx = container.viewContext
local inbox = ctx:insert("Folder", { name = "Inbox" })
for i = 1, 4 do ctx:insert("Note", { title = "N" .. i, done = i % 2 == 0, folder = inbox }) end
ctx:save()

local frc = ripple.fetchedResultsController { context = ctx, entity = "Note", sortDescriptors = { "title" }, name = "Notes" }
frc.delegate = {
  controllerWillChangeContent = function() end,
  didChangeObject = function() end,
  controllerDidChangeContent = function() end,
}
frc:performFetch()
local window = ripple.window()
local list = ripple.viewController "Notes"
local nav = ripple.navigationController(list)
window.rootViewController = nav
local detail = ripple.viewController "N2"
detail:dvc_add(frc.fetchedObjects[2])
nav:pushViewController(detail, false)
local bg = container:newBackgroundContext()

local function titles()
  local t = {}
  for i, n in ipairs(frc.fetchedObjects) do t[i] = n.title end
  return t
end

scenario("background sync: a batch delete shows nothing until the merge, then exactly the deletes", function()
  local deleted
  bg:perform(function()
    deleted = bg:execute(ripple.batchDeleteRequest { entity = "Note", predicate = "done == YES",
                                                     resultType = "resultTypeObjectIDs" }).result
  end)
  ripple.clearEvents()
  ripple.tick()
  expect(ripple.events()):toEqual({})
  expect(#deleted):toBe(2)
  expect(deleted[1].uriRepresentation):toBe("x-coredata://52495050-4C45-4000-8000-000000000001/Note/p2")
  expect(titles()):toEqual({ "N1", "N2", "N3", "N4" })
  expect(nav.viewControllers):toEqual({ list, detail })
  expect(bg.hasChanges):toBe(false)

  ripple.mergeChanges({ deleted = deleted }, { ctx })
  expect(ripple.events()):toEqual({
    "[viewContext] objectsDidChange deleted: Note#2, Note#4",
    "[frc Notes] controllerWillChangeContent",
    "[frc Notes] didChangeObject Note#4 delete [0, 3]",
    "[frc Notes] didChangeObject Note#2 delete [0, 1]",
    "[frc Notes] controllerDidChangeContent",
    "dvc_deleted N2 Note#2",
    "popToViewController [N2] on NavigationController (animated)",
    "viewWillDisappear N2 (animated)",
    "viewWillAppear Notes (animated)",
    "viewDidDisappear N2 (animated)",
    "viewDidAppear Notes (animated)",
  })
  expect(titles()):toEqual({ "N1", "N3" })
  expect(#inbox.notes):toBe(2)
end)

scenario("a batch update: stale values until merged, then refreshed with the changed keys", function()
  local updated = ctx:execute(ripple.batchUpdateRequest { entity = "Note", predicate = "done == NO",
    propertiesToUpdate = { done = true }, resultType = "updatedObjectIDsResultType" }).result
  expect(#updated):toBe(2)
  expect(frc.fetchedObjects[1].done):toBe(false)
  expect(ctx.hasChanges):toBe(false)
  ripple.clearEvents()
  ripple.mergeChanges({ updated = updated }, { ctx })
  expect(ripple.events()[1]):toBe("[viewContext] objectsDidChange refreshed: Note#1 {done}, Note#3 {done}")
  expect(frc.fetchedObjects[1].done):toBe(true)
  local count = ctx:execute(ripple.batchUpdateRequest { entity = "Note", propertiesToUpdate = { title = "X" },
                                                        resultType = "updatedObjectsCountResultType" }).result
  expect(count):toBe(2)
  expect(frc.fetchedObjects[1].title):toBe("N1")
end)

scenario("a batch insert: new rows with permanent IDs, visible once merged", function()
  local ids = ctx:execute(ripple.batchInsertRequest { entity = "Note", resultType = "objectIDs",
    objects = { { title = "B1", done = false }, { title = "B2", done = true } } }).result
  expect(ids[1].uriRepresentation):toBe("x-coredata://52495050-4C45-4000-8000-000000000001/Note/p5")
  expect(ids[2].isTemporaryID):toBe(false)
  expect(#frc.fetchedObjects):toBe(2)
  ripple.mergeChanges({ inserted = ids }, { ctx })
  expect(#frc.fetchedObjects):toBe(4)
  expect(tostring(ctx:insert("Note", { title = "next", done = false }))):toBe("Note#7")
  ctx:rollback()
end)

scenario("a batch delete applies delete rules in the store: cascade takes the folder's notes", function()
  local result = ctx:execute(ripple.batchDeleteRequest { entity = "Folder", resultType = "resultTypeObjectIDs" }).result
  local names = {}
  for i, id in ipairs(result) do names[i] = tostring(id) end
  expect(names):toEqual({ "x-coredata://52495050-4C45-4000-8000-000000000001/Folder/p1", "x-coredata://52495050-4C45-4000-8000-000000000001/Note/p1", "x-coredata://52495050-4C45-4000-8000-000000000001/Note/p3" })
  ripple.mergeChanges({ deleted = result }, { ctx })
  expect(#frc.fetchedObjects):toBe(2)
end)

scenario("bad batch requests are refused before anything changes", function()
  expect(function() ripple.batchDeleteRequest { entity = "Note", predicat = "done == YES" } end):toRaise(
    "unknown key 'predicat' in the options of ripple.batchDeleteRequest (known keys: arguments, entity, fetchLimit, fetchOffset, objectIDs, predicate, resultType, sortDescriptors)")
  expect(function() ripple.batchDeleteRequest { entity = "Note", resultType = "objectIDs" } end):toRaise(
    "resultType of ripple.batchDeleteRequest must be one of resultTypeCount, resultTypeObjectIDs, resultTypeStatusOnly, got 'objectIDs'")
  expect(function() ctx:execute(ripple.batchUpdateRequest { entity = "Note", propertiesToUpdate = { nope = 1 } }) end):toRaise(
    '[<Note> valueForUndefinedKey:]: the entity Note is not key value coding-compliant for the key "nope".')
  expect(function() ctx:execute(ripple.batchUpdateRequest { entity = "Note", propertiesToUpdate = { title = 3 } }) end):toRaise(
    'Unacceptable type of value for attribute: property = "title"; desired type = string')
  expect(function() ctx:execute(ripple.batchUpdateRequest { entity = "Note", propertiesToUpdate = { folder = false } }) end):toRaise(
    "A batch request can only set persistent attributes; 'folder' of Note is not one.")
  expect(function() ripple.mergeChanges({ removed = {} }, { ctx }) end):toRaise(
    "unknown key 'removed' in the changes of ripple.mergeChanges (known keys: deleted, inserted, updated)")
  expect(ctx:count { entity = "Note" }):toBe(2)
  expect(ctx.hasChanges):toBe(false)
  expect(tostring(ripple.batchDeleteRequest { entity = "Note" })):toBe("batchDeleteRequest(Note)")
end)

scenario("a batch insert missing a required value is refused (1570) and inserts nothing", function()
  local before = ctx:count { entity = "Note", includesPendingChanges = false }
  expect(function()
    ctx:execute(ripple.batchInsertRequest { entity = "Note", objects = { { title = "ok", done = false }, { title = "no done" } } })
  end):toRaise('Code=1570 "done is a required value." UserInfo={NSValidationErrorKey=done, NSValidationErrorValue=nil} (batch insert into Note, object 2)')
  expect(ctx:count { entity = "Note", includesPendingChanges = false }):toBe(before)
end)
