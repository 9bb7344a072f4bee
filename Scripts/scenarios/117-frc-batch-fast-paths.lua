-- The controller's batch (issue 13, T1c) keeps its tree elements as borrowed entries with their first two
-- sort keys inline, reuses a moved object's entry (taken out, keys set, put back), does not look a section
-- up by name when an object moves inside it, and finds a batch's objects by a scan up to 32 of them. Each
-- case here is checked against a fresh fetch (and, as every scenario, in invariant mode), and a delegate
-- reads the controller during its callbacks: the controller is already up to date then, as in Core Data.
local model = ripple.model {
  Item = { group = "integer", score = "double", label = "string?" },
}
local ctx = ripple.container(model).viewContext

-- A small deterministic generator (the same numbers on every run and platform).
local seed = 117
local function random(n)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % n
end

-- 160 items in 7 groups: several leaves of the tree (up to 64 entries each, 48 after a fetch: four leaves
-- here), so that batches move objects between leaves. (300 items until session 6: the same checks, but the
-- suite's longest file; J1 in docs/performance.md.)
local items = {}
for i = 1, 160 do
  items[i] = ctx:insert("Item", { group = i % 7, score = random(1000) / 10, label = "item " .. i })
end
ctx:save()

local sorts = { "group", "score", "label" }

local function fresh()
  local out = {}
  for i, o in ipairs(ctx:fetch { entity = "Item", sortDescriptors = sorts }) do out[i] = tostring(o) end
  return out
end

local function shown(frc)
  local out = {}
  for i, o in ipairs(frc.fetchedObjects) do out[i] = tostring(o) end
  return out
end

local log = {}
local callbackErrors = {}
local frc = ripple.fetchedResultsController {
  context = ctx, entity = "Item", sortDescriptors = sorts, sectionNameKeyPath = "group", name = "Items",
}
local function note(problem) callbackErrors[#callbackErrors + 1] = problem end
frc.delegate = {
  controllerWillChangeContent = function() log[#log + 1] = "will" end,
  didChangeSection = function(c, info, index, kind)
    log[#log + 1] = kind .. " section " .. info.name .. " " .. index
  end,
  didChangeObject = function(c, o, from, kind, to)
    log[#log + 1] = string.format("%s %s %s -> %s", tostring(o), kind, tostring(from), tostring(to))
    -- The controller is read during the callback: the object sits where the change says it now is.
    if kind ~= "delete" then
      if tostring(c:objectAtIndexPath(to)) ~= tostring(o) then note("objectAtIndexPath " .. tostring(to)) end
      if tostring(c:indexPathForObject(o)) ~= tostring(to) then note("indexPathForObject " .. tostring(o)) end
    elseif c:indexPathForObject(o) ~= nil then
      note("deleted object still has an index path: " .. tostring(o))
    end
  end,
  controllerDidChangeContent = function(c)
    log[#log + 1] = "did"
    local total = 0
    for _, section in ipairs(c.sections) do total = total + section.numberOfObjects end
    if total ~= #c.fetchedObjects then note("sections count " .. total .. " objects") end
  end,
}
frc:performFetch()

local function reset() for i = #log, 1, -1 do log[i] = nil end end

scenario("a move inside a section reports one move and keeps the section counts", function()
  local first = frc:objectAtIndexPath(ripple.indexPath(2, 0))
  local count = frc.sections[3].numberOfObjects
  reset()
  first.score = 1000                      -- to the end of its section
  ctx:processPendingChanges()
  local last = ripple.indexPath(2, count - 1)
  expect(log):toEqual({ "will", tostring(first) .. " move [2, 0] -> " .. tostring(last), "did" })
  expect(frc.sections[3].numberOfObjects):toBe(count)
  expect(shown(frc)):toEqual(fresh())
end)

scenario("the same object moved again and again (its entry reused) stays where a fetch puts it", function()
  local o = items[10]
  for step = 1, 12 do
    o.score = random(1000) / 10
    if step % 4 == 0 then o.group = random(7) end      -- now and then into another section
    ctx:processPendingChanges()
    expect(shown(frc)):toEqual(fresh())
    expect(tostring(frc:objectAtIndexPath(frc:indexPathForObject(o)))):toBe(tostring(o))
  end
  expect(callbackErrors):toEqual({})
end)

scenario("a move across sections updates both counts", function()
  local o = frc:objectAtIndexPath(ripple.indexPath(0, 0))
  local from, to = frc.sections[1].numberOfObjects, frc.sections[5].numberOfObjects
  o.group = 4
  ctx:processPendingChanges()
  expect(frc.sections[1].numberOfObjects):toBe(from - 1)
  expect(frc.sections[5].numberOfObjects):toBe(to + 1)
  expect(shown(frc)):toEqual(fresh())
end)

scenario("an equal first key decided by the second, and ties decided by the third", function()
  local a, b = items[21], items[28]      -- both in group 0
  a.score = 50; b.score = 50
  a.label = "b"; b.label = "a"
  ctx:processPendingChanges()
  expect(shown(frc)):toEqual(fresh())
  a.label = "a"; b.label = "b"
  ctx:processPendingChanges()
  expect(shown(frc)):toEqual(fresh())
end)

scenario("batches of 1 to 60 objects in a row: scans, the table past 32, derived and walked ranks", function()
  -- Batch sizes around each fast path's limit: one object, the derived ranks (2 to 32), the scan's 32 and
  -- past it to the table, up to 60.
  local sizes = { 1, 2, 5, 17, 31, 32, 33, 45, 60, 3, 24, 59 }
  for batch, k in ipairs(sizes) do
    for _ = 1, k do
      local o = items[random(#items) + 1]
      if random(4) == 0 then o.group = random(7) end
      o.score = random(1000) / 10
    end
    ctx:processPendingChanges()
    if batch % 4 == 0 then expect(shown(frc)):toEqual(fresh()) end
  end
  expect(shown(frc)):toEqual(fresh())
  expect(callbackErrors):toEqual({})
end)

scenario("a section emptied, a section created, inserts and deletes in one batch", function()
  for _, o in ipairs(ctx:fetch { entity = "Item", predicate = "group == 6" }) do o.group = 5 end
  local new = ctx:insert("Item", { group = 9, score = 1, label = "new" })
  ctx:delete(items[3])
  items[4].score = items[4].score + 0.5
  reset()
  ctx:processPendingChanges()
  expect(log[1]):toBe("will")
  expect(log[2]):toBe("delete section 6 6")
  expect(log[3]):toBe("insert section 9 6")
  expect(log[#log]):toBe("did")
  expect(tostring(frc:objectAtIndexPath(ripple.indexPath(6, 0)))):toBe(tostring(new))
  expect(shown(frc)):toEqual(fresh())
  expect(callbackErrors):toEqual({})
end)

scenario("a save after many batches keeps the results (and the same order on the next fetch)", function()
  ctx:save()
  local before = shown(frc)
  frc:performFetch()
  expect(shown(frc)):toEqual(before)
  expect(before):toEqual(fresh())
end)
