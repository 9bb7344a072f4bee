-- A derived key (the first letter of a name) as a fetched-results controller's section key: renames move
-- customers between sections, create sections and empty them, with the exact callbacks and trace.
local model = ripple.model {
  Customer = {
    name = "string",
    initial = { derived = function(c) return c.name:sub(1, 1):upper() end, dependsOn = { "name" } },
    nameLength = { derived = function(c) return #c.name end, dependsOn = { "name" } },
  },
}
local ctx = ripple.container(model).viewContext
for _, n in ipairs { "ann", "Bob", "bea", "Cy" } do ctx:insert("Customer", { name = n }) end
ctx:save()

local frc = ripple.fetchedResultsController { context = ctx, entity = "Customer", name = "People",
  sortDescriptors = { "initial", "name" }, sectionNameKeyPath = "initial" }
frc.delegate = {
  controllerWillChangeContent = function() end,
  didChangeSection = function() end,
  didChangeObject = function() end,
  controllerDidChangeContent = function() end,
}
frc:performFetch()

local function names()
  local out = {}
  for i, s in ipairs(frc.sections) do
    local members = {}
    for j, o in ipairs(s.objects) do members[j] = o.name end
    out[i] = s.name .. ": " .. table.concat(members, ", ")
  end
  return out
end

scenario("sections come from the derived key", function()
  expect(names()):toEqual({ "A: ann", "B: Bob, bea", "C: Cy" })
end)

scenario("a rename that changes the initial moves the object; the emptied section goes", function()
  ripple.clearEvents()
  local cy = frc:objectAtIndexPath(ripple.indexPath(2, 0))
  cy.name = "Dee"
  ctx:processPendingChanges()
  expect(names()):toEqual({ "A: ann", "B: Bob, bea", "D: Dee" })
  expect(ripple.events()):toEqual({
    "[viewContext] objectsDidChange updated: Customer#4 {initial, name, nameLength}",
    "[frc People] controllerWillChangeContent",
    "[frc People] didChangeSection C delete 2",
    "[frc People] didChangeSection D insert 2",
    "[frc People] didChangeObject Customer#4 move [2, 0] -> [2, 0]",
    "[frc People] controllerDidChangeContent",
  })
end)

scenario("a rename that keeps the initial and the order is an update, not a move", function()
  ripple.clearEvents()
  local bob = frc:objectAtIndexPath(ripple.indexPath(1, 0))
  bob.name = "Bobby"                    -- initial B stays; "Bobby" < "bea" still
  ctx:processPendingChanges()
  expect(ripple.events()[#ripple.events() - 1]):toBe("[frc People] didChangeObject Customer#2 update [1, 0] -> [1, 0]")
end)

scenario("a derived value that does not change marks nothing", function()
  ripple.clearEvents()
  local ann = frc:objectAtIndexPath(ripple.indexPath(0, 0))
  ann.name = "amy"                      -- same initial A, same length 3
  ctx:processPendingChanges()
  expect(ripple.events()[1]):toBe("[viewContext] objectsDidChange updated: Customer#1 {name}")
end)
