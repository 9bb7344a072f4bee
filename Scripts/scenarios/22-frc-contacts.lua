-- Seed 003: a table screen lists contacts through a fetched results controller; the Add Person screen
-- inserts a contact and saves; the list receives exactly one insert, at the right index path.
local model = ripple.model {
  Person = { firstName = "string", lastName = "string", age = "integer?" },
}
local ctx = ripple.container(model).viewContext
for _, p in ipairs { { "Anthony", "Robbins", 52 }, { "Richard", "Branson", 61 }, { "Steve", "Jobs", 56 } } do
  ctx:insert("Person", { firstName = p[1], lastName = p[2], age = p[3] })
end
ctx:save()

-- The contacts table: rows and the batch updates it would perform.
local table = { rows = {}, inserted = {}, deleted = {}, updates = 0 }
local frc = ripple.fetchedResultsController { context = ctx, entity = "Person", name = "Persons",
                                              sortDescriptors = { "lastName", "firstName" } }
frc.delegate = {
  controllerWillChangeContent = function() table.updates = table.updates + 1 end,   -- beginUpdates
  didChangeObject = function(_, person, indexPath, type, newIndexPath)
    if type == "insert" then table.inserted[#table.inserted + 1] = newIndexPath end
    if type == "delete" then table.deleted[#table.deleted + 1] = indexPath end
  end,
  controllerDidChangeContent = function(controller)                                  -- endUpdates
    table.rows = {}
    for i, p in ipairs(controller.fetchedObjects) do table.rows[i] = p.firstName .. " " .. p.lastName end
  end,
}
frc:performFetch()

scenario("the list shows the contacts sorted by last name", function()
  expect(frc.sections[1].numberOfObjects):toBe(3)
  expect(frc:objectAtIndexPath(ripple.indexPath(0, 0)).lastName):toBe("Branson")
end)

scenario("Add Person inserts and saves: exactly one insert at the right index path", function()
  ripple.clearEvents()
  -- The Add Person screen.
  ctx:insert("Person", { firstName = "Ada", lastName = "Lovelace", age = 36 })
  ctx:save()
  expect(table.updates):toBe(1)
  expect(#table.inserted):toBe(1)
  expect(table.inserted[1]):toBe(ripple.indexPath(0, 2))
  expect(#table.deleted):toBe(0)
  expect(table.rows):toEqual({ "Richard Branson", "Steve Jobs", "Ada Lovelace", "Anthony Robbins" })
  expect(ripple.events()):toEqual({
    "[viewContext] objectsDidChange inserted: Person#4",
    "[frc Persons] controllerWillChangeContent",
    "[frc Persons] didChangeObject Person#4 insert -> [0, 2]",
    "[frc Persons] controllerDidChangeContent",
    "[viewContext] willSave",
    "[viewContext] didSave inserted: Person#4",
  })
end)
