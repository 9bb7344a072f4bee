-- The model, the container, its coordinator and a fetched results controller refuse bad arguments and bad
-- property values in Lua's own words (`bad argument #1 to 'persistentStore' (string expected, got table)`),
-- before anything runs: the stores, the model's classes and the controller's results stay as they were.
local model = ripple.model { Note = { title = "string", rank = "integer" } }
local container = ripple.container(model)
local coordinator = container.persistentStoreCoordinator
local ctx = container.viewContext
for i = 1, 3 do ctx:insert("Note", { title = "N" .. i, rank = i }) end
ctx:save()

scenario("the error names the caller's file and line", function()
  local ok, message = pcall(function() return coordinator:persistentStore({}) end)
  expect(ok):toBe(false)
  local where = "260-stack-classes-bad-input.lua:12: "
  expect(message:sub(-#where - 65)):toBe(where .. "bad argument #1 to 'persistentStore' (string expected, got table)")
end)

scenario("the model: arguments of class and fetchRequestFromTemplate", function()
  expect(function() model:class("Note") end):toRaise("bad argument #2 to 'class' (table expected, got no value)")
  expect(function() model:class(nil, {}) end):toRaise("bad argument #1 to 'class' (string expected, got nil)")
  expect(function() model:fetchRequestFromTemplate({}) end)
    :toRaise("bad argument #1 to 'fetchRequestFromTemplate' (string expected, got table)")
  expect(function() model:fetchRequestFromTemplate("any", "MIN") end)
    :toRaise("bad argument #2 to 'fetchRequestFromTemplate' (table expected, got string)")
  expect(function() model.class(container, "Note", {}) end)
    :toRaise("bad argument #1 to 'class' (ManagedObjectModel expected, got PersistentContainer)")
  expect(function() model.entities = {} end):toRaise("attempt to set read-only property 'entities' of ManagedObjectModel")
  -- Nothing was declared: a new object has no class methods until a good declaration.
  expect(model.entities):toEqual({ "Note" })
  local note = ctx:insert("Note", { title = "x", rank = 0 })
  expect(pcall(function() return note:shout() end)):toBe(false)
  model:class("Note", { shout = function(self) return self.title:upper() end })
  expect(note:shout()):toBe("X")
  ctx:rollback()
end)

scenario("the container: arguments of performBackgroundTask and addPersistentStore", function()
  expect(function() container:performBackgroundTask() end)
    :toRaise("bad argument #1 to 'performBackgroundTask' (function expected, got no value)")
  expect(function() container:addPersistentStore("memory") end)
    :toRaise("bad argument #1 to 'addPersistentStore' (table expected, got string)")
  expect(function() container.viewContext = ctx end)
    :toRaise("attempt to set read-only property 'viewContext' of PersistentContainer")
  ripple.tick()
  -- No task was queued and no store was added.
  expect(#coordinator.persistentStores):toBe(1)
  expect(container.viewContext):toBe(ctx)
end)

scenario("the coordinator: store, URI and metadata arguments", function()
  local store = coordinator.persistentStores[1]
  expect(function() coordinator:managedObjectID() end)
    :toRaise("bad argument #1 to 'managedObjectID' (string expected, got no value)")
  expect(function() coordinator:metadataForPersistentStore("memory") end)
    :toRaise("bad argument #1 to 'metadataForPersistentStore' (PersistentStore expected, got string)")
  expect(function() coordinator:setMetadata("NSStoreType", store) end)
    :toRaise("bad argument #1 to 'setMetadata' (table expected, got string)")
  expect(function() coordinator:setMetadata({ note = "kept?" }, coordinator) end)
    :toRaise("bad argument #2 to 'setMetadata' (PersistentStore expected, got PersistentStoreCoordinator)")
  expect(function() coordinator:addPersistentStore(true) end)
    :toRaise("bad argument #1 to 'addPersistentStore' (table expected, got boolean)")
  expect(function() coordinator:removePersistentStore() end)
    :toRaise("bad argument #1 to 'removePersistentStore' (PersistentStore expected, got no value)")
  -- The store is still there, its metadata unchanged.
  expect(#coordinator.persistentStores):toBe(1)
  expect(coordinator.persistentStores[1]):toBe(store)
  expect(coordinator:metadataForPersistentStore(store).note):toBeNil()
  expect(#ctx:fetch { entity = "Note" }):toBe(3)
end)

scenario("the fetched results controller: index paths, objects, titles and property values", function()
  local frc = ripple.fetchedResultsController { context = ctx, entity = "Note", sortDescriptors = { "rank" }, name = "Notes" }
  frc:performFetch()
  local first, checks = frc.fetchedObjects[1], frc.checksInvariants
  expect(function() frc:objectAtIndexPath(0) end)
    :toRaise("bad argument #1 to 'objectAtIndexPath' (IndexPath expected, got number)")
  expect(function() frc:indexPathForObject("N1") end)
    :toRaise("bad argument #1 to 'indexPathForObject' (managed object expected, got string)")
  expect(function() frc:sectionForSectionIndexTitle("N", 0.5) end)
    :toRaise("bad argument #2 to 'sectionForSectionIndexTitle' (number has no integer representation)")
  expect(function() frc.performFetch(ctx) end)
    :toRaise("bad argument #1 to 'performFetch' (FetchedResultsController expected, got ManagedObjectContext)")
  expect(function() frc.name = {} end):toRaise("bad value for property 'name' (string expected, got table)")
  expect(function() frc.checksInvariants = "yes" end)
    :toRaise("bad value for property 'checksInvariants' (boolean expected, got string)")
  expect(function() frc.predicate = {} end):toRaise("bad value for property 'predicate' (string expected, got table)")
  expect(function() frc.delegate = 3 end):toRaise("delegate must be a table of functions (or an object), got number")
  expect(function() frc.changeBatchCount = 0 end)
    :toRaise("attempt to set read-only property 'changeBatchCount' of FetchedResultsController")
  -- The controller is as it was.
  expect(frc.name):toBe("Notes")
  expect(frc.checksInvariants):toBe(checks)
  expect(frc.predicate):toBeNil()
  expect(frc.delegate):toBeNil()
  expect(#frc.fetchedObjects):toBe(3)
  expect(frc:objectAtIndexPath(ripple.indexPath(0, 0))):toBe(first)
end)
