-- Bad input: every integer a script gives the API (IDs, counts, indices, window sizes, limits, offsets)
-- called with math.maxinteger, math.mininteger, -1, 0 and numbers that are not integers (NaN, 2^63,
-- -inf, 1.5). Each call answers or raises a placed Lua error, never traps, and the next ordinary use of
-- the same object still works. IntegerArgumentCoverageTests checks that every integer parameter of the
-- API declarations (types/ripple.lua) is listed in `covered`.
local extremes = { math.maxinteger, math.mininteger, -1, 0, 0 / 0, 2 ^ 63, -math.huge, 1.5 }

local model = ripple.model {
  Item = { name = "string", n = "integer?", group = "string?" },
}
local container = ripple.container(model)
local ctx = container.viewContext
for i, name in ipairs { "a", "b", "c" } do ctx:insert("Item", { name = name, n = i, group = "g" }) end
ctx:save()

--- Calls f(n) for each extreme value; an error must carry this file's name and a line.
local function each(label, f)
  for _, n in ipairs(extremes) do
    local ok, err = pcall(f, n)
    if not ok then
      local message = tostring(err)
      if not message:find("^[^:]+%.lua:%d+: ") then
        error(label .. "(" .. tostring(n) .. ") raised an error without its place: " .. message, 2)
      end
    end
  end
end

