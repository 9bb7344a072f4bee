-- Seed 003 (Core Data + NSFetchedResultsController): the contacts screen as an app developer writes it.
-- Run: swift run ripple run Scripts/examples/contacts-screen.lua --trace
-- (`swift test` runs it with invariant checking, as every example: add, rename across sections, delete — the table always equals a fresh fetch)
local model = ripple.model {
  Person = {
    firstName = "string",
    lastName  = "string",
    initial   = { derived = function(p) return p.lastName:sub(1, 1) end, dependsOn = { "lastName" } },
  },
}
local ctx = ripple.container(model).viewContext
for _, n in ipairs { { "Richard", "Branson" }, { "Steve", "Jobs" }, { "Anthony", "Robbins" } } do
  ctx:insert("Person", { firstName = n[1], lastName = n[2] })
end
ctx:save()

-- The Contacts table view controller.
local contacts = ripple.viewController { title = "Contacts" }
contacts.tableView = ripple.tableView { name = "contacts" }
contacts.tableView:register("PersonCell")
contacts.frc = ripple.fetchedResultsController { context = ctx, entity = "Person", name = "Persons",
  sortDescriptors = { "lastName", "firstName" }, sectionNameKeyPath = "initial" }

function contacts:configure(cell, person)
  cell.text = person.firstName .. " " .. person.lastName
end

-- UITableViewDataSource
function contacts:numberOfSections(tableView) return #self.frc.sections end
function contacts:numberOfRowsInSection(tableView, section) return self.frc.sections[section + 1].numberOfObjects end
function contacts:titleForHeaderInSection(tableView, section) return self.frc.sections[section + 1].name end
function contacts:cellForRowAtIndexPath(tableView, indexPath)
  local cell = tableView:dequeueReusableCell("PersonCell", indexPath)
  self:configure(cell, self.frc:objectAtIndexPath(indexPath))
  return cell
end

-- NSFetchedResultsControllerDelegate
function contacts:controllerWillChangeContent(controller) self.tableView:beginUpdates() end
function contacts:didChangeSection(controller, sectionInfo, sectionIndex, type)
  if type == "insert" then self.tableView:insertSections({ sectionIndex })
  elseif type == "delete" then self.tableView:deleteSections({ sectionIndex }) end
end
function contacts:didChangeObject(controller, person, indexPath, type, newIndexPath)
  local tv = self.tableView
  if type == "insert" then tv:insertRows({ newIndexPath })
  elseif type == "delete" then tv:deleteRows({ indexPath })
  elseif type == "update" then tv:reloadRows({ indexPath })
  elseif type == "move" then tv:deleteRows({ indexPath }); tv:insertRows({ newIndexPath }) end
end
function contacts:controllerDidChangeContent(controller) self.tableView:endUpdates() end

-- viewDidLoad
contacts.frc.delegate = contacts
contacts.frc:performFetch()
contacts.tableView.dataSource = contacts
contacts.tableView:reloadData()

-- What the table shows, and what a fresh fetch says it should show.
local function shown()
  local out = {}
  for _, section in ipairs(contacts.tableView:snapshot()) do
    local rows = {}
    for _, cell in ipairs(section.cells) do rows[#rows + 1] = cell.text end
    out[#out + 1] = section.supplementaryViews.header.title .. ": " .. table.concat(rows, ", ")
  end
  return out
end
local function fresh()
  local out, current = {}, nil
  for _, p in ipairs(ctx:fetch { entity = "Person", sortDescriptors = { "lastName", "firstName" } }) do
    if p.initial ~= current then current = p.initial; out[#out + 1] = current .. ": " end
    out[#out] = out[#out] .. (out[#out]:sub(-2) == ": " and "" or ", ") .. p.firstName .. " " .. p.lastName
  end
  return out
end
local function person(last)
  return ctx:fetch { entity = "Person", predicate = "lastName == %@", arguments = { last } }[1]
end

scenario("the screen loads the contacts by initial", function()
  expect(shown()):toEqual({ "B: Richard Branson", "J: Steve Jobs", "R: Anthony Robbins" })
  expect(shown()):toEqual(fresh())
end)

scenario("Add Person: one row in a new section, validated like UIKit", function()
  ripple.clearEvents()
  ctx:insert("Person", { firstName = "Ada", lastName = "Lovelace" })
  ctx:save()
  expect(shown()):toEqual({ "B: Richard Branson", "J: Steve Jobs", "L: Ada Lovelace", "R: Anthony Robbins" })
  expect(shown()):toEqual(fresh())
  expect(ripple.events()):toContain("[contacts] performBatchUpdates insertSections: [2]; insertRows: [2, 0]")
end)

scenario("a rename that changes the initial moves the row to another section", function()
  ripple.clearEvents()
  person("Jobs").lastName = "Wozniak"
  ctx:save()
  expect(shown()):toEqual({ "B: Richard Branson", "L: Ada Lovelace", "R: Anthony Robbins", "W: Steve Wozniak" })
  expect(shown()):toEqual(fresh())
  expect(ripple.events()):toContain("[contacts] performBatchUpdates deleteSections: [1]; insertSections: [3]; deleteRows: [1, 0]; insertRows: [3, 0]")
end)

scenario("a rename inside a section reloads the row", function()
  person("Branson").firstName = "Rich"
  ctx:save()
  expect(shown()[1]):toBe("B: Rich Branson")
  expect(shown()):toEqual(fresh())
end)

scenario("several changes in one save, then deletes", function()
  ctx:insert("Person", { firstName = "Grace", lastName = "Hopper" })
  ctx:insert("Person", { firstName = "Alan", lastName = "Turing" })
  person("Robbins").firstName = "Tony"
  ctx:delete(person("Lovelace"))
  ctx:save()
  expect(shown()):toEqual(fresh())
  ctx:delete(person("Branson"))
  ctx:delete(person("Wozniak"))
  ctx:save()
  expect(shown()):toEqual({ "H: Grace Hopper", "R: Tony Robbins", "T: Alan Turing" })
  expect(shown()):toEqual(fresh())
  expect(contacts.tableView.batchUpdateCount):toBe(5)
end)
