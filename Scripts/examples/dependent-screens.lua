-- Seeds 000 and 004 (BTDependentVC): screens that depend on managed objects update themselves when the
-- objects change and leave the screen when they are deleted.
-- Run: swift run ripple run Scripts/examples/dependent-screens.lua --trace

local model = ripple.model { Note = { title = "string" } }
local ctx = ripple.container(model).viewContext
local note = ctx:insert("Note", { title = "Groceries" })
ctx:save()

local window = ripple.window()
local list = ripple.viewController { title = "Notes" }
local nav = ripple.navigationController(list)
window.rootViewController = nav

-- The detail screen shows one note.
local detail = ripple.viewController { title = note.title }
detail:dvc_add(note)
function detail:dvc_updated(object, changedKeys) self.title = object.title end
function detail:dvc_deleted(object) self.lastWords = "bye " .. object.title end
nav:pushViewController(detail, true)

scenario("a rename reaches the screen with the changed keys", function()
  note.title = "Groceries for Sunday"
  ripple.tick()
  expect(detail.title):toBe("Groceries for Sunday")
end)

scenario("deleting the note pops the screen", function()
  ctx:delete(note)
  ctx:save()
  expect(nav.viewControllers):toEqual({ list })
  expect(detail.lastWords):toBe("bye Groceries for Sunday")
  print(window:describe())
end)
