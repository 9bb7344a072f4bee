-- Conflicts: two editors change the same customer; the second save meets a row that changed since it
-- loaded it. Under the default error policy it fails with 133020 and keeps its changes; each named
-- policy resolves it as documented. Uniqueness constraints fail with 133021 or upsert.
local model = ripple.model { Customer = { name = "string", city = "string?" } }

-- The view context loads Ann (Paris); a background editor renames her and moves her to Lyon and saves;
-- then the view context moves her to Nice and saves with `policy`.
local function twoEditors(policy)
  local container = ripple.container(model)
  local ctx = container.viewContext
  local ann = ctx:insert("Customer", { name = "Ann", city = "Paris" })
  ctx:save()
  local bg = container:newBackgroundContext()
  bg:performAndWait(function()
    local mine = bg:object(ann.objectID)
    mine.name = "Anna"
    mine.city = "Lyon"
    bg:save()
  end)
  if policy then ctx.mergePolicy = policy end
  ann.city = "Nice"
  local ok, err = pcall(function() ctx:save() end)
  local reader = container:newBackgroundContext()
  local stored = reader:performAndWait(function()
    local o = reader:fetch { entity = "Customer" }[1]
    return o.name .. " in " .. o.city
  end)
  return { ok = ok, err = err, ctx = ctx, ann = ann, stored = stored }
end

scenario("the default policy is error: 133020 lists the conflict, nothing is written, changes stay", function()
  local r = twoEditors(nil)
  expect(r.ctx.mergePolicy):toBe("error")
  expect(r.ok):toBe(false)
  expect(r.err):toContain('Error Domain=NSCocoaErrorDomain Code=133020 "Could not merge changes." UserInfo={conflictList=(NSMergeConflict for Customer#1 <x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p1> with oldVersion = 1 and newVersion = 2 and old object snapshot = {city = "Paris"; name = "Ann"} and new cached row = {city = "Lyon"; name = "Anna"})}')
  expect(r.stored):toBe("Anna in Lyon")
  expect(r.ctx.hasChanges):toBe(true)
  expect(r.ann.city):toBe("Nice")
  expect(r.ann.name):toBe("Ann")
  -- The fix Apple suggests: refresh, keeping the local changes, then save again.
  r.ctx:refresh(r.ann, true)
  r.ctx:save()
  expect(r.ann.name .. " in " .. r.ann.city):toBe("Anna in Nice")
end)

scenario("mergeByPropertyObjectTrump: my changed properties win, the others take the store's", function()
  local r = twoEditors("mergeByPropertyObjectTrump")
  expect(r.ok):toBe(true)
  expect(r.stored):toBe("Anna in Nice")
  expect(r.ann.name .. " in " .. r.ann.city):toBe("Anna in Nice")
  expect(r.ctx.hasChanges):toBe(false)
end)

scenario("mergeByPropertyStoreTrump: the store's changes win where both changed", function()
  local r = twoEditors("mergeByPropertyStoreTrump")
  expect(r.ok):toBe(true)
  expect(r.stored):toBe("Anna in Lyon")
  expect(r.ann.name .. " in " .. r.ann.city):toBe("Anna in Lyon")
end)

scenario("overwrite: my whole object is written over the store's", function()
  local r = twoEditors("overwrite")
  expect(r.ok):toBe(true)
  expect(r.stored):toBe("Ann in Nice")
  expect(r.ann.name .. " in " .. r.ann.city):toBe("Ann in Nice")
end)

scenario("rollback: my changes are discarded, the store's state comes back", function()
  local r = twoEditors("rollback")
  expect(r.ok):toBe(true)
  expect(r.stored):toBe("Anna in Lyon")
  expect(r.ann.name .. " in " .. r.ann.city):toBe("Anna in Lyon")
  expect(r.ctx.hasChanges):toBe(false)
end)

scenario("the merged values reach observers as a refresh at the next processing", function()
  local r = twoEditors("mergeByPropertyObjectTrump")
  -- (the save itself merged; the refresh is announced by the next processPendingChanges)
  local seen
  ripple.observe(r.ctx, "objectsDidChange", function(note) seen = note.changedKeys[r.ann] end)
  ripple.clearEvents()
  r.ctx:processPendingChanges()
  expect(ripple.events()):toEqual({ "[viewContext] objectsDidChange refreshed: Customer#1 {name}" })
  expect(seen):toEqual({ "name" })
end)

