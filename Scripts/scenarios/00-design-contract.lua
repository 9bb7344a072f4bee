-- Every name of the Lua API contract (docs/lua-api.md), used once in a sensible order: if a name is renamed or
-- removed, this file fails.
local model = ripple.model {
  Customer = {
    name     = "string",                                  -- required
    position = "string?",                                 -- optional
    since    = { "date", default = 0 },
    orders   = { toMany = "Order", inverse = "customer", deleteRule = "cascade" },
    orderCount = { derived = "orders.@count" },           -- expression form
    initial  = { derived = function(c) return c.name:sub(1, 1):upper() end, dependsOn = { "name" } },
  },
  Order = {
    total    = { "double", min = 0 },
    customer = { toOne = "Customer", inverse = "orders", deleteRule = "nullify" },
  },
}
local container = ripple.container(model)
local ctx = container.viewContext
local bg  = container:newBackgroundContext()

local c = ctx:insert("Customer", { name = "Ann" })
local scratch = ctx:insert("Customer", { name = "Zed" })
c.name = "Anna"; ctx:delete(scratch); ctx:processPendingChanges(); ctx:save()
ctx:insert("Customer", { name = "Temp" }); ctx:rollback()

local notes = {}
ripple.observe(ctx, "objectsDidChange", function(note)
  notes[#notes + 1] = { inserted = #note.inserted, updated = #note.updated, deleted = #note.deleted,
                        refreshed = #note.refreshed, invalidated = #note.invalidated,
                        invalidatedAll = note.invalidatedAll }
end)
local counts = {}
ripple.observe(c, "orderCount", function(change) counts[#counts + 1] = change.new end)
ctx:insert("Order", { total = 5, customer = c })
ripple.tick()

local frc = ripple.fetchedResultsController { context = ctx, entity = "Customer",
  sortDescriptors = { "name" }, sectionNameKeyPath = "initial" }
local calls = {}
frc.delegate = {
  controllerWillChangeContent = function(controller) calls[#calls + 1] = "will" end,
  didChangeSection = function(controller, sectionInfo, sectionIndex, type) calls[#calls + 1] = "section " .. type end,
  didChangeObject = function(controller, object, indexPath, type, newIndexPath) calls[#calls + 1] = type end,
  controllerDidChangeContent = function(controller) calls[#calls + 1] = "did" end,
}
frc:performFetch()

local window = ripple.window()
local list, form = ripple.viewController { title = "Customers" }, ripple.viewController { title = "Form" }
local other = ripple.viewController { title = "Other" }
local nav = ripple.navigationController(list); window.rootViewController = nav
form:dvc_add(c)
function form:dvc_updated(object, changedKeys) self.title = object.name end
function form:dvc_deleted(object) end
nav:pushViewController(form, true); list:present(other, true); other:dismiss(true)

local cv = ripple.collectionView()
local ds = ripple.fetchedCollectionViewDataSource(cv, ctx)
ds:registerClass("Cell", function(cell, indexPath, dataSource) cell.text = dataSource:itemAtIndexPath(indexPath).name end)
ds:reloadWithFetchRequest({ entity = "Customer", sortDescriptors = { "name" } }, { sectionKeyPath = "initial" })

scenario("the form follows its customer", function()
  c.name = "Abby"
  ripple.tick()
  expect(form.title):toBe("Abby")
  expect(calls):toEqual({ "will", "update", "did" })
  expect(cv:snapshot()[1].cells[1].text):toBe("Abby")
end)

scenario("the contract's other names answer", function()
  local found = ctx:fetch { entity = "Customer", predicate = "name BEGINSWITH %@", arguments = { "A" },
              sortDescriptors = { "name", { key = "since", ascending = false } }, fetchLimit = 10 }
  expect(found):toEqual({ c })
  expect(counts):toEqual({ 1 })
  expect(frc.fetchedObjects):toEqual({ c })
  expect(frc.sections[1].name):toBe("A")
  expect(frc.sections[1].numberOfObjects):toBe(1)
  expect(frc.sections[1].objects):toEqual({ c })
  local ip = ripple.indexPath(0, 0)
  expect(frc:objectAtIndexPath(ip)):toBe(c)
  expect(frc:indexPathForObject(c) == ip):toBe(true)
  expect(tostring(ip)):toBe("[0, 0]")
  expect(ip.section + ip.item + ip.row):toBe(0)
  expect(notes[1]):toEqual({ inserted = 1, updated = 1, deleted = 0, refreshed = 0, invalidated = 0,
                             invalidatedAll = false })
  local done = false
  bg:perform(function() done = true end)
  ripple.tick()
  expect(done):toBe(true)
end)

scenario("deleting the customer takes the form off the screen", function()
  ctx:delete(c)
  ctx:save()
  expect(nav.viewControllers):toEqual({ list })
  ctx:reset()
  expect(notes[#notes].invalidatedAll):toBe(true)
end)
