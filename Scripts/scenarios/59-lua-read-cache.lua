-- The Lua read cache (docs/performance.md, session 3, boundary): a number, integer, boolean or nil read from
-- an object is kept in its userdata and answered by C until the object changes. Every way an object can
-- change must show at the next read, exactly as without the cache.
local model = ripple.model { Item = { score = "double?", age = "integer?", flag = "boolean?", note = "string?" } }
local container = ripple.container(model)
local ctx = container.viewContext
ctx.automaticallyMergesChangesFromParent = true

local function saved(values)
  local o = ctx:insert("Item", values)
  ctx:save()
  return o
end

scenario("repeated reads, then a write from Lua", function()
  local o = saved { score = 1.5, age = 3, flag = true }
  for _ = 1, 3 do
    expect(o.score):toBe(1.5)
    expect(o.age):toBe(3)
    expect(o.flag):toBe(true)
    expect(o.note):toBe(nil)
  end
  o.score = 2.5
  o.flag = false
  o.age = nil
  expect(o.score):toBe(2.5)
  expect(o.flag):toBe(false)
  expect(o.age):toBe(nil)
  expect(math.type(o.score)):toBe("float")
  o.age = 7
  expect(math.type(o.age)):toBe("integer")
end)

scenario("rollback, refresh into a fault and undo show at the next read", function()
  local o = saved { score = 1.5 }
  expect(o.score):toBe(1.5)
  o.score = 9
  expect(o.score):toBe(9)
  ctx:rollback()
  expect(o.score):toBe(1.5)
  ctx:refresh(o, false)
  expect(o.isFault):toBe(true)
  expect(o.score):toBe(1.5)
  expect(o.isFault):toBe(false)
  ctx.undoManager = ripple.undoManager()
  o.score = 4
  ripple.tick()
  expect(o.score):toBe(4)
  ctx:undo()
  expect(o.score):toBe(1.5)
  ctx.undoManager = nil
end)

scenario("a change merged from a background save shows at the next read", function()
  local o = saved { score = 1.5 }
  expect(o.score):toBe(1.5)
  local bg = container:newBackgroundContext()
  bg:perform(function()
    local other = bg:fetch { entity = "Item", predicate = "score == 1.5" }
    for _, x in ipairs(other) do x.score = 3.25 end
    bg:save()
  end)
  expect(o.score):toBe(1.5)
  ripple.tick()
  expect(o.score):toBe(3.25)
end)

scenario("a deleted and saved object reads nil, cached or not; a reset context refuses reads", function()
  local o, fresh = saved { score = 1.5 }, saved { score = 2.5 }
  expect(o.score):toBe(1.5)
  ctx:delete(o)
  ctx:delete(fresh)
  ctx:save()
  -- As Core Data: a saved deletion leaves a fault without a context, whose reads give nil (docs/core-data.md,
  -- "An object after its deletion is saved"); the cached 1.5 must not be answered.
  expect(o.score):toBeNil()
  expect(fresh.score):toBeNil()
  local p = saved { score = 2 }
  expect(p.score):toBe(2)
  ctx:reset()
  expect(function() return p.score end):toRaise("could not fulfill a fault")
end)
