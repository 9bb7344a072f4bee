-- A script run twice does the same thing twice (a fuzzer seed replays exactly, issue 15). Two orders used
-- to change from run to run: the order the bridge walked a Lua table in (lua_next follows a string-hash
-- seed Lua picks per run), which decided which unknown option key an error named and in which order
-- attributes were set; and the property-key cache of a class's __index, which answered from its cache or
-- read a slot table forged through debug.setupvalue depending on string addresses.
local model = ripple.model { Customer = { name = "string", age = "integer?" } }
local ctx = ripple.container(model).viewContext

scenario("an option table's keys are walked in a fixed order: the first unknown key in byte order is named", function()
  for _ = 1, 20 do
    local options = { entity = "Customer" }
    for _, key in ipairs { "zz", "mm", "Zebra", "aa", "k1", "k10", "k2" } do options[key] = true end
    expect(function() ctx:fetch(options) end)
      :toRaise("unknown key 'Zebra' in a fetch request (known keys: ")
  end
end)

scenario("values are set in key order: the first bad value in byte order is the one reported", function()
  expect(function() ctx:insert("Customer", { name = 1, age = "x" }) end)
    :toRaise('Unacceptable type of value for attribute: property = "age"')
  expect(#ctx.insertedObjects):toBe(0)
end)

if not debug then  -- the sandbox removes debug
  return
end

scenario("a forged slot table is always read, never answered from the key cache", function()
  local ann = ctx:insert("Customer", { name = "Ann" })
  local index = getmetatable(ann).__index
  for _ = 1, 20 do
    expect(ann.name):toBe("Ann")                     -- cached now
    local _, saved = debug.getupvalue(index, 1)
    debug.setupvalue(index, 1, {})
    local ok, err = pcall(function() return ann.name end)
    debug.setupvalue(index, 1, saved)
    expect(ok):toBe(false)
    expect(tostring(err)):toContain('the entity Customer is not key value coding-compliant for the key "name"')
    expect(ann.name):toBe("Ann")
  end
end)
