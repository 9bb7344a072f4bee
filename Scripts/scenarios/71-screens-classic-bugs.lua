-- The classic mistakes of hand-written fetched-results delegates and data sources. Each one fails with
-- UIKit's exact message (wrapped in Core Data's "Serious application error" line, since the exception is
-- raised inside a delegate callback), followed by the operations of the batch with their lines and a hint;
-- the table then shows what its data source says, as after reloadData. The file runs under the ios15
-- profile, whose per-section "Invalid update" messages are the ones these bugs are known by; the last
-- scenario shows the same mistake under iOS 16.4+, which reports wrong counts with one aggregate message.
ripple.uikit.profile = "ios15"
local model = ripple.model {
  Person = {
    name    = "string",
    initial = { derived = function(p) return p.name:sub(1, 1) end, dependsOn = { "name" } },
  },
}

-- A fresh store and a contacts screen whose delegate is `delegate(screen)` (nil: the correct one).
local function screen(names, options)
  options = options or {}
  local ctx = ripple.container(model).viewContext
  for _, n in ipairs(names) do ctx:insert("Person", { name = n }) end
  ctx:save()
  local s = { ctx = ctx, tableView = ripple.tableView() }
  s.tableView:register("Cell")
  s.frc = ripple.fetchedResultsController { context = ctx, entity = "Person", sortDescriptors = { "name" },
                                            sectionNameKeyPath = options.sections and "initial" or nil }
  s.rows = {}
  function s.refresh()
    s.rows = {}
    for i, p in ipairs(s.frc.fetchedObjects) do s.rows[i] = p.name end
  end
  s.tableView.dataSource = {
    numberOfSections = function() return #s.frc.sections end,
    numberOfRowsInSection = function(_, section)
      if options.staleArray then return #s.rows end
      return s.frc.sections[section + 1].numberOfObjects
    end,
    cellForRowAtIndexPath = function(tv, indexPath)
      local cell = tv:dequeueReusableCell("Cell", indexPath)
      cell.text = s.frc:objectAtIndexPath(indexPath).name
      return cell
    end,
  }
  local tv = s.tableView
  s.frc.delegate = {
    controllerWillChangeContent = function() tv:beginUpdates() end,
    didChangeSection = not options.noSections and function(_, _, index, type)
      if type == "insert" then tv:insertSections({ index }) else tv:deleteSections({ index }) end
    end or nil,
    didChangeObject = function(_, _, indexPath, type, newIndexPath)
      if type == "insert" then tv:insertRows({ newIndexPath })
      elseif type == "delete" then tv:deleteRows({ indexPath })
      elseif type == "update" then tv:reloadRows({ options.reloadNewPath and newIndexPath or indexPath })
      elseif options.moveAndReload then tv:moveRow(indexPath, newIndexPath); tv:reloadRows({ indexPath })
      else tv:deleteRows({ indexPath }); tv:insertRows({ newIndexPath }) end
    end,
    controllerDidChangeContent = function() tv:endUpdates(); s.refresh() end,
  }
  s.frc:performFetch()
  s.refresh()
  tv:reloadData()
  return s
end

