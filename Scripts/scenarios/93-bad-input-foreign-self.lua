-- Bad input: a metamethod or method of one class called on a value of another. Every class's
-- metatable is reachable with getmetatable, and a forced cast in __tostring aborted the process when
-- it was given another class's userdata (ripple.indexPath's metamethods on an object too). Every
-- metamethod and method now checks the class of its receiver as luaL_testudata does (by the class
-- the userdata was made with, not by its metatable, which debug.setmetatable can move) and answers
-- in luaL_argerror's words; nothing is changed.
local model = ripple.model { Customer = { name = "string", orders = { toMany = "Order", inverse = "customer" } },
                             Order = { customer = { toOne = "Customer", inverse = "orders" } } }
local container = ripple.container(model)
local ctx = container.viewContext
local ann = ctx:insert("Customer", { name = "Ann" })
local order = ctx:insert("Order", { customer = ann })
ctx:save()

local function raised(f)
  local ok, err = pcall(f)
  if ok then return "no error" end
  return (tostring(err):gsub("^[^:]-([%w%-]+%.lua:%d+:)", "%1"))
end

scenario("__tostring of one class on another class's userdata", function()
  local tostringOfModel = getmetatable(model).__tostring
  expect(raised(function() return tostringOfModel(container) end))
    :toBe("93-bad-input-foreign-self.lua:23: bad argument #1 to 'tostringOfModel' (ManagedObjectModel expected, got PersistentContainer)")
  expect(raised(function() return getmetatable(model).__tostring(container) end))
    :toBe("93-bad-input-foreign-self.lua:25: bad argument #1 to '__tostring' (ManagedObjectModel expected, got PersistentContainer)")
  expect(raised(function() return getmetatable(ctx).__tostring(42) end))
    :toBe("93-bad-input-foreign-self.lua:27: bad argument #1 to '__tostring' (ManagedObjectContext expected, got number)")
  expect(tostring(model)):toBe("ManagedObjectModel(Customer, Order)")
  expect(tostring(container.viewContext)):toBe("ManagedObjectContext(viewContext)")
end)

scenario("ripple.indexPath's metamethods on a managed object", function()
  local ip = getmetatable(ripple.indexPath(0, 1))
  expect(raised(function() return ip.__tostring(ann) end))
    :toBe("93-bad-input-foreign-self.lua:35: bad argument #1 to '__tostring' (IndexPath expected, got Customer)")
  expect(raised(function() return ip.__index(ann, "section") end))
    :toBe("93-bad-input-foreign-self.lua:37: bad argument #1 to '__index' (IndexPath expected, got Customer)")
  expect(raised(function() ip.__newindex(ann, "item", 3) end))
    :toBe("93-bad-input-foreign-self.lua:39: bad argument #1 to '__newindex' (IndexPath expected, got Customer)")
  expect(ip.__eq(ann, ann)):toBe(false)
  expect(ripple.indexPath(0, 1) == ripple.indexPath(0, 1)):toBe(true)
  expect(ann.name):toBe("Ann")
end)

scenario("an entity's metamethods and methods on another entity's object", function()
  local customer = getmetatable(ann)
  expect(raised(function() return customer.__index(order, "name") end))
    :toBe("93-bad-input-foreign-self.lua:48: bad argument #1 to '__index' (Customer expected, got Order)")
  expect(raised(function() customer.__newindex(order, "name", "x") end))
    :toBe("93-bad-input-foreign-self.lua:50: bad argument #1 to '__newindex' (Customer expected, got Order)")
  local changedValues = ann.changedValues
  expect(raised(function() return changedValues(order) end))
    :toBe("93-bad-input-foreign-self.lua:53: bad argument #1 to 'changedValues' (Customer expected, got Order)")
  local set = getmetatable(ann.orders)
  expect(raised(function() return set.__len(ctx) end))
    :toBe("93-bad-input-foreign-self.lua:56: bad argument #1 to '__len' (RelationshipSet expected, got ManagedObjectContext)")
  expect(#ann.orders):toBe(1)
  expect(ctx.hasChanges):toBe(false)
end)

scenario("a method called on the wrong receiver says so as a method call does", function()
  local save = ctx.save
  expect(raised(function() return save(container) end))
    :toBe("93-bad-input-foreign-self.lua:64: bad argument #1 to 'save' (ManagedObjectContext expected, got PersistentContainer)")
  expect(raised(function() return ann.orders.add(ctx, order) end))
    :toBe("93-bad-input-foreign-self.lua:66: bad argument #1 to 'add' (RelationshipSet expected, got ManagedObjectContext)")
  local fake = setmetatable({}, { __index = { save = ctx.save } })
  expect(raised(function() return fake:save() end))
    :toBe("93-bad-input-foreign-self.lua:69: calling 'save' on bad self (ManagedObjectContext expected, got table)")
  ctx:save()
  expect(ctx.hasChanges):toBe(false)
end)

scenario("another library's userdata dressed in a bridged metatable is never read as an object", function()
  if not (io and debug) then return end
  local saved = debug.getmetatable(io.stderr)
  debug.setmetatable(io.stderr, getmetatable(ann))
  local results = {
    raised(function() return io.stderr.name end),
    raised(function() return getmetatable(ann).__gc(io.stderr) end),
    raised(function() ctx:delete(io.stderr) end),
  }
  debug.setmetatable(io.stderr, saved)
  expect(results):toEqual({
    "93-bad-input-foreign-self.lua:80: bad argument #1 to 'index' (Customer expected, got Customer)",
    "no error",
    "93-bad-input-foreign-self.lua:82: bad argument #1 to 'delete' (managed object expected, got Customer)",
  })
  io.stderr:write("")
  expect(ann.name):toBe("Ann")
  expect(#ctx:fetch { entity = "Customer" }):toBe(1)
end)
