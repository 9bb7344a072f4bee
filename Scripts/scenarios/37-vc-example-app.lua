-- BTDependentVC's example app: controllers showing DBObjects are
-- presented (page sheet), wrapped in a navigation controller and presented as a popover, or pushed.
-- Renaming an object updates every controller that shows it; deleting objects pops or dismisses them.
local model = ripple.model { DBObject = { title = "string", date = "date" } }
local ctx = ripple.container(model).viewContext
local window = ripple.window()
local objectsList = ripple.viewController "Objects"
local ncStack = ripple.navigationController { objectsList, title = "ncStack" }
window.rootViewController = ncStack

-- BTRootVC / BTItemVC: depend on their object, copy its title into their own.
local function itemVC(object, style)
  local vc = ripple.viewController { title = object.title, modalPresentationStyle = style }
  vc:dvc_add(object)
  function vc:dvc_updated(o) self.title = o.title end
  function vc:dvc_deleted(o) self.deletedObject = o end
  return vc
end

local function topmostPresenter()
  local vc = ncStack
  while vc.presentedViewController do vc = vc.presentedViewController end
  return vc
end

local function newObject(title, date)
  local o = ctx:insert("DBObject", { title = title, date = date })
  ctx:save()
  return o
end

local a, b, c = newObject("A", 1), newObject("B", 2), newObject("C", 3)
local modal = itemVC(a, "pageSheet")
topmostPresenter():present(modal, true)
local popoverItem = itemVC(b, "automatic")
local popover = ripple.navigationController { popoverItem, title = "Popover" }
popover.modalPresentationStyle = "popover"
topmostPresenter():present(popover, true)
local pushedA, pushedC = itemVC(a), itemVC(c)
ncStack:pushViewController(pushedA, true)
ncStack:pushViewController(pushedC, true)

scenario("the example app's screens are up", function()
  expect(window:describe()):toBe(table.concat({
    "Window",
    '  NavigationController "ncStack"',
    '    [0] ViewController "Objects"',
    '    [1] ViewController "A"',
    '    [2] ViewController "C"',
    '    presents (pageSheet): ViewController "A"',
    '      presents (popover): NavigationController "Popover"',
    '        [0] ViewController "B"',
  }, "\n"))
end)

scenario("renaming an object and saving calls dvc_updated on every controller that depends on it", function()
  ripple.clearEvents()
  a.title = "Alpha"
  ctx:save()
  expect(modal.title):toBe("Alpha")
  expect(pushedA.title):toBe("Alpha")
  expect(popoverItem.title):toBe("B")
  expect(ripple.events()):toEqual({
    "[viewContext] objectsDidChange updated: DBObject#1 {title}",
    "dvc_updated A DBObject#1 {title}",
    "dvc_updated A DBObject#1 {title}",
    "[viewContext] willSave",
    "[viewContext] didSave updated: DBObject#1 {title}",
  })
end)

scenario("swipe to delete: the pushed controller of that object is popped with everything above it", function()
  ctx:delete(a)
  ctx:save()
  expect(pushedA.deletedObject):toBe(a)
  expect(ncStack.viewControllers):toEqual({ objectsList })
  -- the modal showing the same object was dismissed too, with the popover it presented
  expect(ncStack.presentedViewController):toBeNil()
  expect(window:describe()):toBe('Window\n  NavigationController "ncStack"\n    [0] ViewController "Objects"')
end)

scenario("trash: deleting every object dismisses or pops every dependent controller", function()
  local d = newObject("D", 4)
  local sheet = itemVC(d, "pageSheet")
  ncStack:present(sheet, true)
  local pushed = itemVC(b)
  ncStack:pushViewController(pushed, false)
  for _, o in ipairs(ctx:fetch { entity = "DBObject", sortDescriptors = { "date" } }) do ctx:delete(o) end
  ctx:save()
  expect(sheet.deletedObject):toBe(d)
  expect(pushed.deletedObject):toBe(b)
  expect(popoverItem.deletedObject):toBe(b)
  expect(window:describe()):toBe('Window\n  NavigationController "ncStack"\n    [0] ViewController "Objects"')
  expect(ctx:count { entity = "DBObject" }):toBe(0)
end)
