-- Removing a persistent store invalidates its objects in every context at once (docs/decisions.md, decision 7):
-- observers get them in `invalidated` with `invalidatedAll`; fetched-results controllers send no
-- per-object deletions and wait for performFetch(); dependent view controllers lose every dependency.
local model = ripple.model { DBObject = { title = "string", date = "date" } }
local container = ripple.container(model)
local ctx = container.viewContext
local a = ctx:insert("DBObject", { title = "A", date = 1 })
local b = ctx:insert("DBObject", { title = "B", date = 2 })
ctx:save()
local unsaved = ctx:insert("DBObject", { title = "New", date = 3 })
ctx:processPendingChanges()

local window = ripple.window()
local list = ripple.viewController "Objects"
local nav = ripple.navigationController(list)
window.rootViewController = nav
local form = ripple.viewController "A"
form:dvc_add(a)
function form:dvc_deleted(o) self.lost = o end
nav:pushViewController(form, false)

local frc = ripple.fetchedResultsController { context = ctx, entity = "DBObject", sortDescriptors = { "date" },
                                              name = "Objects" }
local changes = {}
frc.delegate = { didChangeObject = function(_, o, ip, type) changes[#changes + 1] = type .. " " .. tostring(o) .. " " .. tostring(ip) end }
frc:performFetch()

local bg = container:newBackgroundContext()
local bgA = bg:performAndWait(function() return bg:fetch { entity = "DBObject", sortDescriptors = { "date" } }[1] end)

local seen
ripple.observe(ctx, "objectsDidChange", function(note)
  seen = { invalidated = #note.invalidated, deleted = #note.deleted, all = note.invalidatedAll }
end)

scenario("removing the store invalidates its objects everywhere", function()
  ripple.clearEvents()
  container:removePersistentStore()
  expect(seen):toEqual({ invalidated = 2, deleted = 0, all = true })
  expect(ripple.events()[1]):toBe("[viewContext] objectsDidChange invalidated: DBObject#1, DBObject#2; invalidatedAll")
  expect(ripple.events()[#ripple.events()]):toBe("[background#1] objectsDidChange invalidated: DBObject#1, DBObject#2; invalidatedAll")
  expect(form.lost):toBe(a)
  expect(nav.viewControllers):toEqual({ list })
  expect(changes):toEqual({})
  expect(#frc.fetchedObjects):toBe(0)
  frc:performFetch()
  expect(frc.fetchedObjects):toEqual({ unsaved })
  expect(changes):toEqual({})
  expect(function() return a.title end):toRaise("CoreData could not fulfill a fault for 'x-coredata://52495050-4C45-4000-8000-000000000001/DBObject/p1'")
  expect(function() return bg:performAndWait(function() return bgA.title end) end):toRaise("could not fulfill a fault")
end)

scenario("with no store left, a save fails as Core Data's does", function()
  expect(function() ctx:save() end):toRaise("This NSPersistentStoreCoordinator has no persistent stores. It cannot perform a save operation.")
  container:addPersistentStore()
  ctx:save()
  expect(ctx:count { entity = "DBObject" }):toBe(1)
end)
