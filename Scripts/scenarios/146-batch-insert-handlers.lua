-- NSBatchInsertRequest's handler forms: `dictionaryHandler` (and `managedObjectHandler`) is called with a
-- fresh table to fill until it returns true; the table of the call that returns true is not inserted.
local model = ripple.model { Item = { name = "string", n = "integer" } }
local container = ripple.container(model)
local ctx = container.viewContext

local function names()
  local out = {}
  for i, o in ipairs(ctx:fetch { entity = "Item", sortDescriptors = { "n" } }) do out[i] = o.name .. o.n end
  return out
end

scenario("a dictionary handler fills one table per call until it returns true", function()
  local i, calls = 0, 0
  local result = ctx:execute(ripple.batchInsertRequest { entity = "Item", resultType = "count",
    dictionaryHandler = function(values)
      calls = calls + 1
      if i == 3 then return true end
      i = i + 1
      values.name, values.n = "d", i
      return false
    end })
  expect(result.result):toBe(3)
  expect(calls):toBe(4)
  expect(names()):toEqual({ "d1", "d2", "d3" })
end)

scenario("a managed-object handler works the same way", function()
  local i = 10
  ctx:execute(ripple.batchInsertRequest { entity = "Item", managedObjectHandler = function(object)
    if i == 12 then return true end
    i = i + 1
    object.name, object.n = "m", i
  end })
  expect(names()):toEqual({ "d1", "d2", "d3", "m11", "m12" })
end)

scenario("bad handlers: nothing is inserted", function()
  expect(function() ripple.batchInsertRequest { entity = "Item" } end)
    :toRaise("a batch insert request needs objects = { { key = value, … }, … }, a dictionaryHandler or a managedObjectHandler")
  expect(function()
    ripple.batchInsertRequest { entity = "Item", dictionaryHandler = function() return true end,
                                managedObjectHandler = function() return true end }
  end):toRaise("not both handlers")
  expect(function() ripple.batchInsertRequest { entity = "Item", dictionaryHandler = 5 } end)
    :toRaise("dictionaryHandler of ripple.batchInsertRequest must be a function, got number")
  expect(function()
    ripple.batchInsertRequest { entity = "Item", dictionaryHandler = function() error("no more data") end }
  end):toRaise("146-batch-insert-handlers.lua:48: no more data")
  expect(function()
    local done = false
    ctx:execute(ripple.batchInsertRequest { entity = "Item", dictionaryHandler = function(v)
      if done then return true end
      done = true
      v.name, v.n = 42, 1
    end })
  end):toRaise("Unacceptable type of value for attribute: property = \"name\"; desired type = string; given value = 42")
  expect(#names()):toBe(5)
end)
