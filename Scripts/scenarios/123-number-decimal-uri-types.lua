-- Integer 16/32/64, Float, Decimal and URI attributes: conversions, exact decimals, range checks at save,
-- and a SQLite round trip into a fresh container.
local model = ripple.model {
  Item = {
    name = "string",
    small = "integer16?", mid = "integer32?", big = "integer64?", plain = "integer?",
    f = "float?", price = "decimal?", link = "uri?",
    capped = { "decimal?", min = 0, max = 10 },
  },
}
local path = ripple.temporaryPath("number-types.sqlite")
local ctx = ripple.container(model, { store = "sqlite", path = path }).viewContext

scenario("integers of every width hold integers; a float is rounded to single precision when set", function()
  local a = ctx:insert("Item", { name = "a", small = 5, mid = 70000, big = math.maxinteger, plain = 3.0, f = 0.1 })
  expect(a.small):toBe(5)
  expect(math.type(a.plain)):toBe("integer")
  expect(a.big):toBe(math.maxinteger)
  expect(a.f):toBe(0.10000000149011612)      -- Float(0.1), read back as a double
  expect(a.f == 0.1):toBe(false)
  a.f = 3
  expect(a.f):toBe(3.0)
  expect(function() a.small = 1.5 end):toRaise('desired type = NSNumber')
  ctx:rollback()
end)

scenario("a decimal is exact: set from text or a number, compared exactly, read back as a number when exact", function()
  local a = ctx:insert("Item", { name = "a", price = "0.1" })
  local b = ctx:insert("Item", { name = "b", price = "0.10000000000000000001" })
  local c = ctx:insert("Item", { name = "c", price = 12 })
  local d = ctx:insert("Item", { name = "d", price = 0.30 })
  expect(a.price):toBe(0.1)
  expect(math.type(a.price)):toBe("float")
  expect(b.price):toBe("0.10000000000000000001")   -- not a double: its exact text
  expect(c.price):toBe(12)
  expect(math.type(c.price)):toBe("integer")
  local function names(request)
    local out = {}
    for _, o in ipairs(ctx:fetch(request)) do out[#out + 1] = o.name end
    return out
  end
  expect(names { entity = "Item", predicate = "price == 0.1" }):toEqual({ "a" })
  expect(names { entity = "Item", predicate = "price > 0.1", sortDescriptors = { "name" } }):toEqual({ "b", "c", "d" })
  expect(names { entity = "Item", predicate = "price == %@", arguments = { "0.10000000000000000001" } }):toEqual({ "b" })
  expect(names { entity = "Item", predicate = "price == 0.3" }):toEqual({ "d" })
  expect(names { entity = "Item", sortDescriptors = { { key = "price", ascending = false } } }):toEqual({ "c", "d", "b", "a" })
  ctx:save()
end)

scenario("a string that is not a decimal number is refused, nothing changed", function()
  local a = ctx:fetch { entity = "Item", predicate = "name == 'a'" }[1]
  expect(function() a.price = "0.1.2" end):toRaise(
    'Unacceptable type of value for attribute: property = "price"; desired type = NSDecimalNumber; given type = __NSCFString; value = "0.1.2".')
  expect(function() a.price = "1e400000" end):toRaise('desired type = NSDecimalNumber')
  expect(function() a.price = 0 / 0 end):toRaise('desired type = NSDecimalNumber')
  expect(a.price):toBe(0.1)
  expect(a.hasChanges):toBe(false)
end)

scenario("a URI must be an absolute URL", function()
  local a = ctx:fetch { entity = "Item", predicate = "name == 'a'" }[1]
  a.link = "https://example.com/a?b=1#top"
  expect(a.link):toBe("https://example.com/a?b=1#top")
  expect(function() a.link = "relative/path" end):toRaise(
    'Unacceptable type of value for attribute: property = "link"; desired type = NSURL; given type = __NSCFString; value = "relative/path".')
  expect(function() a.link = "https://example.com/a b" end):toRaise('desired type = NSURL')
  expect(function() a.link = "https://example.com/%zz" end):toRaise('desired type = NSURL')
  expect(a.link):toBe("https://example.com/a?b=1#top")
  ctx:save()
end)

scenario("out-of-range integers fail at save with 1610 / 1620, together as 1560; nothing written", function()
  local a = ctx:fetch { entity = "Item", predicate = "name == 'a'" }[1]
  a.small = 32768
  a.mid = -2147483649
  local ok, err = pcall(ctx.save, ctx)
  expect(ok):toBe(false)
  expect(err):toContain('Code=1560 "Multiple validation errors occurred."')
  expect(err):toContain('Code=1620 "mid is too small." UserInfo={NSValidationErrorObject=' .. tostring(a) .. ', NSValidationErrorKey=mid, NSValidationErrorValue=-2147483649}')
  expect(err):toContain('Code=1610 "small is too large." UserInfo={NSValidationErrorObject=' .. tostring(a) .. ', NSValidationErrorKey=small, NSValidationErrorValue=32768}')
  expect(a.hasChanges):toBe(true)
  a.mid = -2147483648
  expect(function() ctx:save() end):toRaise('Code=1610 "small is too large."')
  a.small = 32767
  ctx:save()
  expect(a.hasChanges):toBe(false)
end)

scenario("a decimal's min and max compare exactly", function()
  local a = ctx:fetch { entity = "Item", predicate = "name == 'a'" }[1]
  a.capped = "10.000000000000000000001"
  expect(function() ctx:save() end):toRaise('Code=1610 "capped is too large."')
  a.capped = "10"
  ctx:save()
end)

scenario("every value survives SQLite and a reload in a fresh container", function()
  local fresh = ripple.container(model, { store = "sqlite", path = path }).viewContext
  local rows = fresh:fetch { entity = "Item", sortDescriptors = { "name" } }
  expect(#rows):toBe(4)
  local a, b, c = rows[1], rows[2], rows[3]
  expect(a.small):toBe(32767)
  expect(a.mid):toBe(-2147483648)
  expect(a.price):toBe(0.1)
  expect(a.capped):toBe(10)
  expect(a.link):toBe("https://example.com/a?b=1#top")
  expect(b.price):toBe("0.10000000000000000001")
  expect(c.price):toBe(12)
  expect(#fresh:fetch { entity = "Item", predicate = "price == 0.1" }):toBe(1)
end)

scenario("unknown type names are refused with the list of known ones", function()
  expect(function() ripple.model { X = { a = "integer8" } } end):toRaise(
    "entity X, key a: unknown attribute type 'integer8' (expected one of string, integer16, integer32, integer, decimal, double, float, boolean, date, binary, uuid, uri")
end)
