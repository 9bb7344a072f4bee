-- Bad input: a script that reaches the bridge's own machinery through the debug library. A property
-- slot forged in a class's slot table (debug.getupvalue on __index) made Swift index out of range
-- (SIGILL); an upvalue replaced with debug.setupvalue made C read any value as a function box or a
-- class record. Every upvalue is now checked (a private tag in its memory block, its type) and every
-- slot is range-checked before use; the registry entries the bridge reads (_G) are type-checked. Each
-- forgery is a Lua error with the caller's file:line, and once undone everything works again.
-- (The sandbox removes `debug` altogether; these checks hold without it.)
if not debug then  -- ripple test --sandbox (its default) removes debug: nothing here is reachable
  scenario("the sandbox removes debug", function() expect(debug):toBeNil() end)
  return
end

local model = ripple.model { Customer = { name = "string" } }
local ctx = ripple.container(model).viewContext
local ann = ctx:insert("Customer", { name = "Ann" })
ctx:save()

local function raised(f)
  local ok, err = pcall(f)
  if ok then return "no error" end
  return (tostring(err):gsub("^[^:]-([%w%-]+%.lua:%d+:)", "%1"))
end

local customer = getmetatable(ann)

scenario("a slot forged in a class's slot table", function()
  local _, slots = debug.getupvalue(customer.__index, 1)
  for _, forged in ipairs { 9999, -1, 1.5, math.maxinteger } do
    slots.forged = forged
    expect(raised(function() return ann.forged end))
      :toBe("94-bad-input-forged-internals.lua:30: invalid property slot for Customer (the class's slot table was modified)")
    expect(raised(function() ann.forged = 1 end))
      :toBe("94-bad-input-forged-internals.lua:32: invalid property slot for Customer (the class's slot table was modified)")
  end
  slots.forged = nil
  expect(ann.name):toBe("Ann")
  ann.name = "Anna"
  expect(ctx.updatedObjects):toEqual({ ann })
  ctx:rollback()
end)

scenario("a metamethod's upvalues replaced", function()
  for up = 1, 3 do
    local _, saved = debug.getupvalue(customer.__index, up)
    for _, forged in ipairs { io and io.stdout or 0, {}, ann, "x", 1 } do
      debug.setupvalue(customer.__index, up, forged)
      local message = raised(function() return ann.name end)
      -- (1) the slot table: another table is read (and lacks the key), anything else is refused;
      -- (2) the methods table: not needed to read a property; (3) the class record: always refused.
      -- Never answered from the key cache, which belongs to the class's own slot table (scenario 89).
      local expected = "94-bad-input-forged-internals.lua:47: invalid Ripple metamethod (its upvalue was replaced)"
      if up == 1 and type(forged) == "table" then
        expected = '94-bad-input-forged-internals.lua:47: [<Customer Customer#1> valueForUndefinedKey:]: the entity Customer is not key value coding-compliant for the key "name".'
      elseif up == 2 then
        expected = "no error"
      end
      expect(message):toBe(expected)
    end
    debug.setupvalue(customer.__index, up, saved)
  end
  local _, saved = debug.getupvalue(customer.__newindex, 2)
  debug.setupvalue(customer.__newindex, 2, io and io.stdout or ann)
  expect(raised(function() ann.name = "x" end))
    :toBe("94-bad-input-forged-internals.lua:63: invalid Ripple metamethod (its upvalue was replaced)")
  debug.setupvalue(customer.__newindex, 2, saved)
  expect(ann.name):toBe("Ann")
  expect(ctx.hasChanges):toBe(false)
end)

scenario("a Ripple function's upvalue replaced with another value", function()
  local save = ctx.save
  local _, box = debug.getupvalue(save, 1)
  local registryKey
  for k in pairs(debug.getregistry()) do if type(k) == "userdata" then registryKey = k; break end end
  for _, forged in ipairs { registryKey, ann, {}, 1 } do
    debug.setupvalue(save, 1, forged)
    expect(raised(function() return ctx:save() end))
      :toBe("94-bad-input-forged-internals.lua:77: invalid Ripple function (its upvalue was replaced)")
  end
  debug.setupvalue(save, 1, box)
  ann.name = "Anna"
  ctx:save()
  expect(ctx.hasChanges):toBe(false)
  expect(ctx:fetch { entity = "Customer" }[1].name):toBe("Anna")
end)

scenario("the globals table replaced in the registry", function()
  local registry = debug.getregistry()
  local G = registry[2]
  registry[2] = 42
  local ok = pcall(function() G.ripple.tick() end)
  registry[2] = G
  expect(ok):toBe(true)
  expect(ripple.events()):toEqual(ripple.events())
end)
