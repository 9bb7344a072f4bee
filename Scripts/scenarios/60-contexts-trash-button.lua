-- BTDependentVC's example app, trash button (seeds 000/004): three screens each depend on their own
-- object — a page-sheet modal, a popover wrapped in a navigation controller, a pushed controller —
-- and the list is fed by a fetched-results controller. A background context deletes every object and
-- saves; at the end of the event the view context merges the save, every screen leaves, and the list
-- reports the deletions and ends empty.
local model = ripple.model { DBObject = { title = "string", date = "date" } }
local container = ripple.container(model)
local ctx = container.viewContext
ctx.automaticallyMergesChangesFromParent = true
local window = ripple.window()
local objectsList = ripple.viewController "Objects"
local ncStack = ripple.navigationController { objectsList, title = "ncStack" }
window.rootViewController = ncStack

local a = ctx:insert("DBObject", { title = "A", date = 1 })
local b = ctx:insert("DBObject", { title = "B", date = 2 })
local c = ctx:insert("DBObject", { title = "C", date = 3 })
ctx:save()

local list = {}
local frc = ripple.fetchedResultsController { context = ctx, entity = "DBObject", sortDescriptors = { "date" },
                                              name = "Objects" }
frc.delegate = {
  didChangeObject = function(_, object, indexPath, type)
    list[#list + 1] = type .. " " .. tostring(object) .. " " .. tostring(indexPath)
  end,
}
frc:performFetch()

local function itemVC(object, style)
  local vc = ripple.viewController { title = object.title, modalPresentationStyle = style }
  vc:dvc_add(object)
  function vc:dvc_deleted(o) self.deletedObject = o end
  return vc
end

local modal = itemVC(a, "pageSheet")
ncStack:present(modal, true)
local popoverItem = itemVC(b)
local popover = ripple.navigationController { popoverItem, title = "Popover" }
popover.modalPresentationStyle = "popover"
modal:present(popover, true)
local pushed = itemVC(c)
ncStack:pushViewController(pushed, true)

scenario("three screens are up, each on its own object", function()
  expect(window:describe()):toBe(table.concat({
    "Window",
    '  NavigationController "ncStack"',
    '    [0] ViewController "Objects"',
    '    [1] ViewController "C"',
    '    presents (pageSheet): ViewController "A"',
    '      presents (popover): NavigationController "Popover"',
    '        [0] ViewController "B"',
  }, "\n"))
  expect(#frc.fetchedObjects):toBe(3)
end)

scenario("trash: a background context deletes everything; the merge takes every screen away", function()
  ripple.clearEvents()
  local bg = container:newBackgroundContext()
  bg:perform(function()
    for _, o in ipairs(bg:fetch { entity = "DBObject", sortDescriptors = { "date" } }) do bg:delete(o) end
    bg:save()
  end)
  -- nothing happened yet: the block runs at the end of the event
  expect(modal.deletedObject):toBeNil()
  expect(#frc.fetchedObjects):toBe(3)
  ripple.tick()
  expect(modal.deletedObject):toBe(a)
  expect(popoverItem.deletedObject):toBe(b)
  expect(pushed.deletedObject):toBe(c)
  expect(window:describe()):toBe('Window\n  NavigationController "ncStack"\n    [0] ViewController "Objects"')
  -- deletions are reported from the bottom up (decision 5's documented order)
  expect(list):toEqual({ "delete DBObject#3 [0, 2]", "delete DBObject#2 [0, 1]", "delete DBObject#1 [0, 0]" })
  expect(frc.fetchedObjects):toEqual({})
  expect(ctx:count { entity = "DBObject" }):toBe(0)
  expect(ctx.hasChanges):toBe(false)
  local events = ripple.events()
  expect(events[1]):toBe("[background#1] objectsDidChange deleted: DBObject#1, DBObject#2, DBObject#3")
  expect(events[2]):toBe("[background#1] willSave")
  expect(events[3]):toBe("[background#1] didSave deleted: DBObject#1, DBObject#2, DBObject#3")
  expect(events[4]):toBe("[viewContext] objectsDidChange deleted: DBObject#1, DBObject#2, DBObject#3")
end)