local covered = {}
local function case(key, f)
  covered[#covered + 1] = key
  each(key, f)
end

local function names(list)
  local out = {}
  for i, o in ipairs(list) do out[i] = o.name end
  return out
end

scenario("object numbers: a URI numbered past the largest names no object, and inserts go on", function()
  local coordinator = container.persistentStoreCoordinator
  for _, n in ipairs(extremes) do
    expect(coordinator:managedObjectID("x-coredata://52495050-4C45-4000-8000-000000000001/Item/p" .. tostring(n))):toBeNil()
  end
  expect(coordinator:managedObjectID("x-coredata://52495050-4C45-4000-8000-000000000001/Item/p9007199254740992")):toBeNil()
  local largest = coordinator:managedObjectID("x-coredata://52495050-4C45-4000-8000-000000000001/Item/p9007199254740991")
  expect(largest == nil):toBe(false)
  -- merging an ID numbered the largest moves the numbering to its end: the next insert is refused
  ripple.mergeChanges({ inserted = { largest } }, { ctx })
  expect(function() ctx:insert("Item", { name = "d" }) end)
    :toRaise("123-bad-input-integer-arguments.lua:51: no object number is left for entity Item: object numbers end at 9007199254740991")
  expect(function()
    ctx:execute(ripple.batchInsertRequest { entity = "Item", objects = { { name = "e" } } })
  end):toRaise("no object number is left for entity Item")
  expect(ctx.hasChanges):toBe(false)
  expect(names(ctx:fetch { entity = "Item", sortDescriptors = { "name" } })):toEqual({ "a", "b", "c" })
  -- another entity is numbered as before
end)

scenario("index paths, sections and the visible window of views", function()
  case("ripple.indexPath section", function(n) return ripple.indexPath(n, 0) end)
  case("ripple.indexPath item", function(n) return ripple.indexPath(0, n) end)

  local cv = ripple.collectionView()
  local ds = ripple.staticCollectionViewDataSource(cv)
  ds:registerClass("Cell", function(cell, ip, source) cell.text = source:itemAtIndexPath(ip) end)
  ds:reloadWithSections({ { "a", "b", "c" }, { "d" } }, { "First", "Second" })
  local tv = ripple.tableView()
  local rows = ripple.staticCollectionViewDataSource(tv)
  rows:registerClass("Cell", function(cell, ip, source) cell.text = source:itemAtIndexPath(ip) end)
  rows:reloadWithSections({ { "x", "y" } }, nil)

  case("CollectionView:numberOfItemsInSection section", function(n) return cv:numberOfItemsInSection(n) end)
  case("CollectionView:numberOfRowsInSection section", function(n) return tv:numberOfRowsInSection(n) end)
  case("CollectionViewDataSource:numberOfItemsInSection section", function(n) return ds:numberOfItemsInSection(n) end)
  case("CollectionViewDataSource:itemForSection section", function(n) return ds:itemForSection(n) end)
  case("CollectionView:scrollToItem", function(n) cv:scrollToItemAtIndexPath(ripple.indexPath(0, n)) end)
  case("CollectionView:cellForItemAtIndexPath", function(n) return cv:cellForItemAtIndexPath(ripple.indexPath(n, n)) end)
  case("BatchUpdating:insertSections sections", function(n) cv:performBatchUpdates(function(b) b:insertSections(n) end) end)
  case("BatchUpdating:deleteSections sections", function(n) cv:performBatchUpdates(function(b) b:deleteSections({ n }) end) end)
  case("BatchUpdating:reloadSections sections", function(n) cv:performBatchUpdates(function(b) b:reloadSections(n) end) end)
  case("BatchUpdating:moveSection from", function(n) cv:performBatchUpdates(function(b) b:moveSection(n, 0) end) end)
  case("BatchUpdating:moveSection to", function(n) cv:performBatchUpdates(function(b) b:moveSection(0, n) end) end)
  expect(cv:numberOfSections()):toBe(2)

  -- the visible window: math.maxinteger means every item; the scroll after it must not overflow
  case("CollectionView.visibleItems", function(n)
    cv.visibleItems = n
    cv:scrollToItemAtIndexPath(ripple.indexPath(0, 2))
    cv:scrollToItemAtIndexPath(ripple.indexPath(1, 0))
  end)
  case("CollectionView.visibleRows", function(n)
    tv.visibleRows = n
    tv:scrollToRowAtIndexPath(ripple.indexPath(0, 1))
  end)
  case("ripple.collectionView visibleItems", function(n) return ripple.collectionView { visibleItems = n } end)
  case("ripple.tableView visibleRows", function(n) return ripple.tableView { visibleRows = n } end)
  expect(function() cv.visibleItems = -1 end)
    :toRaise("123-bad-input-integer-arguments.lua:99: visibleItems must be a count >= 0 or nil, got -1")
  cv.visibleItems = math.maxinteger
  cv:scrollToItemAtIndexPath(ripple.indexPath(1, 0))
  expect(cv.visibleItems):toBe(math.maxinteger)
  expect(cv.firstVisibleItem):toBe(3)
  expect(cv:cellForItemAtIndexPath(ripple.indexPath(0, 2))):toBeNil()
  expect(cv:cellForItemAtIndexPath(ripple.indexPath(1, 0)).text):toBe("d")
  cv:scrollToItemAtIndexPath(ripple.indexPath(0, 0))
  expect(cv:cellForItemAtIndexPath(ripple.indexPath(0, 2)).text):toBe("c")
  expect(cv:cellForItemAtIndexPath(ripple.indexPath(1, 0)).text):toBe("d")
  cv.visibleItems = 1
  expect(cv:cellForItemAtIndexPath(ripple.indexPath(0, 0)).text):toBe("a")
  expect(cv:cellForItemAtIndexPath(ripple.indexPath(0, 1))):toBeNil()
  tv.visibleRows = nil
  expect(tv:cellForRowAtIndexPath(ripple.indexPath(0, 1)).text):toBe("y")
end)

scenario("a script data source returning extreme counts", function()
  for _, n in ipairs(extremes) do
    local view = ripple.tableView()
    view.dataSource = {
      numberOfSections = function() return 1 end,
      numberOfRowsInSection = function() return n end,
      cellForRowAtIndexPath = function(v, ip) return v:dequeueReusableCell("Cell", ip) end,
    }
    view:register("Cell")
    each("numberOfRowsInSection returns", function() return view:numberOfRowsInSection(0) end)
  end
  covered[#covered + 1] = "ScriptDataSource.numberOfRowsInSection"
end)

scenario("fetch limits, offsets and batch sizes; controllers and their section index", function()
  case("FetchRequest.fetchLimit", function(n) return ctx:fetch { entity = "Item", fetchLimit = n } end)
  case("FetchRequest.fetchOffset", function(n) return ctx:fetch { entity = "Item", fetchOffset = n } end)
  case("FetchRequest.fetchBatchSize", function(n) return ctx:fetch { entity = "Item", fetchBatchSize = n } end)
  case("FetchRequest.fetchLimit count", function(n) return ctx:count { entity = "Item", fetchLimit = n, fetchOffset = n } end)
  local frc = ripple.fetchedResultsController { context = ctx, entity = "Item", sortDescriptors = { "name" },
                                                sectionNameKeyPath = "group" }
  frc:performFetch()
  case("FetchedResultsController:sectionForSectionIndexTitle index", function(n)
    return frc:sectionForSectionIndexTitle("G", n)
  end)
  case("FetchedResultsController:objectAtIndexPath", function(n) return frc:objectAtIndexPath(ripple.indexPath(0, n)) end)
  case("FetchedResultsController fetchLimit", function(n)
    local c = ripple.fetchedResultsController { context = ctx, entity = "Item", sortDescriptors = { "name" },
                                                fetchLimit = n, fetchOffset = n, fetchBatchSize = n }
    c:performFetch()
    return c.fetchedObjects
  end)
  expect(names(frc.fetchedObjects)):toEqual({ "a", "b", "c" })
end)

scenario("attribute values, sums and predicate arithmetic at the integer limits", function()
  local m = ripple.model {
    Box = { n = "integer?", parts = { toMany = "Part", inverse = "box" }, total = { derived = "parts.@sum.n" } },
    Part = { n = "integer?", box = { toOne = "Box", inverse = "parts" } },
  }
  local c = ripple.container(m).viewContext
  local box = c:insert("Box", {})
  case("ManagedObject integer attribute", function(n)
    c:insert("Part", { n = n, box = box })
    return box.total
  end)
  case("predicate arithmetic", function(n)
    c:fetch { entity = "Part", predicate = "n + %d > 0", arguments = { n } }
    c:fetch { entity = "Part", predicate = "n - %d < 0", arguments = { n } }
    return c:fetch { entity = "Part", predicate = "-n < %d", arguments = { n } }
  end)
  case("predicate @sum", function(n) return c:fetch { entity = "Box", predicate = "parts.@sum.n > %d", arguments = { n } } end)
  c:save()
  expect(#c:fetch { entity = "Part" }):toBe(4)
end)

scenario("screens, limits and expectations", function()
  local feed, settings = ripple.viewController { title = "Feed" }, ripple.viewController { title = "Settings" }
  local tabs = ripple.tabBarController { feed, settings }
  case("TabBarController.selectedIndex", function(n) tabs.selectedIndex = n end)
  case("ripple.tabBarController selectedIndex", function(n)
    return ripple.tabBarController { ripple.viewController {}, selectedIndex = n }
  end)
  tabs.selectedIndex = 1
  expect(tabs.selectedIndex):toBe(1)
  local tabWindow = ripple.window()
  tabWindow.rootViewController = tabs
  case("ripple.user.selectTab index", function(n) ripple.user.selectTab(tabs, n) end)
  expect(tabs.selectedIndex):toBe(0)
  ripple.user.selectTab(tabs, 1)
  expect(tabs.selectedIndex):toBe(1)
  case("ripple.regularExpressionStepLimit steps", function(n) return ripple.regularExpressionStepLimit(n) end)
  expect(ripple.regularExpressionStepLimit()):toBe(10000000)
  case("Expectation:toHaveLength n", function(n) expect({}):toHaveLength(n) end)
  case("Expectation:toBeCloseTo digits", function(n) expect(1):toBeCloseTo(1, n) end)
  case("StoreOptions.busyTimeout", function(n)
    return ripple.container(model, { store = "sqlite", path = ripple.temporaryPath("busy.sqlite"), busyTimeout = n })
  end)
end)

scenario("ordered to-many indexes, batch delete limits and the undo manager's levels", function()
  local om = ripple.model {
    List = { title = "string", items = { toMany = "Entry", inverse = "list", ordered = true } },
    Entry = { text = "string", list = { toOne = "List", inverse = "items" } },
  }
  local octx = ripple.container(om).viewContext
  local list = octx:insert("List", { title = "L" })
  local a, b = octx:insert("Entry", { text = "a" }), octx:insert("Entry", { text = "b" })
  list.items = { a, b }
  local set = list:mutableOrderedSetValueForKey("items")
  local extra = octx:insert("Entry", { text = "x" })
  case("RelationshipSet:insertObject index", function(n) set:insertObject(extra, n) end)
  case("RelationshipSet:objectAtIndex index", function(n) return set:objectAtIndex(n) end)
  case("RelationshipSet:removeObjectAtIndex index", function(n) set:removeObjectAtIndex(n) end)
  case("RelationshipSet:replaceObjectAtIndex index", function(n) set:replaceObjectAtIndex(n, extra) end)
  case("RelationshipSet:moveObjectsAtIndexes toIndex", function(n) set:moveObjectsAtIndexes({ 0 }, n) end)
  -- the relationship still works after every extreme
  list.items = { a, b }
  expect(set:objectAtIndex(1)):toBe(b)

  case("BatchDeleteRequestOptions.fetchLimit", function(n)
    return ctx:execute(ripple.batchDeleteRequest { entity = "Item", predicate = "name == 'none'", fetchLimit = n })
  end)
  case("BatchDeleteRequestOptions.fetchOffset", function(n)
    return ctx:execute(ripple.batchDeleteRequest { entity = "Item", predicate = "name == 'none'", fetchOffset = n })
  end)
  local undo = ripple.undoManager()
  case("UndoManager.levelsOfUndo", function(n) undo.levelsOfUndo = n end)
  undo.levelsOfUndo = 3
  expect(undo.levelsOfUndo):toBe(3)

  -- ripple.explore: steps above 10^7, negative counts and non-integers are errors; every integer is a seed.
  local exploreModel = ripple.model { Item = { name = "string" } }
  local function explored(options)
    options.model = exploreModel
    options.screen = function() end
    return ripple.explore(options)
  end
  case("ExploreOptions.steps", function(n) return explored { steps = n, seed = 1 } end)
  case("ExploreOptions.seed", function(n) return explored { steps = 5, seed = n } end)
  case("ExploreOptions.maxObjects", function(n) return explored { steps = 5, maxObjects = n } end)
  expect(explored { steps = 5, seed = math.mininteger }):toEqual({ steps = 5, seed = math.mininteger })
  expect(function() explored { steps = math.maxinteger } end):toRaise("steps must be at most 10000000")
end)

scenario("everything listed", function()
  expect(#covered > 20):toBe(true)
  -- the same objects still work after every extreme
  expect(#ctx:fetch { entity = "Item" }):toBe(3)
end)
