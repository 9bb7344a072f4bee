-- ctx:insert's record fast path makes the new object's userdata without searching the identity cache
-- (a new object cannot have one yet) and enters it there (issue 13, session 5, insert). Every later push of
-- the object must find that userdata, its read cache must follow every change, a collected or hand-finalized
-- userdata must be replaced by a working one, and errors keep the general path's words and file:line.
local model = ripple.model {
  Item = { id = "integer", name = "string", score = "double", flag = "boolean?", age = "integer?",
           owner = { toOne = "Owner", inverse = "items", optional = true } },
  Owner = { name = "string", items = { toMany = "Item", inverse = "owner" } },
}
local container = ripple.container(model)
local ctx = container.viewContext

scenario("the inserted object is the userdata every later push returns", function()
  local a = ctx:insert("Item", { id = 1, name = "a", score = 1.5 })
  expect(ctx.insertedObjects[1] == a):toBe(true)
  expect(rawequal(ctx.insertedObjects[1], a)):toBe(true)
  local set = { [a] = true }
  expect(set[ctx:fetch { entity = "Item" }[1]]):toBe(true)
  ctx:save()
  expect(rawequal(ctx:fetch { entity = "Item" }[1], a)):toBe(true)
  expect(a.objectID.isTemporaryID):toBe(false)
  local owner = ctx:insert("Owner", { name = "O" })
  a.owner = owner
  expect(rawequal(owner.items[1], a)):toBe(true)
  expect(rawequal(a.owner, owner)):toBe(true)
  ctx:rollback()
end)

scenario("reads of a new object are cached until it changes, by any path", function()
  local a = ctx:insert("Item", { id = 2, name = "b", score = 2.5, age = 4, flag = true })
  for _ = 1, 3 do
    expect(a.score):toBe(2.5)
    expect(a.age):toBe(4)
    expect(a.flag):toBe(true)
  end
  a.score = 3.5
  expect(a.score):toBe(3.5)
  ctx:processPendingChanges()
  expect(a.score):toBe(3.5)
  ctx:save()
  expect(a.age):toBe(4)
  a.age = 5
  expect(a.age):toBe(5)
  ctx:rollback()
  expect(a.age):toBe(4)
  ctx:delete(a)
  expect(a.isDeleted):toBe(true)
  ctx:save()
  expect(#ctx:fetch { entity = "Item", predicate = "id == 2" }):toBe(0)
end)

scenario("results thrown away are collected; the objects stay in the context, pushed afresh", function()
  for i = 1, 500 do ctx:insert("Item", { id = 100 + i, name = "n" .. i, score = i / 4 }) end
  collectgarbage()
  collectgarbage()
  local inserted = ctx.insertedObjects
  expect(#inserted):toBe(500)
  local seen = {}
  for _, o in ipairs(inserted) do seen[o.id] = o.score end
  expect(seen[101]):toBe(0.25)
  expect(seen[600]):toBe(125.0)
  expect(rawequal(ctx.insertedObjects[1], inserted[1])):toBe(true)
  ctx:save()
  expect(#ctx:fetch { entity = "Item", predicate = "id > 100" }):toBe(500)
end)

scenario("a hand-finalized new object's userdata is replaced by a working one", function()
  local a = ctx:insert("Item", { id = 700, name = "h", score = 1 })
  getmetatable(a).__gc(a)
  getmetatable(a).__gc(a)
  expect(function() return a.name end):toRaise("attempt to use a finalized object")
  local again = ctx.insertedObjects[1]
  expect(again == a):toBe(false)
  expect(again.name):toBe("h")
  expect(again.score):toBe(1.0)
  expect(rawequal(ctx.insertedObjects[1], again)):toBe(true)
  ctx:rollback()
end)

scenario("an insert from inside an observer, and errors with the caller's line", function()
  local made
  local token = ripple.observe(ctx, "objectsDidChange", function(note)
    if not made then made = ctx:insert("Item", { id = 800, name = "inner", score = 2 }) end
  end)
  local outer = ctx:insert("Item", { id = 801, name = "outer", score = 1 })
  ctx:processPendingChanges()
  token:cancel()
  expect(made.name):toBe("inner")
  local names = {}
  for _, o in ipairs(ctx.insertedObjects) do names[#names + 1] = o.name end
  table.sort(names)
  expect(names):toEqual({ "inner", "outer" })
  expect(rawequal(ctx.insertedObjects[1], outer) or rawequal(ctx.insertedObjects[2], outer)):toBe(true)
  local ok, message = pcall(function() ctx:insert("Item", { score = "x", id = "y" }) end)
  expect(ok):toBe(false)
  expect(message:find("116%-insert%-new%-userdata%.lua:%d+: Unacceptable type of value for attribute: property = \"id\"")
    ~= nil):toBe(true)
  expect(function() ctx.insert(ctx.insertedObjects[1], "Item", {}) end)
    :toRaise("ManagedObjectContext expected, got Item")
  ctx:rollback()
end)

scenario("getmetatable answers a copy: plain Lua cannot disarm the class's metatable", function()
  local a = ctx:insert("Item", { id = 900, name = "m", score = 1.5 })
  local b = ctx:insert("Item", { id = 901, name = "n", score = 2.5 })
  local mt = getmetatable(a)
  expect(rawequal(mt, getmetatable(b))):toBe(true)
  expect(type(mt.__gc)):toBe("function")
  expect(mt.__index(a, "name")):toBe("m")
  expect(a.score):toBe(1.5)                        -- cached
  local saved = { __gc = mt.__gc, __index = mt.__index, __newindex = mt.__newindex }
  mt.__gc = nil
  mt.__index = function() return 42 end
  mt.__newindex = function() end
  expect(a.score):toBe(1.5)
  expect(a.name):toBe("m")
  a.score = 3.5
  expect(a.score):toBe(3.5)
  a, b = nil, nil
  collectgarbage()
  collectgarbage()
  for _, o in ipairs(ctx.insertedObjects) do o.score = o.score + 1 end  -- the objects change after their userdata went
  local scores = {}
  for _, o in ipairs(ctx.insertedObjects) do scores[o.name] = o.score end
  expect(scores):toEqual({ m = 4.5, n = 3.5 })
  expect(getmetatable(ctx.insertedObjects[1]).__gc):toBe(nil)  -- the copy changed, nothing else
  for k, v in pairs(saved) do mt[k] = v end
  if debug then expect(rawequal(debug.getmetatable(ctx.insertedObjects[1]), getmetatable(ctx.insertedObjects[1]))):toBe(false) end
  ctx:rollback()
end)
