-- Seed 001 (NXCollectionViewDataSource): the colours demo. Toggling `selected` moves a colour between the
-- "selected" and "not selected" sections; sections appear and disappear; every batch validates.
-- Run: swift run ripple run Scripts/examples/colours-collection.lua --trace

local model = ripple.model { Colour = { name = "string", selected = { "boolean", default = false } } }
local ctx = ripple.container(model).viewContext
for _, n in ipairs { "red", "green", "blue" } do ctx:insert("Colour", { name = n }) end
ctx:save()

local cv = ripple.collectionView()
local source = ripple.fetchedCollectionViewDataSource(cv, ctx)
source:registerClass("Swatch", function(cell, indexPath, dataSource)
  cell.text = dataSource:itemAtIndexPath(indexPath).name
end)
source:reloadWithFetchRequest({ entity = "Colour", sortDescriptors = { "selected", "name" } },
                              { sectionAttribute = "selected" })

local function sections()
  local out = {}
  for i, section in ipairs(cv:snapshot()) do
    local names = {}
    for j, cell in ipairs(section.cells) do names[j] = cell.text end
    out[i] = table.concat(names, " ")
  end
  return out
end

scenario("selecting a colour creates the selected section", function()
  local green = source:itemAtIndexPath(ripple.indexPath(0, 1))
  green.selected = true
  ctx:save()
  expect(sections()):toEqual({ "blue red", "green" })
  expect(source:itemForSection(1)):toBe(true)
end)

scenario("selecting every colour empties the first section", function()
  for _, colour in ipairs(source.fetchedItems) do colour.selected = true end
  ctx:save()
  expect(sections()):toEqual({ "blue green red" })
end)
