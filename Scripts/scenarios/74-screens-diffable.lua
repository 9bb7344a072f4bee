-- Diffable data sources (iOS 13+): snapshots, apply computing the batch update, and the fetched-results
-- controller's snapshot delegate plugged straight in (item identifiers are object IDs).
local function letters()
  local cv = ripple.collectionView { name = "letters" }
  cv:register("Cell")
  local ds = ripple.collectionViewDiffableDataSource(cv, function(view, indexPath, id)
    local cell = view:dequeueReusableCell("Cell", indexPath)
    cell.text = id
    return cell
  end)
  return cv, ds
end

local function texts(view)
  local out = {}
  for _, section in ipairs(view:snapshot()) do
    local rows = {}
    for _, cell in ipairs(section.cells) do rows[#rows + 1] = cell.text end
    out[#out + 1] = table.concat(rows, ",")
  end
  return out
end

scenario("building a snapshot", function()
  local s = ripple.snapshot()
  s:appendSections({ "vowels", "consonants" })
  s:appendItems({ "a", "e" }, "vowels")
  s:appendItems({ "b", "c" })                       -- the last section
  s:insertItemsBeforeItem({ "i0" }, "e")
  s:moveItemAfterItem("a", "e")
  s:deleteItems({ "i0", "zzz" })                    -- unknown identifiers are ignored, as UIKit does
  expect(s.sectionIdentifiers):toEqual({ "vowels", "consonants" })
  expect(s:itemIdentifiersInSection("vowels")):toEqual({ "e", "a" })
  expect(s.numberOfItems):toBe(4)
  expect(s:indexOfItem("b")):toBe(2)
  expect(s:indexOfItem("q")):toBe(nil)
  expect(s:sectionIdentifierForSectionContainingItem("c")):toBe("consonants")
  expect(s.description):toBe("vowels: e, a; consonants: b, c")
end)

scenario("UIKit's snapshot errors", function()
  local s = ripple.snapshot()
  expect(function() s:appendItems({ "a" }) end):toRaise(
    "There are currently no sections in the data source. Please add a section first.")
  s:appendSections({ "main" })
  expect(function() s:appendItems({ "a" }, "other") end):toRaise("Invalid parameter not satisfying: section != NSNotFound")
  expect(function() s:appendSections({ "main" }) end):toRaise(
    "Fatal: supplied section identifiers are not unique. Duplicate identifiers: {(\n    main\n)}")
  expect(function() s:appendItems({ "x", "y", "x" }) end):toRaise(
    "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    x\n)}")
  expect(function() s:reloadItems({ "nope" }) end):toRaise("Attempted to reload item identifier that does not exist in the snapshot: nope")
  expect(function() s:reconfigureItems({ "nope" }) end):toRaise("Attempted to reconfigure item identifier that does not exist in the snapshot: nope")
  expect(function() s:reloadSections({ "nope" }) end):toRaise("Attempted to reload section identifier that does not exist in the snapshot: nope")
  expect(function() s:insertItemsAfterItem({ "b" }, "nope") end):toRaise("itemIndex != NSNotFound")
  expect(function() s:appendItems({ ripple }) end):toRaise("an identifier must be a string, number or boolean, got table")
  expect(s.numberOfItems):toBe(0)
end)

scenario("appending an identifier the snapshot has moves it, with UIKit's warning in the trace", function()
  local s = ripple.snapshot()
  s:appendSections({ "main" })
  s:appendItems({ "a", "b" })
  ripple.clearEvents()
  s:appendItems({ "a" })
  expect(s.itemIdentifiers):toEqual({ "b", "a" })
  expect(ripple.events()[1]):toContain("[UIDiffableDataSource] Diffable data source detected an attempt to insert or append 1 item identifier that already exists in the snapshot.")
end)

scenario("apply computes the batch update", function()
  local cv, ds = letters()
  local s = ripple.snapshot()
  s:appendSections({ "main" })
  s:appendItems({ "a", "b", "c", "d" })
  ds:apply(s)                                        -- first apply: the view loads
  expect(texts(cv)):toEqual({ "a,b,c,d" })
  ripple.clearEvents()
  s = ds:snapshot()
  s:deleteItems({ "b" })
  s:appendItems({ "e" })
  s:moveItemBeforeItem("d", "a")
  ds:apply(s, true)
  expect(texts(cv)):toEqual({ "d,a,c,e" })
  expect(ripple.events()):toEqual({
    "[letters] apply main: d, a, c, e",
    "[letters] performBatchUpdates deleteItems: [0, 1]; insertItems: [0, 3]; moveItem: [0, 3] -> [0, 0]",
  })
  -- Sections too: a new section, a deleted one, a moved one.
  s = ds:snapshot()
  s:appendSections({ "extra" })
  s:appendItems({ "x" }, "extra")
  s:moveSectionBeforeSection("extra", "main")
  ds:apply(s)
  expect(texts(cv)):toEqual({ "x", "d,a,c,e" })
  expect(ds:itemIdentifierForIndexPath(ripple.indexPath(1, 0))):toBe("d")
  expect(ds:indexPathForItemIdentifier("x")):toBe(ripple.indexPath(0, 0))
end)

scenario("reloadItems gives a new cell, reconfigureItems configures the same cell again", function()
  local cv, ds = letters()
  local s = ripple.snapshot()
  s:appendSections({ 1 })
  s:appendItems({ 10, 20 })
  ds:apply(s)
  local first = cv:cellForItemAtIndexPath(ripple.indexPath(0, 0))
  ripple.clearEvents()
  s = ds:snapshot()
  s:reloadItems({ 10 })
  s:reconfigureItems({ 20 })
  expect(s.reloadedItemIdentifiers):toEqual({ 10 })
  ds:apply(s)
  expect(ripple.events()):toEqual({
    "[letters] apply 1: 10, 20",
    "[letters] performBatchUpdates reloadItems: [0, 0]",
    "[letters] reconfigureItems: [0, 1]",
  })
  expect(ds:snapshot().reloadedItemIdentifiers):toEqual({})
  expect(cv:cellForItemAtIndexPath(ripple.indexPath(0, 0)).text):toBe(10)
  expect(first == cv:cellForItemAtIndexPath(ripple.indexPath(0, 0))):toBe(true)   -- reused from the pool
end)

-- The fetched-results controller's snapshot delegate feeding a table view's diffable data source.
local model = ripple.model {
  Person = { name = "string", initial = { derived = function(p) return p.name:sub(1, 1) end, dependsOn = { "name" } } },
}
local ctx = ripple.container(model).viewContext
for _, n in ipairs { "Ann", "Bob", "Cy" } do ctx:insert("Person", { name = n }) end
ctx:save()
local frc = ripple.fetchedResultsController { context = ctx, entity = "Person", sortDescriptors = { "name" },
                                              sectionNameKeyPath = "initial", name = "People" }
local tv = ripple.tableView { name = "people" }
tv:register("Cell")
local dataSource = ripple.tableViewDiffableDataSource(tv, function(view, indexPath, objectID)
  local cell = view:dequeueReusableCell("Cell", indexPath)
  local person = frc:objectAtIndexPath(indexPath)
  expect(person.objectID):toBe(objectID)
  cell.text = person.name
  return cell
end)
frc.delegate = {
  didChangeContentWithSnapshot = function(controller, snapshot) dataSource:apply(snapshot, true) end,
}
frc:performFetch()

local function fresh()
  local out, current = {}, nil
  for _, p in ipairs(ctx:fetch { entity = "Person", sortDescriptors = { "name" } }) do
    if p.initial ~= current then current = p.initial; out[#out + 1] = p.name else out[#out] = out[#out] .. "," .. p.name end
  end
  return out
end

scenario("the FRC's snapshot applies as is: the table always equals a fresh fetch", function()
  expect(texts(tv)):toEqual({ "Ann", "Bob", "Cy" })
  ctx:insert("Person", { name = "Al" })
  ctx:save()
  expect(texts(tv)):toEqual(fresh())
  local bob = ctx:fetch { entity = "Person", predicate = "name == 'Bob'" }[1]
  ripple.clearEvents()
  bob.name = "Dan"                                   -- a section change: B goes, D comes
  ctx:save()
  expect(texts(tv)):toEqual({ "Al,Ann", "Cy", "Dan" })
  expect(texts(tv)):toEqual(fresh())
  -- Al was inserted with a temporary object ID that became permanent at the save: as on iOS, the
  -- new identifier is a new item, so his row is deleted and inserted again.
  expect(ripple.events()):toContain("[people] apply A: Person#4, Person#1; C: Person#3; D: Person#2")
  expect(ripple.events()):toContain("[people] performBatchUpdates deleteSections: [1]; insertSections: [2]; deleteRows: [0, 0]; insertRows: [0, 0]")
  local cy = ctx:fetch { entity = "Person", predicate = "name == 'Cy'" }[1]
  cy.name = "Cyd"                                    -- an update: iOS 15 reloads it
  ripple.clearEvents()
  ctx:save()
  expect(ripple.events()):toContain("[people] performBatchUpdates reloadRows: [1, 0]")
  expect(texts(tv)):toEqual({ "Al,Ann", "Cyd", "Dan" })
  ctx:delete(cy)
  ctx:save()
  expect(texts(tv)):toEqual(fresh())
end)

scenario("a supplementary view provider for section headers", function()
  local cv, ds = letters()
  cv:registerClassForSupplementaryViewOfKind("Header", "header", "Header")
  ds.supplementaryElementKinds = { "header" }
  ds.supplementaryViewProvider = function(view, kind, indexPath)
    local header = view:dequeueReusableSupplementaryView(kind, "Header", indexPath)
    header.title = ds:snapshot().sectionIdentifiers[indexPath.section + 1]
    return header
  end
  local s = ripple.snapshot()
  s:appendSections({ "x", "y" })
  s:appendItems({ "1" }, "x")
  ds:apply(s)
  expect(cv:snapshot()[2].supplementaryViews.header.title):toBe("y")
  expect(function() ds.supplementaryElementKinds = { 3 } end):toRaise("supplementaryElementKinds item 1 must be a string, got number")
end)
