-- Fetched results controller: the callback rules of docs/decisions.md, decision 5, from Lua.
local model = ripple.model {
  Customer = { name = "string", initial = { "string", optional = true, transient = true },
               age = "integer?", active = { "boolean", default = true } },
}
local ctx = ripple.container(model).viewContext

local function customer(name, age)
  return ctx:insert("Customer", { name = name, initial = name:sub(1, 1), age = age or 30 })
end
local function rename(c, name) c.name = name; c.initial = name:sub(1, 1) end

-- A delegate that records every object change as "type old -> new".
local function recorder()
  local log = {}
  return log, {
    controllerWillChangeContent = function() log[#log + 1] = "will" end,
    didChangeSection = function(_, info, index, type) log[#log + 1] = type .. " section " .. info.name .. " " .. index end,
    didChangeObject = function(_, object, indexPath, type, newIndexPath)
      log[#log + 1] = string.format("%s %s %s -> %s", object.name, type, tostring(indexPath), tostring(newIndexPath))
    end,
    controllerDidChangeContent = function() log[#log + 1] = "did" end,
  }
end

local function controller(options)
  options.context = ctx
  options.entity = "Customer"
  options.sortDescriptors = options.sortDescriptors or { "name" }
  local frc = ripple.fetchedResultsController(options)
  local log, delegate = recorder()
  frc.delegate = delegate
  frc:performFetch()
  return frc, log
end

local function reset(log) for i = #log, 1, -1 do log[i] = nil end end

customer("Ann"); customer("Bob"); customer("Cy")
ctx:save()

scenario("an update of a non-sort key is an update with old and new path", function()
  local frc, log = controller { name = "Customers" }
  local bob = frc:objectAtIndexPath(ripple.indexPath(0, 1))
  ripple.clearEvents()
  bob.age = 41
  ctx:processPendingChanges()
  expect(log):toEqual({ "will", "Bob update [0, 1] -> [0, 1]", "did" })
  expect(ripple.events()):toContain("[frc Customers] didChangeObject Customer#2 update [0, 1] -> [0, 1]")
  reset(log)
  bob.age = 41                               -- the same value: still an update, as in Core Data
  ctx:processPendingChanges()
  expect(log):toEqual({ "will", "Bob update [0, 1] -> [0, 1]", "did" })
  ctx:rollback()
end)

scenario("a sort-key change that moves, and one that does not", function()
  local frc, log = controller {}
  local ann = frc:objectAtIndexPath(ripple.indexPath(0, 0))
  rename(ann, "Dee")
  ctx:processPendingChanges()
  expect(log):toEqual({ "will", "Dee move [0, 0] -> [0, 2]", "did" })
  reset(log)
  rename(ann, "Dora")                         -- still last: an update, not a move
  ctx:processPendingChanges()
  expect(log):toEqual({ "will", "Dora update [0, 2] -> [0, 2]", "did" })
  ctx:rollback()
end)

scenario("an insert at the front: one insert, no moves for the shifted rows", function()
  local frc, log = controller {}
  customer("Al")
  ctx:processPendingChanges()
  expect(log):toEqual({ "will", "Al insert nil -> [0, 0]", "did" })
  expect(#frc.fetchedObjects):toBe(4)
  ctx:rollback()
end)

scenario("an object leaving and re-entering the predicate", function()
  local frc, log = controller { predicate = "active == YES" }
  local bob = frc:objectAtIndexPath(ripple.indexPath(0, 1))
  bob.active = false
  ctx:processPendingChanges()
  expect(log):toEqual({ "will", "Bob delete [0, 1] -> nil", "did" })
  reset(log)
  bob.active = true
  ctx:processPendingChanges()
  expect(log):toEqual({ "will", "Bob insert nil -> [0, 1]", "did" })
  expect(frc:indexPathForObject(bob)):toBe(ripple.indexPath(0, 1))
  ctx:rollback()
end)

scenario("a move into a new section and out of an emptied one, in one batch", function()
  local frc, log = controller { sectionNameKeyPath = "initial" }
  expect(frc.sectionIndexTitles):toEqual({ "A", "B", "C" })
  local bob = frc:objectAtIndexPath(ripple.indexPath(1, 0))
  rename(bob, "Dan")
  ctx:processPendingChanges()
  expect(log):toEqual({ "will", "delete section B 1", "insert section D 2", "Dan move [1, 0] -> [2, 0]", "did" })
  expect(frc.sections[3].name):toBe("D")
  expect(frc.sections[3].numberOfObjects):toBe(1)
  ctx:rollback()
end)

scenario("index paths are values", function()
  local p = ripple.indexPath(0, 1)
  expect(tostring(p)):toBe("[0, 1]")
  expect(p.section):toBe(0)
  expect(p.item):toBe(1)
  expect(p.row):toBe(1)
  expect(p == ripple.indexPath(0, 1)):toBe(true)
  expect(p == ripple.indexPath(1, 0)):toBe(false)
end)
