-- Seed 003 (Core Data + NSFetchedResultsController): the contacts screen as an app developer writes it.
-- Run: swift run ripple run Scripts/examples/contacts-screen.lua --trace
-- (`swift test` runs it with invariant checking, as every example: add, rename across sections, delete — the table always equals a fresh fetch;
-- then a person taps a contact, swipes one away and reorders the favourites, through the screens' delegates as on a device)
local model = ripple.model {
  Person = {
    firstName = "string",
    lastName  = "string",
    initial   = { derived = function(p) return p.lastName:sub(1, 1) end, dependsOn = { "lastName" } },
    favourite = "integer?",   -- the position in the Favourites tab, nil when not a favourite
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

-- UITableViewDelegate: a tap shows the contact (a screen that depends on its person, BTDependentVC)
function contacts:didSelectRowAtIndexPath(tableView, indexPath)
  local person = self.frc:objectAtIndexPath(indexPath)
  local detail = ripple.viewController { title = person.firstName .. " " .. person.lastName }
  detail:dvc_add(person)
  self.navigationController:pushViewController(detail, true)
end
-- Swipe to delete (UITableViewDataSource): the controller's delegate then removes the row.
function contacts:commitEditingStyle(tableView, style, indexPath)
  if style == "delete" then
    ctx:delete(self.frc:objectAtIndexPath(indexPath))
    ctx:save()
  end
end

-- viewDidLoad
contacts.frc.delegate = contacts
contacts.frc:performFetch()
contacts.tableView.dataSource = contacts
contacts.tableView.delegate = contacts
contacts.tableView:reloadData()

-- The Favourites tab: the favourites in the order the user gives them by dragging rows. Apple's template
-- delegate with the documented fix for user-driven changes: the table already shows a move the user made,
-- so the controller's report of it is ignored (applying it again fails with UIKit's message).
local favourites = ripple.viewController { title = "Favourites" }
favourites.tableView = ripple.tableView { name = "favourites" }
favourites.frc = ripple.fetchedResultsController { context = ctx, entity = "Person", name = "Favourites",
  predicate = "favourite != nil", sortDescriptors = { "favourite" } }
function favourites:numberOfRowsInSection(tableView, section) return self.frc.sections[1].numberOfObjects end
function favourites:cellForRowAtIndexPath(tableView, indexPath)
  local cell = tableView:dequeueReusableCell("PersonCell", indexPath)
  contacts:configure(cell, self.frc:objectAtIndexPath(indexPath))
  return cell
end
function favourites:moveRowAtIndexPath(tableView, from, to)
  self.userDrivenChange = true
  local order = {}
  for _, p in ipairs(self.frc.fetchedObjects) do order[#order + 1] = p end
  table.insert(order, to.row + 1, table.remove(order, from.row + 1))
  for i, p in ipairs(order) do p.favourite = i end
  ctx:save()
  self.userDrivenChange = false
end
function favourites:controllerWillChangeContent(controller)
  if not self.userDrivenChange then self.tableView:beginUpdates() end
end
function favourites:didChangeObject(controller, person, indexPath, type, newIndexPath)
  if self.userDrivenChange then return end
  local tv = self.tableView
  if type == "insert" then tv:insertRows({ newIndexPath })
  elseif type == "delete" then tv:deleteRows({ indexPath })
  elseif type == "update" then tv:reloadRows({ indexPath })
  else tv:deleteRows({ indexPath }); tv:insertRows({ newIndexPath }) end
end
function favourites:controllerDidChangeContent(controller)
  if not self.userDrivenChange then self.tableView:endUpdates() end
end
favourites.tableView:register("PersonCell")
favourites.frc.delegate = favourites
favourites.frc:performFetch()
favourites.tableView.dataSource = favourites
favourites.tableView:reloadData()

-- On the device: a tab bar controller in a window, the contacts in a navigation controller.
local tabs = ripple.tabBarController { ripple.navigationController(contacts), favourites }
local window = ripple.window()
window.rootViewController = tabs

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

scenario("a tap on a contact shows it; going back leaves the contact selected", function()
  ripple.clearEvents()
  ripple.user.tap(contacts.tableView, ripple.indexPath(0, 0))
  expect(contacts.navigationController.topViewController.title):toBe("Grace Hopper")
  expect(ripple.events()):toContain("[contacts] didSelectRowAtIndexPath [0, 0]")
  contacts.navigationController:popViewController(true)
  expect(contacts.tableView.indexPathForSelectedRow):toEqual(ripple.indexPath(0, 0))
end)

scenario("a swipe deletes a contact through the fetched-results controller", function()
  ctx:insert("Person", { firstName = "Zed", lastName = "Zimmer" })
  ctx:save()
  ripple.clearEvents()
  ripple.user.swipeToDelete(contacts.tableView, ripple.indexPath(3, 0))
  expect(ripple.events()):toContain("[contacts] performBatchUpdates deleteSections: [3]; deleteRows: [3, 0]")
  expect(shown()):toEqual({ "H: Grace Hopper", "R: Tony Robbins", "T: Alan Turing" })
  expect(shown()):toEqual(fresh())
end)

scenario("the user reorders the favourites; the table keeps what the user did", function()
  for i, last in ipairs { "Hopper", "Robbins", "Turing" } do person(last).favourite = i end
  ctx:save()
  -- The Favourites tab is not on screen yet: a person cannot touch it.
  expect(function() ripple.user.moveRow(favourites.tableView, ripple.indexPath(0, 0), ripple.indexPath(0, 2)) end)
    :toRaise("the table view favourites is not on screen")
  tabs.selectedIndex = 1
  favourites.tableView:setEditing(true)
  local batches = favourites.tableView.batchUpdateCount
  ripple.user.moveRow(favourites.tableView, ripple.indexPath(0, 0), ripple.indexPath(0, 2))
  expect(favourites.tableView:describe()):toEqual({ '0: {text = "Tony Robbins"}, {text = "Alan Turing"}, {text = "Grace Hopper"}' })
  expect(favourites.tableView.batchUpdateCount):toBe(batches)
  expect(person("Hopper").favourite):toBe(3)
  tabs.selectedIndex = 0
end)
