-- Every attribute type round-trips through a save and a reset; defaults and transient attributes.
local model = ripple.model {
  Thing = {
    s = "string?", i = "integer?", d = "double?", b = "boolean?", t = "date?", bin = "binary?", u = "uuid?",
    count = { "integer", default = 7 },
    scratch = { "string?", transient = true },
  },
}
local ctx = ripple.container(model).viewContext

scenario("values of every type survive save and reset", function()
  ctx:insert("Thing", { s = "héllo", i = 9007199254740993, d = 0.1, b = true, t = 1700000000.5,
                        bin = "\0\1\2", u = "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", scratch = "temp" })
  ctx:save()
  ctx:reset()
  local x = ctx:fetch { entity = "Thing" }[1]
  expect(x.s):toBe("héllo")
  expect(x.i):toBe(9007199254740993)
  expect(math.type(x.i)):toBe("integer")
  expect(x.d):toBe(0.1)
  expect(x.b):toBe(true)
  expect(x.t):toBe(1700000000.5)
  expect(x.bin):toBe("\0\1\2")
  expect(x.u):toBe("E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
  expect(x.count):toBe(7)
  expect(x.scratch):toBeNil()        -- transient: not saved
end)

scenario("a malformed UUID is refused", function()
  local x = ctx:fetch { entity = "Thing" }[1]
  expect(function() x.u = "not-a-uuid" end):toRaise('desired type = NSUUID')
  expect(x.hasChanges):toBe(false)
end)

scenario("binary data keeps every byte; a string attribute refuses bytes that are not UTF-8", function()
  local all = {}
  for b = 0, 255 do all[#all + 1] = string.char(b) end
  all = table.concat(all)
  local x = ctx:insert("Thing", { bin = "a\0b\255" })
  expect(x.bin):toBe("a\0b\255")
  x.bin = all
  expect(x.bin):toBe(all)
  ctx:save()
  ctx:reset()
  local again = ctx:fetch { entity = "Thing", predicate = "bin == %@", arguments = { all } }
  expect(#again):toBe(1)
  expect(again[1].bin):toBe(all)
  expect(function() again[1].s = "caf\233" end):toRaise(
    'Unacceptable type of value for attribute: property = "s"; desired type = NSString; given type = NSConcreteData; value = <4 bytes>. A string attribute takes UTF-8 text; these bytes are not UTF-8 (store them in a binary attribute).')
  expect(again[1].s):toBeNil()
  expect(again[1].hasChanges):toBe(false)
end)
