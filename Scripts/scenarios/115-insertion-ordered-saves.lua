-- Issue 13 point 5: a context keeps its inserted objects in the order they were inserted (a list with
-- the membership in each object) instead of hashed sets, and sorts them only when that order is not
-- already the object order. What Core Data reports must not change: every notification, trace line and
-- `insertedObjects` lists objects in object order (entity name, then number), objects inserted and
-- deleted in one event are announced by nobody, undo, rollback and child contexts see the same objects.
-- Each scenario makes its own container, so that they do not depend on one another.
local model = ripple.model {
  Author = { name = "string", books = { toMany = "Book", inverse = "author", deleteRule = "cascade" } },
  Book = { title = "string", author = { toOne = "Author", inverse = "books", deleteRule = "nullify" } },
  Tag = { label = { "string", maxLength = 8 } },
}

local function names(objects)
  local out = {}
  for i, o in ipairs(objects) do out[i] = tostring(o) end
  return out
end

local function range(entity, first, last)
  local out = {}
  for n = first, last do out[#out + 1] = entity .. "#" .. n end
  return out
end

scenario("a bulk insert and save into SQLite: the notes list every object once, in object order", function()
  local container = ripple.container(model, { store = "sqlite", path = ripple.temporaryPath("scenario-115.sqlite") })
  local ctx = container.viewContext
  local changed, saved
  ripple.observe(ctx, "objectsDidChange", function(note) changed = note end)
  ripple.observe(ctx, "didSave", function(note) saved = note end)
  for i = 1, 600 do ctx:insert("Tag", { label = "t" .. i }) end
  expect(#ctx.insertedObjects):toBe(600)
  ctx:save()
  expect(names(changed.inserted)):toEqual(range("Tag", 1, 600))
  expect(names(saved.inserted)):toEqual(range("Tag", 1, 600))
  expect(ctx.hasChanges):toBe(false)
  expect(#ctx.insertedObjects):toBe(0)
  expect(saved.inserted[600].objectID.isTemporaryID):toBe(false)
  -- The file holds every row: a second container reads them back.
  local again = ripple.container(model, { store = "sqlite", path = ripple.temporaryPath("scenario-115.sqlite") }).viewContext
  expect(again:count { entity = "Tag" }):toBe(600)
  expect(again:fetch { entity = "Tag", sortDescriptors = { "label" } }[1].label):toBe("t1")
end)

scenario("entities inserted interleaved and out of number order are announced in object order", function()
  local ctx = ripple.container(model).viewContext
  ripple.clearEvents()
  local tag = ctx:insert("Tag", { label = "a" })
  local book = ctx:insert("Book", { title = "B" })
  local ann = ctx:insert("Author", { name = "Ann" })
  local book2 = ctx:insert("Book", { title = "C", author = ann })
  local bob = ctx:insert("Author", { name = "Bob" })
  expect(names(ctx.insertedObjects)):toEqual({ "Author#1", "Author#2", "Book#1", "Book#2", "Tag#1" })
  ctx:processPendingChanges()
  ctx:save()
  expect(ripple.events()):toEqual({
    "[viewContext] objectsDidChange inserted: Author#1, Author#2, Book#1, Book#2, Tag#1",
    "[viewContext] willSave",
    "[viewContext] didSave inserted: Author#1, Author#2, Book#1, Book#2, Tag#1",
  })
  expect(tag.isInserted or book.isInserted or book2.isInserted or bob.isInserted):toBe(false)
end)

scenario("inserted and deleted before processing: nobody hears of it; deleted after processing: a deletion", function()
  local ctx = ripple.container(model).viewContext
  ripple.clearEvents()
  local keep = ctx:insert("Tag", { label = "keep" })
  local gone = ctx:insert("Tag", { label = "gone" })
  local later = ctx:insert("Tag", { label = "later" })
  ctx:delete(gone)
  expect(names(ctx.insertedObjects)):toEqual({ "Tag#1", "Tag#3" })
  ctx:processPendingChanges()
  expect(gone.managedObjectContext):toBeNil()
  ctx:delete(later)
  expect(names(ctx.insertedObjects)):toEqual({ "Tag#1" })
  ctx:save()
  expect(ripple.events()):toEqual({
    "[viewContext] objectsDidChange inserted: Tag#1, Tag#3",
    "[viewContext] objectsDidChange deleted: Tag#3",
    "[viewContext] willSave",
    "[viewContext] didSave inserted: Tag#1",
  })
  expect(keep.isInserted):toBe(false)
  expect(ctx:count { entity = "Tag" }):toBe(1)
end)

scenario("a cascade over inserted objects: the insertions that were deleted with it are forgotten", function()
  local ctx = ripple.container(model).viewContext
  ripple.clearEvents()
  local ann = ctx:insert("Author", { name = "Ann" })
  ctx:insert("Book", { title = "One", author = ann })
  ctx:insert("Book", { title = "Two", author = ann })
  local other = ctx:insert("Book", { title = "Other" })
  ctx:delete(ann)
  ctx:save()
  expect(ripple.events()):toEqual({
    "[viewContext] objectsDidChange inserted: Book#3",
    "[viewContext] willSave",
    "[viewContext] didSave inserted: Book#3",
  })
  expect(names(ctx:fetch { entity = "Book" })):toEqual({ "Book#3" })
  expect(other.isInserted):toBe(false)
end)

scenario("undo and redo of insertions, and of the deletion of an inserted object", function()
  local ctx = ripple.container(model).viewContext
  ctx.undoManager = ripple.undoManager()
  ripple.clearEvents()
  local a = ctx:insert("Tag", { label = "a" })
  local b = ctx:insert("Tag", { label = "b" })
  ripple.tick()
  ctx:delete(a)
  ripple.tick()
  expect(names(ctx.insertedObjects)):toEqual({ "Tag#2" })
  ctx:undo()                                  -- a is inserted again, in its old place
  expect(names(ctx.insertedObjects)):toEqual({ "Tag#1", "Tag#2" })
  local c = ctx:insert("Tag", { label = "c" })
  ripple.tick()
  ctx:undo()                                  -- c goes
  ctx:undo()                                  -- the first group: a and b go
  expect(names(ctx.insertedObjects)):toEqual({})
  expect(ctx.hasChanges):toBe(false)
  ctx:redo()
  expect(names(ctx.insertedObjects)):toEqual({ "Tag#1", "Tag#2" })
  ctx:save()
  expect(ripple.events()):toEqual({
    "[viewContext] objectsDidChange inserted: Tag#1, Tag#2",
    "[viewContext] objectsDidChange deleted: Tag#1",
    "[viewContext] objectsDidChange inserted: Tag#1",
    "[viewContext] objectsDidChange inserted: Tag#3",
    "[viewContext] objectsDidChange deleted: Tag#3",
    "[viewContext] objectsDidChange deleted: Tag#1, Tag#2",
    "[viewContext] objectsDidChange inserted: Tag#1, Tag#2",
    "[viewContext] willSave",
    "[viewContext] didSave inserted: Tag#1, Tag#2",
  })
  expect(a.isInserted or b.isInserted or c.isInserted):toBe(false)
end)

scenario("rollback of insertions announces them as deleted, in object order; the context is clean", function()
  local ctx = ripple.container(model).viewContext
  local saved = ctx:insert("Tag", { label = "saved" })
  ctx:save()
  ripple.clearEvents()
  local book = ctx:insert("Book", { title = "x" })
  local tag = ctx:insert("Tag", { label = "y" })
  local ann = ctx:insert("Author", { name = "Ann" })
  ripple.tick()
  ctx:rollback()
  expect(ripple.events()):toEqual({
    "[viewContext] objectsDidChange inserted: Author#1, Book#1, Tag#2",
    "[viewContext] objectsDidChange deleted: Author#1, Book#1, Tag#2",
  })
  expect(ctx.hasChanges):toBe(false)
  expect(names(ctx.insertedObjects)):toEqual({})
  expect(book.managedObjectContext == nil and tag.managedObjectContext == nil and ann.managedObjectContext == nil):toBe(true)
  -- The context keeps working: a new insertion after the rollback is saved.
  ctx:insert("Tag", { label = "z" })
  ctx:save()
  expect(names(ctx:fetch { entity = "Tag" })):toEqual({ "Tag#1", "Tag#3" })
  expect(saved.isInserted):toBe(false)
end)

scenario("a child context's insertions reach its parent as the parent's insertions, in object order", function()
  local ctx = ripple.container(model).viewContext
  local own = ctx:insert("Tag", { label = "own" })
  local child = ctx:newChildContext()
  local ann = child:insert("Author", { name = "Ann" })
  child:insert("Book", { title = "One", author = ann })
  child:insert("Tag", { label = "child" })
  ripple.clearEvents()
  child:save()
  expect(names(ctx.insertedObjects)):toEqual({ "Author#1", "Book#1", "Tag#1", "Tag#2" })
  ripple.tick()
  ctx:save()
  local events = ripple.events()
  expect(events[1]):toBe("[" .. child.name .. "] objectsDidChange inserted: Author#1, Book#1, Tag#2")
  expect(events[#events]):toBe("[viewContext] didSave inserted: Author#1, Book#1, Tag#1, Tag#2")
  expect(own.isInserted):toBe(false)
  expect(#ctx:fetch { entity = "Book" }):toBe(1)
end)

scenario("a validation failure lists the inserted objects' errors in object order and keeps them inserted", function()
  local ctx = ripple.container(model).viewContext
  local late = ctx:insert("Tag", { label = "much too long" })
  ctx:insert("Author", { name = "A" })
  local early = ctx:insert("Tag", { label = "also far too long" })
  local ok, err = pcall(function() ctx:save() end)
  expect(ok):toBe(false)
  expect(err):toContain('Code=1560 "Multiple validation errors occurred."')
  local first, second = err:find("Tag#1", 1, true), err:find("Tag#2", 1, true)
  expect(first ~= nil and second ~= nil and first < second):toBe(true)
  expect(names(ctx.insertedObjects)):toEqual({ "Author#1", "Tag#1", "Tag#2" })
  late.label = "ok"
  early.label = "fine"
  ctx:save()
  expect(ctx.hasChanges):toBe(false)
end)
