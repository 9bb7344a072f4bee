-- The coordinator by name: stores listed, found by URL, added and removed; a removal invalidates
-- everything at once (invalidatedAll): controllers wait for performFetch(), dependents lose everything.
local path = ripple.temporaryPath("scenario-82.sqlite")
local model = ripple.model { Note = { title = "string", rank = "integer" } }
local container = ripple.container(model, { store = "sqlite", path = path })
local coordinator = container.persistentStoreCoordinator
local ctx = container.viewContext

scenario("the coordinator lists its stores and finds one by URL", function()
  expect(#coordinator.persistentStores):toBe(1)
  local store = coordinator.persistentStores[1]
  expect(store.type):toBe("SQLite")
  expect(store.url):toBe(path)
  expect(coordinator:persistentStore(path)):toBe(store)
  expect(coordinator:persistentStore("/tmp/elsewhere.sqlite")):toBeNil()
  expect(coordinator.managedObjectModel):toBe(container.managedObjectModel)
  local memory = coordinator:addPersistentStore()
  expect(memory.type):toBe("InMemory")
  expect(memory.url):toBeNil()
  expect(#coordinator.persistentStores):toBe(2)
  coordinator:removePersistentStore(memory)
  expect(#coordinator.persistentStores):toBe(1)
end)

scenario("misuse is refused and changes nothing", function()
  expect(function() coordinator:addPersistentStore { store = "sqlite", path = path } end):toRaise(
    'Error Domain=NSCocoaErrorDomain Code=134081 "Can\'t add the same store twice" UserInfo={NSPersistentStoreURL=' .. path .. '}')
  local other = ripple.container(model).persistentStoreCoordinator.persistentStores[1]
  expect(function() coordinator:removePersistentStore(other) end):toRaise(
    "-[NSPersistentStoreCoordinator removePersistentStore:error:]: The store memory is not one of this coordinator's stores")
  expect(function() coordinator:removePersistentStore("memory") end):toRaise(
    "bad argument #1 to 'removePersistentStore' (PersistentStore expected, got string)")
  expect(#coordinator.persistentStores):toBe(1)
  expect(function() coordinator.persistentStores = {} end):toRaise("attempt to set read-only property 'persistentStores' of PersistentStoreCoordinator")
end)

scenario("a store removal is invalidatedAll: no per-object callbacks, results wait for performFetch", function()
  for i = 1, 3 do ctx:insert("Note", { title = "N" .. i, rank = i }) end
  ctx:save()
  local draft = ctx:insert("Note", { title = "draft", rank = 9 })
  ctx:processPendingChanges()
  local window = ripple.window()
  local list = ripple.viewController "Notes"
  local nav = ripple.navigationController(list)
  window.rootViewController = nav
  local detail = ripple.viewController "Detail"
  local lost = {}
  function detail:dvc_deleted(o) lost[#lost + 1] = tostring(o) end
  local notes = ctx:fetch { entity = "Note", sortDescriptors = { "rank" } }
  detail:dvc_add(notes[1])
  detail:dvc_add(notes[2])
  nav:pushViewController(detail, false)
  local frc = ripple.fetchedResultsController { context = ctx, entity = "Note", sortDescriptors = { "rank" }, name = "Notes" }
  local calls = {}
  frc.delegate = {
    controllerWillChangeContent = function() calls[#calls + 1] = "will" end,
    didChangeObject = function(_, o, _, type) calls[#calls + 1] = type .. " " .. tostring(o) end,
  }
  frc:performFetch()
  local bg = container:newBackgroundContext()
  local bgNote = bg:performAndWait(function() return bg:fetch { entity = "Note" }[1] end)
  local notes2 = {}
  ripple.observe(ctx, "objectsDidChange", function(note)
    notes2[#notes2 + 1] = { invalidated = #note.invalidated, all = note.invalidatedAll, deleted = #note.deleted }
  end)

  ripple.clearEvents()
  coordinator:removePersistentStore(coordinator:persistentStore(path))
  expect(notes2):toEqual({ { invalidated = 3, all = true, deleted = 0 } })
  expect(ripple.events()):toContain("[viewContext] objectsDidChange invalidated: Note#1, Note#2, Note#3; invalidatedAll")
  expect(ripple.events()):toContain("[background#1] objectsDidChange invalidated: Note#1, Note#2, Note#3; invalidatedAll")
  expect(calls):toEqual({})
  expect(#frc.fetchedObjects):toBe(0)
  expect(lost):toEqual({ "Note#1", "Note#2" })
  expect(detail.dvc_dependencies):toEqual({})
  expect(nav.viewControllers):toEqual({ list })
  expect(function() return notes[3].title end):toRaise("CoreData could not fulfill a fault for 'x-coredata://52495050-4C45-4000-8000-000000000001/Note/p3'")
  expect(function() return bg:performAndWait(function() return bgNote.title end) end):toRaise("could not fulfill a fault")
  expect(ctx.insertedObjects):toEqual({ draft })
  frc:performFetch()
  expect(frc.fetchedObjects):toEqual({ draft })
  expect(calls):toEqual({})
  expect(function() ctx:save() end):toRaise("This NSPersistentStoreCoordinator has no persistent stores.")
  expect(ctx.hasChanges):toBe(true)
  local again = coordinator:addPersistentStore { store = "sqlite", path = path }
  expect(coordinator.persistentStores):toEqual({ again })
  frc:performFetch()
  expect(#frc.fetchedObjects):toBe(4)
end)
