-- A background rename merged into the view context: the dependent controller gets dvc_updated with the
-- changed key, and the fetched-results controller reports an update of the object.
local model = ripple.model { DBObject = { title = "string", date = "date" } }
local container = ripple.container(model)
local ctx = container.viewContext
ctx.automaticallyMergesChangesFromParent = true
local a = ctx:insert("DBObject", { title = "A", date = 1 })
local b = ctx:insert("DBObject", { title = "B", date = 2 })
ctx:save()

local form = ripple.viewController "Form"
form:dvc_add(a)
local updates = {}
function form:dvc_updated(o, keys) updates[#updates + 1] = tostring(o) .. " " .. table.concat(keys, ",") .. " " .. o.title end

local frc = ripple.fetchedResultsController { context = ctx, entity = "DBObject", sortDescriptors = { "date" },
                                              name = "Objects" }
local changes = {}
frc.delegate = {
  didChangeObject = function(_, o, indexPath, type, newIndexPath)
    changes[#changes + 1] = type .. " " .. o.title .. " " .. tostring(indexPath) .. " -> " .. tostring(newIndexPath)
  end,
}
frc:performFetch()

local refreshed
ripple.observe(ctx, "objectsDidChange", function(note)
  if #note.refreshed > 0 then refreshed = { tostring(note.refreshed[1]), note.changedKeys[note.refreshed[1]], note.oldValues[note.refreshed[1]].title } end
end)

scenario("the rename reaches dvc_updated and the fetched results with its key", function()
  ripple.clearEvents()
  local bg = container:newBackgroundContext()
  bg:perform(function()
    local o = bg:fetch { entity = "DBObject", predicate = "title == %@", arguments = { "A" } }[1]
    o.title = "Alpha"
    bg:save()
  end)
  ripple.tick()
  expect(a.title):toBe("Alpha")
  expect(a.hasChanges):toBe(false)
  expect(updates):toEqual({ "DBObject#1 title Alpha" })
  expect(changes):toEqual({ "update Alpha [0, 0] -> [0, 0]" })
  expect(refreshed):toEqual({ "DBObject#1", { "title" }, "A" })
  expect(ripple.events()):toEqual({
    "[background#1] objectsDidChange updated: DBObject#1 {title}",
    "[background#1] willSave",
    "[background#1] didSave updated: DBObject#1 {title}",
    "[viewContext] objectsDidChange refreshed: DBObject#1 {title}",
    "dvc_updated Form DBObject#1 {title}",
    "[frc Objects] didChangeObject DBObject#1 update [0, 0] -> [0, 0]",
  })
end)

scenario("a rename that moves the object in the sort order is a move", function()
  changes = {}
  local bg = container:newBackgroundContext()
  bg:perform(function()
    local o = bg:fetch { entity = "DBObject", predicate = "title == %@", arguments = { "Alpha" } }[1]
    o.date = 5
    bg:save()
  end)
  ripple.tick()
  expect(changes):toEqual({ "move Alpha [0, 0] -> [0, 1]" })
  expect(updates[#updates]):toBe("DBObject#1 date Alpha")
end)

scenario("unsaved local changes survive a merge of other keys", function()
  a.title = "Local"
  local bg = container:newBackgroundContext()
  bg:perform(function()
    local o = bg:fetch { entity = "DBObject", predicate = "date == 5" }[1]
    o.date = 6
    bg:save()
  end)
  ripple.tick()
  expect(a.title):toBe("Local")
  expect(a.date):toBe(6)
  expect(a:changedValues()):toEqual({ title = "Local" })
  ctx:rollback()
  expect(a.title):toBe("Alpha")
end)
