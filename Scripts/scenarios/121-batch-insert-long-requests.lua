-- Batch insert requests longer than one run of Ripple's reader (it reads up to 256 objects per run, in C),
-- with the objects it leaves to the general path (one with a key the objects before it do not have) and
-- values that convert (an integer for a date or a double) among them: the same rows, errors and object numbers as for short requests; a request keeps
-- the objects it was given, as NSBatchInsertRequest keeps its array, and can be executed again.
local model = ripple.model {
  Item = { id = "integer", name = "string", score = { "double", default = 0.5 }, note = "string?",
           day = "date?" },
}
local container = ripple.container(model)
local ctx = container.viewContext
local reader = container:newBackgroundContext()

local function count()
  local n
  reader:performAndWait(function() n = reader:count { entity = "Item" } end)
  return n
end

local function item(id)
  local o
  reader:performAndWait(function()
    o = reader:fetch { entity = "Item", predicate = "id == %@", arguments = { id } }[1]
    o = o and { id = o.id, name = o.name, score = o.score, note = o.note, day = o.day }
    reader:reset()
  end)
  return o
end

local function objects(n, from)
  local t = {}
  for i = 1, n do t[i] = { id = from + i, name = "item " .. (from + i), score = i + 0.25 } end
  return t
end

scenario("a long request with a new key and converted values among its objects", function()
  local list = objects(600, 0)
  list[300] = { id = 300, name = "item 300", note = "a key the first objects do not have" }
  list[520] = { id = 520, name = "item 520", score = 7, day = 86400 }
  local ids = ctx:execute(ripple.batchInsertRequest { entity = "Item", objects = list, resultType = "objectIDs" }).result
  expect(#ids):toBe(600)
  expect(ids[600].uriRepresentation):toBe("x-coredata://52495050-4C45-4000-8000-000000000001/Item/p600")
  expect(count()):toBe(600)
  expect(item(300)):toEqual({ id = 300, name = "item 300", score = 0.5, note = "a key the first objects do not have" })
  expect(item(520).score):toBe(7.0)
  expect(item(520).day):toBe(86400.0)
  expect(item(600)):toEqual({ id = 600, name = "item 600", score = 600.25 })
  expect(#ctx.registeredObjects):toBe(0)
end)

scenario("a bad object deep in a long request names its position; nothing is written", function()
  local list = objects(600, 2000)
  list[513] = { id = 2513 }
  local ok, message = pcall(function()
    ctx:execute(ripple.batchInsertRequest { entity = "Item", objects = list })
  end)
  expect(ok):toBe(false)
  expect(message):toContain('"name is a required value." UserInfo={NSValidationErrorKey=name, NSValidationErrorValue=nil} (batch insert into Item, object 513)')
  list[513] = { id = 2513, name = "x", score = "high" }
  ok, message = pcall(function()
    ctx:execute(ripple.batchInsertRequest { entity = "Item", objects = list })
  end)
  expect(message):toContain('Unacceptable type of value for attribute: property = "score"; desired type = double; given value = "high"')
  list[513] = { id = 2513, name = "x", rank = 1 }
  ok, message = pcall(function()
    ctx:execute(ripple.batchInsertRequest { entity = "Item", objects = list })
  end)
  expect(message):toContain('the entity Item is not key value coding-compliant for the key "rank".')
  expect(count()):toBe(600)
end)

scenario("a request keeps the objects it was given and can be executed again", function()
  local list = objects(300, 5000)
  local request = ripple.batchInsertRequest { entity = "Item", objects = list, resultType = "count" }
  list[1].name = "changed after the request was made"
  list[301] = { id = 5301, name = "added after" }
  expect(ctx:execute(request).result):toBe(300)
  expect(item(5001).name):toBe("item 5001")
  expect(item(5301)):toBe(nil)
  expect(ctx:execute(request).result):toBe(300)   -- a second run inserts the rows again, numbered after
  expect(count()):toBe(1200)
  local again = {}
  reader:performAndWait(function()
    for _, o in ipairs(reader:fetch { entity = "Item", predicate = "id == 5300" }) do again[#again + 1] = tostring(o.objectID) end
  end)
  expect(again):toEqual({ "x-coredata://52495050-4C45-4000-8000-000000000001/Item/p900", "x-coredata://52495050-4C45-4000-8000-000000000001/Item/p1200" })
end)
