-- Cell registrations: predicates with $SECTION and $ITEM, Lua predicates, first match wins,
-- re-registering moves an identifier last.
local model = ripple.model { Person = { name = "string", age = "integer" } }
local ctx = ripple.container(model).viewContext
for i, n in ipairs { "Ann", "Bob", "Cy" } do ctx:insert("Person", { name = n, age = 20 * i }) end
ctx:save()

local cv = ripple.collectionView()
local ds = ripple.fetchedCollectionViewDataSource(cv, ctx)
local function prepare(cell, ip, source) cell.text = source:itemAtIndexPath(ip).name end
ds:registerClass("FirstCell", "First", "$SECTION == 0 AND $ITEM == 0", prepare)
ds:registerClass("OldCell", "Old", function(person) return person.age >= 40 end, prepare)
ds:registerClass("Cell", prepare)
ds:reloadWithFetchRequest({ entity = "Person", sortDescriptors = { "name" } })

local function identifiers()
  local out = {}
  for i = 0, cv:numberOfItemsInSection(0) - 1 do out[#out + 1] = cv:cellForItemAtIndexPath(ripple.indexPath(0, i)).reuseIdentifier end
  return out
end

scenario("the first matching registration wins", function()
  expect(identifiers()):toEqual({ "First", "Old", "Old" })
end)

scenario("re-registering an identifier moves it last", function()
  ds:registerClass("FirstCell", "First", "$ITEM == 0", prepare)
  cv:reloadData()
  expect(identifiers()):toEqual({ "CollectionViewDataSourceCellReuseIdentifier", "Old", "Old" })
end)

scenario("an item that no registration accepts raises UIKit's error", function()
  ds:registerClass(nil, "Old")
  ds:registerClass(nil, prepare)
  expect(function() cv:reloadData() end):toRaise("returned nil from %-collectionView:cellForItemAtIndexPath:")
end)
