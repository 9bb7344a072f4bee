-- Seed 003 (Core Data + NSFetchedResultsController): a contacts table fed by a fetched-results
-- controller, driving a table view's batch updates, which Ripple validates as UIKit does.
-- Run: swift run ripple run Scripts/examples/contacts-table.lua --trace

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

-- The table: a fetched data source sectioned by the last name's initial.
local tableView = ripple.tableView()
local source = ripple.fetchedCollectionViewDataSource(tableView, ctx)
source:registerClass("ContactCell", function(cell, indexPath, dataSource)
  local person = dataSource:itemAtIndexPath(indexPath)
  cell.text = person.firstName .. " " .. person.lastName
end)
source:reloadWithFetchRequest({ entity = "Person", sortDescriptors = { "lastName", "firstName" } },
                              { sectionKeyPath = "initial" })

local function rows()
  local out = {}
  for _, section in ipairs(tableView:snapshot()) do
    for _, cell in ipairs(section.cells) do out[#out + 1] = cell.text end
  end
  return out
end

scenario("Add Person: one new row in a new section", function()
  ctx:insert("Person", { firstName = "Ada", lastName = "Lovelace" })
  ctx:save()
  expect(rows()):toEqual({ "Richard Branson", "Steve Jobs", "Ada Lovelace", "Anthony Robbins" })
  expect(tableView:numberOfSections()):toBe(4)
end)

scenario("a rename that changes the initial moves the row between sections", function()
  local jobs = source:itemAtIndexPath(ripple.indexPath(1, 0))
  jobs.lastName = "Wozniak"
  ctx:save()
  expect(rows()):toEqual({ "Richard Branson", "Ada Lovelace", "Anthony Robbins", "Steve Wozniak" })
end)
