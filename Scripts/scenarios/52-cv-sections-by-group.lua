-- Fetched data source sectioned by a to-one relationship, with people who have no group.
local model = ripple.model {
  Person = { name = "string", group = { toOne = "Group", inverse = "persons", deleteRule = "nullify" } },
  Group = { name = "string", persons = { toMany = "Person", inverse = "group", deleteRule = "nullify" } },
}
local ctx = ripple.container(model).viewContext
local red = ctx:insert("Group", { name = "Red" })
local blue = ctx:insert("Group", { name = "Blue" })
ctx:insert("Person", { name = "Ann", group = red })
ctx:insert("Person", { name = "Bob", group = blue })
ctx:insert("Person", { name = "Cy" })
ctx:insert("Person", { name = "Dee", group = red })
ctx:save()

local cv = ripple.collectionView()
local ds = ripple.fetchedCollectionViewDataSource(cv, ctx)
ds:registerClass("Cell", function(cell, ip, source) cell.text = source:itemAtIndexPath(ip).name end)
ds:registerClassForSupplementaryViewOfKind("Header", "header", function(view, ip, source)
  local group = source:itemForSection(ip.section)
  view.title = group and group.name or "No group"
end)
ds:reloadWithFetchRequest({ entity = "Person", sortDescriptors = { "group.name", "name" } }, { sectionRelationship = "group" })

local function titles()
  local out = {}
  for s, section in ipairs(cv:snapshot()) do
    local n = {}
    for i, cell in ipairs(section.cells) do n[i] = cell.text end
    out[s] = section.supplementaryViews.header.title .. ": " .. table.concat(n, ",")
  end
  return out
end

scenario("sections are the groups; people without a group have a nil section item", function()
  expect(titles()):toEqual({ "No group: Cy", "Blue: Bob", "Red: Ann,Dee" })
  expect(ds:itemForSection(0)):toBeNil()
  expect(ds:itemForSection(1)):toBe(blue)
  expect(ds:itemForSection(2)):toBe(red)
end)

scenario("joining a group moves the person into its section", function()
  ripple.clearEvents()
  local cy = ds:itemAtIndexPath(ripple.indexPath(0, 0))
  cy.group = blue
  ctx:save()
  expect(titles()):toEqual({ "Blue: Bob,Cy", "Red: Ann,Dee" })
  expect(ripple.events()):toContain("[cv] performBatchUpdates deleteSections: [0]; insertItems: [0, 1]")
end)

scenario("to-many relationships are refused", function()
  local other = ripple.fetchedCollectionViewDataSource(ripple.collectionView(), ctx)
  expect(function()
    other:reloadWithFetchRequest({ entity = "Group", sortDescriptors = { "name" } }, { sectionRelationship = "persons" })
  end):toRaise("only to%-one relationships are supported")
end)
