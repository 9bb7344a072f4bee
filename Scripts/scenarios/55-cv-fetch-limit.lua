-- Fetch limit and offset hold after inserts and deletes.
local model = ripple.model { Person = { name = "string" } }
local ctx = ripple.container(model).viewContext
for _, n in ipairs { "Bob", "Cy", "Dee", "Eve" } do ctx:insert("Person", { name = n }) end
ctx:save()

local cv = ripple.collectionView()
local ds = ripple.fetchedCollectionViewDataSource(cv, ctx)
ds:registerClass("Cell", function(cell, ip, source) cell.text = source:itemAtIndexPath(ip).name end)
ds:reloadWithFetchRequest({ entity = "Person", sortDescriptors = { "name" }, fetchLimit = 2, fetchOffset = 1 })

local function names()
  local n = {}
  for i, cell in ipairs(cv:snapshot()[1].cells) do n[i] = cell.text end
  return n
end

scenario("the window starts at the offset", function()
  expect(names()):toEqual({ "Cy", "Dee" })
end)

scenario("an insert before the window shifts it and the limit holds", function()
  ctx:insert("Person", { name = "Al" })
  ctx:save()
  expect(names()):toEqual({ "Bob", "Cy" })
  expect(#ds.fetchedItems):toBe(2)
end)

scenario("a delete inside the window pulls the next one in", function()
  ctx:delete(ds:itemAtIndexPath(ripple.indexPath(0, 0)))
  ctx:save()
  expect(names()):toEqual({ "Cy", "Dee" })
end)
