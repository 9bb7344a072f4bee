-- Lightweight migration from Lua: which options migrate (a container's store description by default, a
-- coordinator's addPersistentStore only when asked), relationship changes Core Data infers (a new inverse
-- filled from its relationship, a to-one become a to-many, a removed entity, a new sub-entity), the store's
-- new hashes, and bad input to ripple.inferredMappingModel and the options — each leaving the file as it was.
local path = ripple.temporaryPath("scenario-190.sqlite")
local v1 = ripple.model {
  Note = { text = "string", tag = { toOne = "Tag" } },
  Tag = { label = "string" },
  Draft = { body = "string?" },
}
local v2 = ripple.model {
  Note = { text = "string", tag = { toMany = "Tag", inverse = "notes" } },
  Tag = { label = "string", notes = { toMany = "Note", inverse = "tag" } },
  Pinned = { parentEntity = "Note", until_ = "date?" },
}

local function hashes(container)
  local coordinator = container.persistentStoreCoordinator
  return coordinator:metadataForPersistentStore(coordinator.persistentStores[1]).NSStoreModelVersionHashes
end

local oldHash
scenario("version 1 saves notes, tags and a draft", function()
  local container = ripple.container(v1, { store = "sqlite", path = path })
  local ctx = container.viewContext
  local home = ctx:insert("Tag", { label = "home" })
  ctx:insert("Note", { text = "milk", tag = home })
  ctx:insert("Note", { text = "eggs", tag = home })
  ctx:insert("Note", { text = "call" })
  ctx:insert("Draft", { body = "..." })
  ctx:save()
  oldHash = hashes(container).Note
end)

scenario("the mapping: a removed entity, a new sub-entity, relationships taken from their sources", function()
  local out = {}
  for _, m in ipairs(ripple.inferredMappingModel(v1, v2).entityMappings) do
    out[#out + 1] = m.name .. " " .. m.mappingType
  end
  expect(out):toEqual({ "NoteToNote transform", "AddPinned add", "TagToTag transform", "RemoveDraft remove" })
  local note = ripple.inferredMappingModel(v1, v2).entityMappings[1]
  expect(note.relationshipMappings):toEqual({ { name = "tag", sourceName = "tag" } })
  expect(ripple.inferredMappingModel(v2, v2).entityMappings[1].mappingType):toBe("copy")
end)

scenario("bad input: models expected; the reverse change is not inferred; option values are booleans", function()
  expect(function() ripple.inferredMappingModel(v1) end):toRaise("bad argument #2")
  expect(function() ripple.inferredMappingModel(v1, "v2") end):toRaise("ManagedObjectModel expected, got string")
  expect(function() ripple.inferredMappingModel(v2, v1) end):toRaise(
    "Can't find mapping model for migration: relationship Note.tag is a to-one, its source Note.tag a to-many; Core Data infers a to-one become a to-many, not the reverse")
  expect(function() ripple.container(v2, { store = "sqlite", path = path, inferMappingModelAutomatically = "yes" }) end)
    :toRaise("inferMappingModelAutomatically must be a boolean, got string")
  expect(function() ripple.container(v2, { store = "sqlite", path = path, migrateAutomatically = true }) end)
    :toRaise("unknown key 'migrateAutomatically' in the store options")
end)

scenario("a coordinator's addPersistentStore does not migrate unless asked; version 1 still reads the file", function()
  local coordinator = ripple.container(v2).persistentStoreCoordinator
  expect(function() coordinator:addPersistentStore { store = "sqlite", path = path } end):toRaise(
    "The model used to open the store is incompatible with the one used to create the store")
  expect(#coordinator.persistentStores):toBe(1)
  local ctx = ripple.container(v1, { store = "sqlite", path = path }).viewContext
  expect(#ctx:fetch { entity = "Note" }):toBe(3)
  expect(#ctx:fetch { entity = "Draft" }):toBe(1)
end)

scenario("asked to, it migrates: the new inverse is filled, the to-one is a to-many, the draft is gone", function()
  local container = ripple.container(v2)
  local coordinator = container.persistentStoreCoordinator
  local store = coordinator:addPersistentStore {
    store = "sqlite", path = path, migratePersistentStoresAutomatically = true, inferMappingModelAutomatically = true }
  expect(#coordinator.persistentStores):toBe(2)
  local ctx = container.viewContext
  local notes = ctx:fetch { entity = "Note", sortDescriptors = { "text" } }
  local out = {}
  for i, n in ipairs(notes) do out[i] = tostring(n) .. " " .. n.text .. " " .. n.tag.count end
  expect(out):toEqual({ "Note#3 call 0", "Note#2 eggs 1", "Note#1 milk 1" })
  local home = ctx:fetch { entity = "Tag" }[1]
  expect(home.notes.count):toBe(2)
  local metadata = coordinator:metadataForPersistentStore(store)
  expect(metadata.NSStoreModelVersionHashes.Draft):toBe(nil)
  expect(#metadata.NSStoreModelVersionHashes.Pinned):toBe(32)
  expect(metadata.NSStoreModelVersionHashes.Note == oldHash):toBe(false)
  -- a sub-entity shares its root's numbering in a SQLite store: it goes on after the file's Z_MAX
  local pinned = ctx:insert("Pinned", { text = "pin", until_ = 0 })
  pinned.tag = { home }
  expect(tostring(pinned)):toBe("Pinned#4")
  expect(home.notes.count):toBe(3)
end)

scenario("the migrated file opens with version 2 as it is, and no longer with version 1", function()
  local ctx = ripple.container(v2, { store = "sqlite", path = path }).viewContext
  expect(#ctx:fetch { entity = "Note" }):toBe(3)
  expect(function() ripple.container(v1, { store = "sqlite", path = path }) end):toRaise(
    "Can't find mapping model for migration: relationship Note.tag is a to-one, its source Note.tag a to-many")
end)
