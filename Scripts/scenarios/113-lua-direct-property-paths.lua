-- The Lua boundary's direct paths (docs/performance.md, session 4, boundary): a scalar read or write of an
-- attribute goes from the C metamethod straight to the object with the attribute's index, and the
-- key cache of a class keeps its slot table alive. Every write must end exactly as the general path
-- ends it (the objects of a private-queue context always take the general path): same value and type,
-- same error, same change sets. An idle `ripple.tick()` must still end events that have work.
local model = ripple.model {
  Item = { score = "double?", age = "integer?", flag = "boolean?", note = "string?", when = "date?",
           count = "integer" },
}
local container = ripple.container(model)
local fast = container.viewContext
local general = container:newBackgroundContext()

local function strip(message)
  return (tostring(message):gsub("^[^:]-[%w%-]+%.lua:%d+: ", ""))
end

-- Writes `value` into `key` of a fresh saved object of `ctx`; returns what a script can see afterwards.
local function outcome(ctx, key, value)
  local seen = {}
  local function body()
    local o = ctx:insert("Item", { count = 1 })
    ctx:save()
    -- a first write records the attribute in this event; the second is the repeated write
    local ok, err = pcall(function() o[key] = value end)
    seen.error = ok and "none" or strip(err)
    ok, err = pcall(function() o[key] = value end)
    seen.again = ok and "none" or strip(err)
    local read = o[key]
    seen.value = read
    seen.type = math.type(read) or type(read)
    seen.updated = #ctx.updatedObjects
    seen.changed = o:changedValues()[key]
    ctx:rollback()
  end
  if ctx == general then general:performAndWait(body) else body() end
  return seen
end

scenario("scalar writes end as the general path ends them, value by value", function()
  -- the background context's objects are confined to its queue: every write there takes the general
  -- path (which checks the queue), inside performAndWait
  local values = { 1, 2.5, 2.0, -0.0, math.maxinteger, math.mininteger, 1e300, true, false, "x", {} }
  for _, key in ipairs { "score", "age", "flag", "note", "when", "count" } do
    for _, value in ipairs(values) do
      local a, b = outcome(fast, key, value), outcome(general, key, value)
      expect(a.error):toBe(b.error)
      expect(a.again):toBe(b.again)
      expect(a.value):toEqual(b.value)
      expect(a.type):toBe(b.type)
      expect(a.updated):toBe(b.updated)
      expect(a.changed):toEqual(b.changed)
    end
    local a, b = outcome(fast, key, nil), outcome(general, key, nil)
    expect(a.error):toBe(b.error)
    expect(a.value):toBe(b.value)
  end
end)

scenario("repeated writes in one event convert as the first one does", function()
  local o = fast:insert("Item", { count = 1 })
  fast:save()
  for _, key in ipairs { "score", "age", "when", "count" } do
    o[key] = 1
    for _, value in ipairs { 2, 3.0, 2.5, -7, 1e15 } do
      local ok = pcall(function() o[key] = value end)
      local expected = value
      if key == "score" or key == "when" then expected = value + 0.0 else expected = math.tointeger(value) end
      if (key == "age" or key == "count") and expected == nil then
        expect(ok):toBe(false)
      else
        expect(ok):toBe(true)
        expect(o[key]):toBe(expected)
        expect(math.type(o[key])):toBe(math.type(expected))
      end
    end
    expect(o:changedValues()[key]):toBe(o[key])
  end
  expect(fast.updatedObjects):toEqual({ o })
  fast:rollback()
end)

scenario("a direct __newindex call without a value stores nil, as before", function()
  local o = fast:insert("Item", { count = 1, score = 1.5 })
  fast:save()
  getmetatable(o).__newindex(o, "score")
  expect(o.score):toBe(nil)
  expect(fast.updatedObjects):toEqual({ o })
  getmetatable(o).__newindex(o, "count")            -- a required attribute: refused at save, not here
  expect(o.count):toBe(nil)
  expect(function() fast:save() end):toRaise("count")
  fast:rollback()
  expect(o.score):toBe(1.5)
end)

scenario("dates and numbers read through the direct getter as the scalar getter reads them", function()
  local o = fast:insert("Item", { count = 3, score = 0.25, age = 7, flag = false, when = 86400.5 })
  for _ = 1, 3 do
    expect(o.count):toBe(3)
    expect(math.type(o.count)):toBe("integer")
    expect(o.score):toBe(0.25)
    expect(o.age):toBe(7)
    expect(o.flag):toBe(false)
    expect(o.when):toBe(86400.5)
    expect(o.note):toBe(nil)
  end
  fast:rollback()
end)

scenario("an idle tick costs nothing, a tick with work still ends the event", function()
  local seen = 0
  local token = ripple.observe(fast, "objectsDidChange", function() seen = seen + 1 end)
  for _ = 1, 3 do ripple.tick() end
  expect(seen):toBe(0)
  local o = fast:insert("Item", { count = 1 })
  ripple.tick()
  expect(seen):toBe(1)
  ripple.tick()
  expect(seen):toBe(1)
  o.count = 2
  ripple.tick()
  expect(seen):toBe(2)
  fast:rollback()
  token:cancel()
end)

if not debug then  -- the sandbox removes debug
  return
end

scenario("the key cache keeps its slot table: a forged one is read, the original works again", function()
  local o = fast:insert("Item", { count = 1, score = 1.5 })
  local mt = getmetatable(o)
  for _ = 1, 10 do
    o.score = 2.5                                  -- key cached, slot table anchored
    local _, saved = debug.getupvalue(mt.__newindex, 1)
    debug.setupvalue(mt.__newindex, 1, {})
    collectgarbage()
    expect(function() o.score = 3.5 end):toRaise('setValue:forUndefinedKey:]: the entity Item is not key value coding-compliant for the key "score"')
    debug.setupvalue(mt.__newindex, 1, "not a table")
    expect(function() o.score = 3.5 end):toRaise("invalid Ripple metamethod (its upvalue was replaced)")
    debug.setupvalue(mt.__newindex, 1, saved)
    collectgarbage()
    o.score = 4.5
    expect(o.score):toBe(4.5)
  end
  fast:rollback()
end)

scenario("a cached key stays alive when removed from the slot table: no other value can take its place", function()
  local o = fast:insert("Item", { count = 1, score = 1.5 })
  expect(o.score):toBe(1.5)                        -- "score" cached
  local _, slots = debug.getupvalue(getmetatable(o).__index, 1)
  local slot = slots.score
  slots.score = nil
  collectgarbage()
  collectgarbage()
  for _ = 1, 200 do                                -- new objects never match the cached key's address
    local t = {}
    expect(o[t]):toBe(nil)
    expect(function() o[t] = 1 end):toRaise("attempt to set unknown key of type table on Item")
  end
  expect(o.score):toBe(1.5)                        -- answered through the key cache, as before
  slots.score = slot
  fast:rollback()
end)

scenario("keys that are not strings never hit the read cache (an empty bucket is not a match)", function()
  local o = fast:insert("Item", { count = 1, score = 1.5, age = 2 })
  for _ = 1, 3 do
    expect(o.score):toBe(1.5)
    expect(o.count):toBe(1)
    expect(o.age):toBe(2)
  end
  for _, key in ipairs { 1, 0, 2.5, math.huge, -math.huge } do
    expect(function() return o[key] end):toRaise("is not key value coding-compliant for the key")
  end
  expect(o[true]):toBe(nil)                        -- neither a string nor a number: nil, as before
  expect(o[false]):toBe(nil)
  fast:rollback()
end)
