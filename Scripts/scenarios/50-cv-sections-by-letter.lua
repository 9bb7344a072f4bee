-- Fetched collection-view data source: people sectioned by the first letter of their name.
local model = ripple.model {
  Person = { name = "string", initial = { derived = function(p) return p.name:sub(1, 1):upper() end, dependsOn = { "name" } } },
}
local ctx = ripple.container(model).viewContext
for _, n in ipairs { "Bob", "Ann", "Bea", "Cy" } do ctx:insert("Person", { name = n }) end
ctx:save()

local cv = ripple.collectionView()
local ds = ripple.fetchedCollectionViewDataSource(cv, ctx)
ds:registerClass("Cell", function(cell, indexPath, dataSource) cell.text = dataSource:itemAtIndexPath(indexPath).name end)
ds:registerClassForSupplementaryViewOfKind("Header", "header", function(view, indexPath, dataSource)
  view.title = dataSource:itemForSection(indexPath.section)
end)
ds:reloadWithFetchRequest({ entity = "Person", sortDescriptors = { "name" } }, { sectionKeyPath = "initial" })

local function texts()
  local out = {}
  for s, section in ipairs(cv:snapshot()) do
    local names = {}
    for i, cell in ipairs(section.cells) do names[i] = cell.text end
    out[s] = section.supplementaryViews.header.title .. ": " .. table.concat(names, ", ")
  end
  return out
end

scenario("the initial load shows every section with its header", function()
  expect(cv:numberOfSections()):toBe(3)
  expect(cv:numberOfItemsInSection(1)):toBe(2)
  expect(texts()):toEqual({ "A: Ann", "B: Bea, Bob", "C: Cy" })
  expect(ds:itemForSection(1)):toBe("B")
  expect(ds:itemAtIndexPath(ripple.indexPath(5, 0))):toBeNil()
  expect(#ds.fetchedItems):toBe(4)
end)

scenario("an insert into a new section and a delete are one valid batch", function()
  ripple.clearEvents()
  ctx:insert("Person", { name = "Dee" })
  ctx:delete(ds:itemAtIndexPath(ripple.indexPath(2, 0)))
  ctx:save()
  expect(texts()):toEqual({ "A: Ann", "B: Bea, Bob", "D: Dee" })
  expect(ripple.events()):toContain("[cv] performBatchUpdates deleteSections: [2]; insertSections: [2]")
end)

scenario("a rename moves the item across sections and prepares it again", function()
  ripple.clearEvents()
  local bob = ds:itemAtIndexPath(ripple.indexPath(1, 1))
  bob.name = "Abe"
  ctx:save()
  expect(texts()):toEqual({ "A: Abe, Ann", "B: Bea", "D: Dee" })
  expect(ripple.events()):toContain("[cv] performBatchUpdates moveItem: [1, 1] -> [0, 0]")
  expect(ripple.events()):toContain("[cv] reconfigureItems: [0, 0]")
end)

scenario("an update reloads the cell at its old path", function()
  ripple.clearEvents()
  local bea = ds:itemAtIndexPath(ripple.indexPath(1, 0))
  bea.name = "Bee"
  ctx:save()
  expect(texts()):toEqual({ "A: Abe, Ann", "B: Bee", "D: Dee" })
  expect(ripple.events()):toContain("[cv] performBatchUpdates reloadItems: [1, 0]")
end)
