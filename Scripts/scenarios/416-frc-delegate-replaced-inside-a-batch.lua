-- Pinned behaviour (not a bug, but surprising): a script that sets or replaces a controller's delegate
-- inside one of its callbacks. The controller delivers the rest of that batch's object changes to the
-- delegate that started the batch (it holds it for the batch), while the later phases follow the new
-- delegate's callbacks: with `frc.delegate = nil`, the remaining didChangeObject calls still arrive but
-- controllerDidChangeContent does not; with another table, the old one gets the rest of the batch,
-- didChangeContent included, and the new one gets the next batch. Either way the controller's own
-- sections and objects are those of a fresh fetch, and a controller without a delegate stops tracking
-- changes (as Core Data documents).
local model = ripple.model { Item = { group = "integer", name = "string" } }
local ctx = ripple.container(model).viewContext
for i = 1, 6 do ctx:insert("Item", { group = i % 2, name = string.format("item %d", i) }) end
ctx:save()

local function controller(name)
  local frc = ripple.fetchedResultsController {
    context = ctx, entity = "Item", sortDescriptors = { "group", "name" }, sectionNameKeyPath = "group", name = name,
  }
  frc:performFetch()
  return frc
end

local function sections(frc)
  local out = {}
  for _, section in ipairs(frc.sections) do
    local names = {}
    for _, o in ipairs(section.objects) do names[#names + 1] = o.name end
    out[#out + 1] = section.name .. ": " .. table.concat(names, ", ")
  end
  return out
end

local function rename(frc, section, item, name)
  frc:objectAtIndexPath(ripple.indexPath(section, item)).name = name
end

scenario("frc.delegate = nil inside didChangeObject: the batch's object changes go on, didChangeContent does not", function()
  local frc = controller("Cleared")
  local seen = {}
  frc.delegate = {
    controllerWillChangeContent = function(c) seen[#seen + 1] = "will" end,
    didChangeObject = function(c, o, from, kind, to)
      seen[#seen + 1] = o.name .. " " .. kind
      c.delegate = nil
    end,
    controllerDidChangeContent = function(c) seen[#seen + 1] = "did" end,
  }
  rename(frc, 0, 0, "zz")
  rename(frc, 1, 0, "yy")
  ctx:processPendingChanges()
  expect(seen):toEqual({ "will", "zz move", "yy move" })
  expect(frc.delegate):toBeNil()
  expect(sections(frc)):toEqual({ "0: item 4, item 6, zz", "1: item 3, item 5, yy" })
  -- No delegate, no tracking: the next change leaves the controller as it was.
  -- (its objects are live: the one renamed shows its new name where it was)
  rename(frc, 0, 0, "aa")
  ctx:processPendingChanges()
  expect(seen):toEqual({ "will", "zz move", "yy move" })
  expect(sections(frc)):toEqual({ "0: aa, item 6, zz", "1: item 3, item 5, yy" })
  ctx:rollback()
end)

scenario("another delegate set inside a callback: the old one finishes the batch, the new one gets the next", function()
  local frc = controller("Replaced")
  local seen = {}
  local second = {
    didChangeObject = function(c, o, from, kind, to) seen[#seen + 1] = "second " .. o.name end,
    controllerDidChangeContent = function(c) seen[#seen + 1] = "second did" end,
  }
  frc.delegate = {
    didChangeObject = function(c, o, from, kind, to)
      seen[#seen + 1] = "first " .. o.name
      c.delegate = second
    end,
    controllerDidChangeContent = function(c) seen[#seen + 1] = "first did" end,
  }
  rename(frc, 0, 0, "zz")
  rename(frc, 1, 0, "yy")
  ctx:processPendingChanges()
  expect(seen):toEqual({ "first zz", "first yy", "first did" })
  seen = {}
  rename(frc, 0, 0, "a0")
  ctx:processPendingChanges()
  expect(seen):toEqual({ "second a0", "second did" })
  expect(sections(frc)):toEqual({ "0: a0, item 6, zz", "1: item 3, item 5, yy" })
  frc.delegate = nil
  ctx:rollback()
end)
