-- Unknown keys on views, batches, data sources, snapshots and ripple.uikit are errors in KVC's words,
-- the same form as on contexts and containers (issue 12 point 2); the objects keep working afterwards.
local tv = ripple.tableView { name = "people", dataSource = {
  numberOfRowsInSection = function() return 1 end,
  cellForRowAtIndexPath = function() return { text = "Ann" } end,
} }

local function kvc(class, key)
  return '[<' .. class .. '> valueForUndefinedKey:]: this class is not key value coding-compliant for the key "' .. key .. '".'
end

scenario("a table view refuses a key it does not know", function()
  expect(function() return tv.rowCount end):toRaise(kvc("CollectionView", "rowCount"))
  expect(tv:describe()):toEqual({ '0: {text = "Ann"}' })
end)

scenario("a batch refuses a key it does not know", function()
  expect(function()
    tv:performBatchUpdates(function(batch) return batch.rows end)
  end):toRaise(kvc("BatchUpdate", "rows"))
  expect(tv.isUpdating):toBe(false)
  expect(tv:describe()):toEqual({ '0: {text = "Ann"}' })
end)

scenario("snapshots, diffable data sources and ripple.uikit refuse keys they do not know", function()
  local snapshot = ripple.snapshot()
  expect(function() return snapshot.sections end):toRaise(kvc("Snapshot", "sections"))
  snapshot:appendSections({ "main" })
  expect(snapshot.numberOfSections):toBe(1)
  local cv = ripple.collectionView()
  cv:register("Cell")
  local ds = ripple.collectionViewDiffableDataSource(cv, function(view, indexPath, id)
    return view:dequeueReusableCell("Cell", indexPath)
  end)
  expect(function() return ds.items end):toRaise(kvc("DiffableDataSource", "items"))
  expect(function() return ripple.uikit.version end):toRaise(kvc("UIKit", "version"))
  expect(ripple.uikit.profile):toBe("ios16.4")
end)

scenario("the NXCollectionViewDataSource data sources refuse keys they do not know", function()
  local cv = ripple.collectionView()
  local ds = ripple.staticCollectionViewDataSource(cv)
  expect(function() return ds.items end):toRaise(kvc("CollectionViewDataSource", "items"))
  ds:registerClass("Cell", function(cell, indexPath, source) cell.text = source:itemAtIndexPath(indexPath) end)
  ds:reloadWithSections({ { "a" } }, nil)
  expect(cv:describe()):toEqual({ '0: {text = "a"}' })
end)
