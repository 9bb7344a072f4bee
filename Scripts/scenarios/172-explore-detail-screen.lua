-- ripple.explore finds a detail screen left showing a deleted object: a controller on screen whose field
-- holds an object that was deleted fails the step. With BTDependentVC's dvc_add the detail leaves the screen
-- when its object goes, and exploring passes.
local model = ripple.model { Person = { name = "string" } }

-- A list that opens the detail screen of each new person when it is not showing one already (the "new
-- contact opens its card" flow); `dependent` says whether the detail declares its object with dvc_add.
local function screen(dependent)
  return function(ctx)
    local list = ripple.viewController { title = "People" }
    local nav = ripple.navigationController(list)
    local window = ripple.window()
    window.rootViewController = nav
    list.frc = ripple.fetchedResultsController { context = ctx, entity = "Person", sortDescriptors = { "name" } }
    function list:didChangeObject(_, person, _, type)
      if type == "insert" and nav.topViewController == list then
        local detail = ripple.viewController { title = "Detail" }
        detail.person = person
        if dependent then detail:dvc_add(person) end
        nav:pushViewController(detail, false)
      end
    end
    list.frc.delegate = list
    list.frc:performFetch()
    return nav
  end
end

scenario("a detail screen that keeps showing its deleted object is found and shrunk", function()
  local ok, err = pcall(ripple.explore, { model = model, screen = screen(false), steps = 100, seed = 3,
                                          actions = { "insert", "delete", "update" } })
  expect(ok):toBe(false)
  expect(err):toContain("<ViewController \"Detail\"> is on screen showing Person#1, which was deleted (its field 'person')")
  expect(err):toContain("(found after 2 steps, shrunk to 2 steps; seed 3)")
  expect(err):toContain("ctx:delete(o[1])")
end)

scenario("the same detail with dvc_add leaves the screen with its object: nothing to find", function()
  expect(ripple.explore { model = model, screen = screen(true), steps = 100, seed = 3,
                          actions = { "insert", "delete", "update" } }):toEqual({ steps = 100, seed = 3 })
end)
