-- ripple.explore finds a detail screen left showing a deleted object: a controller on screen whose field
-- holds an object that was deleted fails the step. With BTDependentVC's dvc_add the detail leaves the screen
-- when its object goes, and exploring passes.
local model = ripple.model { Person = { name = "string" } }

local function setup(ctx)
  ctx:insert("Person", { name = "Ann" })
  ctx:save()
end

-- A list with a detail screen pushed over it, showing the first person; `dependent` says whether the
-- detail declares its object with dvc_add.
local function screen(dependent)
  return function(ctx)
    local list = ripple.viewController { title = "People" }
    local nav = ripple.navigationController(list)
    local window = ripple.window()
    window.rootViewController = nav
    local person = ctx:fetch { entity = "Person", sortDescriptors = { "name" } }[1]
    if person then
      local detail = ripple.viewController { title = "Detail" }
      detail.person = person
      if dependent then detail:dvc_add(person) end
      nav:pushViewController(detail, false)
    end
    return nav
  end
end

scenario("a detail screen that keeps showing its deleted object is found and shrunk", function()
  local ok, err = pcall(ripple.explore, { model = model, setup = setup, screen = screen(false), steps = 100, seed = 3,
                                          actions = { "insert", "delete", "update" } })
  expect(ok):toBe(false)
  expect(err):toContain("<ViewController \"Detail\"> is on screen showing Person#1, which was deleted (its field 'person')")
  expect(err):toContain("shrunk to 1 step")
end)

scenario("the same detail with dvc_add leaves the screen with its object: nothing to find", function()
  expect(ripple.explore { model = model, setup = setup, screen = screen(true), steps = 100, seed = 3,
                          actions = { "insert", "delete", "update" } }):toEqual({ steps = 100, seed = 3 })
end)
