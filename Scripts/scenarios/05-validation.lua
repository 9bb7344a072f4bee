-- Save-time validation: Core Data's codes and messages, every error at once, nothing written.
local model = ripple.model {
  Customer = {
    name = { "string", minLength = 2, maxLength = 8 },
    code = { "string?", pattern = "[A-Z]{3}" },
    age = { "integer?", min = 0, max = 150 },
    joined = { "date?", min = 0, max = 100 },
    orders = { toMany = "Order", inverse = "customer", min = 0, max = 2 },
  },
  Order = { total = { "double", min = 0 }, customer = { toOne = "Customer", inverse = "orders", optional = false } },
}
local ctx = ripple.container(model).viewContext

scenario("a missing required value is 1570 and names object, key and value", function()
  local c = ctx:insert("Customer", {})
  expect(function() ctx:save() end):toRaise(
    'Error Domain=NSCocoaErrorDomain Code=1570 "name is a required value." UserInfo={NSValidationErrorObject=Customer#1, NSValidationErrorKey=name, NSValidationErrorValue=nil}')
  expect(ctx.insertedObjects):toEqual({ c })
  expect(c.isInserted):toBe(true)
  ctx:delete(c)
  ctx:processPendingChanges()
  expect(ctx.hasChanges):toBe(false)
end)

scenario("each bound has its own code", function()
  local function failure(values)
    local c = ctx:insert("Customer", values)
    local ok, err = pcall(ctx.save, ctx)
    ctx:rollback()
    return ok, err
  end
  local _, e1 = failure { name = "A" }
  expect(e1):toContain("Code=1670 \"name is too short.\"")
  local _, e2 = failure { name = "Abcdefghij" }
  expect(e2):toContain("Code=1660 \"name is too long.\"")
  local _, e3 = failure { name = "Ann", age = 200 }
  expect(e3):toContain("Code=1610 \"age is too large.\"")
  local _, e4 = failure { name = "Ann", age = -1 }
  expect(e4):toContain("Code=1620 \"age is too small.\"")
  local _, e5 = failure { name = "Ann", joined = 500 }
  expect(e5):toContain("Code=1630 \"joined is too late.\"")
  local _, e6 = failure { name = "Ann", code = "abc" }
  expect(e6):toContain("Code=1680 \"code is not valid.\"")
  expect(ctx.hasChanges):toBe(false)
end)

scenario("several problems are reported together as 1560", function()
  local c = ctx:insert("Customer", { age = 999 })
  local o = ctx:insert("Order", { total = -5 })
  local ok, err = pcall(ctx.save, ctx)
  expect(ok):toBe(false)
  expect(err):toContain('Code=1560 "Multiple validation errors occurred."')
  expect(err):toContain('Code=1570 "name is a required value." UserInfo={NSValidationErrorObject=Customer#')
  expect(err):toContain('Code=1610 "age is too large."')
  expect(err):toContain('Code=1620 "total is too small."')
  expect(err):toContain('Code=1570 "customer is a required value." UserInfo={NSValidationErrorObject=Order#1')
  expect(#ctx.insertedObjects):toBe(2)
  ctx:rollback()
  expect(ctx.hasChanges):toBe(false)
  expect(ctx:count { entity = "Customer" }):toBe(0)
end)

scenario("too many members of a to-many relationship is 1590", function()
  local c = ctx:insert("Customer", { name = "Ann" })
  for i = 1, 3 do ctx:insert("Order", { total = i, customer = c }) end
  expect(function() ctx:save() end):toRaise("Code=1590 \"Too many items in orders.\"")
  ctx:rollback()
end)
