-- Bad input: callbacks that fail in ways the fuzzer found. A cell prepare block that raised, or a
-- reload that failed for a missing registration, left the fetched data source's sections out of step
-- with its controller, and the next batch trapped "Index out of range". Now a batch the view cannot
-- apply leaves the data source following its controller and the view reloading (in the trace), and
-- the error comes out of the call that caused the change. A callback that yields gets an error with
-- its own file:line (Lua's "attempt to yield across a C-call boundary" has none); a table raised by a
-- derived function comes out unchanged.
local model = ripple.model {
  Customer = {
    name = "string",
    initial = { derived = function(c) return c.name:sub(1, 1) end, dependsOn = { "name" } },
  },
}
-- A context of its own for each scenario, with Ann and Bob saved.
local function fresh()
  local ctx = ripple.container(model).viewContext
  for _, n in ipairs { "Ann", "Bob" } do ctx:insert("Customer", { name = n }) end
  ctx:save()
  return ctx
end

local function raised(f)
  local ok, err = pcall(f)
  if ok then return "no error" end
  if type(err) ~= "string" then return err end
  return (err:gsub("^[^:]-([%w%-]+%.lua:%d+:)", "%1"))
end

local request = { entity = "Customer", sortDescriptors = { "name" } }
local options = { sectionKeyPath = "initial" }

-- The names the view shows, section by section.
local function shown(cv)
  local out = {}
  for s, section in ipairs(cv:snapshot()) do
    out[s] = {}
    for i, cell in ipairs(section.cells) do out[s][i] = cell.text end
  end
  return out
end

scenario("a prepare block that raises during a batch", function()
  local ctx = fresh()
  local cv = ripple.collectionView()
  local ds = ripple.fetchedCollectionViewDataSource(cv, ctx)
  local failing = false
  ds:registerClass("Cell", function(cell, indexPath, source)
    if failing then error("cannot prepare") end
    cell.text = source:itemAtIndexPath(indexPath).name
  end)
  ds:reloadWithFetchRequest(request, options)
  failing = true
  local cy = ctx:insert("Customer", { name = "Cy" })
  expect(raised(function() ctx:save() end)):toContain("95-bad-input-callbacks-and-data-sources.lua:48: cannot prepare")
  -- the error came out of the processing that starts a save: the save did not happen
  expect(ctx.insertedObjects):toEqual({ cy })
  expect(ds:numberOfSections()):toBe(3)
  failing = false
  local dan = ctx:insert("Customer", { name = "Dan" })
  ctx:save()
  expect(ds:numberOfSections()):toBe(4)
  expect(shown(cv)):toEqual({ { "Ann" }, { "Bob" }, { "Cy" }, { "Dan" } })
  ctx:delete(cy)
  ctx:delete(dan)
  ctx:save()
  expect(shown(cv)):toEqual({ { "Ann" }, { "Bob" } })
end)

scenario("a reload that fails for a missing registration, then changes, then the registration", function()
  local ctx = fresh()
  local cv = ripple.collectionView()
  local ds = ripple.fetchedCollectionViewDataSource(cv, ctx)
  expect(raised(function() ds:reloadWithFetchRequest(request, options) end))
    :toBe("95-bad-input-callbacks-and-data-sources.lua:73: the collection view's data source returned nil from -collectionView:cellForItemAtIndexPath: for index path {length = 2, path = 0 - 0}")
  local cy = ctx:insert("Customer", { name = "Cy" })
  ctx:insert("Customer", { name = "Dave" })
  expect(raised(function() ctx:save() end)):toContain("returned nil from -collectionView:cellForItemAtIndexPath:")
  ds:registerClass("Cell", function(cell, indexPath, source) cell.text = source:itemAtIndexPath(indexPath).name end)
  for _, c in ipairs(ctx:fetch { entity = "Customer", predicate = "name BEGINSWITH 'D'" }) do ctx:delete(c) end
  ctx:delete(cy)
  ripple.clearEvents()
  ctx:save()
  expect(ripple.events()[#ripple.events()]):toBe("[cv] reloadData")
  expect(ds:numberOfSections()):toBe(2)
  expect(shown(cv)):toEqual({ { "Ann" }, { "Bob" } })
  ctx:insert("Customer", { name = "Abe" })
  ctx:save()
  expect(shown(cv)):toEqual({ { "Abe", "Ann" }, { "Bob" } })
end)

scenario("a callback that yields gets an error with its own file:line", function()
  local ctx = fresh()
  local results = {}
  local co = coroutine.wrap(function()
    local token = ripple.observe(ctx, "objectsDidChange", function() coroutine.yield("from an observer") end)
    local bob = ctx:fetch { entity = "Customer", predicate = "name == 'Bob'" }[1]
    bob.name = "Bobby"
    results[1] = raised(function() ctx:processPendingChanges() end)
    token:cancel()
    ctx:rollback()
    return "finished"
  end)
  expect(co()):toBe("finished")
  expect(results[1]):toBe("95-bad-input-callbacks-and-data-sources.lua:95: attempt to yield across a C-call boundary (a callback run by Ripple cannot yield)")
  expect(raised(function() coroutine.yield() end))
    :toBe("95-bad-input-callbacks-and-data-sources.lua:105: attempt to yield from outside a coroutine")
  expect(ctx.hasChanges):toBe(false)
  -- yielding where no callback is involved still works
  local gen = coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i) end end)
  expect({ gen(), gen(), gen() }):toEqual({ 1, 2, 3 })
end)

scenario("a table raised by a derived function comes out unchanged", function()
  local boom = { code = 42 }
  local m = ripple.model { Thing = { n = "integer", twice = { derived = function(t)
    if t.n < 0 then error(boom) end
    return t.n * 2
  end, dependsOn = { "n" } } } }
  local c = ripple.container(m).viewContext
  local thing = c:insert("Thing", { n = 1 })
  expect(thing.twice):toBe(2)
  expect(raised(function() thing.n = -1; return thing.twice end)):toBe(boom)
end)
