-- A controller learns of other contexts' saves only through a merge, as in Core Data: rows a background
-- context saved and the view context never merged stay out of it, even after a plain fetch loaded them
-- (a fetch posts no objectsDidChange). Invariant mode (on for every scenario under `swift test`) compares
-- the controller with what it can know, so this is not a violation; a merged save reaches it.
local model = ripple.model { Note = { title = "string" } }
local container = ripple.container(model)
local ctx = container.viewContext
local bg = container:newBackgroundContext()
ctx:insert("Note", { title = "a" })
ctx:save()

local frc = ripple.fetchedResultsController { context = ctx, entity = "Note", sortDescriptors = { "title" } }
local changes = {}
frc.delegate = {
  didChangeObject = function(_, object, _, type, newIndexPath)
    changes[#changes + 1] = type .. " " .. object.title .. (newIndexPath and (" " .. tostring(newIndexPath)) or "")
  end,
}
frc:performFetch()

local function titles()
  local out = {}
  for _, note in ipairs(frc.fetchedObjects) do out[#out + 1] = note.title end
  return out
end

local saved
ripple.observe(bg, "didSave", function(note) saved = note end)

scenario("unmerged saves of another context stay out of the controller", function()
  bg:performAndWait(function()
    bg:insert("Note", { title = "b" })
    bg:insert("Note", { title = "c" })
    bg:save()
  end)
  ctx:insert("Note", { title = "d" })
  ctx:processPendingChanges()
  expect(titles()):toEqual({ "a", "d" })
  expect(#ctx:fetch { entity = "Note" }):toBe(4)           -- a plain fetch sees the store, posts nothing
  ctx:insert("Note", { title = "e" })
  ctx:processPendingChanges()
  expect(titles()):toEqual({ "a", "d", "e" })
  expect(changes):toEqual({ "insert d [0, 1]", "insert e [0, 2]" })
end)

scenario("a merged save reaches the controller, as inserts", function()
  changes = {}
  bg:performAndWait(function()
    bg:insert("Note", { title = "f" })
    bg:save()
  end)
  ctx:mergeChangesFromContextDidSave(saved)
  ctx:processPendingChanges()
  expect(titles()):toEqual({ "a", "d", "e", "f" })
  expect(changes):toEqual({ "insert f [0, 3]" })
end)