local function shown(s)
  local out = {}
  for _, section in ipairs(s.tableView:snapshot()) do
    local rows = {}
    for _, cell in ipairs(section.cells) do rows[#rows + 1] = cell.text end
    out[#out + 1] = table.concat(rows, ",")
  end
  return out
end

local function person(s, name)
  return s.ctx:fetch { entity = "Person", predicate = "name == %@", arguments = { name } }[1]
end

local serious = "CoreData: error: Serious application error.  An exception was caught from the delegate of NSFetchedResultsController during a call to -controllerDidChangeContent:.  "

scenario("forgetting didChangeSection: the section count no longer adds up", function()
  local s = screen({ "Ann", "Bob" }, { sections = true, noSections = true })
  ripple.clearEvents()
  expect(function()
    s.ctx:insert("Person", { name = "Cy" })
    s.ctx:save()
  end):toRaise(serious)
  expect(ripple.events()):toContain(
    "[tv] performBatchUpdates insertRows: [2, 0] failed: Invalid update: invalid number of sections.  The number of sections contained in the table view after the update (3) must be equal to the number of sections contained in the table view before the update (2), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted).")
  expect(ripple.events()):toContain("[tv] reloadData (after the failed batch)")
  expect(shown(s)):toEqual({ "Ann", "Bob", "Cy" })
  expect(s.tableView.batchUpdateCount):toBe(0)
end)

scenario("forgetting didChangeSection when the last row of a section goes", function()
  local s = screen({ "Ann", "Bob" }, { sections = true, noSections = true })
  expect(function()
    s.ctx:delete(person(s, "Ann"))
    s.ctx:save()
  end):toRaise("Invalid update: invalid number of sections.  The number of sections contained in the table view after the update (1) must be equal to the number of sections contained in the table view before the update (2), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted).")
  expect(shown(s)):toEqual({ "Bob" })
end)

scenario("reloadRows at newIndexPath for an update after a delete", function()
  local s = screen({ "Ann", "Bob", "Cy" }, { reloadNewPath = true })
  local ok, message = pcall(function()
    s.ctx:delete(person(s, "Bob"))
    person(s, "Cy").name = "Cyd"
    s.ctx:save()
  end)
  expect(ok):toBe(false)
  expect(message):toContain("attempt to delete and reload the same index path ({length = 2, path = 0 - 1}) with userInfo (null)\nthe batch: deleteRows [0, 1] at ")
  -- The two lines that made the batch, then the usual cause.
  expect(message:match("the batch: deleteRows %[0, 1%] at [^\n]-classic%-bugs%.lua:(%d+); reloadRows %[0, 1%] at [^\n]-classic%-bugs%.lua:(%d+)\n"))
    :toBe("50")
  expect(select(2, message:match("the batch: deleteRows %[0, 1%] at [^\n]-classic%-bugs%.lua:(%d+); reloadRows %[0, 1%] at [^\n]-classic%-bugs%.lua:(%d+)\n")))
    :toBe("51")
  expect(message):toContain("\nhint: reloadRows/reloadItems take the index path BEFORE the change: for an update use the delegate's indexPath, not newIndexPath")
  expect(shown(s)):toEqual({ "Ann,Cyd" })
end)

scenario("the same delegate reloading the old indexPath passes", function()
  local s = screen({ "Ann", "Bob", "Cy" })
  s.ctx:delete(person(s, "Bob"))
  person(s, "Cy").name = "Cyd"
  s.ctx:save()
  expect(shown(s)):toEqual({ "Ann,Cyd" })
end)

scenario("a row count read from an array refreshed after endUpdates: UIKit's message", function()
  local s = screen({ "Ann", "Bob", "Cy" }, { staleArray = true })
  local ok, message = pcall(function()
    s.ctx:insert("Person", { name = "Al" })
    s.ctx:save()
  end)
  expect(ok):toBe(false)
  -- file:line of the endUpdates call inside the delegate, then UIKit's words.
  expect(message:find("71%-screens%-classic%-bugs%.lua:%d+: Invalid update: invalid number of rows in section 0%.") ~= nil):toBe(true)
  expect(message):toContain("Invalid update: invalid number of rows in section 0.  The number of rows contained in an existing section after the update (3) must be equal to the number of rows contained in that section before the update (3), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).")
  expect(message):toContain("\nhint: the view asks the data source for its counts when the batch ends: change the data the counts are read from before endUpdates (not after), and tell every insert and delete of that section")
  -- The data source still answers 3 rows (its array is refreshed after endUpdates): the view shows 3.
  expect(shown(s)):toEqual({ "Al,Ann,Bob" })
end)

scenario("a move plus a reload of the same row", function()
  local s = screen({ "Ann", "Bob", "Cy" }, { moveAndReload = true })
  expect(function()
    person(s, "Ann").name = "Dee"
    s.ctx:save()
  end):toRaise("attempt to perform a delete and a move from the same index path ({length = 2, path = 0 - 0})")
  expect(shown(s)):toEqual({ "Bob,Cy,Dee" })
end)

scenario("diffable: duplicate item identifiers", function()
  local cv = ripple.collectionView()
  cv:register("Cell")
  local ds = ripple.collectionViewDiffableDataSource(cv, function(view, indexPath, id)
    local cell = view:dequeueReusableCell("Cell", indexPath)
    cell.text = id
    return cell
  end)
  local snapshot = ripple.snapshot()
  snapshot:appendSections({ "main" })
  snapshot:appendItems({ "a", "b" })
  ds:apply(snapshot, false)
  local next = ds:snapshot()
  expect(function() next:appendItems({ "c", "c" }) end):toRaise(
    "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    c\n)}")
  expect(next.itemIdentifiers):toEqual({ "a", "b" })
  expect(cv:snapshot()[1].cells):toEqual({ { text = "a" }, { text = "b" } })
end)

scenario("iOS 16.4+: the stale row count reported with the aggregate message", function()
  ripple.uikit.profile = "ios16.4"
  local s = screen({ "Ann", "Bob", "Cy" }, { staleArray = true })
  expect(function()
    s.ctx:insert("Person", { name = "Al" })
    s.ctx:save()
  end):toRaise("Invalid batch updates detected: the number of sections and/or rows returned by the data source before and after performing the batch updates are inconsistent with the updates. Data source before updates = { 1 section with row counts: [3] } Data source after updates = { 1 section with row counts: [3] } Updates = [ Insert row (0 - 0) ]")
  expect(shown(s)):toEqual({ "Al,Ann,Bob" })
  ripple.uikit.profile = "ios15"
end)
