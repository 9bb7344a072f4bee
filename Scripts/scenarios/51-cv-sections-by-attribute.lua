-- Fetched data source sectioned by typed attributes: integer, boolean, date; itemForSection is typed.
local model = ripple.model {
  Person = { name = "string", age = "integer", female = "boolean", modified = "date" },
}
local ctx = ripple.container(model).viewContext
ctx:insert("Person", { name = "Ann", age = 30, female = true, modified = 100 })
ctx:insert("Person", { name = "Bob", age = 40, female = false, modified = 200 })
ctx:insert("Person", { name = "Cy", age = 30, female = false, modified = 100 })
ctx:save()

local function make(attribute, sort)
  local cv = ripple.collectionView()
  local ds = ripple.fetchedCollectionViewDataSource(cv, ctx)
  ds:registerClass("Cell", function(cell, ip, source) cell.text = source:itemAtIndexPath(ip).name end)
  ds:reloadWithFetchRequest({ entity = "Person", sortDescriptors = sort }, { sectionAttribute = attribute })
  return cv, ds
end

local function names(cv)
  local out = {}
  for s, section in ipairs(cv:snapshot()) do
    local n = {}
    for i, cell in ipairs(section.cells) do n[i] = cell.text end
    out[s] = table.concat(n, ",")
  end
  return out
end

scenario("integer sections give numbers", function()
  local cv, ds = make("age", { "age", "name" })
  expect(names(cv)):toEqual({ "Ann,Cy", "Bob" })
  expect(ds:itemForSection(0)):toBe(30)
  expect(math.type(ds:itemForSection(1))):toBe("integer")
end)

scenario("boolean sections give booleans", function()
  local cv, ds = make("female", { { key = "female", ascending = false }, "name" })
  expect(names(cv)):toEqual({ "Ann", "Bob,Cy" })
  expect(ds:itemForSection(0)):toBe(true)
  expect(ds:itemForSection(1)):toBe(false)
end)

scenario("date sections give dates and follow changes", function()
  local cv, ds = make("modified", { "modified", "name" })
  expect(names(cv)):toEqual({ "Ann,Cy", "Bob" })
  expect(ds:itemForSection(1)):toBe(200)
  local cy = ds:itemAtIndexPath(ripple.indexPath(0, 1))
  cy.modified = 300
  ctx:save()
  expect(names(cv)):toEqual({ "Ann", "Bob", "Cy" })
  expect(ds:itemForSection(2)):toBe(300)
  cy.modified = 100
  ctx:save()
end)

scenario("unsupported section attributes are refused", function()
  local cv = ripple.collectionView()
  local ds = ripple.fetchedCollectionViewDataSource(cv, ctx)
  expect(function() ds:reloadWithFetchRequest({ entity = "Person", sortDescriptors = { "name" } }, { sectionAttribute = "nope" }) end)
    :toRaise("Person has no attribute 'nope'")
  expect(ds:itemForSection(0)):toBeNil()
end)
