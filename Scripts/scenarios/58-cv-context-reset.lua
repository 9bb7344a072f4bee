-- A reset of the context: the fetched data source fetches again and reloads its view, so the view never
-- shows objects that no longer exist (a fetched-results controller alone tells its delegate nothing).
local model = ripple.model { Person = { name = "string" } }
local ctx = ripple.container(model).viewContext
for _, n in ipairs { "Ann", "Bob" } do ctx:insert("Person", { name = n }) end
ctx:save()

local cv = ripple.collectionView()
local ds = ripple.fetchedCollectionViewDataSource(cv, ctx)
ds:registerClass("Cell", function(cell, indexPath, dataSource)
  cell.text = dataSource:itemAtIndexPath(indexPath).name
end)
ds:reloadWithFetchRequest({ entity = "Person", sortDescriptors = { "name" } })

scenario("after a reset the view shows the saved objects, fetched again", function()
  local before = ds:itemAtIndexPath(ripple.indexPath(0, 0))
  ctx:insert("Person", { name = "Unsaved" })
  ripple.clearEvents()
  ctx:reset()
  expect(ripple.events()):toEqual({ "[viewContext] objectsDidChange invalidatedAll", "[cv] reloadData" })
  local after = ds:itemAtIndexPath(ripple.indexPath(0, 0))
  expect(after == before):toBe(false)
  expect(after.name):toBe("Ann")
  expect(cv:numberOfItemsInSection(0)):toBe(2)
  expect(cv:snapshot()[1].cells[2].text):toBe("Bob")
end)

scenario("changes after the reset reach the view as batch updates again", function()
  ctx:insert("Person", { name = "Cy" })
  ctx:save()
  expect(cv:numberOfItemsInSection(0)):toBe(3)
  expect(cv:snapshot()[1].cells[3].text):toBe("Cy")
end)
