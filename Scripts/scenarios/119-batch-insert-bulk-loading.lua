-- Bulk loading with a batch insert request (NSBatchInsertRequest): the rows go straight to the store in one
-- write, no object is registered and no context is told, until the IDs are merged. A bad object (unknown key,
-- wrong type, missing required value) fails the whole batch with Core Data's wording and the script's line,
-- and the store is left unchanged.
local model = ripple.model {
  Item = { id = "integer", name = "string", score = { "double", default = 0.5 }, flag = "boolean?",
           owner = { toOne = "Owner", inverse = "items", optional = true } },
  Owner = { name = "string", items = { toMany = "Item", inverse = "owner" } },
}
local container = ripple.container(model)
local ctx = container.viewContext
local frc = ripple.fetchedResultsController { context = ctx, entity = "Item", sortDescriptors = { "id" }, name = "Items" }
local changes = {}
frc.delegate = {
  controllerWillChangeContent = function() end,
  didChangeObject = function(_, object, _, type) changes[#changes + 1] = type .. " " .. object.name end,
  controllerDidChangeContent = function() end,
}
frc:performFetch()
local bg = container:newBackgroundContext()

local function stored()
  local t = {}
  bg:performAndWait(function()
    for _, o in ipairs(bg:fetch { entity = "Item", sortDescriptors = { "id" } }) do
      t[#t + 1] = o.id .. ":" .. o.name .. ":" .. o.score .. ":" .. tostring(o.flag)
    end
    bg:reset()
  end)
  return t
end

scenario("a batch insert writes the rows and tells no context; the merge shows them", function()
  local ids = ctx:execute(ripple.batchInsertRequest { entity = "Item", resultType = "objectIDs", objects = {
    { id = 1, name = "a", score = 1.5, flag = true },
    { name = "b", id = 2 },                      -- the default score
    { id = 3.0, name = "c", score = 2 },         -- 3.0 stored as an integer, 2 as a double
  } }).result
  expect(#ids):toBe(3)
  expect(ids[1].uriRepresentation):toBe("x-coredata://52495050-4C45-4000-8000-000000000001/Item/p1")
  expect(ids[3].isTemporaryID):toBe(false)
  expect(stored()):toEqual({ "1:a:1.5:true", "2:b:0.5:nil", "3:c:2.0:nil" })
  -- the context: nothing registered, nothing inserted, no change, the controller still empty
  expect(#ctx.registeredObjects):toBe(0)
  expect(#ctx.insertedObjects):toBe(0)
  expect(ctx.hasChanges):toBe(false)
  expect(#frc.fetchedObjects):toBe(0)
  ripple.mergeChanges({ inserted = ids }, { ctx })
  expect(changes):toEqual({ "insert a", "insert b", "insert c" })
  expect(#frc.fetchedObjects):toBe(3)
  expect(frc.fetchedObjects[2].score):toBe(0.5)
  expect(ctx.hasChanges):toBe(false)
  -- numbering continues after the batch
  expect(tostring(ctx:insert("Item", { id = 4, name = "d" }))):toBe("Item#4")
  ctx:rollback()
end)

scenario("count and status results", function()
  local objects = {}
  for i = 1, 100 do objects[i] = { id = 100 + i, name = "n" .. i } end
  expect(ctx:execute(ripple.batchInsertRequest { entity = "Item", objects = objects, resultType = "count" }).result):toBe(100)
  expect(ctx:execute(ripple.batchInsertRequest { entity = "Item", objects = { { id = 300, name = "s" } } }).result):toBe(true)
  expect(ctx:execute(ripple.batchInsertRequest { entity = "Item", objects = {}, resultType = "count" }).result):toBe(0)
  expect(#stored()):toBe(104)
  expect(#frc.fetchedObjects):toBe(3)   -- not merged
end)

local function fails(objects)
  local before = #stored()
  local ok, message = pcall(function()
    ctx:execute(ripple.batchInsertRequest { entity = "Item", objects = objects })
  end)
  expect(ok):toBe(false)
  expect(#stored()):toBe(before)       -- the whole batch failed: the store is unchanged
  expect(#ctx.registeredObjects):toBe(3)
  return message
end

scenario("a bad object fails the whole batch with Core Data's words and the script's line", function()
  local line = "119%-batch%-insert%-bulk%-loading%.lua:%d+: "
  local message = fails { { id = 400, name = "ok" }, { id = 401, name = "x", nickname = "n" } }
  expect(message:match(line) ~= nil):toBe(true)
  expect(message):toContain('not key value coding-compliant for the key "nickname".')
  message = fails { { id = 402, name = "ok" }, { id = "four", name = "x" } }
  expect(message):toContain('Unacceptable type of value for attribute: property = "id"; desired type = integer')
  message = fails { { id = 403, name = "ok" }, { id = 404 } }
  expect(message):toContain('Code=1570 "name is a required value." UserInfo={NSValidationErrorKey=name, NSValidationErrorValue=nil} (batch insert into Item, object 2)')
  message = fails { { id = 405, name = "ok" }, { id = 406, name = "x", owner = ctx } }
  expect(message:match(line) ~= nil):toBe(true)
  expect(function() ripple.batchInsertRequest { entity = "Item", objects = { { id = 1, name = "x" }, 7 } } end):toRaise(
    "objects[2] must be a table of values, got number")
  expect(function() ctx:execute(ripple.batchInsertRequest { entity = "Nope", objects = { {} } }) end):toRaise("Nope")
end)
