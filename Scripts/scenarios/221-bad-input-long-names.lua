-- Bad input: very long names. An unknown name gets a "did you mean" suggestion computed with an edit
-- distance, whose cost is the product of the two names' lengths: a 30,000-character entity name asked of a
-- model with a 30,000-character entity (a hostile model file can have one) took minutes, outside any limit
-- (found by the fuzzer, session 10). Names longer than 64 characters are now neither suggested nor given
-- suggestions; the errors are the same and come at once.
local longEntity = "E" .. string.rep("x", 30000)
local longKey = "k" .. string.rep("y", 30000)
local model = ripple.model { [longEntity] = { [longKey] = "string?", name = "string?" }, Short = { title = "string?" } }
local ctx = ripple.container(model).viewContext
local o = ctx:insert(longEntity, { name = "kept" })

scenario("an unknown long entity name for model:class", function()
  expect(function() model:class("E" .. string.rep("x", 29999) .. "z", {}) end)
    :toRaise("+entityForName: could not locate an entity named 'Exxx")
end)

scenario("an unknown long key on an object with a long attribute", function()
  expect(function() return o["k" .. string.rep("y", 29999) .. "z"] end)
    :toRaise("valueForUndefinedKey")
end)

scenario("a long validate method name", function()
  expect(function() model:class(longEntity, { ["validate" .. string.rep("Y", 30001)] = function() end }) end)
    :toRaise("validates no property")
end)

scenario("short names still get their suggestion; the objects are intact", function()
  expect(function() model:class("Shrot", {}) end):toRaise("did you mean 'Short'?")
  expect(o.name):toBe("kept")
  expect(#ctx:fetch { entity = longEntity }):toBe(1)
end)
