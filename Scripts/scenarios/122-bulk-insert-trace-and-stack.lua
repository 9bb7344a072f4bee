-- Issue 13 point 2, session 6 (insert): a bulk ctx:insert + save does less work per object, and nothing a
-- script sees may change. The trace keeps a notification's long lists of object names as runs of numbers
-- and writes them out when the trace is read (ripple.events, the scenario report) or printed (--trace):
-- the lines must be the exact text they always were, whatever the runs (entities, gaps, deletions, IDs
-- made permanent by the save in between). ctx:insert's record path no longer reserves 80 stack slots up
-- front; its general path does, so inserts from deep recursion and through a collected, shrunk stack work
-- as before. The new object's userdata is made and entered into the identity cache in one C call.
-- Each scenario makes its own container, so that they do not depend on one another.
local model = ripple.model {
  Item = { id = "integer", name = "string?", owner = { toOne = "Owner", inverse = "items", optional = true } },
  Owner = { name = "string", items = { toMany = "Item", inverse = "owner" } },
  AnEntityNameLongerThanFifteen = { n = "integer?" },
}

local function range(entity, first, last, step)
  local out = {}
  for n = first, last, step or 1 do out[#out + 1] = entity .. "#" .. n end
  return out
end

local function join(...)
  local out = {}
  for _, list in ipairs { ... } do
    for _, name in ipairs(list) do out[#out + 1] = name end
  end
  return table.concat(out, ", ")
end

scenario("a bulk insert and save: both lines list every object, read before and after the save", function()
  local ctx = ripple.container(model).viewContext
  ripple.clearEvents()
  for i = 1, 300 do ctx:insert("Item", { id = i, name = "x" }) end
  ctx:processPendingChanges()
  local names = join(range("Item", 1, 300))
  expect(ripple.events()):toEqual({ "[viewContext] objectsDidChange inserted: " .. names })
  ctx:save()
  expect(ripple.events()):toEqual({
    "[viewContext] objectsDidChange inserted: " .. names,
    "[viewContext] willSave",
    "[viewContext] didSave inserted: " .. names,
  })
end)

scenario("runs of several entities, a long entity name and an insert from an observer", function()
  local ctx = ripple.container(model).viewContext
  local token = ripple.observe(ctx, "objectsDidChange", function(note)
    if #note.inserted == 45 then ctx:insert("Owner", { name = "late" }) end
  end)
  ripple.clearEvents()
  for i = 1, 20 do ctx:insert("Item", { id = i }) end
  for i = 1, 10 do ctx:insert("AnEntityNameLongerThanFifteen", { n = i }) end
  for i = 1, 15 do ctx:insert("Owner", { name = "o" .. i }) end
  ctx:save()
  token:cancel()
  local first = join(range("AnEntityNameLongerThanFifteen", 1, 10), range("Item", 1, 20), range("Owner", 1, 15))
  expect(ripple.events()):toEqual({
    "[viewContext] objectsDidChange inserted: " .. first,
    "[viewContext] objectsDidChange inserted: Owner#16",
    "[viewContext] willSave",
    "[viewContext] didSave inserted: " .. join(range("AnEntityNameLongerThanFifteen", 1, 10), range("Item", 1, 20), range("Owner", 1, 16)),
  })
end)

scenario("deletions with gaps and updates keep their exact lines", function()
  local ctx = ripple.container(model).viewContext
  for i = 1, 60 do ctx:insert("Item", { id = i }) end
  ctx:save()
  local items = ctx:fetch { entity = "Item", sortDescriptors = { "id" } }
  ripple.clearEvents()
  for i = 1, 60, 2 do ctx:delete(items[i]) end      -- every other number: no runs worth keeping
  for i = 2, 20, 2 do items[i].name = "n" end
  ctx:save()
  for i = 22, 60, 2 do ctx:delete(items[i]) end     -- a run again
  ctx:save()
  local updated = {}
  for i = 2, 20, 2 do updated[#updated + 1] = "Item#" .. i .. " {name}" end
  expect(ripple.events()):toEqual({
    "[viewContext] objectsDidChange updated: " .. table.concat(updated, ", ") .. "; deleted: " .. join(range("Item", 1, 59, 2)),
    "[viewContext] willSave",
    "[viewContext] didSave updated: " .. table.concat(updated, ", ") .. "; deleted: " .. join(range("Item", 1, 59, 2)),
    "[viewContext] objectsDidChange deleted: " .. join(range("Item", 22, 60, 2)),
    "[viewContext] willSave",
    "[viewContext] didSave deleted: " .. join(range("Item", 22, 60, 2)),
  })
end)

scenario("inserts through collections that shrink the stack, and from deep recursion", function()
  local ctx = ripple.container(model).viewContext
  local owner = ctx:insert("Owner", { name = "O" })
  for i = 1, 2000 do
    ctx:insert("Item", { id = i })
    if i % 250 == 0 then collectgarbage("collect") end
  end
  local function deep(n, general)
    if n == 0 then
      -- the general path (a relationship value) converts values: it reserves its room here
      if general then return ctx:insert("Item", { id = -1, owner = owner }) end
      return ctx:insert("Item", { id = -2 })
    end
    local o = deep(n - 1, general)
    return o
  end
  local a = deep(5000, true)
  local b = deep(5000, false)
  expect(rawequal(a.owner, owner)):toBe(true)
  expect(b.id):toBe(-2)
  expect(#ctx.insertedObjects):toBe(2003)
  local ok, message = pcall(ctx.insert, ctx, "Item", { id = "x", owner = owner })
  expect(ok):toBe(false)
  expect(message:match("122%-bulk%-insert%-trace%-and%-stack%.lua:%d+: ") ~= nil):toBe(true)
  ctx:save()
  expect(ctx:count { entity = "Item" }):toBe(2002)
end)

scenario("every new userdata is the one later pushes find, across collections", function()
  local ctx = ripple.container(model).viewContext
  local kept = {}
  for i = 1, 600 do
    local o = ctx:insert("Item", { id = i })
    if i % 100 == 0 then kept[#kept + 1] = o end
    if i % 150 == 0 then collectgarbage("collect") end
  end
  ctx:save()
  local fetched = ctx:fetch { entity = "Item", sortDescriptors = { "id" } }
  for k, o in ipairs(kept) do
    expect(rawequal(fetched[k * 100], o)):toBe(true)
  end
  expect(fetched[250].id):toBe(250)
end)
