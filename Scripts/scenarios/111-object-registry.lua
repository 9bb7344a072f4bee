-- A context registers its objects by entity and number (issue 13, T5a): a dense slot per number from the
-- start of an entity's numbering, a dictionary for numbers far past it. Objects keep their change records
-- and rarely used fields in boxes allocated on first use. Every lookup by ID, every path that registers or
-- forgets an object and every change record must behave as before.
local model = ripple.model {
  Item = { id = "integer", name = "string", score = "double?" },
  Tagged = { name = "string", initial = { derived = function(t) return t.name:sub(1, 1) end, dependsOn = { "name" } } },
}
local container = ripple.container(model)
local ctx = container.viewContext

scenario("objects fetched by another context far past its dense range are found by ID", function()
  for i = 1, 300 do ctx:insert("Item", { id = i, name = "n" .. i }) end
  ctx:save()
  local other = container:newBackgroundContext()
  other:performAndWait(function()
    -- One object with a large number first (the overflow), then all of them (the dense range grows over it).
    local last = ctx:fetch { entity = "Item", predicate = "id == 300" }[1]
    local far = other:object(last.objectID)
    expect(far.id):toBe(300)
    expect(other:object(last.objectID)):toBe(far)
    local all = other:fetch { entity = "Item", sortDescriptors = { "id" } }
    expect(#all):toBe(300)
    expect(all[300]):toBe(far)
    expect(#other.registeredObjects):toBe(300)
    expect(other:existingObject(all[1].objectID)):toBe(all[1])
  end)
end)

scenario("an inserted object's temporary ID finds it before and after the save", function()
  local a = ctx:insert("Item", { id = 1000, name = "t" })
  local temporary = a.objectID
  expect(temporary.isTemporaryID):toBe(true)
  expect(ctx:object(temporary)):toBe(a)
  ctx:save()
  expect(a.objectID.isTemporaryID):toBe(false)
  expect(ctx:object(temporary)):toBe(a)
  expect(ctx:existingObject(a.objectID)):toBe(a)
  -- An ID holds any number a URI can name, up to the largest object number (2^53 - 1).
  local coordinator = container.persistentStoreCoordinator
  local big = coordinator:managedObjectID("x-coredata://52495050-4C45-4000-8000-000000000001/Item/p9007199254740991")
  expect(big.uriRepresentation):toBe("x-coredata://52495050-4C45-4000-8000-000000000001/Item/p9007199254740991")
  expect(coordinator:managedObjectID("x-coredata://52495050-4C45-4000-8000-000000000001/Item/p9223372036854775807")):toBeNil()
  expect(function() ctx:existingObject(big) end):toRaise("Attempt to access an object not found in store.")
end)

scenario("rollback, delete and reset unregister; fetching registers again", function()
  local b = ctx:insert("Item", { id = 2000, name = "r" })
  local id = b.objectID
  ctx:rollback()
  expect(function() ctx:existingObject(id) end):toRaise("Attempt to access an object not found in store.")
  local count = #ctx.registeredObjects
  local c = ctx:fetch { entity = "Item", predicate = "id == 1" }[1]
  ctx:delete(c)
  ctx:save()
  expect(#ctx.registeredObjects):toBe(count - 1)
  ctx:reset()
  expect(#ctx.registeredObjects):toBe(0)
  local again = ctx:fetch { entity = "Item", sortDescriptors = { "id" } }
  expect(#again):toBe(count - 1)
  expect(#ctx.registeredObjects):toBe(count - 1)
  expect(ctx:object(again[1].objectID)):toBe(again[1])
end)

scenario("change records (boxed on first change) keep old values, committed values and rollback", function()
  local d = ctx:fetch { entity = "Item", predicate = "id == 2" }[1]
  local notes = {}
  local token = ripple.observe(ctx, "objectsDidChange", function(note) notes[#notes + 1] = note end)
  d.name = "changed"
  d.score = 1.5
  expect(d:changedValues()):toEqual({ name = "changed", score = 1.5 })
  expect(d:committedValues({ "name" })):toEqual({ name = "n2" })
  ctx:processPendingChanges()
  expect(#notes):toBe(1)
  expect(#notes[1].updated):toBe(1)
  ctx:rollback()
  token:cancel()
  expect(d.name):toBe("n2")
  expect(d:changedValues()):toEqual({})
  d.name = "saved"
  ctx:save()
  expect(d:changedValues()):toEqual({})
  expect(d:committedValues({ "name" })):toEqual({ name = "saved" })
end)

scenario("undo brings a deleted insert back under its ID", function()
  ctx.undoManager = ripple.undoManager()
  local e = ctx:insert("Item", { id = 3000, name = "u" })
  ctx:processPendingChanges()
  ctx:delete(e)
  ctx:processPendingChanges()
  expect(ctx:object(e.objectID).isDeleted):toBe(true)
  ctx:undo()
  expect(e.isDeleted):toBe(false)
  expect(ctx:object(e.objectID)):toBe(e)
  expect(ctx:existingObject(e.objectID)):toBe(e)
  ctx.undoManager = nil
  ctx:rollback()
end)

scenario("derived values and deletion fates live in the object's side box", function()
  local t = ctx:insert("Tagged", { name = "Zed" })
  ctx:processPendingChanges()
  expect(t.initial):toBe("Z")
  t.name = "Amy"
  ctx:processPendingChanges()
  expect(t.initial):toBe("A")
  local item = ctx:insert("Item", { id = 4000, name = "f" })
  ctx:save()
  ctx:delete(item)
  expect(function() item.name = "g" end)
    :toRaise("after it has been deleted from its context. (Ripple: Item#" .. item.objectID.uriRepresentation:match("%d+$") .. " was deleted at ")
  ctx:rollback()
  expect(item.isDeleted):toBe(false)
  item.name = "g"
  expect(item.name):toBe("g")
  ctx:rollback()
end)
