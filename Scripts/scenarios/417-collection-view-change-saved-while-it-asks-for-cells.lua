-- A crash found by the fuzzer (seed 415129): a cell prepare block that changes another context whose
-- fetched data source drives the same collection view. That nested batch is refused ("while it was asking
-- its data source for its content"), and the data source then made the view forget what it showed while
-- the outer batch was still placing its new cells in place: the outer batch then unwrapped the view's
-- content and found nil (a trap, "Unexpectedly found nil"). Now the refused batch is an error at its
-- line, the outer batch finishes, and the view loads from its data source at its next question.
local model = ripple.model { Person = { name = "string", age = "integer" } }
local ctx = ripple.container(model).viewContext
local other = ripple.container(model).viewContext
for _, p in ipairs { { "Ann", 30 }, { "Bob", 40 }, { "Cy", 30 } } do
  ctx:insert("Person", { name = p[1], age = p[2] })
  other:insert("Person", { name = p[1], age = p[2] })
end
ctx:save()
other:save()

local cv = ripple.collectionView()
local second = ripple.fetchedCollectionViewDataSource(cv, other)
second:registerClass("Cell", function(cell, indexPath, dataSource) cell.text = "other" end)
second:reloadWithFetchRequest({ entity = "Person", sortDescriptors = { "age", "name" } }, { sectionAttribute = "age" })
local ds = ripple.fetchedCollectionViewDataSource(cv, ctx)
local nestedError
ds:registerClass("Cell", function(cell, indexPath, dataSource)
  local person = dataSource:itemAtIndexPath(indexPath)
  cell.text = person.name
  if person.name == "Dee" and nestedError == nil then
    other:insert("Person", { name = "Eve", age = 50 })
    local ok, err = pcall(function() other:processPendingChanges() end)
    nestedError = ok and "no error" or tostring(err):gsub("^.-%-cells%.lua:", "")
  end
end)
ds:reloadWithFetchRequest({ entity = "Person", sortDescriptors = { "age", "name" } }, { sectionAttribute = "age" })

local function shown()
  local out = {}
  for _, section in ipairs(cv:snapshot()) do
    local texts = {}
    for _, cell in ipairs(section.cells) do texts[#texts + 1] = cell.text end
    out[#out + 1] = table.concat(texts, " ")
  end
  return out
end

scenario("a batch refused inside cellForItemAt leaves the outer batch and the view consistent", function()
  expect(shown()):toEqual({ "Ann Cy", "Bob" })
  ctx:insert("Person", { name = "Dee", age = 30 })
  ctx:processPendingChanges()
  expect(nestedError):toBe("28: CoreData: error: Serious application error.  An exception was caught from the delegate of NSFetchedResultsController during a call to -controllerDidChangeContent:.  attempted to call a batch update on the collection view while it was asking its data source for its content, which is not allowed with userInfo (null)")
  -- The view loads from its data source at its next question.
  expect(cv.dataSource == ds):toBe(true)
  expect(cv:numberOfSections()):toBe(2)
  expect(shown()):toEqual({ "Ann Cy Dee", "Bob" })
  expect(ds:itemAtIndexPath(ripple.indexPath(0, 2)).name):toBe("Dee")
  -- The other context kept its change; its data source follows its controller.
  expect(other.hasChanges):toBe(true)
  expect(#second.fetchedItems):toBe(4)
  -- Later changes are batches as usual.
  ctx:insert("Person", { name = "Al", age = 40 })
  ctx:processPendingChanges()
  expect(shown()):toEqual({ "Ann Cy Dee", "Al Bob" })
  ctx:rollback()
  expect(shown()):toEqual({ "Ann Cy", "Bob" })
end)

scenario("the same inside reconfigureItems: the reconfiguration ends and the view loads at its next question", function()
  nestedError = nil
  local armed = true
  ds:registerClass("Cell", function(cell, indexPath, dataSource)
    cell.text = dataSource:itemAtIndexPath(indexPath).name
    if armed then
      armed = false
      other:insert("Person", { name = "Flo", age = 60 })
      local ok, err = pcall(function() other:processPendingChanges() end)
      nestedError = ok and "no error" or tostring(err):gsub("^.-%-cells%.lua:", "")
    end
  end)
  armed = false
  ds:reload()
  expect(shown()):toEqual({ "Ann Cy", "Bob" })
  armed = true
  cv:reconfigureItems({ ripple.indexPath(0, 0) })
  expect(nestedError):toBe("73: CoreData: error: Serious application error.  An exception was caught from the delegate of NSFetchedResultsController during a call to -controllerDidChangeContent:.  attempted to call a batch update on the collection view while it was asking its data source for its content, which is not allowed with userInfo (null)")
  expect(cv:numberOfSections()):toBe(2)
  expect(shown()):toEqual({ "Ann Cy", "Bob" })
  ctx:insert("Person", { name = "Al", age = 40 })
  ctx:processPendingChanges()
  expect(shown()):toEqual({ "Ann Cy", "Al Bob" })
  ctx:rollback()
end)
