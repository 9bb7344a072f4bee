-- model:class: bad declarations are refused before anything changes; errors inside callbacks carry their
-- file:line and leave the context consistent; a willSave that never stops changing values is stopped.

local model = ripple.model {
  Customer = { name = "string", count = { "integer", default = 0 } },
  Order = { total = "double" },
}
local here = "142%-classes%-bad%-input%.lua:"

-- The error was raised at a line of this file (the callback's), with `message`.
local function expectRaisedHere(err, message)
  expect(function() error(err, 0) end):toRaise(here .. "%d+: " .. message)
end

-- The number of Customer rows in the container's store.
local function stored(container)
  local bg, n = container:newBackgroundContext(), nil
  bg:performAndWait(function() n = bg:count { entity = "Customer" } end)
  return n
end

scenario("an unknown entity names the nearest and the known ones", function()
  expect(function() model:class("Custmer", {}) end):toRaise(
    "+entityForName: could not locate an entity named 'Custmer' in this model (did you mean 'Customer'? entities: Customer, Order)")
  expect(function() model:class("Zebra", {}) end):toRaise(
    "+entityForName: could not locate an entity named 'Zebra' in this model (entities: Customer, Order)")
end)

scenario("a name near a callback's is a misspelling, not a method", function()
  expect(function() model:class("Customer", { awakeFromInsrt = function() end }) end)
    :toRaise([[model:class("Customer"): unknown callback 'awakeFromInsrt' (did you mean 'awakeFromInsert'?)]])
  expect(function() model:class("Customer", { willsave = function() end }) end)
    :toRaise("unknown callback 'willsave' (did you mean 'willSave'?)")
  expect(function() model:class("Customer", { validateNme = function() end }) end)
    :toRaise("'validateNme' validates no property: entity Customer has no property 'nme' (did you mean 'validateName'?)")
  expect(function() model:class("Customer", { validateForInsrt = function() end }) end)
    :toRaise("(did you mean 'validateForInsert'?)")
end)

scenario("members that would hide a property or a built-in, and values that are not functions", function()
  expect(function() model:class("Customer", { name = function() end }) end)
    :toRaise([[model:class("Customer"): 'name' would hide the property Customer.name; choose another name]])
  expect(function() model:class("Customer", { properties = { isDeleted = function() end } }) end)
    :toRaise("'isDeleted' would hide the built-in member isDeleted of managed objects")
  expect(function() model:class("Customer", { changedValues = function() end }) end)
    :toRaise("'changedValues' would hide the built-in member changedValues")
  expect(function() model:class("Customer", { greet = "hello" }) end)
    :toRaise([[model:class("Customer"): 'greet' must be a function, got string]])
  expect(function() model:class("Customer", { properties = { label = 3 } }) end)
    :toRaise("the computed property 'label' must be a function(self), got number")
  expect(function() model:class("Customer", { properties = 3 }) end)
    :toRaise("'properties' must be a table of functions (computed properties), got number")
  expect(function() model:class("Customer", { [1] = function() end }) end)
    :toRaise("a name in model:class(\"Customer\") must be a string, got number")
  expect(function() model:class("Customer") end):toRaise("bad argument #2 to 'class' (table expected, got no value)")
  -- nothing was declared: objects have no class
  local ctx = ripple.container(model).viewContext
  local c = ctx:insert("Customer", { name = "Ann" })
  expect(function() return c:greet() end):toRaise('not key value coding-compliant for the key "greet"')
end)

scenario("an error in awakeFromInsert: the insertion stands, the error has the callback's line", function()
  local m = ripple.model { Customer = { name = "string" } }
  m:class("Customer", { awakeFromInsert = function(self) error("no inserts today") end })
  local ctx = ripple.container(m).viewContext
  local ok, err = pcall(function() ctx:insert("Customer", { name = "Ann" }) end)
  expect(ok):toBe(false)
  expectRaisedHere(err, "no inserts today")
  expect(#ctx.insertedObjects):toBe(1)
  expect(ctx.insertedObjects[1].name):toBe("Ann")      -- the values were applied
  ctx:save()
  expect(ctx.hasChanges):toBe(false)
end)

scenario("an error in willSave stops the save; nothing is written, the changes stay", function()
  local m = ripple.model { Customer = { name = "string" } }
  local fail = true
  m:class("Customer", { willSave = function(self) if fail then error("not now") end end })
  local container = ripple.container(m)
  local ctx = container.viewContext
  ctx:insert("Customer", { name = "Ann" })
  expect(function() ctx:save() end):toRaise("not now")
  local ok, err = pcall(function() ctx:save() end)
  expectRaisedHere(err, "not now")
  expect(ctx.hasChanges):toBe(true)
  expect(stored(container)):toBe(0)
  fail = false
  ctx:save()
  expect(stored(container)):toBe(1)
end)

scenario("an error in didSave: the save happened, the error comes out after the didSave notification", function()
  local m = ripple.model { Customer = { name = "string" } }
  m:class("Customer", { didSave = function(self) error("after the fact") end })
  local ctx = ripple.container(m).viewContext
  local told = 0
  ripple.observe(ctx, "didSave", function() told = told + 1 end)
  ctx:insert("Customer", { name = "Ann" })
  expect(function() ctx:save() end):toRaise("after the fact")
  expect(told):toBe(1)
  expect(ctx.hasChanges):toBe(false)
end)

scenario("an error in prepareForDeletion: the deletion and its rules still happen", function()
  local m = ripple.model {
    Customer = { name = "string", orders = { toMany = "Order", inverse = "customer", deleteRule = "cascade" } },
    Order = { total = "double", customer = { toOne = "Customer", inverse = "orders" } },
  }
  m:class("Customer", { prepareForDeletion = function(self) error("keep me") end })
  local ctx = ripple.container(m).viewContext
  local ann = ctx:insert("Customer", { name = "Ann" })
  local o = ctx:insert("Order", { total = 1, customer = ann })
  ctx:save()
  ctx:delete(ann)
  local ok, err = pcall(function() ctx:processPendingChanges() end)
  expectRaisedHere(err, "keep me")
  expect(o.isDeleted):toBe(true)
  expect(ctx.deletedObjects):toEqual({ ann, o })
  ctx:rollback()
end)

scenario("an error in awakeFromFetch comes out of the read that fired the fault", function()
  local m = ripple.model { Customer = { name = "string" } }
  local fail = false
  m:class("Customer", { awakeFromFetch = function(self) if fail then error("cannot wake") end end })
  local container = ripple.container(m)
  local ctx = container.viewContext
  ctx:insert("Customer", { name = "Ann" })
  ctx:save()
  local bg = container:newBackgroundContext()
  bg:performAndWait(function()
    local c = bg:fetch { entity = "Customer" }[1]
    fail = true
    local ok, err = pcall(function() return c.name end)
    expectRaisedHere(err, "cannot wake")
    expect(c.isFault):toBe(false)                        -- the values were loaded
    expect(c.name):toBe("Ann")
  end)
end)

scenario("a computed property that raises", function()
  local m = ripple.model { Customer = { name = "string" } }
  m:class("Customer", { properties = { label = function(self) return self.name .. nil end } })
  local c = ripple.container(m).viewContext:insert("Customer", { name = "Ann" })
  expect(function() return c.label end):toRaise("attempt to concatenate a nil value")
end)

scenario("a validation method that returns no message", function()
  local m = ripple.model { Customer = { name = "string" } }
  m:class("Customer", { validateName = function(self, value) end })
  local ctx = ripple.container(m).viewContext
  ctx:insert("Customer", { name = "Ann" })
  expect(function() ctx:save() end):toRaise(
    "validateName of class Customer returned nil without a message for Customer#1: return true when the value is valid, or false and a message")
  expect(ctx.hasChanges):toBe(true)
end)

scenario("a willSave that keeps changing values is stopped with Core Data's words", function()
  local m = ripple.model { Customer = { name = "string", stamp = { "integer", default = 0 } } }
  local calls = 0
  m:class("Customer", { willSave = function(self) calls = calls + 1; self.stamp = self.stamp + 1 end })
  local container = ripple.container(m)
  local ctx = container.viewContext
  ctx:insert("Customer", { name = "Ann" })
  expect(function() ctx:save() end):toRaise(
    "Failed to process pending changes before save. The context is still dirty after 1000 attempts. Typically this recursive dirtying is caused by a bad validation method, -willSave, or notification handler.")
  expect(calls):toBe(1000)
  expect(ctx.hasChanges):toBe(true)
  expect(stored(container)):toBe(0)
end)
