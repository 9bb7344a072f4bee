-- Bad input: a script that lets go of what the library is still using. Dropping the last reference
-- to a fetched results controller inside its own delegate callback was a Swift trap (an unowned
-- reference read after the controller's userdata was collected); calling an object's __gc by hand
-- left a finalized userdata in the identity cache, so the object could never be reached again.
local model = ripple.model { Customer = { name = "string" } }
local ctx = ripple.container(model).viewContext
local ann = ctx:insert("Customer", { name = "Ann" })
local bob = ctx:insert("Customer", { name = "Bob" })
ctx:save()

scenario("a controller dropped inside its delegate callback stops receiving callbacks", function()
  local frc = ripple.fetchedResultsController { context = ctx, entity = "Customer", sortDescriptors = { "name" },
                                                name = "dropped" }
  local calls = {}
  frc.delegate = {
    didChangeObject = function(controller, object)
      calls[#calls + 1] = tostring(object)
      frc, controller = nil, nil
      collectgarbage()
      collectgarbage()
    end,
    controllerDidChangeContent = function() calls[#calls + 1] = "did" end,
  }
  frc:performFetch()
  ripple.clearEvents()
  ann.name = "Anna"
  bob.name = "Bobby"
  ctx:processPendingChanges()
  expect(calls):toEqual({ "Customer#1" })
  expect(ctx.hasChanges):toBe(true)
  ctx:save()
  expect(ctx.hasChanges):toBe(false)
  ann.name = "Ann"
  bob.name = "Bob"
  ctx:save()
  expect(calls):toEqual({ "Customer#1" })
  expect(#ctx:fetch { entity = "Customer" }):toBe(2)
end)

scenario("an object whose __gc was called by hand is reachable again", function()
  local c = ripple.container(model)
  local view = c.viewContext
  local cy = view:insert("Customer", { name = "Cy" })
  getmetatable(cy).__gc(cy)
  expect(function() return cy.name end):toRaise("attempt to use a finalized object")
  local again = view.insertedObjects[1]
  expect(again.name):toBe("Cy")
  expect(again == cy):toBe(false)
  getmetatable(view).__gc(view)
  expect(c.viewContext.name):toBe("viewContext")
  expect(#c.viewContext.insertedObjects):toBe(1)
  c.viewContext:save()
  expect(c.viewContext.hasChanges):toBe(false)

  local window = ripple.window()
  local vc = ripple.viewController "Z"
  window.rootViewController = vc
  getmetatable(vc).__gc(vc)
  expect(window.rootViewController.title):toBe("Z")
  expect(window:describe()):toBe('Window\n  ViewController "Z"')
end)

scenario("a child context's queue type must be a string; refresh refuses another context's object", function()
  local m = ripple.model { Thing = { n = "integer" } }
  local container = ripple.container(m)
  local view = container.viewContext
  expect(function() view:newChildContext(3) end)
    :toRaise("bad argument #1 to 'newChildContext' (string expected, got number)")
  local other = ripple.container(m).viewContext
  local thing = other:insert("Thing", { n = 1 })
  other:save()
  expect(function() view:refresh(thing, false) end)
    :toRaise("An NSManagedObjectContext cannot refresh objects in other contexts. (Thing#1 belongs to viewContext, not viewContext)")
  expect(thing.n):toBe(1)
  expect(view.hasChanges):toBe(false)
end)
