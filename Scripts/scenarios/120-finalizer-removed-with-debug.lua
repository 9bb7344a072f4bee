-- With the debug library a script can make Lua free an object's userdata without its finalizer:
-- `debug.setmetatable(o, nil)`, or `__gc` removed from the real metatable (`debug.getmetatable`). The
-- object, still retained by the lost userdata, keeps zeroing its read-cache word on every change; that
-- word lives outside the userdata (CLuaShim/Objects.c), so the writes land in live memory (run under
-- `valgrind --tool=memcheck` to see none is invalid; docs/reliability.md). What the script sees: the
-- objects keep working, read and written through a fresh userdata with the right values.
local model = ripple.model {
  Item = { id = "integer", name = "string", score = "double" },
}
local container = ripple.container(model)
local ctx = container.viewContext

local function scoresByName()
  local scores = {}
  for _, o in ipairs(ctx:fetch { entity = "Item", sortDescriptors = { { key = "id" } } }) do
    scores[o.name] = o.score
  end
  return scores
end

scenario("a userdata stripped of its metatable is freed without __gc; its object still works", function()
  if not debug then return end  -- the sandbox has no debug library: nothing to strip
  local a = ctx:insert("Item", { id = 1, name = "a", score = 1.5 })
  ctx:insert("Item", { id = 2, name = "b", score = 2.5 })
  expect(a.score):toBe(1.5)                     -- cached in a's userdata
  debug.setmetatable(a, nil)
  expect(getmetatable(a)):toBe(nil)
  a = nil
  collectgarbage()
  collectgarbage()
  for _, o in ipairs(ctx.insertedObjects) do o.score = o.score + 1 end
  ctx:save()
  for _, o in ipairs(ctx:fetch { entity = "Item" }) do o.score = o.score * 2 end
  expect(scoresByName()):toEqual({ a = 5, b = 7 })
  ctx:rollback()
  expect(scoresByName()):toEqual({ a = 2.5, b = 3.5 })
end)

scenario("__gc removed from the real metatable: every object collected meanwhile keeps working", function()
  if not debug then return end
  local first = ctx:fetch { entity = "Item" }[1]
  local mt = debug.getmetatable(first)
  local gc = mt.__gc
  expect(type(gc)):toBe("function")
  first = nil
  for i = 3, 202 do
    local o = ctx:insert("Item", { id = i, name = "n" .. i, score = i })
    expect(o.score):toBe(i)                     -- every userdata gets a cached read
  end
  -- userdata made after this point are not marked for finalization at all
  mt.__gc = nil
  for i = 203, 402 do
    local o = ctx:insert("Item", { id = i, name = "n" .. i, score = i })
    expect(o.score):toBe(i)
  end
  collectgarbage()
  collectgarbage()
  mt.__gc = gc
  local sum = 0
  for _, o in ipairs(ctx.insertedObjects) do o.score = o.score + 1 end
  for _, o in ipairs(ctx.insertedObjects) do sum = sum + o.score end
  expect(sum):toBe((3 + 402) * 400 / 2 + 400)
  ctx:save()
  expect(#ctx:fetch { entity = "Item" }):toBe(402)
end)
