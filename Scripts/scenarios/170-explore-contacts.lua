-- ripple.explore against the contacts screen: a table view controller that owns a fetched-results
-- controller (sections by initial), is its delegate and its table's data source. The correct delegate
-- passes; each classic mistake is found and shrunk to a scenario of a few steps (docs/explore.md).
local model = ripple.model {
  Person = {
    name    = "string",
    initial = { derived = function(p) return (p.name or "?"):sub(1, 1) end, dependsOn = { "name" } },
  },
}

-- The screen, with `mistake` nil (the documented delegate), "reloadNewPath" or "noDeleteSections".
local function contacts(mistake)
  return function(ctx)
    local vc = ripple.viewController { title = "Contacts" }
    vc.tableView = ripple.tableView { name = "contacts" }
    vc.tableView:register("Cell")
    vc.frc = ripple.fetchedResultsController { context = ctx, entity = "Person", name = "People",
                                               sortDescriptors = { "name" }, sectionNameKeyPath = "initial" }
    function vc:numberOfSections(tv) return #self.frc.sections end
    function vc:numberOfRowsInSection(tv, section) return self.frc.sections[section + 1].numberOfObjects end
    function vc:cellForRowAtIndexPath(tv, indexPath)
      local cell = tv:dequeueReusableCell("Cell", indexPath)
      cell.text = self.frc:objectAtIndexPath(indexPath).name
      return cell
    end
    function vc:controllerWillChangeContent() self.tableView:beginUpdates() end
    function vc:didChangeSection(_, _, index, type)
      if mistake == "noDeleteSections" and type == "delete" then return end
      if type == "insert" then self.tableView:insertSections({ index }) else self.tableView:deleteSections({ index }) end
    end
    function vc:didChangeObject(_, _, indexPath, type, newIndexPath)
      local tv = self.tableView
      if type == "insert" then tv:insertRows({ newIndexPath })
      elseif type == "delete" then tv:deleteRows({ indexPath })
      elseif type == "update" then tv:reloadRows({ mistake == "reloadNewPath" and newIndexPath or indexPath })
      else tv:deleteRows({ indexPath }); tv:insertRows({ newIndexPath }) end
    end
    function vc:controllerDidChangeContent() self.tableView:endUpdates() end
    vc.frc.delegate = vc
    vc.frc:performFetch()
    vc.tableView.dataSource = vc
    vc.tableView:reloadData()
    return vc
  end
end

scenario("the documented delegate passes 300 random steps", function()
  local result = ripple.explore { model = model, screen = contacts(nil), steps = 300, seed = 3 }
  expect(result):toEqual({ steps = 300, seed = 3 })
end)

local function shrunkCount(err)
  return tonumber(err:match("shrunk to (%d+) steps?; seed"))
end

scenario("reloadRows at newIndexPath is found and shrunk", function()
  local ok, err = pcall(ripple.explore, { model = model, screen = contacts("reloadNewPath"), steps = 300, seed = 1 })
  expect(ok):toBe(false)
  expect(err):toContain("(found after ")
  expect(shrunkCount(err) <= 6):toBe(true)
  expect(err):toContain('local ctx, container, root, views = ripple.exploreStart(options)')
end)

scenario("no deleteSections when a section's last row goes is found and shrunk", function()
  local ok, err = pcall(ripple.explore, { model = model, screen = contacts("noDeleteSections"), steps = 300, seed = 1 })
  expect(ok):toBe(false)
  expect(err):toContain("hint: a change removed a section: tell the view with deleteSections")
  expect(shrunkCount(err) <= 6):toBe(true)
end)

-- The same screen with a diffable data source fed by the controller's snapshots: the cells configured by
-- the cell provider are checked against fresh fetches too.
scenario("a diffable data source fed by didChangeContentWithSnapshot passes", function()
  local function diffable(ctx)
    local tv = ripple.tableView { name = "diffable" }
    tv:register("Cell")
    local frc = ripple.fetchedResultsController { context = ctx, entity = "Person", sortDescriptors = { "name" },
                                                  sectionNameKeyPath = "initial" }
    local source = ripple.tableViewDiffableDataSource(tv, function(view, indexPath)
      local cell = view:dequeueReusableCell("Cell", indexPath)
      cell.text = frc:objectAtIndexPath(indexPath).name
      return cell
    end)
    frc.delegate = { didChangeContentWithSnapshot = function(_, snapshot) source:apply(snapshot, true) end }
    frc:performFetch()
    return tv
  end
  expect(ripple.explore { model = model, screen = diffable, steps = 150, seed = 5,
                          actions = { "insert", "delete", "update", "background", "batchDelete" } })
    :toEqual({ steps = 150, seed = 5 })
end)

-- A table whose controller's delegate ignores every change: the view is tied to the controller its data
-- source counts from, so the rows it lacks are found even though it never showed a cell.
scenario("a table that never hears of a change is found by its counts", function()
  local function deaf(ctx)
    local tv = ripple.tableView { name = "deaf" }
    local frc = ripple.fetchedResultsController { context = ctx, entity = "Person", sortDescriptors = { "name" } }
    tv.dataSource = {
      numberOfRowsInSection = function() return #frc.fetchedObjects end,
      cellForRowAtIndexPath = function(_, ip) return { text = frc:objectAtIndexPath(ip).name } end,
    }
    frc.delegate = { controllerDidChangeContent = function() end }
    frc:performFetch()
    tv:reloadData()
    return tv
  end
  local ok, err = pcall(ripple.explore, { model = model, screen = deaf, seed = 1 })
  expect(ok):toBe(false)
  expect(err):toContain("table view 'deaf' shows 0 rows in section 0 where a fresh fetch has 1 (found after ")
  expect(err):toContain("shrunk to 1 step; seed 1)")
end)

-- Gestures are drawn only when named: the screen puts its root in a window (a person touches what is shown),
-- and its data source deletes the swiped person through the context.
scenario("swipes to delete on a screen in a window", function()
  local function swipeable(ctx)
    local vc = contacts(nil)(ctx)
    function vc:commitEditingStyle(tv, style, indexPath)
      ctx:delete(self.frc:objectAtIndexPath(indexPath))
      ctx:save()
    end
    ripple.window().rootViewController = vc
    return vc
  end
  ripple.clearEvents()
  expect(ripple.explore { model = model, screen = swipeable, steps = 120, seed = 8,
                          actions = { "insert", "update", "swipeToDelete" } }):toEqual({ steps = 120, seed = 8 })
  local swipes = 0
  for _, line in ipairs(ripple.events()) do
    if line:find("^%[user%] swipeToDelete contacts") then swipes = swipes + 1 end
  end
  expect(swipes > 5):toBe(true)
end)
