-- Data sources and delegates written as Lua classes (methods through a metatable), and a collection view
-- with a Lua data source that provides supplementary views.
local model = ripple.model { Colour = { name = "string", group = "string" } }
local ctx = ripple.container(model).viewContext
for _, c in ipairs { { "red", "warm" }, { "blue", "cool" }, { "orange", "warm" } } do
  ctx:insert("Colour", { name = c[1], group = c[2] })
end
ctx:save()

-- A class, as Lua programmers write them.
local ColoursViewController = {}
ColoursViewController.__index = ColoursViewController

function ColoursViewController.new(context)
  local self = setmetatable({}, ColoursViewController)
  self.collectionView = ripple.collectionView { name = "colours" }
  self.collectionView:register("Swatch")
  self.collectionView:registerClassForSupplementaryViewOfKind("Header", "header", "Header")
  self.frc = ripple.fetchedResultsController { context = context, entity = "Colour",
    sortDescriptors = { "group", "name" }, sectionNameKeyPath = "group" }
  self.changes = nil
  self.frc.delegate = self
  self.frc:performFetch()
  self.collectionView.dataSource = self
  self.collectionView:reloadData()
  return self
end

ColoursViewController.supplementaryElementKinds = { "header" }
function ColoursViewController:numberOfSections(view) return #self.frc.sections end
function ColoursViewController:numberOfItemsInSection(view, section) return self.frc.sections[section + 1].numberOfObjects end
function ColoursViewController:cellForItemAtIndexPath(view, indexPath)
  local cell = view:dequeueReusableCell("Swatch", indexPath)
  cell.text = self.frc:objectAtIndexPath(indexPath).name
  return cell
end
function ColoursViewController:viewForSupplementaryElementOfKind(view, kind, indexPath)
  local header = view:dequeueReusableSupplementaryView(kind, "Header", indexPath)
  header.title = self.frc.sections[indexPath.section + 1].name
  return header
end

-- Collect the changes, apply them in one performBatchUpdates (the collection-view pattern).
function ColoursViewController:controllerWillChangeContent(controller)
  self.changes, self.deletedSections, self.insertedSections = {}, {}, {}
end
function ColoursViewController:didChangeSection(controller, info, index, type)
  if type == "insert" then self.insertedSections[index] = true else self.deletedSections[index] = true end
  self.changes[#self.changes + 1] = function(batch)
    if type == "insert" then batch:insertSections({ index }) else batch:deleteSections({ index }) end
  end
end
function ColoursViewController:didChangeObject(controller, colour, indexPath, type, newIndexPath)
  self.changes[#self.changes + 1] = function(batch)
    if type == "insert" then batch:insertItems({ newIndexPath })
    elseif type == "delete" then batch:deleteItems({ indexPath })
    elseif type == "update" then batch:reloadItems({ indexPath })
    elseif not self.filtersSectionMoves then batch:moveItem(indexPath, newIndexPath)
    -- The fix (MrRooni's gist, JSQDataSourcesKit #12): the section operations cover a move out of a
    -- deleted section or into an inserted one.
    elseif self.deletedSections[indexPath.section] and self.insertedSections[newIndexPath.section] then
    elseif self.deletedSections[indexPath.section] then batch:insertItems({ newIndexPath })
    elseif self.insertedSections[newIndexPath.section] then batch:deleteItems({ indexPath })
    else batch:moveItem(indexPath, newIndexPath) end
  end
end
function ColoursViewController:controllerDidChangeContent(controller)
  self.collectionView:performBatchUpdates(function(batch)
    for _, change in ipairs(self.changes) do change(batch) end
  end)
end

local screen = ColoursViewController.new(ctx)

scenario("class methods are called with self", function()
  expect(screen.collectionView:describe()):toEqual({
    '0: header {title = "cool"} | {text = "blue"}',
    '1: header {title = "warm"} | {text = "orange"}, {text = "red"}',
  })
  expect(screen.collectionView.dataSource == screen):toBe(true)
end)

scenario("moving the last item of a section: UIKit refuses the move out of a deleted section", function()
  ctx:fetch({ entity = "Colour", predicate = "name == 'blue'" })[1].group = "calm"
  expect(function() ctx:save() end):toRaise("cannot move an item from a deleted section (0)")
  -- After the failed batch the view shows its data source again, as after reloadData.
  expect(screen.collectionView:describe()[1]):toBe('0: header {title = "calm"} | {text = "blue"}')
end)

scenario("with the section filter, the same change passes, headers included", function()
  screen.filtersSectionMoves = true
  ripple.clearEvents()
  ctx:fetch({ entity = "Colour", predicate = "name == 'blue'" })[1].group = "cold"
  ctx:save()
  expect(screen.collectionView:describe()):toEqual({
    '0: header {title = "cold"} | {text = "blue"}',
    '1: header {title = "warm"} | {text = "orange"}, {text = "red"}',
  })
  expect(ripple.events()):toContain("[colours] performBatchUpdates deleteSections: [0]; insertSections: [0]")
end)

scenario("a moved item keeps its cell, which shows stale content until it is reconfigured", function()
  local red = ctx:fetch({ entity = "Colour", predicate = "name == 'red'" })[1]
  red.name = "amber"                                   -- sorts before orange: a move, never an update
  ctx:save()
  expect(screen.collectionView:describe()[2]):toBe('1: header {title = "warm"} | {text = "red"}, {text = "orange"}')
  screen.collectionView:reconfigureItems({ ripple.indexPath(1, 0) })
  expect(screen.collectionView:describe()[2]):toBe('1: header {title = "warm"} | {text = "amber"}, {text = "orange"}')
end)
