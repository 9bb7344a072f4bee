-- expect(view):toShow(frc) / toShowObjects(list): the rows a view shows, by its cells' objects, against
-- a fetched-results controller or a list, with a diff of rows when they differ.
local model = ripple.model { Person = { name = "string" } }
local ctx = ripple.container(model).viewContext
local ada = ctx:insert("Person", { name = "Ada" })
local bob = ctx:insert("Person", { name = "Bob" })
ctx:save()
local frc = ripple.fetchedResultsController { context = ctx, entity = "Person", sortDescriptors = { "name" } }
local tv = ripple.tableView { name = "people" }
tv:register("Cell")
tv.dataSource = {
  numberOfRowsInSection = function() return frc.sections[1].numberOfObjects end,
  cellForRowAtIndexPath = function(view, indexPath)
    local cell = view:dequeueReusableCell("Cell", indexPath)
    local person = frc:objectAtIndexPath(indexPath)
    cell.text = person.name
    cell.person = person                        -- the configured object (a field holding it)
    return cell
  end,
}
frc:performFetch()
tv:reloadData()

scenario("a view that shows the controller's objects passes toShow and toShowObjects", function()
  expect(tv):toShow(frc)
  expect(tv):toShowObjects({ ada, bob })
  expect(tv).never:toShowObjects({ bob, ada })
end)

scenario("a view that missed a change fails with a diff of rows", function()
  frc.delegate = { controllerDidChangeContent = function() end }   -- the view is not told
  ctx:insert("Person", { name = "Al" })
  ctx:save()
  local ok, err = pcall(function() expect(tv):toShow(frc) end)
  expect(ok):toBe(false)
  expect(err):toContain(
    "210-to-show-rows-by-objects.lua:34: expected the view to show the controller's objects (rows by their cells' objects)\n"
    .. "--- expected\n+++ actual\n  [0, 0] Person#1\n- [0, 1] Person#3\n- [0, 2] Person#2\n+ [0, 1] Person#2")
  ok, err = pcall(function() expect(tv):toShowObjects(frc.fetchedObjects) end)
  expect(err):toContain("expected the view to show these objects (rows by their cells' objects)\n--- expected\n+++ actual\n  Person#1\n- Person#3\n  Person#2")
  tv:reloadData()
  expect(tv):toShow(frc)
end)

scenario("a cell without an object, and a value that is not a view, are named", function()
  local plain = ripple.tableView()
  plain.dataSource = {
    numberOfRowsInSection = function() return 1 end,
    cellForRowAtIndexPath = function() return { text = "x" } end,
  }
  plain:reloadData()
  local ok, err = pcall(function() expect(plain):toShowObjects({ ada }) end)
  expect(err):toContain("- Person#1\n+ a cell without an object {text = \"x\"}")
  expect(function() expect(42):toShow(frc) end)
    :toRaise("bad argument to 'toShow' (expect(view) with a table or collection view expected, got 42)")
  expect(function() expect(tv):toShow({}) end)
    :toRaise("bad argument #1 to 'toShow' (FetchedResultsController expected, got {})")
end)
