-- ripple.user on seed 003's contacts screen: a person taps a contact (its detail screen is pushed),
-- swipes one away (the data source deletes it, the fetched-results controller updates the table) and drags
-- one to another group. The drag is the fetched-results controller's best-known trap: the table already
-- shows the move, so a delegate that applies the controller's report of it again fails with UIKit's
-- message; the documented fix (ignore the report of a change the user made) passes. The trace of each
-- gesture is compared exactly.
ripple.uikit.profile = "ios15"   -- the per-section "Invalid update" message the bug is known by
local model = ripple.model {
  Person = { firstName = "string", lastName = "string", group = "string", order = "integer" },
}

-- The contacts screen in a navigation controller in a window; `fixed`: the delegate ignores user-driven changes.
local function screen(fixed)
  local ctx = ripple.container(model).viewContext
  local people = { { "Ann", "Lee", "Family" }, { "Bob", "Ray", "Family" }, { "Cy", "Orr", "Work" }, { "Di", "Fox", "Work" } }
  for i, n in ipairs(people) do ctx:insert("Person", { firstName = n[1], lastName = n[2], group = n[3], order = i }) end
  ctx:save()
  local contacts = ripple.viewController { title = "Contacts" }
  local nav = ripple.navigationController(contacts)
  local window = ripple.window()
  window.rootViewController = nav
  contacts.tableView = ripple.tableView { name = "contacts" }
  contacts.tableView:register("PersonCell")
  contacts.frc = ripple.fetchedResultsController { context = ctx, entity = "Person", name = "Persons",
    sortDescriptors = { "group", "order" }, sectionNameKeyPath = "group" }

  -- UITableViewDataSource, with editing and moving
  function contacts:numberOfSections(tv) return #self.frc.sections end
  function contacts:numberOfRowsInSection(tv, section) return self.frc.sections[section + 1].numberOfObjects end
  function contacts:cellForRowAtIndexPath(tv, indexPath)
    local cell = tv:dequeueReusableCell("PersonCell", indexPath)
    local person = self.frc:objectAtIndexPath(indexPath)
    cell.text = person.firstName .. " " .. person.lastName
    return cell
  end
  function contacts:commitEditingStyle(tv, style, indexPath)
    if style == "delete" then
      ctx:delete(self.frc:objectAtIndexPath(indexPath))
      ctx:save()
    end
  end
  function contacts:moveRowAtIndexPath(tv, from, to)
    if fixed then self.userDrivenChange = true end
    local moving = self.frc:objectAtIndexPath(from)
    local section = self.frc.sections[to.section + 1]
    local order = {}
    for _, p in ipairs(section.objects) do if not rawequal(p, moving) then order[#order + 1] = p end end
    table.insert(order, to.row + 1, moving)
    moving.group = section.name
    for i, p in ipairs(order) do p.order = i end
    ctx:save()
    self.userDrivenChange = false
  end

  -- UITableViewDelegate: a tap shows the contact
  function contacts:didSelectRowAtIndexPath(tv, indexPath)
    local person = self.frc:objectAtIndexPath(indexPath)
    local detail = ripple.viewController { title = person.firstName .. " " .. person.lastName }
    detail:dvc_add(person)
    nav:pushViewController(detail, false)
  end

  -- NSFetchedResultsControllerDelegate (Apple's template; the fix: skip the report of a user-driven change)
  function contacts:controllerWillChangeContent(c) if not self.userDrivenChange then self.tableView:beginUpdates() end end
  function contacts:didChangeSection(c, sectionInfo, sectionIndex, type)
    if self.userDrivenChange then return end
    if type == "insert" then self.tableView:insertSections({ sectionIndex })
    elseif type == "delete" then self.tableView:deleteSections({ sectionIndex }) end
  end
  function contacts:didChangeObject(c, person, indexPath, type, newIndexPath)
    if self.userDrivenChange then return end
    local tv = self.tableView
    if type == "insert" then tv:insertRows({ newIndexPath })
    elseif type == "delete" then tv:deleteRows({ indexPath })
    elseif type == "update" then tv:reloadRows({ indexPath })
    else tv:deleteRows({ indexPath }); tv:insertRows({ newIndexPath }) end
  end
  function contacts:controllerDidChangeContent(c) if not self.userDrivenChange then self.tableView:endUpdates() end end

  -- viewDidLoad
  contacts.frc.delegate = contacts
  contacts.frc:performFetch()
  contacts.tableView.dataSource = contacts
  contacts.tableView.delegate = contacts
  contacts.tableView:reloadData()
  return { ctx = ctx, contacts = contacts, nav = nav, tv = contacts.tableView }
end

local function shown(tv)
  local out = {}
  for _, section in ipairs(tv:snapshot()) do
    local rows = {}
    for _, cell in ipairs(section.cells) do rows[#rows + 1] = cell.text end
    out[#out + 1] = table.concat(rows, ", ")
  end
  return out
end

scenario("a tap selects the row and pushes the contact's screen", function()
  local s = screen(true)
  ripple.clearEvents()
  ripple.user.tap(s.tv, ripple.indexPath(1, 0))
  expect(s.tv.indexPathForSelectedRow):toEqual(ripple.indexPath(1, 0))
  expect(s.nav.topViewController.title):toBe("Cy Orr")
  local events = ripple.events()
  expect(events[1]):toBe("[user] tap contacts [1, 0]")
  expect(events[2]):toBe("[contacts] selectRow [1, 0]")
  expect(events[3]):toBe("[contacts] didSelectRowAtIndexPath [1, 0]")
end)

scenario("a swipe deletes the contact through the fetched-results controller", function()
  local s = screen(true)
  ripple.clearEvents()
  ripple.user.swipeToDelete(s.tv, ripple.indexPath(0, 1))
  expect(shown(s.tv)):toEqual({ "Ann Lee", "Cy Orr, Di Fox" })
  local events = ripple.events()
  expect(events[1]):toBe("[user] swipeToDelete contacts [0, 1]")
  expect(events[2]):toBe("[contacts] commitEditingStyle delete [0, 1]")
  expect(events):toContain("[contacts] performBatchUpdates deleteRows: [0, 1]")
end)

scenario("dragging a contact to another group: the template delegate applies the move twice", function()
  local s = screen(false)
  s.tv:setEditing(true)
  expect(function() ripple.user.moveRow(s.tv, ripple.indexPath(0, 0), ripple.indexPath(1, 1)) end):toRaise(
    "Invalid update: invalid number of rows in section 0.  The number of rows contained in an existing section after the update (1) must be equal to the number of rows contained in that section before the update (1), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).")
  expect(function() ripple.user.moveRow(s.tv, ripple.indexPath(0, 0), ripple.indexPath(1, 0)) end):toRaise(
    "hint: the view already shows the move a person made ([0, 0] -> [1, 0]); a fetched-results delegate must not apply the controller's report of it again")
  -- the table then shows what its data source says
  expect(shown(s.tv)):toEqual({ "Bob Ray, Cy Orr, Ann Lee, Di Fox" })
end)

scenario("dragging a contact to another group: the fixed delegate keeps the table as the user left it", function()
  local s = screen(true)
  s.tv:setEditing(true)
  ripple.clearEvents()
  ripple.user.moveRow(s.tv, ripple.indexPath(0, 0), ripple.indexPath(1, 1))
  expect(shown(s.tv)):toEqual({ "Bob Ray", "Cy Orr, Ann Lee, Di Fox" })
  expect(s.tv.batchUpdateCount):toBe(0)
  local events = ripple.events()
  expect(events[1]):toBe("[user] moveRow contacts [0, 0] -> [1, 1]")
  expect(events[2]):toBe("[contacts] moveRowAtIndexPath [0, 0] -> [1, 1]")
end)
