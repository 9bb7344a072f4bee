import Scripting

extension APISurface {
    /// Makes one object of every kind the API hands out and returns `problems, roots, matchers`: the
    /// steps that failed, the values to walk, and the members of `expect(v)` (`:toBe`, `.never`, …).
    /// Each step runs on its own, so a binding that changes its arguments shows as a problem instead of
    /// hiding every class after it. Add a step here when a new kind of object appears.
    static let tour = #"""
local problems, roots = {}, { ripple }
local function step(name, fn)
  local ok, err = pcall(fn)
  if not ok then problems[#problems + 1] = name .. ": " .. tostring(err) end
end
local function keep(...) for _, v in ipairs({ ... }) do roots[#roots + 1] = v end end

local model, container, ctx, ann, cv, tv
step("model", function()
  model = ripple.model {
    Customer = { name = "string", orders = { toMany = "Order", inverse = "customer" } },
    Order = { total = "double", customer = { toOne = "Customer", inverse = "orders" } },
  }
  container = ripple.container(model)
  ctx = container.viewContext
  ann = ctx:insert("Customer", { name = "Ann" })
  ctx:insert("Order", { total = 1, customer = ann })
  keep(model, container, ctx, ann, ann.orders)
end)
step("observation", function()
  keep(ripple.observe(ctx, "objectsDidChange", function() end))
  ripple.observe(ctx, "didSave", function(note) keep(note) end)
  ctx:save()
end)
step("background context", function() keep(container:newBackgroundContext()) end)
step("child context", function() keep(ctx:newChildContext()) end)
step("fetched results controller", function()
  local frc = ripple.fetchedResultsController { context = ctx, entity = "Customer", sortDescriptors = { "name" } }
  frc:performFetch()
  keep(frc, ripple.indexPath(0, 0))
end)
step("screens", function()
  local window = ripple.window()
  local vc = ripple.viewController { title = "A" }
  local nav = ripple.navigationController(vc)
  window.rootViewController = nav
  keep(window, vc, nav, ripple.tabBarController { ripple.viewController { title = "B" } })
  keep(ripple.splitViewController { primary = ripple.viewController {}, secondary = ripple.viewController {} })
  local search = ripple.searchController {}
  vc.navigationItem.searchController = search
  keep(search, search.searchBar, vc.navigationItem)
end)
step("collection views", function()
  cv, tv = ripple.collectionView(), ripple.tableView()
  local ds = ripple.staticCollectionViewDataSource(cv)
  ds:registerClass("Cell", function(cell, indexPath, source) cell.text = source:itemAtIndexPath(indexPath) end)
  ds:reloadWithSections({ { "a" } }, nil)
  keep(cv, tv, ds, ripple.fetchedCollectionViewDataSource(tv, ctx), cv:cellForItemAtIndexPath(ripple.indexPath(0, 0)))
  cv:performBatchUpdates(function(batch) keep(batch) end)
end)

step("diffable data sources", function()
  local dtv, dcv = ripple.tableView(), ripple.collectionView()
  dtv:register("Cell")
  local source = ripple.tableViewDiffableDataSource(dtv, function(view, indexPath, item)
    return view:dequeueReusableCell("Cell", indexPath)
  end)
  local snapshot = ripple.snapshot()
  snapshot:appendSections({ "main" })
  snapshot:appendItems({ "a" })
  source:apply(snapshot)
  keep(source, snapshot, source:snapshot(), ripple.collectionViewDiffableDataSource(dcv, function() end))
end)
step("undo manager", function()
  local undo = ripple.undoManager()
  ctx.undoManager = undo
  keep(undo)
end)
step("batch requests", function()
  local request = ripple.batchUpdateRequest {
    entity = "Order", propertiesToUpdate = { total = 2 }, resultType = "updatedObjectIDsResultType",
  }
  keep(request, ripple.batchDeleteRequest { entity = "Order" }, ripple.batchInsertRequest { entity = "Order", objects = {} })
  keep(ctx:execute(request))
end)
step("persistent history", function()
  local tracked = ripple.container(model, { persistentHistoryTracking = true })
  tracked.viewContext:insert("Customer", { name = "Bob" })
  tracked.viewContext:save()
  local request = ripple.historyRequest {}
  keep(tracked, request, tracked.persistentStoreCoordinator:currentPersistentHistoryToken(),
    tracked.viewContext:execute(request))
end)

local matchers = {}
step("expect", function()
  local e = expect(nil)
  for k, v in pairs(getmetatable(e).__index) do
    if type(v) == "function" then matchers[#matchers + 1] = ":" .. k end
  end
  for k in pairs(e) do
    if k ~= "value" and k ~= "negated" then matchers[#matchers + 1] = "." .. k end
  end
end)
return problems, roots, matchers
"""#
}
