-- The two saves that break NXCollectionViewDataSource (quirk 2.5.1): both must validate here.
local model = ripple.model { Person = { name = "string", initial = "string" } }
local ctx = ripple.container(model).viewContext

local function setup(names)
  for _, p in ipairs(ctx:fetch { entity = "Person" }) do ctx:delete(p) end
  for _, n in ipairs(names) do ctx:insert("Person", { name = n, initial = n:sub(1, 1) }) end
  ctx:save()
  local cv = ripple.collectionView()
  local ds = ripple.fetchedCollectionViewDataSource(cv, ctx)
  ds:registerClass("Cell", function(cell, ip, source) cell.text = source:itemAtIndexPath(ip).name end)
  ds:reloadWithFetchRequest({ entity = "Person", sortDescriptors = { "initial", "name" } }, { sectionKeyPath = "initial" })
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

scenario("NX-27: a new section at index 0 while an item of old section 0 is deleted", function()
  local cv, ds = setup { "Bea", "Bob" }
  ripple.clearEvents()
  ctx:insert("Person", { name = "Ann", initial = "A" })
  ctx:delete(ds:itemAtIndexPath(ripple.indexPath(0, 0)))
  ctx:save()
  expect(names(cv)):toEqual({ "Ann", "Bob" })
  expect(ripple.events()):toContain("[cv] performBatchUpdates insertSections: [0]; deleteItems: [0, 0]")
end)

scenario("NX-28: old section 0 deleted while an item is inserted into the section now at index 0", function()
  local cv, ds = setup { "Ann", "Bob" }
  ripple.clearEvents()
  ctx:delete(ds:itemAtIndexPath(ripple.indexPath(0, 0)))
  ctx:insert("Person", { name = "Bea", initial = "B" })
  ctx:save()
  expect(names(cv)):toEqual({ "Bea,Bob" })
  expect(ripple.events()):toContain("[cv] performBatchUpdates deleteSections: [0]; insertItems: [0, 0]")
end)

scenario("a view that is told the wrong counts raises UIKit's message and keeps its state", function()
  local cv = setup { "Ann", "Bob" }
  expect(function()
    cv:performBatchUpdates(function(batch) batch:insertItems({ ripple.indexPath(0, 0) }) end)
  end):toRaise("Invalid batch updates detected: the number of sections and/or items returned by the data source before and/or after performing the batch updates are inconsistent with the updates. Data source before updates = { 2 sections with item counts: [1, 1] } Data source after updates = { 2 sections with item counts: [1, 1] } Updates = [ Insert item (0 - 0) ]")
  expect(names(cv)):toEqual({ "Ann", "Bob" })
end)

scenario("the same mistake under the ios15 profile: UIKit's per-section message", function()
  ripple.uikit.profile = "ios15"
  local cv = setup { "Ann", "Bob" }
  expect(function()
    cv:performBatchUpdates(function(batch) batch:insertItems({ ripple.indexPath(0, 0) }) end)
  end):toRaise("Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update %(1%)")
  expect(names(cv)):toEqual({ "Ann", "Bob" })
  ripple.uikit.profile = "ios16.4"
end)
