-- Object URIs name their store (x-coredata://<NSStoreUUID>/Entity/pN): a URI or an ID of another store
-- names nothing here (nil / 133000), temporary IDs have Core Data's t<UUID> form, a SQLite file's UUID is
-- its Z_METADATA's, and every store a script creates has a deterministic UUID.
local model = ripple.model { Customer = { name = "string" } }

scenario("two containers: same numbers, different stores, different IDs", function()
  local a, b = ripple.container(model), ripple.container(model)
  local ann = a.viewContext:insert("Customer", { name = "Ann" })
  expect(ann.objectID.uriRepresentation):toBe("x-coredata:///Customer/t52495050-4C45-4000-8000-0000000000001")
  a.viewContext:save()
  local bob = b.viewContext:insert("Customer", { name = "Bob" })
  b.viewContext:save()
  local uuidA = a.persistentStoreCoordinator:metadataForPersistentStore(a.persistentStoreCoordinator.persistentStores[1]).NSStoreUUID
  expect(uuidA):toBe("52495050-4C45-4000-8000-000000000001")
  expect(ann.objectID.uriRepresentation):toBe("x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p1")
  expect(bob.objectID.uriRepresentation):toBe("x-coredata://52495050-4C45-4000-8000-000000000002/Customer/p1")
  expect(ann.objectID == bob.objectID):toBe(false)
  -- A URI resolves in its own coordinator only.
  expect(a.persistentStoreCoordinator:managedObjectID(ann.objectID.uriRepresentation)):toBe(ann.objectID)
  expect(b.persistentStoreCoordinator:managedObjectID(ann.objectID.uriRepresentation)):toBe(nil)
  -- An ID of another store: not found, and the context is unchanged.
  expect(function() b.viewContext:existingObject(ann.objectID) end):toRaise(
    'Code=133000 "Attempt to access an object not found in store." UserInfo={objectID=x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p1}')
  expect(#b.viewContext.registeredObjects):toBe(1)
  expect(b.viewContext:existingObject(bob.objectID)):toBe(bob)
  expect(b.viewContext.hasChanges):toBe(false)
end)

scenario("malformed and foreign URIs are nil", function()
  local c = ripple.container(model)
  local coordinator = c.persistentStoreCoordinator
  c.viewContext:insert("Customer", { name = "Cy" })
  c.viewContext:save()
  local uuid = coordinator:metadataForPersistentStore(coordinator.persistentStores[1]).NSStoreUUID
  expect(coordinator:managedObjectID("x-coredata://" .. uuid .. "/Customer/p1").entityName):toBe("Customer")
  for _, bad in ipairs {
    "x-coredata://ripple/Customer/p1",                     -- Ripple's former form: no store has that UUID
    "x-coredata://" .. uuid .. "/Customer/t1",             -- a temporary tag under a store
    "x-coredata:///Customer/t1",                           -- a temporary ID without the UUID
    "x-coredata://" .. uuid .. "/Nope/p1",
    "x-coredata://" .. uuid .. "/Customer/p0",
  } do
    expect(coordinator:managedObjectID(bad)):toBe(nil)
  end
end)

scenario("a SQLite store's UUID is its file's, and stays with the file", function()
  local path = ripple.temporaryPath("scenario-201.sqlite")
  local first = ripple.container(model, { store = "sqlite", path = path })
  local ann = first.viewContext:insert("Customer", { name = "Ann" })
  first.viewContext:save()
  local uri = ann.objectID.uriRepresentation
  local store = first.persistentStoreCoordinator.persistentStores[1]
  local uuid = first.persistentStoreCoordinator:metadataForPersistentStore(store).NSStoreUUID
  expect(uri):toBe("x-coredata://" .. uuid .. "/Customer/p1")
  -- Another connection to the same file: the same store, so the URI resolves there.
  local second = ripple.container(model, { store = "sqlite", path = path })
  local id = second.persistentStoreCoordinator:managedObjectID(uri)
  expect(second.viewContext:existingObject(id).name):toBe("Ann")
end)

scenario("an object of a removed store keeps its store's URI", function()
  local c = ripple.container(model)
  local ctx = c.viewContext
  local dee = ctx:insert("Customer", { name = "Dee" })
  ctx:save()
  local uri = dee.objectID.uriRepresentation
  c.persistentStoreCoordinator:removePersistentStore(c.persistentStoreCoordinator.persistentStores[1])
  expect(dee.objectID.uriRepresentation):toBe(uri)
  expect(c.persistentStoreCoordinator:managedObjectID(uri)):toBe(nil)
end)
