-- NSBatchDeleteRequest(objectIDs:) and the fetch-request form with fetchLimit, fetchOffset and sort
-- descriptors: store-level deletions that tell no context; IDs without a saved row are skipped as the
-- `SELF IN ids` fetch Core Data builds skips them; bad requests fail in Core Data's words, nothing changed.
local model = ripple.model {
  Note = { title = "string", rank = "integer" },
  Tag = { name = "string" },
}
local container = ripple.container(model)
local ctx = container.viewContext
local notes = {}
for i = 1, 6 do notes[i] = ctx:insert("Note", { title = "N" .. i, rank = 10 - i }) end
local tag = ctx:insert("Tag", { name = "t" })
ctx:save()

local function stored()
  local reader = container:newBackgroundContext()
  return reader:performAndWait(function()
    local titles = {}
    for i, n in ipairs(reader:fetch { entity = "Note", sortDescriptors = { "title" } }) do titles[i] = n.title end
    return table.concat(titles, ",")
  end)
end

scenario("by object IDs: exactly those rows; nobody is told until the IDs are merged", function()
  ripple.clearEvents()
  local result = ctx:execute(ripple.batchDeleteRequest { objectIDs = { notes[1].objectID, notes[2] },
                                                         resultType = "resultTypeObjectIDs" }).result
  expect(#result):toBe(2)
  expect(result[1]):toBe(notes[1].objectID)
  expect(ripple.events()):toEqual({})
  expect(stored()):toBe("N3,N4,N5,N6")
  expect(notes[1].isDeleted):toBe(false)     -- still registered, as Core Data leaves it
  ripple.mergeChanges({ deleted = result }, { ctx })
  expect(ripple.events()):toEqual({ "[viewContext] objectsDidChange deleted: Note#1, Note#2" })
end)

scenario("IDs of deleted rows and temporary IDs match nothing: the count says so", function()
  local fresh = ctx:insert("Note", { title = "unsaved", rank = 0 })
  local count = ctx:execute(ripple.batchDeleteRequest { objectIDs = { notes[1].objectID, fresh.objectID, notes[3].objectID },
                                                        resultType = "resultTypeCount" }).result
  expect(count):toBe(1)
  expect(stored()):toBe("N4,N5,N6")
  expect(fresh.isInserted):toBe(true)
  ctx:rollback()
end)

scenario("the fetch-request form honours sortDescriptors, fetchOffset and fetchLimit", function()
  -- ranks: N4 = 6, N5 = 5, N6 = 4; ascending by rank, skip one, take one: N5
  local ids = ctx:execute(ripple.batchDeleteRequest { entity = "Note", sortDescriptors = { "rank" }, fetchOffset = 1,
                                                      fetchLimit = 1, resultType = "resultTypeObjectIDs" }).result
  expect(#ids):toBe(1)
  expect(ids[1]):toBe(notes[5].objectID)
  expect(stored()):toBe("N4,N6")
  ids = ctx:execute(ripple.batchDeleteRequest { entity = "Note", sortDescriptors = { { key = "rank", ascending = false } },
                                                fetchLimit = 1, resultType = "resultTypeObjectIDs" }).result
  expect(ids[1]):toBe(notes[4].objectID)
  expect(stored()):toBe("N6")
end)

scenario("bad requests fail in Core Data's words and delete nothing", function()
  expect(function() ripple.batchDeleteRequest { objectIDs = {} } end):toRaise(
    "Must supply a non-zero number of objectIDs to request during initialization")
  expect(function() ripple.batchDeleteRequest { objectIDs = { notes[6].objectID, tag.objectID } } end):toRaise(
    "mismatched objectIDs in batch delete initializer")
  expect(function() ripple.batchDeleteRequest { objectIDs = { notes[6] }, entity = "Note" } end):toRaise(
    "ripple.batchDeleteRequest takes objectIDs or a fetch request (entity, predicate, …), not both: remove 'entity'")
  expect(function() ripple.batchDeleteRequest { objectIDs = { "Note#6" } } end):toRaise(
    "objectIDs[1] must be an object ID or a managed object, got string")
  expect(function() ripple.batchDeleteRequest { entity = "Note", fetchLimit = -1 } end):toRaise(
    "fetchLimit must be a non-negative integer")
  expect(stored()):toBe("N6")
end)
