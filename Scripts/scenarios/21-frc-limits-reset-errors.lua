-- Fetched results controller: fetch limits, reset, the snapshot and difference variants, errors.
local model = ripple.model {
  Customer = { name = "string", age = "integer?" },
}
local ctx = ripple.container(model).viewContext
for _, n in ipairs { "Bob", "Cy", "Dee" } do ctx:insert("Customer", { name = n, age = 30 }) end
ctx:save()

scenario("fetchLimit holds after an insert: the last row leaves the window", function()
  local frc = ripple.fetchedResultsController { context = ctx, entity = "Customer", sortDescriptors = { "name" },
                                                fetchLimit = 2, name = "Top2" }
  frc.delegate = { didChangeObject = function() end }
  frc:performFetch()
  ripple.clearEvents()
  ctx:insert("Customer", { name = "Al" })
  ctx:processPendingChanges()
  local names = {}
  for i, c in ipairs(frc.fetchedObjects) do names[i] = c.name end
  expect(names):toEqual({ "Al", "Bob" })
  local events = ripple.events()
  expect(events):toContain("[frc Top2] didChangeObject Customer#2 delete [0, 1]")
  expect(events):toContain("[frc Top2] didChangeObject Customer#4 insert -> [0, 0]")
  ctx:rollback()
end)

scenario("reset: no per-object callbacks, empty results until performFetch", function()
  local calls = 0
  local frc = ripple.fetchedResultsController { context = ctx, entity = "Customer", sortDescriptors = { "name" } }
  frc.delegate = { didChangeObject = function() calls = calls + 1 end }
  frc:performFetch()
  ctx:reset()
  expect(calls):toBe(0)
  expect(#frc.fetchedObjects):toBe(0)
  expect(#frc.sections):toBe(0)
  frc:performFetch()
  expect(#frc.fetchedObjects):toBe(3)
end)

scenario("the snapshot variant replaces the others and arrives after performFetch", function()
  local snapshots, classic = {}, 0
  local frc = ripple.fetchedResultsController { context = ctx, entity = "Customer", sortDescriptors = { "name" } }
  frc.delegate = {
    didChangeContentWithSnapshot = function(_, s) snapshots[#snapshots + 1] = s end,
    controllerDidChangeContent = function() classic = classic + 1 end,
  }
  frc:performFetch()
  expect(#snapshots):toBe(1)
  expect(snapshots[1].numberOfItems):toBe(3)
  local bob = frc:objectAtIndexPath(ripple.indexPath(0, 0))
  bob.age = 31
  ctx:processPendingChanges()
  expect(#snapshots):toBe(2)
  expect(snapshots[2].reloadedItemIdentifiers):toEqual({ bob.objectID })
  expect(classic):toBe(0)
  ctx:rollback()
end)

scenario("the difference variant: removals and insertions of object IDs with offsets", function()
  local difference
  local frc = ripple.fetchedResultsController { context = ctx, entity = "Customer", sortDescriptors = { "name" } }
  frc.delegate = { didChangeContentWithDifference = function(_, d) difference = d end }
  frc:performFetch()
  local bob = frc:objectAtIndexPath(ripple.indexPath(0, 0))
  bob.name = "Eve"
  ctx:processPendingChanges()
  expect(#difference.removals):toBe(1)
  expect(difference.removals[1].offset):toBe(0)
  expect(difference.insertions[1].offset):toBe(2)
  expect(difference.insertions[1].associatedWith):toBe(0)
  ctx:rollback()
end)

scenario("mutating the request of a cached controller fails in Core Data's words", function()
  local frc = ripple.fetchedResultsController { context = ctx, entity = "Customer", sortDescriptors = { "name" },
                                                cacheName = "Customers" }
  frc:performFetch()
  frc.predicate = "age > 3"
  expect(function() frc:performFetch() end):toRaise("You have illegally mutated the NSFetchedResultsController's fetch request")
  ripple.deleteCache("Customers")
  frc:performFetch()
end)

scenario("sort descriptors are required; sections must follow the sort (134060)", function()
  expect(function() ripple.fetchedResultsController { context = ctx, entity = "Customer" } end)
    :toRaise("An instance of NSFetchedResultsController requires a fetch request with sort descriptors")
  local frc = ripple.fetchedResultsController { context = ctx, entity = "Customer", sortDescriptors = { "age" },
                                                sectionNameKeyPath = "name" }
  ctx:insert("Customer", { name = "Bob", age = 99 })
  expect(function() frc:performFetch() end)
    :toRaise("The fetched object at index 3 has an out of order section name 'Bob'. Objects must be sorted by section name")
  expect(frc.fetchedObjects):toBeNil()
  ctx:rollback()
end)

scenario("an error in a delegate callback reaches the code that processed the changes", function()
  local frc = ripple.fetchedResultsController { context = ctx, entity = "Customer", sortDescriptors = { "name" } }
  frc.delegate = { controllerDidChangeContent = function() error("table view exploded") end }
  frc:performFetch()
  ctx:insert("Customer", { name = "Zed" })
  expect(function() ctx:processPendingChanges() end)
    :toRaise("An exception was caught from the delegate of NSFetchedResultsController during a call to -controllerDidChangeContent:")
  expect(#frc.fetchedObjects):toBe(4)            -- the controller's own state is up to date
  frc.delegate = nil
  ctx:rollback()
end)
