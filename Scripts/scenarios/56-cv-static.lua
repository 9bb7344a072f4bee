-- Static data source: sections of items, section items, reset; every change is a reload.
local cv = ripple.collectionView()
local ds = ripple.staticCollectionViewDataSource(cv)
ds:registerClass("Cell", function(cell, ip, source) cell.text = source:itemAtIndexPath(ip) end)
ds:registerClassForSupplementaryViewOfKind("Header", "header", function(view, ip, source)
  view.title = source:itemForSection(ip.section)
end)
local reloads = 0
ds.postUpdateBlock = function() reloads = reloads + 1 end

scenario("before the first reload there is nothing and itemForSection raises", function()
  expect(cv:numberOfSections()):toBe(0)
  expect(function() ds:itemForSection(0) end):toRaise("index 0 beyond bounds for empty NSArray")
end)

scenario("reloadWithSections shows the items and headers", function()
  ds:reloadWithSections({ { "a", "b" }, { "c", "a" } }, { "First", "Second" })
  expect(cv:snapshot()):toEqual({
    { cells = { { text = "a" }, { text = "b" } }, supplementaryViews = { header = { title = "First" } } },
    { cells = { { text = "c" }, { text = "a" } }, supplementaryViews = { header = { title = "Second" } } },
  })
  expect(ds:itemAtIndexPath(ripple.indexPath(1, 0))):toBe("c")
  expect(ds:itemAtIndexPath(ripple.indexPath(3, 0))):toBeNil()
  local paths = ds:indexPathsOfItem("a")
  expect(#paths):toBe(2)
  expect(tostring(paths[2])):toBe("[1, 1]")
  expect(ds:itemForSection(1)):toBe("Second")
  expect(function() ds:itemForSection(2) end):toRaise("index 2 beyond bounds %[0 .. 1%]")
  expect(cv:cellForItemAtIndexPath(ripple.indexPath(0, 1)).reuseIdentifier):toBe("CollectionViewDataSourceCellReuseIdentifier")
  expect(reloads):toBe(1)
end)

scenario("tables are items too, found by identity", function()
  local t = { name = "x" }
  ds:reloadWithSections({ { t } }, nil)
  expect(ds:itemAtIndexPath(ripple.indexPath(0, 0))):toBe(t)
  expect(#ds:indexPathsOfItem(t)):toBe(1)
  expect(#ds:indexPathsOfItem({ name = "x" })):toBe(0)
end)

scenario("reset empties the view and itemForSection is nil", function()
  ds:reset()
  expect(cv:numberOfSections()):toBe(0)
  expect(ds:itemForSection(0)):toBeNil()
  expect(reloads):toBe(3)
end)

scenario("the table view speaks of rows", function()
  local tv = ripple.tableView()
  local source = ripple.staticCollectionViewDataSource(tv)
  source:registerClass("Cell", function(cell, ip, s) cell.text = s:itemAtIndexPath(ip) end)
  source:reloadWithSections({ { "a" } }, nil)
  expect(function() tv:deleteRows({ ripple.indexPath(0, 3) }) end)
    :toRaise("attempt to delete row 3 from section 0 which only contains 1 rows before the update")
  tv:beginUpdates()
  source:reloadWithSections({ { "a", "b" } }, nil)
  tv:insertRows({ ripple.indexPath(0, 1) })
  tv:endUpdates()
  expect(tv:numberOfRowsInSection(0)):toBe(2)
end)
