-- One naming rule (docs/lua-api.md, "Names"): Objective-C selector pieces; the Swift spellings are
-- aliases from one table; anything else fails at its line with the nearest known name.
local container = ripple.container(ripple.model { Contact = { name = "string" } })
local ctx = container.viewContext
local ann = ctx:insert("Contact", { name = "Ann" })
ctx:save()
local frc = ripple.fetchedResultsController { context = ctx, entity = "Contact", sortDescriptors = { "name" } }
frc:performFetch()
local tv = ripple.tableView()
tv.dataSource = {
  numberOfRowsInSection = function() return #frc.fetchedObjects end,
  cellForRowAtIndexPath = function(_, indexPath) return { text = frc:object(indexPath).name } end,
}
tv:reloadData()

local function failure(f)
  local ok, err = pcall(f)
  expect(ok):toBe(false)
  return (err:gsub("^[^:]*:", ""))
end

scenario("the Swift spellings work as aliases of the Ripple names", function()
  local first = ripple.indexPath(0, 0)
  expect(ctx:existingObjectWithID(ann.objectID)):toBe(ann)
  expect(ctx:objectWithID(ann.objectID)):toBe(ctx:object(ann.objectID))
  expect(frc:object(first)):toBe(frc:objectAtIndexPath(first))
  expect(frc:indexPath(ann)):toEqual(first)
  expect(tv:numberOfRows(0)):toBe(tv:numberOfRowsInSection(0))
  expect(tv:cellForRow(first).text):toBe("Ann")
  tv:beginUpdates()
  ctx:insert("Contact", { name = "Bob" })
  ctx:processPendingChanges()
  frc:performFetch()
  tv:insertRowsAtIndexPaths({ ripple.indexPath(0, 1) })
  tv:endUpdates()
  expect(tv:describe()):toEqual({ '0: {text = "Ann"}, {text = "Bob"}' })
end)

scenario("other spellings fail at their line with the nearest known name", function()
  expect(failure(function() frc:objectAtIndexpath(ripple.indexPath(0, 0)) end)):toBe(
    "40: [<FetchedResultsController> valueForUndefinedKey:]: this class is not key value coding-compliant for the key \"objectAtIndexpath\". (did you mean 'objectAtIndexPath'?)")
  expect(failure(function() tv:numberOfRowInSection(0) end)):toBe(
    "42: [<CollectionView> valueForUndefinedKey:]: this class is not key value coding-compliant for the key \"numberOfRowInSection\". (did you mean 'numberOfRowsInSection'?)")
  expect(failure(function() ripple.fetchedResultController { context = ctx } end)):toBe(
    "44: ripple.fetchedResultController does not exist (did you mean 'fetchedResultsController'?)")
  expect(failure(function() return ripple.tableview() end)):toBe(
    "46: ripple.tableview does not exist (did you mean 'tableView'?)")
  -- Feature detection reads raw: no error, nil.
  expect(rawget(ripple, "fetchedResultController")):toBeNil()
  expect(rawget(ripple, "tableView")):toBe(ripple.tableView)
end)
