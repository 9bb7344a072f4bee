-- A fetched-results controller calls its Lua delegate's functions on every change. A function the
-- delegate table holds itself is called through a fast path (the function read raw, the controller's
-- userdata kept in a weak slot); everything else takes the general path. Both must call the same
-- function with the same arguments: the controller the script holds, the function the table holds at
-- that moment (replaced in the middle of a batch, inherited, a callable table), the same errors.
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

local function rename(frc, section, item, name)
  frc:objectAtIndexPath(ripple.indexPath(section, item)).name = name
end

scenario("every call gets the controller's own userdata, change after change", function()
  local frc = controller("Own")
  local seen = {}
  frc.delegate = {
    controllerWillChangeContent = function(c) seen[#seen + 1] = rawequal(c, frc) and "will" or "will: another value" end,
    didChangeObject = function(c, o, from, kind, to)
      seen[#seen + 1] = (rawequal(c, frc) and "" or "another value: ") .. o.name .. " " .. kind
    end,
    controllerDidChangeContent = function(c) seen[#seen + 1] = rawequal(c, frc) and "did" or "did: another value" end,
  }
  for round = 1, 3 do
    rename(frc, 0, 0, "a" .. round)
    ctx:processPendingChanges()
  end
  expect(seen):toEqual({ "will", "a1 update", "did", "will", "a2 update", "did", "will", "a3 update", "did" })
  ctx:rollback()
end)

scenario("one delegate table shared by two controllers: each call gets its own controller", function()
  local first, second = controller("First"), controller("Second")
  local seen = {}
  local delegate = {
    didChangeObject = function(c, o, from, kind, to)
      seen[#seen + 1] = (rawequal(c, first) and "first" or rawequal(c, second) and "second" or "?") .. " " .. kind
    end,
  }
  first.delegate = delegate
  second.delegate = delegate
  rename(first, 1, 0, "b")
  ctx:processPendingChanges()
  rename(first, 1, 1, "c")
  ctx:processPendingChanges()
  expect(seen):toEqual({ "first update", "second update", "first update", "second update" })
  first.delegate, second.delegate = nil, nil
  ctx:rollback()
end)

scenario("a function replaced inside a batch: the next change calls the new one", function()
  local frc = controller("Replaced")
  local seen = {}
  local delegate = {}
  local function second(c, o, from, kind, to) seen[#seen + 1] = "second " .. o.name end
  delegate.didChangeObject = function(c, o, from, kind, to)
    seen[#seen + 1] = "first " .. o.name
    delegate.didChangeObject = second
  end
  frc.delegate = delegate
  rename(frc, 0, 0, "x1")
  rename(frc, 1, 0, "x2")
  ctx:processPendingChanges()
  expect(#seen):toBe(2)
  expect(seen[1]:sub(1, 6)):toBe("first ")
  expect(seen[2]:sub(1, 7)):toBe("second ")
  ctx:rollback()
end)

scenario("inherited, callable-table and plain functions, in turn, on one delegate", function()
  local frc = controller("Kinds")
  local seen = {}
  local Class = {}
  Class.__index = Class
  function Class:didChangeObject(c, o, from, kind, to)
    seen[#seen + 1] = string.format("method self=%s controller=%s", tostring(self == instance), tostring(rawequal(c, frc)))
  end
  instance = setmetatable({}, Class)
  frc.delegate = instance
  rename(frc, 0, 0, "k1")
  ctx:processPendingChanges()
  rawset(instance, "didChangeObject", setmetatable({}, {
    __call = function(t, c, o) seen[#seen + 1] = "callable controller=" .. tostring(rawequal(c, frc)) end,
  }))
  rename(frc, 0, 0, "k2")
  ctx:processPendingChanges()
  rawset(instance, "didChangeObject", function(c, o) seen[#seen + 1] = "plain controller=" .. tostring(rawequal(c, frc)) end)
  rename(frc, 0, 0, "k3")
  ctx:processPendingChanges()
  rawset(instance, "didChangeObject", nil)
  rename(frc, 0, 0, "k4")
  ctx:processPendingChanges()
  expect(seen):toEqual({
    "method self=true controller=true", "callable controller=true", "plain controller=true", "method self=true controller=true",
  })
  instance = nil
  ctx:rollback()
end)

scenario("an error in a delegate function names its line, and the controller stays consistent", function()
  local frc = controller("Raising")
  frc.delegate = {
    didChangeObject = function(c, o, from, kind, to) error("no " .. o.name) end,
  }
  rename(frc, 0, 0, "zz")
  expect(function() ctx:processPendingChanges() end)
    :toRaise("An exception was caught from the delegate of NSFetchedResultsController during a call to "
      .. "%-controller:didChangeObject:atIndexPath:forChangeType:newIndexPath:%.  [^ ]*400%-frc%-delegate%-calls%.lua:112: no zz")
  frc.delegate = nil
  local function names(list)
    local out = {}
    for i, o in ipairs(list) do out[i] = o.name end
    return out
  end
  expect(names(frc.fetchedObjects)):toEqual(names(ctx:fetch { entity = "Item", sortDescriptors = { "group", "name" } }))
  expect(names(frc.fetchedObjects)):toContain("zz")
  ctx:rollback()
end)

scenario("a controller the script dropped is no longer called once it is collected", function()
  local calls = 0
  local frc = controller("Dropped")
  frc.delegate = { didChangeObject = function() calls = calls + 1 end }
  rename(frc, 0, 0, "d1")
  ctx:processPendingChanges()
  expect(calls):toBe(1)
  frc = nil
  collectgarbage()
  collectgarbage()
  local live = controller("Live")
  live.delegate = { didChangeObject = function() calls = calls + 10 end }
  rename(live, 0, 0, "d2")
  ctx:processPendingChanges()
  expect(calls):toBe(11)
  ctx:rollback()
end)

scenario("objects of two entities in turn: each pushed as itself, with its own class", function()
  local people = ripple.model {
    Person = { isAbstract = true, name = "string" },
    Employee = { parentEntity = "Person", salary = "integer?" },
    Contractor = { parentEntity = "Person", rate = "double?" },
  }
  local pctx = ripple.container(people).viewContext
  local ann = pctx:insert("Employee", { name = "Ann", salary = 1 })
  local bob = pctx:insert("Contractor", { name = "Bob", rate = 2.5 })
  local cy = pctx:insert("Employee", { name = "Cy", salary = 3 })
  pctx:save()
  local frc = ripple.fetchedResultsController { context = pctx, entity = "Person", sortDescriptors = { "name" } }
  frc:performFetch()
  local seen = {}
  frc.delegate = {
    didChangeObject = function(c, o, from, kind, to)
      local same = rawequal(o, ann) and "ann" or rawequal(o, bob) and "bob" or rawequal(o, cy) and "cy" or "?"
      seen[#seen + 1] = string.format("%s %s %s", same, o.entityName, tostring(o.entityName == "Employee" and o.salary or o.rate))
    end,
  }
  ann.salary = 10
  pctx:processPendingChanges()
  bob.rate = 20.5
  pctx:processPendingChanges()
  cy.salary = 30
  bob.rate = 40.5
  pctx:processPendingChanges()
  expect(seen):toEqual({ "ann Employee 10", "bob Contractor 20.5", "bob Contractor 40.5", "cy Employee 30" })
  -- Objects Lua no longer holds get a new userdata when delivered, of their own entity's class.
  local function change(name, key, value)
    for _, o in ipairs(pctx:fetch { entity = "Person" }) do
      if o.name == name then o[key] = value end
    end
  end
  ann, bob, cy = nil, nil, nil
  seen = {}
  frc.delegate = {
    didChangeObject = function(c, o, from, kind, to)
      seen[#seen + 1] = string.format("%s %s %s", o.name, o.entityName, tostring(o.entityName == "Employee" and o.salary or o.rate))
    end,
  }
  change("Ann", "salary", 11)
  collectgarbage()
  collectgarbage()
  pctx:processPendingChanges()
  change("Bob", "rate", 21.5)
  collectgarbage()
  collectgarbage()
  pctx:processPendingChanges()
  expect(seen):toEqual({ "Ann Employee 11", "Bob Contractor 21.5" })
end)
