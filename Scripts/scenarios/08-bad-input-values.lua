-- Bad input: wrong types, unknown keys and entities. Each is a Lua error in Core Data's words with
-- the caller's file:line, and the context is unchanged afterwards.
local model = ripple.model {
  Customer = { name = "string", age = "integer?", orders = { toMany = "Order", inverse = "customer" } },
  Order = { customer = { toOne = "Customer", inverse = "orders" } },
}
local ctx = ripple.container(model).viewContext
local ann = ctx:insert("Customer", { name = "Ann" })
ctx:save()

scenario("a value of the wrong type", function()
  local ok, err = pcall(function() ann.name = 42 end)
  expect(ok):toBe(false)
  expect(err):toContain('08-bad-input-values.lua:12: Unacceptable type of value for attribute: property = "name"; desired type = NSString; given type = __NSCFNumber; value = 42.')
  expect(ann.name):toBe("Ann")
  expect(ann.hasChanges):toBe(false)
  expect(ctx.hasChanges):toBe(false)
end)

scenario("an integer attribute refuses a fraction", function()
  expect(function() ann.age = 1.5 end):toRaise('desired type = NSNumber; given type = __NSCFNumber; value = 1.5.')
  expect(ann.age):toBeNil()
end)

scenario("an object of the wrong entity for a relationship", function()
  local other = ctx:insert("Customer", { name = "Bob" })
  local order = ctx:insert("Order", {})
  expect(function() order.customer = order end)
    :toRaise('Unacceptable type of value for to-one relationship: property = "customer"; desired type = Customer; given type = Order; value = Order#1.')
  expect(order.customer):toBeNil()
  ctx:rollback()
  expect(other.managedObjectContext):toBeNil()
end)

scenario("an unknown key, read or written", function()
  expect(function() return ann.nickname end)
    :toRaise('[<Customer Customer#1> valueForUndefinedKey:]: the entity Customer is not key value coding-compliant for the key "nickname".')
  expect(function() ann.nickname = "A" end)
    :toRaise('[<Customer Customer#1> setValue:forUndefinedKey:]: the entity Customer is not key value coding-compliant for the key "nickname".')
  expect(ctx.hasChanges):toBe(false)
end)

scenario("an unknown entity, and an unknown key at insert, insert nothing", function()
  expect(function() ctx:insert("Nope", {}) end)
    :toRaise("+entityForName: could not locate an entity named 'Nope' in this model.")
  expect(function() ctx:insert("Customer", { name = "X", shoeSize = 44 }) end)
    :toRaise('the entity Customer is not key value coding-compliant for the key "shoeSize".')
  expect(ctx.insertedObjects):toEqual({})
end)

scenario("a bad argument to a context method uses Lua's own wording", function()
  expect(function() ctx:insert({}) end):toRaise("bad argument #1 to 'insert' (string expected, got table)")
  expect(function() ctx:delete("Ann") end):toRaise("bad argument #1 to 'delete' (managed object expected, got string)")
end)