scenario("a row deleted by another editor: error, or re-created, or dropped, by policy", function()
  for _, case in ipairs {
    { policy = "error", ok = false, count = 0 },
    { policy = "mergeByPropertyObjectTrump", ok = true, count = 1 },
    { policy = "rollback", ok = true, count = 0 },
  } do
    local container = ripple.container(model)
    local ctx = container.viewContext
    local ann = ctx:insert("Customer", { name = "Ann" })
    ctx:save()
    local bg = container:newBackgroundContext()
    bg:performAndWait(function() bg:delete(bg:object(ann.objectID)); bg:save() end)
    ctx.mergePolicy = case.policy
    ann.city = "Nice"
    local ok, err = pcall(function() ctx:save() end)
    expect(ok):toBe(case.ok)
    if not ok then expect(err):toContain("with oldVersion = 1 and newVersion = 0") end
    expect(bg:performAndWait(function() return bg:count { entity = "Customer" } end)):toBe(case.count)
  end
end)

local tagModel = ripple.model { Tag = { name = "string", uses = "integer?", uniquenessConstraints = { { "name" } } } }

scenario("a uniqueness constraint: 133021 under the error policy, nothing written", function()
  local ctx = ripple.container(tagModel).viewContext
  ctx:insert("Tag", { name = "swift", uses = 1 })
  ctx:save()
  ctx:insert("Tag", { name = "swift", uses = 5 })
  expect(function() ctx:save() end):toRaise(
    'Error Domain=NSCocoaErrorDomain Code=133021 "Could not merge changes: a uniqueness constraint is violated." UserInfo={conflictList=(NSConstraintConflict for constraint (name) with values {name = "swift"}: database: Tag#1, conflictedObjects: (Tag#2))}')
  expect(#ctx.insertedObjects):toBe(1)
  expect(ctx:count { entity = "Tag", includesPendingChanges = false }):toBe(1)
  local twins = ripple.container(tagModel).viewContext
  twins:insert("Tag", { name = "lua" }); twins:insert("Tag", { name = "lua" })
  expect(function() twins:save() end):toRaise("conflictedObjects: (Tag#1, Tag#2)")
end)

scenario("under a merge policy an inserted duplicate is merged into the existing object (upsert)", function()
  for _, case in ipairs {
    { policy = "mergeByPropertyObjectTrump", uses = 5 },
    { policy = "mergeByPropertyStoreTrump", uses = 1 },
    { policy = "overwrite", uses = 5 },
    { policy = "rollback", uses = 1 },
  } do
    local ctx = ripple.container(tagModel).viewContext
    local original = ctx:insert("Tag", { name = "swift", uses = 1 })
    ctx:save()
    ctx.mergePolicy = case.policy
    local duplicate = ctx:insert("Tag", { name = "swift", uses = 5 })
    ctx:save()
    ctx:processPendingChanges()
    local all = ctx:fetch { entity = "Tag" }
    expect(#all):toBe(1)
    expect(all[1]):toBe(original)
    expect(original.uses):toBe(case.uses)
    expect(duplicate.managedObjectContext):toBeNil()
    expect(ctx.hasChanges):toBe(false)
  end
end)

scenario("a constraint must name persistent attributes or to-one relationships", function()
  expect(function() ripple.model { Tag = { name = "string", uniquenessConstraints = { { "nme" } } } } end):toRaise(
    "entity Tag: the uniqueness constraint key 'nme' must be a persistent attribute or a to-one relationship")
  expect(function() ripple.model { Tag = { name = "string", uniquenessConstraints = "name" } } end):toRaise(
    "entity Tag: uniquenessConstraints must be a table of key lists, got string")
end)

scenario("mergePolicy takes Core Data's policy names only", function()
  local ctx = ripple.container(model).viewContext
  expect(function() ctx.mergePolicy = "NSMergeByPropertyObjectTrumpMergePolicy" end):toRaise(
    "mergePolicy must be one of error, mergeByPropertyObjectTrump, mergeByPropertyStoreTrump, overwrite, rollback, got 'NSMergeByPropertyObjectTrumpMergePolicy'")
  expect(ctx.mergePolicy):toBe("error")
end)
